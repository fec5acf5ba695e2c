import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APPLICATIONS_SVC,
  applicationEventSchema,
  applyResponseSchema,
  placesLedgerSchema,
  storedApplicationResponseSchema,
  ucasImportSchema,
  ucasOverviewSchema,
  USER_HEADER,
  type StaffUser,
  type StoreApplicationRequestInput,
} from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { endpointRequest, internalHeaders } from '@clearing-desk/service-kit/testing';
import { and, eq, inArray } from 'drizzle-orm';
import { applicationLog, applications, outbox, ucasImports } from '../db/schema';
import { SUBMIT_ONLY_ASSESSMENT, startApplicationsTestApp, type ApplicationsTestApp } from '../testing/test-app';

const PREFIX = `ucas-test-${process.pid}`;
// Offers made on Monday 17 August 2026, 10:00 London: the deadline is 23:59 on Wednesday 19 August (22:59 UTC).
const OFFERED_AT = new Date('2026-08-17T09:00:00Z');
const DEADLINE = '2026-08-19T22:59:00.000Z';
// Wednesday 12:00 London: 11 hours before the deadline, inside the 24 lapsing hours.
const LAPSING_CLOCK = new Date('2026-08-19T11:00:00Z');
// Thursday 09:00 London: past the deadline.
const LAPSED_CLOCK = new Date('2026-08-20T08:00:00Z');
let clock = LAPSING_CLOCK;
let testApp: ApplicationsTestApp;
let app: ApplicationsTestApp['app'];
let folder: string;

const admin: StaffUser = { username: 'admin1', name: 'Admin One', roles: [{ role: 'Administrator', scope: 'all' }] };
const backOffice: StaffUser = { username: 'bo1', name: 'Bola', roles: [{ role: 'Back Office', scope: 'all' }] };
const as = (user: StaffUser) => internalHeaders({ [USER_HEADER]: encodeStaffUser(user) });
const detail = createCourseDetail();

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ucas-import-'));
  testApp = await startApplicationsTestApp(
    'applications_ucas',
    PREFIX,
    { INTAKE_YEAR: '2026/27', OUTBOX_RELAY_INTERVAL_MS: '3600000', UCAS_IMPORT_DIR: folder, UCAS_JOB_INTERVAL_MS: '3600000' },
    () => clock,
  );
  ({ app } = testApp);
  const res = await app.inject({
    ...endpointRequest(APPLICATIONS_SVC.placesBackfill),
    headers: internalHeaders(),
    payload: { courses: [{ UCAS_CODE: 'UC01', VACANCIES_INTERNAL: 10 }] },
  });
  expect(res.statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await testApp?.close();
  await rm(folder, { recursive: true, force: true });
});

let people = 0;
/** A public application to `course` decided `status` (O: an automatic offer), its decision dated OFFERED_AT. */
async function store(course: string, status: 'O' | 'S') {
  people += 1;
  const UCAS_PERSONAL_ID = String(6400000000 + people);
  const body: StoreApplicationRequestInput = {
    submission: {
      ...createApplicationForm({ EMAIL: `ucas.${people}@example.com`, UCAS_PERSONAL_ID, NAME1: `Ucas${people}` }),
      SUBMISSION_ID: randomUUID(),
    } as StoreApplicationRequestInput['submission'],
    course: { UCAS_CODE: course, DEPART_NUMBER: '12', ALLOW_SECOND_YEAR_ENTRY: false, SCHOOL: 'SCI', DEPT: 'CMPS', COURSE_CODE_OVERRIDE: null },
    qualOptions: detail.qualOptions,
    assessment: SUBMIT_ONLY_ASSESSMENT,
    decision: { confirmed_status: status, sub_status: status === 'O' ? 'AO' : null, rejection_reasons: [], recommended_courses: [] },
    user: 'public',
  };
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: body });
  expect(res.statusCode).toBe(201);
  const saved = applyResponseSchema.parse(res.json());
  const applicationId = Number(saved.app_id);
  await app.db.update(applicationLog).set({ time: OFFERED_AT }).where(eq(applicationLog.applicationId, applicationId));
  return { applicationId, hash: saved.hash, id: UCAS_PERSONAL_ID, student: saved.id[0] };
}

const importCsv = (csv: string, user: StaffUser = admin) =>
  app.inject({ ...endpointRequest(APPLICATIONS_SVC.ucasImport), headers: as(user), payload: { FILE_NAME: 'ucas-choices.csv', CSV: csv } });
const overview = async () => {
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.ucasOverview), headers: as(admin) });
  expect(res.statusCode).toBe(200);
  return ucasOverviewSchema.parse(res.json());
};
const outboxOf = async (kind: string, ids: number[]) =>
  app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, kind), inArray(outbox.aggregateId, ids.map(String))));
const eventsOf = async (ids: number[]) => (await outboxOf('application-event', ids)).map((r) => applicationEventSchema.parse(r.payload));
const ledger = async () => {
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.placesLedgers), headers: internalHeaders(), payload: { courses: ['UC01'] } });
  return placesLedgerSchema.parse((res.json() as { rows: unknown[] }).rows[0]);
};

describe('UCAS reconciliation', () => {
  let a: Awaited<ReturnType<typeof store>>;
  let b: Awaited<ReturnType<typeof store>>;
  let c: Awaited<ReturnType<typeof store>>;
  let d: Awaited<ReturnType<typeof store>>;
  let e: Awaited<ReturnType<typeof store>>;

  beforeAll(async () => {
    a = await store('UC01', 'O');
    b = await store('UC01', 'O');
    c = await store('UC01', 'O');
    d = await store('UC01', 'O');
    e = await store('UC02', 'S');
  });

  it('refuses a file without the configured columns (400, nothing stored) and anyone but an Administrator (403)', async () => {
    const bad = await importCsv('UCAS ID,Course\n6400000001,UC01\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: "The file has no column 'Personal ID' or 'Course code': check the export or the configured column names (UCAS_CSV_COLUMNS).",
    });
    expect((await importCsv('Personal ID,Course code\n')).json()).toEqual({ message: 'The file has no rows of Clearing choices.' });
    const refused = await importCsv('Personal ID,Course code\n6400000001,UC01\n', backOffice);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only an Administrator can import UCAS choices or confirm lapsed offers.' });
    expect(await app.db.select().from(ucasImports)).toEqual([]);
  });

  it('matches by UCAS Personal ID and course code, keeps the rest for a person and reminds lapsing offers once', async () => {
    const dashed = `${a.id.slice(0, 3)}-${a.id.slice(3, 6)}-${a.id.slice(6)}`;
    const csv = [
      '\uFEFF"Personal ID","Course code","Name"',
      `${dashed},UC01,"Smith, Ann"`,
      `${a.id},UC01,again`,
      `${b.id},uc01,lower case`,
      '9999999999,UC01,unknown',
      'abc,UC01,not an id',
      `${e.id},UC01,another course`,
    ].join('\r\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(200);
    expect(ucasImportSchema.parse(res.json())).toMatchObject({
      FILE_NAME: 'ucas-choices.csv',
      SOURCE: 'upload',
      IMPORTED_BY: 'admin1',
      ROWS: 6,
      MATCHED: 2,
      ALREADY_ADDED: 1,
      UNMATCHED: 3,
      LAPSING: 2,
    });
    const view = await overview();
    expect(view.unmatched.map((u) => [u.LINE, u.UCAS_PERSONAL_ID, u.COURSE_CODE, u.REASON])).toEqual([
      [5, '9999999999', 'UC01', 'No application with this UCAS Personal ID and course code.'],
      [6, 'abc', 'UC01', 'The UCAS Personal ID is not 10 digits.'],
      [7, e.id, 'UC01', 'No application with this UCAS Personal ID and course code.'],
    ]);
    expect(view.lapsing.map((o) => [Number(o.APPLICATION_ID), o.DEADLINE, o.REMINDED_AT])).toEqual([
      [c.applicationId, DEADLINE, LAPSING_CLOCK.toISOString()],
      [d.applicationId, DEADLINE, LAPSING_CLOCK.toISOString()],
    ]);
    expect(view.lapsed).toEqual([]);

    // One 'UCAS choice added' event per matched application, one 'offer lapsing' per lapsing offer.
    const events = await eventsOf([a.applicationId, b.applicationId, c.applicationId, d.applicationId]);
    const of = (type: string) =>
      events
        .filter((ev) => ev.type === type)
        .map((ev) => Number(ev.application.applicationId))
        .sort((x, y) => x - y);
    expect(of('application.ucas-choice-added.v1')).toEqual([a.applicationId, b.applicationId]);
    expect(of('application.offer-lapsing.v1')).toEqual([c.applicationId, d.applicationId]);
    const reminders = await outboxOf('ucas-reminder-email', [c.applicationId, d.applicationId]);
    expect(reminders.map((r) => (r.payload as { deadline: string }).deadline)).toEqual([DEADLINE, DEADLINE]);

    // The scheduled job reminds no one twice.
    expect(await app.ucas.runJob()).toEqual({ imported: [], failed: [], reminded: 0 });
    expect(await outboxOf('ucas-reminder-email', [c.applicationId, d.applicationId])).toHaveLength(2);
  });

  it('marks a row not matched dealt with (Administrator), with who, when and the note, once; the list keeps the open rows', async () => {
    const dealtWith = (id: number, NOTE: string | undefined, user: StaffUser = admin) =>
      app.inject({
        ...endpointRequest(APPLICATIONS_SVC.ucasUnmatchedDealtWith, { params: { id: String(id) } }),
        headers: as(user),
        payload: NOTE === undefined ? {} : { NOTE },
      });
    const [first, second] = (await overview()).unmatched;

    const refused = await dealtWith(first!.ID, 'x', backOffice);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: 'Only an Administrator can import UCAS choices or confirm lapsed offers.' }]);
    const tooLong = await dealtWith(first!.ID, 'n'.repeat(501));
    expect([tooLong.statusCode, (tooLong.json() as { message: string }).message]).toEqual([
      400,
      expect.stringContaining('The note must be 500 characters or fewer.'),
    ]);
    expect((await overview()).unmatched_dealt_with).toEqual([]);

    const marked = await dealtWith(first!.ID, '  Applicant phoned: applied to another university.  ');
    expect(marked.statusCode).toBe(200);
    const view = ucasOverviewSchema.parse(marked.json());
    expect(view.unmatched.map((u) => u.ID)).not.toContain(first!.ID);
    expect(view.unmatched).toHaveLength(2);
    expect(view.unmatched_dealt_with).toEqual([
      {
        ...first,
        DEALT_WITH_AT: LAPSING_CLOCK.toISOString(),
        DEALT_WITH_BY: 'admin1',
        DEALT_WITH_NOTE: 'Applicant phoned: applied to another university.',
      },
    ]);
    // Without a note; and a row already dealt with (or unknown) is not open: 404, nothing changed.
    expect((await dealtWith(second!.ID, undefined)).statusCode).toBe(200);
    const again = await dealtWith(first!.ID, 'again');
    expect([again.statusCode, again.json()]).toEqual([404, { message: 'This row is not open: it was dealt with already, or removed.' }]);
    expect((await dealtWith(999999, '')).statusCode).toBe(404);
    const after = await overview();
    expect(after.unmatched_dealt_with.map((u) => [u.ID, u.DEALT_WITH_BY, u.DEALT_WITH_NOTE])).toEqual([
      [first!.ID, 'admin1', 'Applicant phoned: applied to another university.'],
      [second!.ID, 'admin1', ''],
    ]);
    expect(after.unmatched).toHaveLength(1);
  });

  it("shows 'Added in UCAS' facts on the status page, the staff application and the listing", async () => {
    const page = async (hash: string) => {
      const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.byHash, { params: { hash } }), headers: internalHeaders() });
      expect(res.statusCode).toBe(200);
      return storedApplicationResponseSchema.parse(res.json()).decision;
    };
    expect((await page(a.hash)).UCAS_ADDED_AT).toBe(LAPSING_CLOCK.toISOString());
    expect((await page(c.hash)).UCAS_ADDED_AT).toBeNull();
    const staff = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskApplication, { params: { student: b.student, course: 'UC01' }, query: { screen: 'application' } }),
      headers: as(backOffice),
    });
    expect((staff.json() as { UCAS_ADDED_AT: string | null }).UCAS_ADDED_AT).toBe(LAPSING_CLOCK.toISOString());
    const list = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskList, { query: { q: a.id } }), headers: as(backOffice) });
    expect((list.json() as { rows: { UCAS_ADDED_AT: string | null }[] }).rows.map((r) => r.UCAS_ADDED_AT)).toEqual([LAPSING_CLOCK.toISOString()]);
  });

  it('imports the folder on schedule, moving each file to done/ (or failed/)', async () => {
    clock = new Date(LAPSING_CLOCK.getTime() + 60_000);
    await writeFile(join(folder, '2026-08-19-a.csv'), `Personal ID,Course code\n${d.id},UC01\n`);
    await writeFile(join(folder, '2026-08-19-b.csv'), 'nothing,here\n1,2\n');
    expect(await app.ucas.runJob()).toEqual({ imported: ['2026-08-19-a.csv'], failed: ['2026-08-19-b.csv'], reminded: 0 });
    expect((await readdir(folder)).sort()).toEqual(['done', 'failed']);
    expect(await readdir(join(folder, 'done'))).toEqual(['2026-08-19T11-01-00-000Z-2026-08-19-a.csv']);
    const view = await overview();
    expect(view.imports[0]).toMatchObject({ SOURCE: 'folder', IMPORTED_BY: 'folder', ROWS: 1, MATCHED: 1, LAPSING: 1 });
    expect(view.lapsing.map((o) => Number(o.APPLICATION_ID))).toEqual([c.applicationId]);
  });

  it('lists the offer past its deadline as lapsed, and confirming it withdraws it as lapsed, returns its place and tells the applicant', async () => {
    clock = LAPSED_CLOCK;
    const view = await overview();
    expect(view.lapsed.map((o) => [Number(o.APPLICATION_ID), o.UCAS_CODE, o.NAME, o.DEADLINE])).toEqual([
      [c.applicationId, 'UC01', expect.stringMatching(/^Ucas\d+ /), DEADLINE],
    ]);
    const offersBefore = (await ledger()).OFFERS;
    const confirm = (applicationId: number, user: StaffUser = admin) =>
      app.inject({
        ...endpointRequest(APPLICATIONS_SVC.ucasConfirmLapse, { params: { applicationId: String(applicationId) } }),
        headers: as(user),
        payload: { UCAS_CODE: 'UC01', courseFacts: { ...detail.courseData, UCAS_CODE: 'UC01' } },
      });
    expect((await confirm(c.applicationId, backOffice)).statusCode).toBe(403);
    const res = await confirm(c.applicationId);
    expect(res.statusCode).toBe(200);
    expect(ucasOverviewSchema.parse(res.json()).lapsed).toEqual([]);
    const [row] = await app.db.select().from(applications).where(eq(applications.applicationId, c.applicationId));
    expect(row?.status).toBe('W');
    expect((await ledger()).OFFERS).toBe(offersBefore - 1);
    const email = await outboxOf('decision-email', [c.applicationId]);
    expect(email.map((r) => [(r.payload as { status: string }).status, (r.payload as { withdrawalReason?: string }).withdrawalReason])).toContainEqual([
      'W',
      'lapsed',
    ]);
    const withdrawn = (await eventsOf([c.applicationId])).filter((ev) => ev.type === 'application.withdrawn.v1');
    expect(withdrawn.map((ev) => ev.data)).toEqual([{ previousStatus: 'O', withdrawnBy: 'admin1', reason: 'lapsed' }]);
    const log = await app.db.select().from(applicationLog).where(eq(applicationLog.applicationId, c.applicationId));
    expect(log.at(-1)?.message).toBe(
      "Status changed from Offered (O) to Withdrawal (W). Offer lapsed: not added in UCAS by 23:59 on Wednesday 19 August 2026. Withdrawn with the reason 'lapsed'.",
    );
    // Nothing confirms twice, nor an offer added in UCAS.
    expect((await confirm(c.applicationId)).json()).toEqual({
      message: 'This offer is not lapsed: it was added in UCAS, changed, or its deadline has not passed.',
    });
    expect((await confirm(a.applicationId)).statusCode).toBe(404);
  });
});
