import { randomBytes } from 'node:crypto';
import {
  APPLICATION_STATUSES,
  APPLICATION_SUB_STATUSES,
  applicationFormSchema,
  foldName,
  INTAKE_YEAR,
  normaliseEmail,
  PUBLIC_USER,
  STAFF_LOG_USER_FOR_APPLICANT,
  withoutDocuments,
  decisionEmailPayloadSchema,
  interviewNeeded,
  interviewSummary,
  OUTBOX_KINDS,
  PLACES_MESSAGES,
  WITHDRAWN_STATUS,
  type ApplicantDecision,
  type ApplicationData,
  type InterviewDetails,
  type AppliedResponse,
  type ApplyResponse,
  type LogItem,
  type StoreApplicationRequest,
  type StoredApplicationResponse,
  type RoleAssignment,
  needsStudentVisa,
  newOffer,
  visaStateAfterDecision,
} from '@clearing-desk/contracts';
import { decisionDeadline, type TeamCalendar } from '@clearing-desk/contracts/server';
import { and, asc, desc, eq, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { applicationLog, applications, callbacks, outbox, students } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';
import { writeDecisionOutbox } from '../outbox/decision-outbox';
import { writeApplicationEvents } from '../outbox/application-events';
import { studentVisibleCondition } from './scope';
import { createIntakeCycle, type IntakeCycle } from '../intake/intake-cycle';
import { currentCycleOf } from './cycle-repository';
import { countStatusChange } from '../places/ledger';
import { NO_ALERT_EMAILS, offeredCourse, raiseWallboardAlert, type WallboardAlertSettings } from '../wallboard/wallboard-alerts';

/** The person a form is from, for the duplicate rule (domain.md "Statuses"). */
export type ApplicantKey = { emailNormalised: string; ucasPersonalId: string | null };

/** The UCAS Personal ID of a form: used only when APPLIED_TO_UCAS is '1' (spec section 3). */
export function formUcasPersonalId(form: { APPLIED_TO_UCAS?: string | undefined; UCAS_PERSONAL_ID?: string | undefined }): string | null {
  const id = form.UCAS_PERSONAL_ID?.trim() ?? '';
  return form.APPLIED_TO_UCAS === '1' && id !== '' ? id : null;
}

/** The result of storing a submission. */
export type StoreResult =
  /** A staff create for a STUDENT_ID that does not exist; nothing written. */
  | { kind: 'unknown-student' }
  | { kind: 'created'; response: ApplyResponse }
  /** The SUBMISSION_ID was stored before: its stored answer, nothing new written. */
  | { kind: 'replayed'; response: ApplyResponse; ucasCode: string; applicant: ApplicantKey }
  /** The person already applied to the course (same email or UCAS Personal ID); nothing written. */
  | { kind: 'duplicate' }
  /** An offer (O) found no place left on the course; nothing written. */
  | { kind: 'no-place' };

type ApplicationRow = typeof applications.$inferSelect;
/** The database or a transaction of it: repository reads and writes take either. */
export type Executor = ApplicationsDatabase | Parameters<Parameters<ApplicationsDatabase['transaction']>[0]>[0];

/** The LOG rows of one application, oldest first, as spec section 7's LOG items. */
export async function applicationLogItems(ex: Executor, applicationId: number): Promise<LogItem[]> {
  const rows = await ex.select().from(applicationLog).where(eq(applicationLog.applicationId, applicationId)).orderBy(asc(applicationLog.id));
  return rows.map((l) => ({ MESSAGE: l.message, STATUS: l.status ?? null, USER: l.user, TIME: l.time.toISOString() }));
}

/**
 * The LOG of an application as its applicant sees it on the review page by hash:
 * only the rows meant for them (the create and each status change, with their applicant message),
 * and no staff username: a row made by staff names STAFF_LOG_USER_FOR_APPLICANT.
 */
export async function applicantLogItems(ex: Executor, applicationId: number): Promise<LogItem[]> {
  const rows = await ex
    .select()
    .from(applicationLog)
    .where(and(eq(applicationLog.applicationId, applicationId), isNotNull(applicationLog.applicantMessage)))
    .orderBy(asc(applicationLog.id));
  return rows.map((l) => ({
    MESSAGE: l.applicantMessage ?? '',
    STATUS: l.status ?? null,
    USER: l.user === PUBLIC_USER ? PUBLIC_USER : STAFF_LOG_USER_FOR_APPLICANT,
    TIME: l.time.toISOString(),
  }));
}

/** A stored row and its LOG as spec section 7's applicationData (the form's fields plus the stored ones). */
export function toApplicationData(row: ApplicationRow, log: LogItem[]): ApplicationData {
  return {
    ...row.form,
    STUDENT_ID: row.studentId,
    APPLICATION_ID: String(row.applicationId),
    REFERENCE: String(row.reference),
    DEPART_NUMBER: row.departNumber,
    UCAS_CODE: row.ucasCode,
    STATUS: row.status,
    SUB_STATUS: row.subStatus ?? null,
    REJECTION_REASONS: row.rejectionReasons,
    OUTBOUND_CALL_FLAG: row.outboundCallFlag === 1 ? 1 : 0,
    OUTBOUND_CALL_REMARK: row.outboundCallRemark,
    OVER18: row.over18 === 1 ? 1 : 0,
    LOG: log,
    CREATED_AT: row.createdAt.toISOString(),
    UPDATED_AT: row.updatedAt.toISOString(),
  };
}

/** The apply answer of a stored row; `calendar` is the Clearing team's (CLEARING_TEAM_DAYS, CLEARING_BANK_HOLIDAYS), as the email's. */
const toApplyResponse = (row: ApplicationRow, calendar: TeamCalendar): ApplyResponse => ({
  id: [row.studentId, row.ucasCode, String(row.applicationId), String(row.reference)],
  hash: row.hash,
  app_id: String(row.applicationId),
  confirmed_status: row.status,
  rejection_reasons: row.rejectionReasons,
  recommended_courses: row.recommendedCourses,
  assessment: row.assessment,
  depart_number: row.departNumber,
  // The decision was made at updatedAt (the decidedAt of its email), so both name the same deadline.
  decision_deadline: decisionDeadline(row.status, row.updatedAt, calendar)?.toISOString() ?? null,
});

/** The LOG message of a new application: its status and sub-status by label. */
export function createdLogMessage(status: ApplicationRow['status'], subStatus: ApplicationRow['subStatus']): string {
  const sub = subStatus ? ` (${APPLICATION_SUB_STATUSES[subStatus]})` : '';
  return `Application created with status ${APPLICATION_STATUSES[status]}${sub}.`;
}

/** A PostgreSQL unique violation (23505), as node-postgres or PGlite raise it, possibly wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

class DuplicateApplication extends Error {}
class NoPlaceLeft extends Error {}
class UnknownStudent extends Error {}

/**
 * The current decision of an application as its status page shows it
 * (applicantDecisionSchema): decided when the newest applicant LOG row with the current status was
 * written (the create or the status change: the same transaction time the decision's email
 * carries as decidedAt), its deadline by the working-day rules, and the interview of a change to
 * I from that change's outbox row (the invitation email's own payload).
 */
export async function applicantDecision(ex: Executor, row: ApplicationRow, log: readonly LogItem[], cycle: IntakeCycle): Promise<ApplicantDecision> {
  const decided = log.findLast((l) => l.STATUS === row.status) ?? log.at(-1);
  const decidedAt = decided ? new Date(decided.TIME) : row.updatedAt;
  let interview: InterviewDetails | null = null;
  if (row.status === 'I') {
    const [announced] = await ex
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.aggregateId, String(row.applicationId)), eq(outbox.kind, OUTBOX_KINDS.DECISION_EMAIL)))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const payload = decisionEmailPayloadSchema.safeParse(announced?.payload);
    if (payload.success && payload.data.status === 'I') interview = payload.data.interview;
  }
  return {
    STATUS: row.status,
    SUB_STATUS: row.subStatus ?? null,
    DECIDED_AT: decidedAt.toISOString(),
    DEADLINE: decisionDeadline(row.status, decidedAt, cycle.calendar)?.toISOString() ?? null,
    INTERVIEW: interview,
    RECOMMENDED_COURSES: row.recommendedCourses,
    LINK_VALID_UNTIL: cycle.endOf(row.intake).toISOString(),
    UCAS_ADDED_AT: row.ucasAddedAt?.toISOString() ?? null,
  };
}

/**
 * Students, applications and their LOG. Every method takes and returns contract shapes.
 * New applications record the current recruitment cycle's NAME (recruitment_cycles, read in their
 * own transaction; `cycle.current`, config INTAKE_YEAR, only before a cycle is stored); `cycle`
 * also says when each intake's status links end.
 */
export function createApplicationsRepository(
  db: ApplicationsDatabase,
  cycle: IntakeCycle = createIntakeCycle({ INTAKE_YEAR }),
  alerts: WallboardAlertSettings = NO_ALERT_EMAILS,
) {
  /** The current cycle's NAME (the configured intake before the first start has stored one). */
  const currentIntake = async (ex: Executor): Promise<string> => (await currentCycleOf(ex))?.NAME ?? cycle.current;
  const bySubmissionId = async (submissionId: string): Promise<ApplicationRow | undefined> => {
    const [row] = await db.select().from(applications).where(eq(applications.submissionId, submissionId)).limit(1);
    return row;
  };

  const storedAnswer = (row: ApplicationRow) => ({
    response: toApplyResponse(row, cycle.calendar),
    ucasCode: row.ucasCode,
    applicant: { emailNormalised: row.emailNormalised, ucasPersonalId: row.ucasPersonalId },
  });

  /** The person's live application to the course: a withdrawn one (W) is no duplicate (domain.md "Statuses"; the unique indexes agree). */
  const sameApplicant = (ucasCode: string, key: Partial<ApplicantKey>): SQL | undefined => {
    const matches = [
      key.emailNormalised ? eq(applications.emailNormalised, key.emailNormalised) : undefined,
      key.ucasPersonalId ? eq(applications.ucasPersonalId, key.ucasPersonalId) : undefined,
    ].filter((m): m is SQL => m !== undefined);
    return matches.length === 0 ? undefined : and(eq(applications.ucasCode, ucasCode), ne(applications.status, WITHDRAWN_STATUS), or(...matches));
  };

  return {
    /**
     * The applications to `ucasCode` by the person with this email (case-insensitive, trimmed)
     * or UCAS Personal ID (spec section 7 `applied`). Callers skip the lookup when both are empty.
     */
    async applied(ucasCode: string, key: Partial<ApplicantKey>): Promise<AppliedResponse> {
      const where = sameApplicant(ucasCode.toUpperCase(), key);
      if (!where) return { rows: [] };
      const rows = await db.select({ UCAS_CODE: applications.ucasCode }).from(applications).where(where);
      return { rows };
    },

    /** The stored answer for a SUBMISSION_ID with the course and the applicant it was for, or null. */
    async findBySubmissionId(submissionId: string): Promise<{ response: ApplyResponse; ucasCode: string; applicant: ApplicantKey } | null> {
      const row = await bySubmissionId(submissionId);
      return row ? storedAnswer(row) : null;
    },

    /**
     * Stores a decided, validated submission in one transaction: the student (a returning person,
     * matched by normalised email, keeps their STUDENT_ID), the application and its first LOG row.
     * The database's unique constraints settle races: a request with a SUBMISSION_ID stored
     * meanwhile ends as `replayed` (re-read after the violation), another submission by the same
     * person to the same course as `duplicate`. Callers look for a stored SUBMISSION_ID first.
     */
    async store(request: StoreApplicationRequest, visibleTo?: readonly RoleAssignment[]): Promise<StoreResult> {
      const { submission, course, assessment, decision, user } = request;
      // Documents are files-svc's, bound to the SUBMISSION_ID (the gateway claims them): not kept here.
      const form = withoutDocuments(applicationFormSchema.parse(submission));
      const email = (form.EMAIL ?? '').trim();
      const key: ApplicantKey = { emailNormalised: normaliseEmail(email), ucasPersonalId: formUcasPersonalId(form) };
      const optional = (v: string | undefined) => (v?.trim() ? v.trim() : null);
      try {
        const row = await db.transaction(async (tx) => {
          const [existing] = await tx.select({ id: applications.applicationId }).from(applications).where(sameApplicant(course.UCAS_CODE, key)).limit(1);
          if (existing) throw new DuplicateApplication();
          if (request.studentId && visibleTo) {
            // A staff create joins only a student the user may see; any other is
            // 'not found', before the duplicate check below could tell that the student exists.
            const visible = studentVisibleCondition(visibleTo);
            const [seen] =
              visible === null
                ? []
                : await tx
                    .select({ studentId: students.studentId })
                    .from(students)
                    .where(and(eq(students.studentId, request.studentId), visible))
                    .limit(1);
            if (!seen) throw new UnknownStudent();
          }
          if (request.studentId) {
            // The student chosen in the staff search may have applied here under another email (spec section 2: 'select' is unavailable then).
            const [own] = await tx
              .select({ id: applications.applicationId })
              .from(applications)
              .where(and(eq(applications.studentId, request.studentId), eq(applications.ucasCode, course.UCAS_CODE), ne(applications.status, WITHDRAWN_STATUS)))
              .limit(1);
            if (own) throw new DuplicateApplication();
          }

          // A staff create for a student chosen in the student search keeps that student's record.
          const [student] = request.studentId
            ? await tx.select({ studentId: students.studentId }).from(students).where(eq(students.studentId, request.studentId)).limit(1)
            : await tx
                .insert(students)
                .values({
                  name1: (form.NAME1 ?? '').trim(),
                  name2: (form.NAME2 ?? '').trim(),
                  email,
                  emailNormalised: key.emailNormalised,
                  ucasPersonalId: key.ucasPersonalId,
                  dob: (form.DOB ?? '').trim(),
                  nationality: (form.NATIONALITY ?? '').trim(),
                  tel1: (form.TEL1 ?? '').trim(),
                  tel2: optional(form.TEL2),
                  postcode: optional(form.POSTCODE),
                  name1Folded: foldName(form.NAME1 ?? ''),
                  name2Folded: foldName(form.NAME2 ?? ''),
                })
                // A returning person keeps their record; a UCAS Personal ID given now fills a missing one.
                .onConflictDoUpdate({
                  target: students.emailNormalised,
                  set: { ucasPersonalId: sql`coalesce(${students.ucasPersonalId}, excluded.ucas_personal_id)`, updatedAt: sql`now()` },
                })
                .returning({ studentId: students.studentId });
          if (!student) throw request.studentId ? new UnknownStudent() : new Error('student upsert returned no row');

          // A new O takes a place in this transaction, or is refused; an Administrator's confirmed override takes one over the allowance.
          const places = await countStatusChange(tx, course.UCAS_CODE, null, decision.confirmed_status, request.overAllowance === true);
          if (places.kind === 'no-place') throw new NoPlaceLeft();
          const overAllowance = places.overAllowance;

          const intake = await currentIntake(tx);
          const [application] = await tx
            .insert(applications)
            .values({
              hash: randomBytes(32).toString('hex'),
              submissionId: submission.SUBMISSION_ID,
              studentId: student.studentId,
              ucasCode: course.UCAS_CODE,
              departNumber: course.DEPART_NUMBER,
              status: decision.confirmed_status,
              subStatus: decision.sub_status,
              // An offer or invitation to a caller who needs a visa goes on the Visa Team's list (filter v).
              visaStatus: visaStateAfterDecision(null, decision.confirmed_status, needsStudentVisa(form.NATIONALITY ?? null, form.VISA_TYPE ?? null)),
              decisionRules: request.decisionRules ?? null,
              rejectionReasons: decision.rejection_reasons,
              recommendedCourses: decision.recommended_courses,
              form,
              assessment,
              over18: assessment.OVER18,
              secondYearEntry: form.SECOND_YEAR_ENTRY === '1' ? 1 : 0,
              emailNormalised: key.emailNormalised,
              ucasPersonalId: key.ucasPersonalId,
              school: course.SCHOOL ?? '',
              dept: course.DEPT ?? '',
              courseCodeOverride: course.COURSE_CODE_OVERRIDE ?? null,
              createdBy: user,
              intake,
              namesFolded: foldName(`${form.NAME1 ?? ''} ${form.NAME2 ?? ''}`),
              name2Folded: foldName(form.NAME2 ?? ''),
            })
            .returning();
          if (!application) throw new Error('application insert returned no row');

          const created = createdLogMessage(application.status, application.subStatus);
          // A staff create as I records the interview arranged, for staff: the applicant reads it in the email and on the status page.
          const interview = request.staff && interviewNeeded(null, application.status) ? (request.interview ?? null) : null;
          await tx.insert(applicationLog).values({
            applicationId: application.applicationId,
            user,
            status: application.status,
            message: [
              created,
              ...(interview ? [`Interview: ${interviewSummary(interview)}.`] : []),
              ...(overAllowance ? [PLACES_MESSAGES.OVER_ALLOWANCE_LOG] : []),
            ].join(' '),
            applicantMessage: created,
          });
          // Saved from a booked call without an application ('Next call'): the call is linked to it and done, its claim closed.
          if (request.callbackId !== undefined) {
            await tx
              .update(callbacks)
              .set({
                applicationId: application.applicationId,
                status: sql`case when ${callbacks.status} = 'booked' then 'done' else ${callbacks.status} end`,
                // The adviser's claim ends with the save: 'Next call' hands them the next item.
                claimExpiresAt: application.createdAt,
              })
              .where(and(eq(callbacks.id, request.callbackId), isNull(callbacks.applicationId), eq(callbacks.ucasCode, course.UCAS_CODE)));
          }
          // The decision's email, in the same transaction.
          await writeDecisionOutbox(tx, {
            row: application,
            previousStatus: null,
            source: request.staff ? 'staff' : 'public',
            courseFacts: request.courseFacts,
            interview,
            linkValidUntil: cycle.endOf(application.intake),
          });
          // The record system's events (created, decision), in the same transaction.
          await writeApplicationEvents(tx, {
            row: application,
            previousStatus: null,
            source: request.staff ? 'staff' : 'public',
            user,
            at: application.updatedAt,
          });
          // An offer may pass a wallboard alert threshold: the alert and its emails commit with it.
          if (newOffer(null, application.status)) await raiseWallboardAlert(tx, offeredCourse(application, request.courseFacts), alerts);
          return application;
        });
        return { kind: 'created', response: toApplyResponse(row, cycle.calendar) };
      } catch (err) {
        if (err instanceof UnknownStudent) return { kind: 'unknown-student' };
        if (err instanceof NoPlaceLeft) return { kind: 'no-place' };
        if (!(err instanceof DuplicateApplication) && !isUniqueViolation(err)) throw err;
        // The person's application may be this very submission, committed since the caller looked
        // (a concurrent retry): then it is a replay, else a duplicate.
        const winner = await bySubmissionId(submission.SUBMISSION_ID);
        return winner ? { kind: 'replayed', ...storedAnswer(winner) } : { kind: 'duplicate' };
      }
    },

    /**
     * The application behind a review-page hash as its applicant may see it (the status page),
     * with its stored assessment, SUBMISSION_ID (the owner of its documents in
     * files-svc), the current decision (`applicantDecision`), the intake it was made for and
     * whether that is the current cycle's; null when unknown. The caller refuses
     * it once its intake's cycle has ended (LINK_VALID_UNTIL) or another cycle is configured.
     * No staff data: LOG holds only the rows meant for the applicant
     * (applicantLogItems, oldest first), OUTBOUND_CALL_REMARK is null, the visa record is not read.
     */
    async findByHash(hash: string): Promise<{ stored: StoredApplicationResponse; intake: string; currentIntake: boolean } | null> {
      const [row] = await db.select().from(applications).where(eq(applications.hash, hash)).limit(1);
      if (!row) return null;
      const log = await applicantLogItems(db, row.applicationId);
      return {
        stored: {
          applicationData: { ...toApplicationData(row, log), OUTBOUND_CALL_REMARK: null },
          assessment: row.assessment,
          UCAS_CODE: row.ucasCode,
          SUBMISSION_ID: row.submissionId,
          decision: await applicantDecision(db, row, log, cycle),
        },
        intake: row.intake,
        currentIntake: row.intake === (await currentIntake(db)),
      };
    },
  };
}
export type ApplicationsRepository = ReturnType<typeof createApplicationsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    applicationsRepository: ApplicationsRepository;
  }
}

export const applicationsRepositoryPlugin = fp(
  async (fastify) => {
    fastify.decorate('applicationsRepository', createApplicationsRepository(fastify.db, fastify.intakeCycle, fastify.wallboardAlertSettings));
  },
  { name: 'applications-repository', dependencies: ['applications-database', 'intake-cycle', 'wallboard-alerts'] },
);
