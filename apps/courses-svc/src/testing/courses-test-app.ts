import { randomBytes } from 'node:crypto';
import { createTestDatabase, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { buildApp } from '../app';
import { coursesConfigSchema, type CoursesConfig } from '../config';
import { seedDemoCatalogue } from '../db/seed/seed-demo-catalogue';

export type CoursesTestApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * For one test file: registers Jest hooks that start courses-svc on a fresh PostgreSQL test
 * database `name` seeded with the demo catalogue before its tests, and close it and drop the
 * database after them. Read `.app` (and `.config`, to start a second instance on the same
 * database) inside tests: they throw before the service has started.
 */
export function setupCoursesTestApp(name: string): { readonly app: CoursesTestApp; readonly config: CoursesConfig } {
  let database: TestDatabase | undefined;
  let config: CoursesConfig | undefined;
  let app: CoursesTestApp | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(name);
    config = coursesConfigSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      // Its own queue: a test never takes events of another stack on the same Redis.
      EVENTS_QUEUE_PREFIX: `clearing-test-${randomBytes(4).toString('hex')}`,
    });
    app = await buildApp(config);
    await app.ready();
    await seedDemoCatalogue(app.coursesRepository, config.INTAKE_YEAR);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });
  return {
    get app() {
      if (!app) throw new Error(`courses-svc test app '${name}' has not started`);
      return app;
    },
    get config() {
      if (!config) throw new Error(`courses-svc test app '${name}' has not started`);
      return config;
    },
  };
}
