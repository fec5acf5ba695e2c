import { randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  applicationsSubjectAccessSchema,
  applyResponseSchema,
  USER_HEADER,
  type StaffUser,
  type StoreApplicationRequestInput,
} from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, endpointRequest, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { buildApp } from '../app';
import { applicationsConfigSchema } from '../config';
import { PERSONAL_TABLES } from './personal-data';
import * as schema from './schema';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase('applications_subject_access');
  app = await buildApp(
    applicationsConfigSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      OUTBOX_RELAY_INTERVAL_MS: 3_600_000,
    }),
    { now: () => new Date('2025-08-14T09:00:00Z') },
  );
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
const admin: StaffUser = { username: 'admin', name: 'Ada', roles: [{ role: 'Administrator', scope: 'all' }] };
const backOffice: StaffUser = { username: 'backoffice', name: 'Bola', roles: [{ role: 'Back Office', scope: 'all' }] };
const as = (user: StaffUser) => internalHeaders({ [USER_HEADER]: encodeStaffUser(user) });

describe('personal data in the schema', () => {
  it('lists every table of the schema as personal (how a person is found) or as naming no one', () => {
    expect(tables.map((t) => getTableName(t)).sort()).toEqual(Object.keys(PERSONAL_TABLES).sort());
  });

  it("exports every column of every personal table's rows of the person, found by email or UCAS Personal ID", async () => {
    const EMAIL = 'Subject.Access@Example.com';
    const body: StoreApplicationRequestInput = {
      submission: {
        ...createApplicationForm({ EMAIL, UCAS_PERSONAL_ID: '7500000001' }),
        SUBMISSION_ID: randomUUID(),
      } as StoreApplicationRequestInput['submission'],
      course: { UCAS_CODE: 'G400', DEPART_NUMBER: '31', ALLOW_SECOND_YEAR_ENTRY: false, SCHOOL: 'SCI', DEPT: 'CMPS', COURSE_CODE_OVERRIDE: null },
      qualOptions: createCourseDetail().qualOptions,
      assessment: {
        UCAS_POINTS_TOTAL: 144,
        UCAS_POINTS_EFFECTIVE: 144,
        TRAFFIC_LIGHT: 'G',
        OVER18: 1,
        SUBMISSION_OPTIONS: { BUTTONS: [] },
        EXPLANATION: [],
        ALTERNATE: [],
      },
      decision: { confirmed_status: 'O', sub_status: 'AO', rejection_reasons: [], recommended_courses: [] },
      user: 'public',
      courseFacts: {
        UCAS_CODE: 'G400',
        COURSE_CODE_OVERRIDE: null,
        COURSE_TITLE: 'Computer Science',
        QUALIFICATION: 'BSc (Hons)',
        COURSE_START_DATE: '2025-09-29',
        FEEDBACK_TELEPHONE: null,
        SCHOOL: 'SCI',
      },
    };
    const stored = applyResponseSchema.parse(
      (await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: body })).json(),
    );
    await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.reviewRequest, { params: { hash: stored.hash } }),
      headers: internalHeaders(),
      payload: { REASON: 'Please look again.' },
    });
    await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskApplication, { params: { student: stored.id[0], course: 'G400' }, query: { screen: 'application' } }),
      headers: as(backOffice),
    });
    // An adviser took it from the work queue ('Next call' claims are rows of queue_claims).
    const now = new Date();
    await app.db
      .insert(schema.queueClaims)
      .values({ applicationId: Number(stored.id[2]), kind: 'offer-lapsing', username: 'backoffice', dueAt: now, claimedAt: now, expiresAt: now });
    // The applicant booked a call back (a row of callbacks).
    await app.db
      .insert(schema.callbacks)
      .values({ applicationId: Number(stored.id[2]), slotStart: now, slotEnd: new Date(now.getTime() + 15 * 60_000), createdAt: now });
    // A UCAS import row with their UCAS Personal ID on a course they did not apply to: kept unmatched for a person.
    await app.ucas.importCsv({ csv: 'Personal ID,Course code\n750-000-0001,ZZ99\n', fileName: 'ucas.csv', source: 'upload', importedBy: 'admin' });

    const exported = async (query: Record<string, string>) => {
      const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.subjectAccess, { query }), headers: as(admin) });
      expect(res.statusCode).toBe(200);
      return applicationsSubjectAccessSchema.parse(res.json());
    };
    const byEmail = await exported({ email: ' subject.access@example.com ' });
    for (const [name, entry] of Object.entries(PERSONAL_TABLES)) {
      if (!entry) continue;
      const rows = byEmail.tables[name] ?? [];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(Object.keys(getTableColumns(entry.table)).sort());
    }
    expect(byEmail.tables.students?.[0]).toMatchObject({ email: EMAIL, ucasPersonalId: '7500000001' });
    expect(byEmail.applicationIds).toEqual([stored.app_id]);
    expect(byEmail.submissionIds).toEqual([body.submission.SUBMISSION_ID]);
    expect((await exported({ ucas_personal_id: '7500000001' })).tables).toEqual(byEmail.tables);

    const nobody = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.subjectAccess, { query: { email: 'nobody@example.com' } }), headers: as(admin) });
    expect(nobody.json()).toEqual({ message: 'No one with this email address or UCAS Personal ID is held.' });
    const refused = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.subjectAccess, { query: { email: EMAIL } }), headers: as(backOffice) });
    expect(refused.statusCode).toBe(403);
  });
});
