import { randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  applicationsErasureSchema,
  applyResponseSchema,
  callbackEmailPayloadSchema,
  DEFAULT_RETENTION_SCHEDULE,
  ERASURE_TEXTS,
  OUTBOX_KINDS,
  reconciliationEmailPayloadSchema,
  RETENTION_OUTCOME_STATUSES,
  RETENTION_OUTCOMES,
  retentionCutoff,
  retentionMonths,
  retentionPartSchema,
  retentionRunListSchema,
  ucasReminderEmailPayloadSchema,
  USER_HEADER,
  type RetentionSchedule,
  type StaffUser,
  type StoreApplicationRequestInput,
} from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, endpointRequest, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { applicationsConfigSchema } from '../config';
import { PERSONAL_TABLES } from '../db/personal-data';
import { applications, callbacks, outbox, staffAudit, students, ucasUnmatchedRows } from '../db/schema';
import { createFiguresRepository } from './figures-repository';

/** Erasure on request and the retention job's part in applications-svc, on a real database. */
const NOW = new Date('2025-08-14T09:00:00Z');
let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase('applications_erasure');
  app = await buildApp(
    applicationsConfigSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      OUTBOX_RELAY_INTERVAL_MS: 3_600_000,
    }),
    { now: () => NOW },
  );
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const admin: StaffUser = { username: 'admin', name: 'Ada', roles: [{ role: 'Administrator', scope: 'all' }] };
const backOffice: StaffUser = { username: 'backoffice', name: 'Bola', roles: [{ role: 'Back Office', scope: 'all' }] };
const as = (user: StaffUser) => internalHeaders({ [USER_HEADER]: encodeStaffUser(user) });
const COURSES = ['G400', 'F100'];

/** Stores a public application (an automatic offer) of `who` to `course`; answers its ids. */
async function store(who: { EMAIL: string; UCAS_PERSONAL_ID: string; NAME1: string; NAME2: string }, course = 'G400') {
  const body: StoreApplicationRequestInput = {
    submission: {
      ...createApplicationForm({ ...who, TEL1: '07700 900123', POSTCODE: 'EC1V 0HB', DOB: '2006-05-14', NOTES: 'Called about the scholarship.' }),
      SUBMISSION_ID: randomUUID(),
    } as StoreApplicationRequestInput['submission'],
    course: { UCAS_CODE: course, DEPART_NUMBER: '31', ALLOW_SECOND_YEAR_ENTRY: false, SCHOOL: 'SCI', DEPT: 'CMPS', COURSE_CODE_OVERRIDE: null },
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
      UCAS_CODE: course,
      COURSE_CODE_OVERRIDE: null,
      COURSE_TITLE: 'Computer Science',
      QUALIFICATION: 'BSc (Hons)',
      COURSE_START_DATE: '2025-09-29',
      FEEDBACK_TELEPHONE: null,
      SCHOOL: 'SCI',
    },
  };
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: body });
  expect(res.statusCode).toBe(201);
  const stored = applyResponseSchema.parse(res.json());
  return { ...stored, applicationId: Number(stored.app_id), studentId: stored.id[0] };
}

const figures = () => createFiguresRepository(app.db).count(COURSES, NOW);
const erase = (payload: Record<string, string>, user = admin) => app.inject({ ...endpointRequest(APPLICATIONS_SVC.erasure), headers: as(user), payload });

/**
 * The applicant's other emails in the outbox, as the callbacks and the UCAS reminder write them
 * (each payload names the person and their address): a booked callback's and the lapsing offer's
 * reminder, created and relayed at `at` (null: not relayed yet). Answers their outbox ids.
 */
async function writeApplicantEmails(
  stored: { applicationId: number; studentId: string; hash: string },
  who: { EMAIL: string; NAME1: string },
  at: Date,
  relayedAt: Date | null,
): Promise<string[]> {
  const keys = { applicationId: String(stored.applicationId), studentId: stored.studentId, ucasCode: 'G400', status: 'O' as const, hash: stored.hash };
  const applicant = { NAME1: who.NAME1, EMAIL: who.EMAIL };
  const rows = await app.db
    .insert(outbox)
    .values([
      {
        aggregateId: keys.applicationId,
        kind: OUTBOX_KINDS.CALLBACK_EMAIL,
        payload: callbackEmailPayloadSchema.parse({
          ...keys,
          bookingId: '1',
          action: 'booked',
          eventId: `application-${keys.applicationId}`,
          sequence: 0,
          applicant,
          start: '2025-08-14T09:00:00.000Z',
          end: '2025-08-14T09:15:00.000Z',
          bookedAt: at.toISOString(),
        }),
        createdAt: at,
        relayedAt,
      },
      {
        aggregateId: keys.applicationId,
        kind: OUTBOX_KINDS.UCAS_REMINDER_EMAIL,
        payload: ucasReminderEmailPayloadSchema.parse({
          ...keys,
          reference: '3100001',
          applicant,
          deadline: '2025-08-15T22:59:00.000Z',
          remindedAt: at.toISOString(),
        }),
        createdAt: at,
        relayedAt,
      },
    ])
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

describe('erasure on request', () => {
  it('refuses while an offer is live, then removes every personal column of the person and keeps the figures', async () => {
    const who = { EMAIL: 'Erase.Me@Example.com', UCAS_PERSONAL_ID: '7700000001', NAME1: 'Zephyrine', NAME2: 'Quillfeather' };
    const stored = await store(who);
    await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.reviewRequest, { params: { hash: stored.hash } }),
      headers: internalHeaders(),
      payload: { REASON: 'Zephyrine asks again.' },
    });
    await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskApplication, { params: { student: stored.studentId, course: 'G400' }, query: { screen: 'application' } }),
      headers: as(backOffice),
    });
    // A UCAS import row naming the person on a course they did not apply to: kept unmatched for a person.
    const imported = await app.ucas.importCsv({
      csv: `Personal ID,Course code\n${who.UCAS_PERSONAL_ID},ZZ99\n`,
      fileName: 'ucas.csv',
      source: 'upload',
      importedBy: 'admin',
    });
    expect(imported).toMatchObject({ ROWS: 1, MATCHED: 0, UNMATCHED: 1 });
    // A callback booked and the offer's UCAS reminder: their emails name the person too (one relayed, one not yet).
    await writeApplicantEmails(stored, who, NOW, NOW);
    await writeApplicantEmails(stored, who, NOW, null);
    // A call booked on the status page, and one from another course's page before applying (by the same email).
    await app.callbacksRepository.setCapacity([{ DATE: '2025-08-14', HOUR: 11, ADVISERS: 2 }], 'admin');
    expect((await app.callbacksRepository.book(stored.hash, new Date('2025-08-14T10:15:00.000Z'), NOW)).kind).toBe('booked');
    const call = await app.callbacksRepository.bookRequest(
      {
        NAME: 'Zephyrine Quillfeather',
        TEL: '07700 900123',
        EMAIL: who.EMAIL,
        UCAS_CODE: 'F100',
        START: '2025-08-14T10:00:00.000Z',
        SCHOOL: 'SCI',
        DEPT: 'CMPS',
      },
      NOW,
    );
    if (call.kind !== 'booked') throw new Error('the call was not booked');
    const callId = (await app.db.select({ id: callbacks.id }).from(callbacks).where(eq(callbacks.token, call.token)))[0]!.id;
    const request = { EMAIL: 'erase.me@example.com', TICKET: 'DP-2025-0001', REASON: 'Applicant asked by email' };

    const blocked = await erase(request);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({
      message: 'This person holds a live offer (G400): an offered place is kept while it stands. Withdraw the offer first, then erase.',
    });
    expect((await app.db.select().from(students).where(eq(students.studentId, stored.studentId)))[0]?.email).toBe(who.EMAIL);
    expect(await app.db.select().from(staffAudit).where(eq(staffAudit.action, 'ERASURE'))).toEqual([]);

    // Withdrawn (the place returned), the person can be erased.
    await app.db.update(applications).set({ status: 'W' }).where(eq(applications.applicationId, stored.applicationId));
    const before = await figures();
    expect((await erase(request, backOffice)).statusCode).toBe(403);
    const done = await erase(request);
    expect(done.statusCode).toBe(200);
    const erased = applicationsErasureSchema.parse(done.json());
    // The emails' aggregates: the application's and the call booked without one (notifications-svc erases their emails).
    expect(erased).toMatchObject({ TICKET: 'DP-2025-0001', applications: 1, applicationIds: [stored.app_id, `callback-${callId}`] });
    // The outbox ids of the person's emails (decision, callback, UCAS reminder): notifications-svc removes their queue jobs.
    const emailRows = await app.db
      .select({ id: outbox.id, kind: outbox.kind, payload: outbox.payload, relayedAt: outbox.relayedAt })
      .from(outbox)
      .where(
        sql`${outbox.aggregateId} in (${stored.app_id}, ${`callback-${callId}`}) and ${outbox.kind} in ('decision-email', 'callback-email', 'ucas-reminder-email')`,
      );
    expect(erased.outboxIds.sort()).toEqual(emailRows.map((r) => r.id).sort());
    expect(new Set(emailRows.map((r) => r.kind))).toEqual(new Set(['decision-email', 'callback-email', 'ucas-reminder-email']));
    // Every one blanked, and none left to send.
    expect(emailRows.map((r) => [r.kind, r.payload, r.relayedAt !== null])).toEqual(emailRows.map((r) => [r.kind, {}, true]));

    // Every column listed as personal, of every personal table's rows of the person, holds none of what named them.
    const traces = [
      who.EMAIL.toLowerCase(),
      who.UCAS_PERSONAL_ID,
      who.NAME1.toLowerCase(),
      who.NAME2.toLowerCase(),
      '07700 900123',
      'ec1v 0hb',
      '2006-05-14',
      'scholarship',
      call.token,
    ];
    const keys = { studentIds: [stored.studentId], applicationIds: [stored.applicationId], ucasPersonalIds: [who.UCAS_PERSONAL_ID], callbackIds: [callId] };
    // Nobody is to ring a person erased: the call booked without an application is cancelled, its link dead.
    expect((await app.db.select({ status: callbacks.status }).from(callbacks).where(eq(callbacks.id, callId)))[0]?.status).toBe('cancelled');
    expect(await app.callbacksRepository.requestPage(call.token, NOW)).toBeNull();
    // The person's unmatched UCAS rows are gone with them.
    expect(await app.db.select().from(ucasUnmatchedRows)).toEqual([]);
    let checked = 0;
    for (const [name, entry] of Object.entries(PERSONAL_TABLES)) {
      if (!entry) continue;
      const columns = getTableColumns(entry.table);
      for (const column of entry.personalColumns) expect({ table: name, column, known: column in columns }).toEqual({ table: name, column, known: true });
      const rows = (await app.db.select().from(entry.table).where(entry.rowsOf(keys))) as Record<string, unknown>[];
      for (const row of rows) {
        for (const column of entry.personalColumns) {
          const value = JSON.stringify(row[column] ?? null).toLowerCase();
          for (const trace of traces)
            expect({ table: name, column, trace, found: value.includes(trace) }).toEqual({ table: name, column, trace, found: false });
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    const [student] = await app.db.select().from(students).where(eq(students.studentId, stored.studentId));
    expect(student).toMatchObject({ name1: 'Erased', name2: 'Erased', email: `erased-${stored.studentId}@erased.invalid`, ucasPersonalId: null });
    expect(await figures()).toEqual(before);

    // No one is found any more; the audit trail has the ticket and the reason, and nothing of the person.
    const search = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.subjectAccess, { query: { email: who.EMAIL } }), headers: as(admin) });
    expect(search.statusCode).toBe(404);
    const entries = await app.db.select().from(staffAudit).where(eq(staffAudit.action, 'ERASURE'));
    expect(entries).toEqual([
      expect.objectContaining({ username: 'admin', applicationId: null, applicationKey: null, detail: 'Ticket DP-2025-0001: Applicant asked by email' }),
    ]);
    expect(ERASURE_TEXTS.auditDetail('DP-2025-0001', 'Applicant asked by email')).toBe(entries[0]!.detail);

    // The gateway's retry with the same ticket answers the same keys and records nothing twice.
    const again = await erase(request);
    expect(again.statusCode).toBe(200);
    expect(applicationsErasureSchema.parse(again.json())).toEqual(erased);
    expect(await app.db.select().from(staffAudit).where(eq(staffAudit.action, 'ERASURE'))).toHaveLength(1);

    // A ticket for no one held: 404 with the subject access words; a missing ticket: 400.
    expect((await erase({ EMAIL: 'nobody@example.com', TICKET: 'DP-2', REASON: 'x' })).json()).toEqual({
      message: 'No one with this email address or UCAS Personal ID is held.',
    });
    expect((await erase({ EMAIL: 'nobody@example.com', TICKET: ' ', REASON: 'x' })).statusCode).toBe(400);
  });
});

describe('erasure of someone who only booked a call from a course page', () => {
  it('finds them by the email they gave, erases the caller and their emails, and cancels the call', async () => {
    await app.callbacksRepository.setCapacity([{ DATE: '2025-08-14', HOUR: 12, ADVISERS: 1 }], 'admin');
    const call = await app.callbacksRepository.bookRequest(
      {
        NAME: 'Ottoline Vexworth',
        TEL: '+33 1 23 45 67 89',
        EMAIL: 'Only.Caller@Example.com',
        UCAS_CODE: 'G400',
        START: '2025-08-14T11:00:00.000Z',
        SCHOOL: 'SCI',
        DEPT: 'CMPS',
      },
      NOW,
    );
    if (call.kind !== 'booked') throw new Error('the call was not booked');
    const id = (await app.db.select({ id: callbacks.id }).from(callbacks).where(eq(callbacks.token, call.token)))[0]!.id;
    const access = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.subjectAccess, { query: { email: 'only.caller@example.com' } }),
      headers: as(admin),
    });
    expect(access.statusCode).toBe(200);
    expect(access.json().tables.callbacks).toEqual([expect.objectContaining({ callerName: 'Ottoline Vexworth', callerTel: '+33 1 23 45 67 89' })]);

    const done = await erase({ EMAIL: 'only.caller@example.com', TICKET: 'DP-2025-0100', REASON: 'Caller asked by phone' });
    expect(done.statusCode).toBe(200);
    expect(applicationsErasureSchema.parse(done.json())).toMatchObject({ applications: 0, applicationIds: [`callback-${id}`], submissionIds: [] });
    const [row] = await app.db.select().from(callbacks).where(eq(callbacks.id, id));
    expect(row).toMatchObject({
      callerName: 'Erased',
      callerTel: 'Erased',
      callerEmail: `erased-callback-${id}@erased.invalid`,
      callerEmailNormalised: `erased-callback-${id}@erased.invalid`,
      status: 'cancelled',
    });
    expect(row?.token).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token).not.toBe(call.token);
    const emails = await app.db
      .select({ payload: outbox.payload, relayedAt: outbox.relayedAt })
      .from(outbox)
      .where(eq(outbox.aggregateId, `callback-${id}`));
    expect(emails.map((e) => e.payload)).toEqual([{}]);
    // The slot is free again, and no one is found under that email any more.
    expect((await app.callbacksRepository.freeSlots(NOW)).slots.map((s) => s.START)).toContain('2025-08-14T11:00:00.000Z');
    const again = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.subjectAccess, { query: { email: 'only.caller@example.com' } }), headers: as(admin) });
    expect(again.statusCode).toBe(404);
  });
});

describe('the retention job in applications-svc', () => {
  it('leaves no application, payload or staff read past its date, keeps the figures, and records its run', async () => {
    const monthsAgo = (n: number) => {
      const d = new Date(NOW);
      d.setUTCMonth(d.getUTCMonth() - n);
      return d;
    };
    // [status, months since the last change, intake]
    const seeds: [string, number, string][] = [
      ['X', 13, '2025/26'],
      ['X', 2, '2025/26'],
      ['X', 2, '2024/25'],
      ['W', 13, '2025/26'],
      ['W', 11, '2025/26'],
      ['O', 25, '2025/26'],
      ['O', 13, '2025/26'],
      ['S', 7, '2025/26'],
      ['I', 5, '2025/26'],
      ['P', 13, '2025/26'],
    ];
    const ids: number[] = [];
    for (const [i, [status, months, intake]] of seeds.entries()) {
      const stored = await store(
        { EMAIL: `retention.${i}@example.com`, UCAS_PERSONAL_ID: `78000000${String(i).padStart(2, '0')}`, NAME1: 'Keep', NAME2: `Seed${i}` },
        COURSES[i % 2],
      );
      await app.db
        .update(applications)
        .set({ status: status as never, intake, updatedAt: monthsAgo(months), createdAt: monthsAgo(months) })
        .where(eq(applications.applicationId, stored.applicationId));
      ids.push(stored.applicationId);
    }
    await app.db
      .update(outbox)
      .set({ createdAt: monthsAgo(7), relayedAt: monthsAgo(7) })
      .where(inArray(outbox.aggregateId, ids.slice(0, 3).map(String)));
    // The other emails of an application still held (ids[1]) and a staff email (the nightly reconciliation's), sent seven months ago.
    const keptWho = { EMAIL: 'retention.1@example.com', NAME1: 'Keep' };
    const keptApplication = { applicationId: ids[1]!, studentId: 'held', hash: 'f'.repeat(64) };
    const oldEmails = await writeApplicantEmails(keptApplication, keptWho, monthsAgo(7), monthsAgo(7));
    const [staffEmail] = await app.db
      .insert(outbox)
      .values({
        aggregateId: 'reconciliation:2025-01-13',
        kind: OUTBOX_KINDS.RECONCILIATION_EMAIL,
        payload: reconciliationEmailPayloadSchema.parse({
          reportId: randomUUID(),
          day: '2025-01-13',
          recipient: 'supervisor.keep@university.example',
          subject: 'Clearing reconciliation 2025-01-13: 1 difference',
          lines: ['Offered (O): delivered to https://records.example/hooks 2, figures 3'],
        }),
        createdAt: monthsAgo(7),
        relayedAt: monthsAgo(7),
      })
      .returning({ id: outbox.id });
    await app.db.insert(staffAudit).values([
      { at: monthsAgo(25), username: 'frontoffice', action: 'READ', screen: 'application', applicationId: ids[0] },
      { at: monthsAgo(25), username: 'admin', action: 'SIGN_IN', detail: 'directory: Administrator (all)' },
      { at: monthsAgo(1), username: 'admin', action: 'SIGN_IN', detail: 'directory: Administrator (all)' },
    ]);
    // Calls booked from a course page that no application came of: one ended seven months ago (past the enquiries' six), one last month.
    const caller = (n: number, ended: Date) => ({
      slotStart: new Date(ended.getTime() - 15 * 60_000),
      slotEnd: ended,
      status: 'booked' as const,
      createdAt: ended,
      callerName: `Old Caller${n}`,
      callerTel: '07700 900982',
      callerEmail: `old.caller${n}@example.com`,
      callerEmailNormalised: `old.caller${n}@example.com`,
      ucasCode: 'G400',
      school: 'SCI',
      dept: 'CMPS',
      token: `${n}`.repeat(64),
    });
    const [oldCall, recentCall] = await app.db
      .insert(callbacks)
      .values([caller(1, monthsAgo(7)), caller(2, monthsAgo(1))])
      .returning({ id: callbacks.id });
    // The 2024/25 cycle keeps unsuccessful applications one month only.
    const schedule: RetentionSchedule = { ...DEFAULT_RETENTION_SCHEDULE, cycles: { '2024/25': { unsuccessful: 1 } } };
    const before = await figures();

    const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.retention), headers: internalHeaders(), payload: { schedule, now: NOW.toISOString() } });
    expect(res.statusCode).toBe(200);
    const { counts } = retentionPartSchema.parse(res.json());
    expect(counts).toMatchObject({
      'applications.offered': 1,
      'applications.unsuccessful': 3,
      'applications.withdrawn': 1,
      'applications.enquiries': 1,
      // Of the three old decision payloads, two went with their anonymised applications; the third, of an
      // application still held, is past the email bodies' date, and so are its callback and reminder emails and the staff email.
      'outbox.payloads': 4,
      'staffAudit.deleted': 2,
      'callbacks.callers': 1,
    });
    expect(counts['students.erased']).toBe(6);
    const calls = await app.db
      .select({ id: callbacks.id, callerName: callbacks.callerName })
      .from(callbacks)
      .where(inArray(callbacks.id, [oldCall!.id, recentCall!.id]));
    expect(calls.sort((a, b) => a.id - b.id).map((c) => c.callerName)).toEqual(['Erased', 'Old Caller2']);
    expect(await figures()).toEqual(before);

    // Nothing held is past its date: every application still held is within its cycle's months.
    const held = await app.db
      .select()
      .from(applications)
      .where(sql`${applications.anonymisedAt} is null`);
    for (const row of held) {
      const outcome = RETENTION_OUTCOMES.find((o) => (RETENTION_OUTCOME_STATUSES[o] as readonly string[]).includes(row.status))!;
      expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(retentionCutoff(retentionMonths(schedule, outcome, row.intake), NOW).getTime());
    }
    expect(
      held
        .map((r) => r.applicationId)
        .filter((id) => ids.includes(id))
        .sort(),
    ).toEqual([ids[1], ids[4], ids[6], ids[8]].sort());
    // The emails' payloads hold nothing of the person any more.
    const emailPayloads = await app.db
      .select({ id: outbox.id, payload: outbox.payload })
      .from(outbox)
      .where(inArray(outbox.id, [...oldEmails, staffEmail!.id]));
    const payloadOf = (id: string) => JSON.stringify(emailPayloads.find((r) => r.id === id)?.payload);
    expect([...oldEmails, staffEmail!.id].map(payloadOf)).toEqual(['{}', '{}', '{}']);
    const [pastDue] = await app.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from outbox where kind in ('decision-email', 'callback-email', 'ucas-reminder-email', 'reconciliation-email') and relayed_at is not null and created_at < ${retentionCutoff(6, NOW).toISOString()}::timestamptz and payload <> '{}'::jsonb`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows));
    expect(pastDue?.n).toBe(0);
    expect(
      await app.db
        .select()
        .from(staffAudit)
        .where(sql`${staffAudit.at} < ${retentionCutoff(24, NOW).toISOString()}::timestamptz and ${staffAudit.action} <> 'ERASURE'`),
    ).toEqual([]);

    // Run again: nothing left to do.
    const second = retentionPartSchema.parse(
      (await app.inject({ ...endpointRequest(APPLICATIONS_SVC.retention), headers: internalHeaders(), payload: { schedule, now: NOW.toISOString() } })).json(),
    );
    expect(Object.values(second.counts).every((n) => n === 0)).toBe(true);

    // A run is recorded with its counts and listed newest first.
    const recorded = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.retentionRecord),
      headers: internalHeaders(),
      payload: { TRIGGER: 'nightly', STARTED_AT: NOW.toISOString(), FINISHED_AT: NOW.toISOString(), COUNTS: counts, ERROR: null },
    });
    expect(recorded.statusCode).toBe(200);
    const runs = retentionRunListSchema.parse((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.retentionRuns), headers: internalHeaders() })).json());
    expect(runs.rows[0]).toMatchObject({ TRIGGER: 'nightly', COUNTS: counts, ERROR: null });
  });
});
