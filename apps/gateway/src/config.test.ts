import { TEST_INTERNAL_TOKEN } from '@clearing-desk/service-kit/testing';
import { DEFAULT_RETENTION_MONTHS } from '@clearing-desk/contracts';
import { gatewayConfigSchema, retentionSchedule } from './config';
import { TEST_SESSION_SECRET } from './testing/test-config';

const required = { INTERNAL_TOKEN: TEST_INTERNAL_TOKEN, SESSION_SECRET: TEST_SESSION_SECRET };

describe('gateway config', () => {
  it('sets the Secure flag on cookies unless COOKIE_SECURE says false', () => {
    expect(gatewayConfigSchema.parse(required).COOKIE_SECURE).toBe(true);
    expect(gatewayConfigSchema.parse({ ...required, COOKIE_SECURE: 'false' }).COOKIE_SECURE).toBe(false);
  });

  it('keeps the per-username sign-in delay at a minute at most', () => {
    expect(gatewayConfigSchema.parse(required).LOGIN_USERNAME_DELAY_MAX_MS).toBe(60_000);
    expect(gatewayConfigSchema.safeParse({ ...required, LOGIN_USERNAME_DELAY_MAX_MS: '60001' }).success).toBe(false);
  });

  it('takes REDIS_URL as redis:// or rediss:// with credentials, nothing else', () => {
    for (const url of ['rediss://clearing:s%40cret@redis.example:6380/0', 'redis://:s%40cret@127.0.0.1:6379']) {
      expect(gatewayConfigSchema.parse({ ...required, REDIS_URL: url }).REDIS_URL).toBe(url);
    }
    const wrong = gatewayConfigSchema.safeParse({ ...required, REDIS_URL: 'https://redis.example' });
    expect(wrong.error?.issues).toEqual([expect.objectContaining({ path: ['REDIS_URL'], message: 'must start with redis:// or rediss:// (TLS)' })]);
  });

  it('re-reads staff roles every 5 minutes and lets them stand 30 minutes while the directory is down, by default', () => {
    const config = gatewayConfigSchema.parse(required);
    expect(config.STAFF_ROLES_REFRESH_MS).toBe(300_000);
    expect(config.STAFF_ROLES_MAX_AGE_MS).toBe(1_800_000);
  });

  it('reads RETENTION_SCHEDULE as months per category and per cycle, each missing month its default, and refuses anything else', () => {
    expect(retentionSchedule(gatewayConfigSchema.parse(required))).toEqual({ months: DEFAULT_RETENTION_MONTHS, cycles: {} });
    const set = gatewayConfigSchema.parse({ ...required, RETENTION_SCHEDULE: '{"months":{"uploads":3},"cycles":{"2025/26":{"unsuccessful":6}}}' });
    expect(retentionSchedule(set)).toEqual({ months: { ...DEFAULT_RETENTION_MONTHS, uploads: 3 }, cycles: { '2025/26': { unsuccessful: 6 } } });
    expect(gatewayConfigSchema.safeParse({ ...required, RETENTION_SCHEDULE: 'six months' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['RETENTION_SCHEDULE'], message: 'must be JSON' }),
    ]);
    expect(gatewayConfigSchema.safeParse({ ...required, RETENTION_SCHEDULE: '{"cycles":{"2025":{"unsuccessful":6}}}' }).error?.issues).toEqual([
      expect.objectContaining({ path: ['RETENTION_SCHEDULE'], message: "is not a retention schedule: cycles.2025 a cycle is an intake like '2025/26'" }),
    ]);
  });
});
