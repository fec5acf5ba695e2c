import { randomBytes } from 'node:crypto';
import {
  APPLICANT_EMAIL_OUTBOX_KINDS,
  EMAIL_OUTBOX_KINDS,
  ERASURE_BLOCKING_STATUSES,
  ERASURE_TEXTS,
  OUTBOX_KINDS,
  PERSONAL_FORM_FIELDS,
  RETENTION_OUTCOME_STATUSES,
  RETENTION_OUTCOMES,
  SUBJECT_ACCESS_TEXTS,
  retentionCutoff,
  retentionMonths,
  type ApplicationForm,
  type ApplicationsErasure,
  type ErasureRequest,
  type RetentionCounts,
  type RetentionRunRecord,
  type RetentionSchedule,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { callbackRequestAggregateId } from '../db/personal-data';
import {
  applicationLog,
  applications,
  callbacks,
  decisionReviews,
  erasures,
  outbox,
  retentionRuns,
  staffAudit,
  students,
  ucasUnmatchedRows,
} from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';
import type { Executor } from './applications-repository';
import { findSubject } from './subject-access';

const E = ERASURE_TEXTS.ERASED;

/** The stored form without the fields that name or describe the person (and without its documents' file names). */
export function erasedForm(form: ApplicationForm): ApplicationForm {
  const kept = Object.fromEntries(
    Object.entries(form).filter(([key]) => !(PERSONAL_FORM_FIELDS as readonly string[]).includes(key) && !/_DOCUMENT_\d+$/.test(key)),
  );
  return { ...kept, NAME1: E, NAME2: E } as ApplicationForm;
}

/**
 * Removes the caller's details from calls booked from a course page (`which` of callbacks): name,
 * telephone and email become placeholders, the private link a new random token (the old link
 * stops working), a call still booked is cancelled (nobody is to ring a person erased), and the
 * payloads of their emails not relayed yet are dropped (marked relayed) and of those relayed
 * blanked. The slot's times and status stay, so the callback counts stay. Answers how many rows.
 */
export async function eraseCallers(tx: Executor, which: SQL, now: Date): Promise<number> {
  const erased = await tx
    .update(callbacks)
    .set({
      callerName: E,
      callerTel: E,
      callerEmail: sql`'erased-callback-' || ${callbacks.id} || '@erased.invalid'`,
      callerEmailNormalised: sql`'erased-callback-' || ${callbacks.id} || '@erased.invalid'`,
      token: sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`,
      status: sql`case when ${callbacks.status} = 'booked' then 'cancelled' else ${callbacks.status} end`,
      claimedBy: null,
      claimExpiresAt: null,
    })
    .where(and(which, isNotNull(callbacks.callerName)))
    .returning({ id: callbacks.id });
  const aggregates = erased.map((r) => callbackRequestAggregateId(r.id));
  if (aggregates.length > 0) {
    await tx
      .update(outbox)
      .set({ payload: {}, relayedAt: sql`coalesce(${outbox.relayedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(outbox.kind, OUTBOX_KINDS.CALLBACK_EMAIL), inArray(outbox.aggregateId, aggregates)));
  }
  return erased.length;
}

/**
 * Removes the personal fields of applications (and of their History, reviews, email payloads
 * (APPLICANT_EMAIL_OUTBOX_KINDS: decision, callback, UCAS reminder) and the UCAS Personal ID in
 * their application events), keeping each row with its status, course, dates and flags, so every
 * figure counts them as before. The placeholder address is unique per application (the one-live-application
 * index stays satisfied); a new hash retires the applicant's status page link. Answers how many
 * applications it anonymised (those already anonymised are skipped).
 */
export async function anonymiseApplications(tx: Executor, applicationIds: readonly number[], now: Date): Promise<number> {
  if (applicationIds.length === 0) return 0;
  const held = await tx
    .select({ applicationId: applications.applicationId, form: applications.form })
    .from(applications)
    .where(and(inArray(applications.applicationId, [...applicationIds]), isNull(applications.anonymisedAt)));
  for (const row of held) {
    await tx
      .update(applications)
      .set({
        form: erasedForm(row.form),
        emailNormalised: `erased-${row.applicationId}@erased.invalid`,
        ucasPersonalId: null,
        namesFolded: '',
        name2Folded: '',
        visa: null,
        visaStatus: null,
        outboundCallRemark: null,
        hash: randomBytes(32).toString('hex'),
        anonymisedAt: now,
      })
      .where(eq(applications.applicationId, row.applicationId));
  }
  const ids = held.map((r) => r.applicationId);
  if (ids.length === 0) return 0;
  // History messages can quote changed fields (names, telephones): the status, user and time stay.
  await tx.update(applicationLog).set({ message: E, applicantMessage: null }).where(inArray(applicationLog.applicationId, ids));
  await tx
    .update(decisionReviews)
    .set({ reason: E, note: sql`case when ${decisionReviews.note} is null then null else ${E} end` })
    .where(inArray(decisionReviews.applicationId, ids));
  // An email to the applicant (decision, callback, UCAS reminder) not yet relayed is not sent any more (marked relayed, payload gone).
  await tx
    .update(outbox)
    .set({ payload: {}, relayedAt: sql`coalesce(${outbox.relayedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(inArray(outbox.kind, [...APPLICANT_EMAIL_OUTBOX_KINDS]), inArray(outbox.aggregateId, ids.map(String))));
  // A call booked from a course page and saved as one of these applications keeps the caller's details: gone with it.
  await eraseCallers(tx, inArray(callbacks.applicationId, ids), now);
  // The application events stay (the record system's feed and its cursor keep their order) but
  // lose the UCAS Personal ID: the application and student ids left are this service's own keys.
  await tx
    .update(outbox)
    .set({ payload: sql`jsonb_set(${outbox.payload}, '{application,ucasPersonalId}', 'null'::jsonb)` })
    .where(and(eq(outbox.kind, OUTBOX_KINDS.APPLICATION_EVENT), inArray(outbox.aggregateId, ids.map(String))));
  return ids.length;
}

/**
 * Removes a student's details once none of their applications is still held (each keeps its own
 * copy of the form until it is anonymised). Answers how many students it erased.
 */
export async function eraseStudentsWithoutHeldApplications(tx: Executor, studentIds: readonly string[] | 'all', now: Date): Promise<number> {
  const stillHeld = notExists(
    tx
      .select({ one: sql`1` })
      .from(applications)
      .where(and(eq(applications.studentId, students.studentId), isNull(applications.anonymisedAt))),
  );
  const which = studentIds === 'all' ? undefined : studentIds.length ? inArray(students.studentId, [...studentIds]) : sql`false`;
  const erased = await tx
    .update(students)
    .set({
      name1: E,
      name2: E,
      email: sql`'erased-' || ${students.studentId} || '@erased.invalid'`,
      emailNormalised: sql`'erased-' || ${students.studentId} || '@erased.invalid'`,
      ucasPersonalId: null,
      // DOB is required by the table: a placeholder no one is born on.
      dob: '1900-01-01',
      nationality: '',
      tel1: '',
      tel2: null,
      postcode: null,
      name1Folded: '',
      name2Folded: '',
      erasedAt: now,
    })
    .where(and(which, isNull(students.erasedAt), stillHeld))
    .returning({ studentId: students.studentId });
  return erased.length;
}

/** The outbox ids of the applications' emails (decision, callback, UCAS reminder: notifications-svc's job ids). */
async function applicantEmailOutboxIds(tx: Executor, applicationIds: readonly string[]): Promise<string[]> {
  if (applicationIds.length === 0) return [];
  const rows = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(inArray(outbox.kind, [...APPLICANT_EMAIL_OUTBOX_KINDS]), inArray(outbox.aggregateId, [...applicationIds])))
    // One order, so a retry of the same ticket answers the same list.
    .orderBy(outbox.id);
  return rows.map((r) => r.id);
}

/**
 * Erasure on request (contracts privacy/erasure.ts): finds the person, refuses with 409 while a
 * retention rule keeps the data (an offer still live, ERASURE_BLOCKING_STATUSES), anonymises every
 * application and the student rows, and records the erasure (ticket, reason, keys) and its audit
 * entry (ticket and reason, no personal data) in one transaction. A ticket already recorded
 * answers its keys again, so the gateway's retry repeats the other services' parts.
 * @throws HttpError 404 when no one is held under the email or UCAS Personal ID, 409 as above.
 */
export async function eraseSubject(db: ApplicationsDatabase, request: ErasureRequest, username: string, now: Date): Promise<ApplicationsErasure> {
  return db.transaction(async (tx) => {
    // Two Administrators sending one ticket at once: the second waits and then reads the first's.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`erasure:${request.TICKET}`}))`);
    const [done] = await tx.select().from(erasures).where(eq(erasures.ticket, request.TICKET));
    if (done) {
      const outboxIds = await applicantEmailOutboxIds(tx, done.applicationIds);
      return { TICKET: done.ticket, applications: done.applications, applicationIds: done.applicationIds, submissionIds: done.submissionIds, outboxIds };
    }
    const keys = await findSubject(tx, { email: request.EMAIL, ucasPersonalId: request.UCAS_PERSONAL_ID });
    if (keys.studentIds.length === 0 && keys.applicationIds.length === 0 && keys.callbackIds.length === 0) {
      throw new HttpError(404, SUBJECT_ACCESS_TEXTS.NOT_FOUND);
    }
    const live = keys.applicationIds.length
      ? await tx
          .select({ ucasCode: applications.ucasCode })
          .from(applications)
          .where(and(inArray(applications.applicationId, keys.applicationIds), inArray(applications.status, [...ERASURE_BLOCKING_STATUSES])))
      : [];
    if (live.length > 0) throw new HttpError(409, ERASURE_TEXTS.blockedByOffer(live.map((l) => l.ucasCode).sort()));
    const anonymised = await anonymiseApplications(tx, keys.applicationIds, now);
    // UCAS import rows that matched none of the person's applications: kept for a person, removed with the person.
    if (keys.ucasPersonalIds.length > 0) await tx.delete(ucasUnmatchedRows).where(inArray(ucasUnmatchedRows.ucasPersonalId, keys.ucasPersonalIds));
    await eraseStudentsWithoutHeldApplications(tx, keys.studentIds, now);
    if (keys.callbackIds.length > 0) await eraseCallers(tx, inArray(callbacks.id, keys.callbackIds), now);
    const record = {
      ticket: request.TICKET,
      at: now,
      username,
      reason: request.REASON,
      applications: anonymised,
      // The emails' aggregates: each application's, and each call booked without one ('callback-{id}'), so notifications-svc erases them all.
      applicationIds: [...keys.applicationIds.map(String), ...keys.callbackIds.map(callbackRequestAggregateId)],
      submissionIds: keys.submissionIds,
    };
    await tx.insert(erasures).values(record);
    await tx.insert(staffAudit).values({ at: now, username, action: 'ERASURE', detail: ERASURE_TEXTS.auditDetail(request.TICKET, request.REASON) });
    const outboxIds = await applicantEmailOutboxIds(tx, record.applicationIds);
    return { TICKET: record.ticket, applications: anonymised, applicationIds: record.applicationIds, submissionIds: record.submissionIds, outboxIds };
  });
}

/**
 * This service's part of the retention job (contracts privacy/retention.ts): applications of each
 * outcome past their cycle's date (counted from their last change) anonymised, then the students
 * left with nothing held; the callers of calls booked without an application, past the enquiries'
 * date from their slot's end; relayed email payloads (EMAIL_OUTBOX_KINDS: the applicants' and the
 * staff's) past the email bodies' date blanked;
 * staff reads and sign-ins past the audit's date deleted (erasure entries stay: they name no one
 * and prove the erasure). Each outcome in its own transaction. Answers the counts by what.
 */
export async function runRetention(db: ApplicationsDatabase, schedule: RetentionSchedule, now: Date): Promise<RetentionCounts> {
  const counts: RetentionCounts = {};
  const intakes = (await db.selectDistinct({ intake: applications.intake }).from(applications).where(isNull(applications.anonymisedAt))).map((r) => r.intake);
  for (const outcome of RETENTION_OUTCOMES) {
    let total = 0;
    for (const intake of intakes) {
      const cutoff = retentionCutoff(retentionMonths(schedule, outcome, intake), now);
      total += await db.transaction(async (tx) => {
        const due = await tx
          .select({ applicationId: applications.applicationId })
          .from(applications)
          .where(
            and(
              inArray(applications.status, [...RETENTION_OUTCOME_STATUSES[outcome]]),
              eq(applications.intake, intake),
              isNull(applications.anonymisedAt),
              lt(applications.updatedAt, cutoff),
            ),
          );
        return anonymiseApplications(
          tx,
          due.map((d) => d.applicationId),
          now,
        );
      });
    }
    counts[`applications.${outcome}`] = total;
  }
  counts['students.erased'] = await db.transaction((tx) => eraseStudentsWithoutHeldApplications(tx, 'all', now));
  // Calls booked from a course page that no application came of: kept as an enquiry is, from the slot's end.
  const callerCutoff = retentionCutoff(schedule.months.enquiries, now);
  counts['callbacks.callers'] = await db.transaction((tx) =>
    eraseCallers(tx, and(isNull(callbacks.applicationId), lt(callbacks.slotEnd, callerCutoff), ne(callbacks.callerName, E))!, now),
  );
  const emailCutoff = retentionCutoff(schedule.months.emailBodies, now);
  const blanked = await db
    .update(outbox)
    .set({ payload: {} })
    .where(
      and(
        inArray(outbox.kind, [...EMAIL_OUTBOX_KINDS]),
        lt(outbox.createdAt, emailCutoff),
        sql`${outbox.relayedAt} is not null`,
        sql`${outbox.payload} <> '{}'::jsonb`,
      ),
    )
    .returning({ id: outbox.id });
  counts['outbox.payloads'] = blanked.length;
  const auditCutoff = retentionCutoff(schedule.months.staffAudit, now);
  const deleted = await db
    .delete(staffAudit)
    .where(and(lt(staffAudit.at, auditCutoff), ne(staffAudit.action, 'ERASURE')))
    .returning({ id: staffAudit.id });
  counts['staffAudit.deleted'] = deleted.length;
  return counts;
}

/** Records a run of the retention job with every service's counts. */
export async function recordRetentionRun(db: ApplicationsDatabase, run: RetentionRunRecord) {
  const [row] = await db
    .insert(retentionRuns)
    .values({ trigger: run.TRIGGER, startedAt: new Date(run.STARTED_AT), finishedAt: new Date(run.FINISHED_AT), counts: run.COUNTS, error: run.ERROR })
    .returning();
  return toRun(row!);
}

/** The last 50 runs, newest first. */
export async function listRetentionRuns(db: ApplicationsDatabase) {
  return (await db.select().from(retentionRuns).orderBy(desc(retentionRuns.id)).limit(50)).map(toRun);
}

const toRun = (r: typeof retentionRuns.$inferSelect) => ({
  ID: r.id,
  TRIGGER: r.trigger,
  STARTED_AT: r.startedAt.toISOString(),
  FINISHED_AT: r.finishedAt.toISOString(),
  COUNTS: r.counts,
  ERROR: r.error,
});
