import { randomBytes } from 'node:crypto';
import { TEST_INTERNAL_TOKEN } from '@clearing-desk/service-kit/testing';
import { gatewayConfigSchema, type GatewayConfig } from '../config';

/** The session secret of gateways built in-process by tests (SESSION_SECRET has no default). */
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef';

/**
 * A gateway config for a test that builds the app in-process: the test secrets, silent logs,
 * plain-http cookies and a one-off Redis key prefix, then `env` on top (raw variables, as parsed at boot).
 */
export const testGatewayConfig = (env: Record<string, string> = {}): GatewayConfig =>
  gatewayConfigSchema.parse({
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: 'silent',
    COOKIE_SECURE: 'false',
    REDIS_KEY_PREFIX: `clearing-test-${randomBytes(4).toString('hex')}`,
    ...env,
  });
