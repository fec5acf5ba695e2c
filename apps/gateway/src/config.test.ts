import { TEST_INTERNAL_TOKEN } from '@clearing-desk/service-kit/testing';
import { gatewayConfigSchema } from './config';
import { TEST_SESSION_SECRET } from './testing/test-config';

const required = { INTERNAL_TOKEN: TEST_INTERNAL_TOKEN, SESSION_SECRET: TEST_SESSION_SECRET };

describe('gateway config', () => {
  it('sets the Secure flag on cookies unless COOKIE_SECURE says false (issue 25 item 4)', () => {
    expect(gatewayConfigSchema.parse(required).COOKIE_SECURE).toBe(true);
    expect(gatewayConfigSchema.parse({ ...required, COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
  });

  it('keeps the per-username sign-in delay at a minute at most (issue 25 item 2)', () => {
    expect(gatewayConfigSchema.parse(required).LOGIN_USERNAME_DELAY_MAX_MS).toBe(60_000);
    expect(gatewayConfigSchema.safeParse({ ...required, LOGIN_USERNAME_DELAY_MAX_MS: '60001' }).success).toBe(false);
  });
});
