import { randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  applyResponseSchema,
  USER_HEADER,
  type Assessment,
  type StaffUser,
  type StoreApplicationRequestInput,
} from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, endpointRequest, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
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

/** The headers of an internal call made by `user`, as the gateway forwards a signed-in member of staff. */
export const asStaff = (user: StaffUser) => internalHeaders({ [USER_HEADER]: encodeStaffUser(user) });

/** An application stored through the store route: its status page hash, its keys and the person's UCAS Personal ID. */
export type StoredApplication = { hash: string; student: string; course: string; applicationId: string; ucasPersonalId: string };

/** Who stores the application and what it is decided: a public submission (S) unless said otherwise. */
export type StoreOptions = { school: string; status?: 'S' | 'O' | 'R'; user?: string; name?: string };

/**
 * A maker of applications (on the app `app` answers once started) on the test course (createCourseDetail) through the store route, each a
 * new person numbered from 1: `<emailPrefix>.<n>@example.com`, UCAS Personal ID `firstUcasId + n`,
 * NAME1 `<namePrefix><n>` (unless `name`); stored with SUBMIT_ONLY_ASSESSMENT in department 12,
 * DEPT `<school>D`. Throws unless the route answers 201; answers the stored application.
 */
export function applicationMaker(app: () => ApplicationsTestApp['app'], person: { emailPrefix: string; firstUcasId: number; namePrefix: string }) {
  const detail = createCourseDetail();
  let people = 0;
  return async ({ school, status = 'S', user = 'public', name }: StoreOptions): Promise<StoredApplication> => {
    people += 1;
    const ucasPersonalId = String(person.firstUcasId + people);
    const body: StoreApplicationRequestInput = {
      submission: {
        ...createApplicationForm({
          EMAIL: `${person.emailPrefix}.${people}@example.com`,
          UCAS_PERSONAL_ID: ucasPersonalId,
          NAME1: name ?? `${person.namePrefix}${people}`,
        }),
        SUBMISSION_ID: randomUUID(),
      } as StoreApplicationRequestInput['submission'],
      course: {
        UCAS_CODE: detail.courseData.UCAS_CODE,
        DEPART_NUMBER: '12',
        ALLOW_SECOND_YEAR_ENTRY: false,
        SCHOOL: school,
        DEPT: `${school}D`,
        COURSE_CODE_OVERRIDE: null,
      },
      qualOptions: detail.qualOptions,
      assessment: SUBMIT_ONLY_ASSESSMENT,
      decision: { confirmed_status: status, sub_status: null, rejection_reasons: [], recommended_courses: [] },
      user,
    };
    const res = await app().inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: body });
    if (res.statusCode !== 201) throw new Error(`store answered ${res.statusCode}: ${res.body}`);
    const saved = applyResponseSchema.parse(res.json());
    return { hash: saved.hash, student: saved.id[0], course: saved.id[1], applicationId: saved.id[2], ucasPersonalId };
  };
}
