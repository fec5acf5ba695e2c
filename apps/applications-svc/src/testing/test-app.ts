import type { Assessment } from '@clearing-desk/contracts';
import { createTestDatabase, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { Redis } from 'ioredis';
import { buildApp } from '../app';
import { applicationsConfigSchema } from '../config';

/** A green assessment whose only button is Submit: what a public submission is stored with. */
export const SUBMIT_ONLY_ASSESSMENT: Assessment = {
  UCAS_POINTS_TOTAL: 144,
  UCAS_POINTS_EFFECTIVE: 144,
  TRAFFIC_LIGHT: 'G',
  OVER18: 1,
  SUBMISSION_OPTIONS: { BUTTONS: [{ STATUS: 'S', LABEL: 'Submit' }] },
  EXPLANATION: [],
  ALTERNATE: [],
};

export type ApplicationsTestApp = { app: Awaited<ReturnType<typeof buildApp>>; database: TestDatabase; redis: Redis; close: () => Promise<void> };

/**
 * applications-svc on a fresh test database (named `database`) with its BullMQ and Redis keys under
 * `prefix`, the given config on top, and the clock `now`; `close` deletes the keys, the app and the
 * database.
 */
export async function startApplicationsTestApp(
  database: string,
  prefix: string,
  config: Record<string, string>,
  now: () => Date,
): Promise<ApplicationsTestApp> {
  const db = await createTestDatabase(database);
  const app = await buildApp(
    applicationsConfigSchema.parse({
      DATABASE_URL: db.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      NOTIFICATIONS_QUEUE_PREFIX: prefix,
      ...config,
    }),
    { now },
  );
  await app.ready();
  const redis = new Redis('redis://127.0.0.1:6379');
  return {
    app,
    database: db,
    redis,
    async close() {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await app.close();
      await db.drop();
    },
  };
}
