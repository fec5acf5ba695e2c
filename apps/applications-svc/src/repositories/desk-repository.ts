import { isDeepStrictEqual } from 'node:util';
import {
  keptStatus,
  APPLICATION_STATUSES,
  applicationFormSchema,
  INTAKE_YEAR,
  foldName,
  listingTotalCap,
  LISTING_FILTER_STATUSES,
  PLACES_MESSAGES,
  STUDENT_SEARCH_MAX_ROWS,
  withoutDocuments,
  type ApplicationListingQuery,
  type ApplicationListingResponse,
  type ApplicationStatus,
  interviewNeeded,
  interviewSummary,
  type LogItem,
  type RoleAssignment,
  type StaffStoredApplication,
  type StoredVisaData,
  type StoreUpdateRequest,
  type StudentSearchQuery,
  type StudentSearchResponse,
  type VisaData,
  WITHDRAWN_STATUS,
  needsStudentVisa,
  newOffer,
  visaStateAfterDecision,
  visaStateLogMessage,
  normaliseEmail,
} from '@clearing-desk/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { applicationLog, applications, students } from '../db/schema';
import type { ApplicationsDatabase } from '../plugins/external/database';
import { applicantDecision, applicationLogItems, formUcasPersonalId, isUniqueViolation, toApplicationData, type Executor } from './applications-repository';
import { writeDecisionOutbox } from '../outbox/decision-outbox';
import { writeApplicationEvents } from '../outbox/application-events';
import { scopeCondition, studentVisibleCondition } from './scope';
import { createIntakeCycle, type IntakeCycle } from '../intake/intake-cycle';
import { countStatusChange } from '../places/ledger';
import { NO_ALERT_EMAILS, offeredCourse, raiseWallboardAlert, type WallboardAlertSettings } from '../wallboard/wallboard-alerts';

type ApplicationRow = typeof applications.$inferSelect;
/** The database or a transaction of it: every method below takes an optional one. */
export type { Executor };

/** A LIKE pattern matching text that starts with `text`, with LIKE's own wildcards escaped. */
const prefixPattern = (text: string): string => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The status-filter condition of spec section 2 (domain.md "Statuses"). */
function filterCondition(s: ApplicationListingQuery['s']): SQL | undefined {
  switch (s) {
    case 'p':
      return and(eq(applications.status, 'S'), eq(applications.createdBy, 'public'));
    case 'b':
    case 'o':
    case 'r':
      return inArray(applications.status, [...LISTING_FILTER_STATUSES[s]]);
    case 'v':
      return isNotNull(applications.visaStatus);
    case 'c':
      return eq(applications.outboundCallFlag, 1);
    default:
      return undefined;
  }
}

/**
 * The text condition: a public reference (depart number + reference), a reference, a student or
 * application id, a UCAS Personal ID, an email, or part of a name (case- and accent-insensitive).
 */
function textCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (text === '') return undefined;
  const parts: SQL[] = [
    eq(applications.studentId, text),
    eq(applications.ucasPersonalId, text),
    eq(applications.emailNormalised, normaliseEmail(text)),
    // Names from their start (indexed): the full name 'zoe angstrom', a given name 'zoe' or a family name 'angstrom'.
    sql`${applications.namesFolded} like ${prefixPattern(foldName(text))}`,
    sql`${applications.name2Folded} like ${prefixPattern(foldName(text))}`,
  ];
  if (/^\d{1,16}$/.test(text)) {
    // A public reference is the depart number followed by the reference (domain.md "Public submissions").
    parts.push(sql`${applications.departNumber} || ${applications.reference}::text = ${text}`);
    // Ids are int4: a longer number (a UCAS Personal ID) is never one, and must not overflow the comparison.
    if (Number(text) <= 2_147_483_647) parts.push(eq(applications.applicationId, Number(text)), eq(applications.reference, Number(text)));
  }
  return or(...parts);
}

/** Which form fields differ between two stored forms (the LOG names them). */
export function changedFields(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
  // isDeepStrictEqual ignores key order (jsonb does not keep it).
  return [...keys].filter((k) => !(empty(before[k]) && empty(after[k])) && !isDeepStrictEqual(before[k], after[k])).sort();
}

/** The LOG sentence of a status change, with old and new values; also what the applicant sees of it (null when the status stays). */
export function statusChangeMessage(from: ApplicationStatus, to: ApplicationStatus): string | null {
  return from === to ? null : `Status changed from ${APPLICATION_STATUSES[from]} (${from}) to ${APPLICATION_STATUSES[to]} (${to}).`;
}

/** The LOG message of an update: the status change with old and new values, and the fields changed. */
export function updateLogMessage(fields: readonly string[], from: ApplicationStatus, to: ApplicationStatus): string {
  const change = statusChangeMessage(from, to);
  return [...(change ? [change] : []), fields.length > 0 ? `Fields changed: ${fields.join(', ')}.` : 'Saved with no field changes.'].join(' ');
}

export type UpdateResult =
  | { kind: 'updated'; status: ApplicationStatus; previousStatus: ApplicationStatus; version: number; updatedAt: string }
  | { kind: 'not-found' }
  | { kind: 'conflict' }
  | { kind: 'duplicate' }
  /** A change to I without the interview's date, time and venue; nothing written. */
  | { kind: 'interview-required' }
  /** A change to O found no place left on the course; nothing written. */
  | { kind: 'no-place' };

/** The applications desk's reads and writes. Every write and its LOG row share one transaction. */
export function createDeskRepository(
  db: ApplicationsDatabase,
  cycle: IntakeCycle = createIntakeCycle({ INTAKE_YEAR }),
  alerts: WallboardAlertSettings = NO_ALERT_EMAILS,
) {
  const logRows = (applicationId: number, ex: Executor = db): Promise<LogItem[]> => applicationLogItems(ex, applicationId);

  /**
   * The row of one application by STUDENT_ID and course code (UCAS code or override, any case). A
   * withdrawn applicant who applied again has two (domain.md "Statuses"): the live one answers,
   * else the newest withdrawn one.
   */
  const findRow = async (studentId: string, course: string, ex: Executor = db, forUpdate = false): Promise<ApplicationRow | undefined> => {
    const code = course.trim().toUpperCase();
    const query = ex
      .select()
      .from(applications)
      .where(and(eq(applications.studentId, studentId), or(eq(applications.ucasCode, code), eq(applications.courseCodeOverride, code))))
      .orderBy(sql`${applications.status} = ${WITHDRAWN_STATUS}`, desc(applications.applicationId))
      .limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  };

  /**
   * The listing's queries, unexecuted: `list` runs them, tools/bench/desk/explain.ts prints their
   * plans. null when the user has no role (sees nothing).
   * - `page`: the rows of the page, each with the capped total (`TOTAL`) beside it, in one
   *   statement (one round trip to the database per listing instead of two; the
   *   total is an uncorrelated subquery, counted once).
   * - `total`: the capped total alone, for a page past the last match (no row to carry it).
   */
  const listingQueries = (query: ApplicationListingQuery, roles: readonly RoleAssignment[], ex: Executor = db) => {
    const scope = scopeCondition(roles);
    if (scope === null) return null;
    const text = textCondition(query.q);
    const nationality = query.nationality ? sql`${applications.form}->>'NATIONALITY' = ${query.nationality}` : undefined;
    const where = and(scope, filterCondition(query.s), query.visa === '1' ? isNotNull(applications.visaStatus) : undefined, nationality, text);
    // A scoped user's text search: the matches come from the text's indexes, then the scope, then
    // the newest 10 of them. Ordering by the primary key as such lets PostgreSQL walk every
    // application newest first looking for ten in the scope, the whole table when the person
    // applied elsewhere only (60 ms at 50,000); `+ 0` keeps the key's index out.
    // Oldest first is the same walk backwards: application ids are issued in the order of
    // submission (an identity column), so the status indexes keep serving both orders.
    const oldest = query.sort === 'oldest';
    const order =
      text && scope
        ? sql`${applications.applicationId} + 0 ${sql.raw(oldest ? 'asc' : 'desc')}`
        : oldest
          ? asc(applications.applicationId)
          : desc(applications.applicationId);
    // Counted up to the cap and one more (a LIMIT under the count): a broad filter stops after
    // cap + 1 index entries instead of counting every match.
    const total = ex.select({ n: count() }).from(
      ex
        .select({ one: sql`1` })
        .from(applications)
        .where(where)
        .limit(listingTotalCap(query.page, query.page_size) + 1)
        .as('matches'),
    );
    return {
      page: ex
        .select({
          STUDENT_ID: applications.studentId,
          APPLICATION_ID: sql<string>`${applications.applicationId}::text`,
          UCAS_CODE: applications.ucasCode,
          COURSE_CODE_OVERRIDE: applications.courseCodeOverride,
          NAME1: sql<string>`coalesce(${applications.form}->>'NAME1', '')`,
          NAME2: sql<string>`coalesce(${applications.form}->>'NAME2', '')`,
          EMAIL: sql<string>`coalesce(${applications.form}->>'EMAIL', '')`,
          UCAS_PERSONAL_ID: applications.ucasPersonalId,
          NATIONALITY: sql<string | null>`nullif(${applications.form}->>'NATIONALITY', '')`,
          STATUS: applications.status,
          SUB_STATUS: applications.subStatus,
          VISA_STATUS: applications.visaStatus,
          SUBMITTED_AT: applications.createdAt,
          UCAS_ADDED_AT: applications.ucasAddedAt,
          TOTAL: sql<number>`(${total})::int`.mapWith(Number),
        })
        .from(applications)
        .where(where)
        .orderBy(order)
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      total,
    };
  };

  return {
    findRow,

    listingQueries,

    /**
     * The listing of spec section 2: filters, text search, scopes and paging; newest or oldest
     * first (`sort`), each row with when it was submitted; the
     * total capped (listingTotalCap). One statement answers the rows and the total; only a page
     * past the last match asks for the total on its own.
     */
    async list(query: ApplicationListingQuery, roles: readonly RoleAssignment[], ex: Executor = db): Promise<ApplicationListingResponse> {
      const queries = listingQueries(query, roles, ex);
      if (queries === null) return { rows: [], total: 0, total_capped: false };
      const page = await queries.page;
      const rows = page.map(({ TOTAL: _total, SUBMITTED_AT, UCAS_ADDED_AT, ...row }) => ({
        ...row,
        SUBMITTED_AT: SUBMITTED_AT.toISOString(),
        UCAS_ADDED_AT: UCAS_ADDED_AT?.toISOString() ?? null,
      }));
      // No row on page 1: nothing matches. No row further on: the total is counted alone.
      const n = page[0]?.TOTAL ?? (query.page === 1 ? 0 : ((await queries.total)[0]?.n ?? 0));
      const cap = listingTotalCap(query.page, query.page_size);
      return { rows, total: Math.min(n, cap), total_capped: n > cap };
    },

    /** One application as the staff desk reads it, with its LOG; null when unknown. */
    async find(studentId: string, course: string, ex: Executor = db): Promise<StaffStoredApplication | null> {
      const row = await findRow(studentId, course, ex);
      if (!row) return null;
      const applicationData = toApplicationData(row, await logRows(row.applicationId, ex));
      // The current decision's deadline and interview as its email and the status page name them.
      const decision = await applicantDecision(ex, row, applicationData.LOG, cycle);
      return {
        applicationData,
        DEADLINE: decision.DEADLINE,
        INTERVIEW: decision.INTERVIEW,
        CYCLE: row.intake,
        assessment: row.assessment,
        SUBMISSION_ID: row.submissionId,
        version: row.version,
        SCHOOL: row.school,
        DEPT: row.dept,
        visaData: row.visa ?? null,
        VISA_STATUS: row.visaStatus ?? null,
        UCAS_ADDED_AT: row.ucasAddedAt?.toISOString() ?? null,
      };
    },

    /**
     * Updates an application in one transaction with its LOG row: the row is
     * locked, the version the client read (If-Match) must still be current, then the form, the
     * STATUS (a changed status drops the sub-status), the assessment and the version are written.
     * `check` runs on the locked row (the permission rules) and throws to refuse.
     */
    async update(studentId: string, course: string, request: StoreUpdateRequest, user: string, check: (row: ApplicationRow) => void): Promise<UpdateResult> {
      const form = withoutDocuments(applicationFormSchema.parse(request.submission));
      const email = (form.EMAIL ?? '').trim();
      try {
        return await db.transaction(async (tx) => {
          const row = await findRow(studentId, course, tx, true);
          if (!row) return { kind: 'not-found' } as const;
          check(row);
          if (request.ifMatch !== undefined && request.ifMatch !== row.version) return { kind: 'conflict' } as const;
          // V keeps the current status: it is never stored (keptStatus; domain.md "Submit buttons").
          const status = keptStatus(request.submission.STATUS, row.status) ?? row.status;
          const interview = interviewNeeded(row.status, status) ? (request.submission.INTERVIEW ?? null) : null;
          if (interviewNeeded(row.status, status) && !interview) return { kind: 'interview-required' } as const;
          // A change to O takes a place (or is refused; an Administrator's confirmed override, checked by
          // `check`, takes one over the allowance), a change away from O returns it, in this transaction.
          const places = await countStatusChange(tx, row.ucasCode, row.status, status, request.submission.OVER_ALLOWANCE === true);
          if (places.kind === 'no-place') return { kind: 'no-place' } as const;
          const overAllowance = places.overAllowance;
          const fields = changedFields(row.form, form);
          const [updated] = await tx
            .update(applications)
            .set({
              form,
              status,
              subStatus: status === row.status ? row.subStatus : null,
              // A new offer gets its own reminder to add us in UCAS Hub (docs/domain/ucas-reconciliation.md).
              ucasRemindedAt: status === row.status ? row.ucasRemindedAt : null,
              // An offer or invitation to a caller who needs a visa goes on the Visa Team's list (filter v).
              visaStatus: visaStateAfterDecision(row.visaStatus, status, needsStudentVisa(form.NATIONALITY ?? null, form.VISA_TYPE ?? null)),
              rejectionReasons: request.rejection_reasons ?? (status === row.status ? row.rejectionReasons : []),
              assessment: request.assessment,
              over18: request.assessment.OVER18,
              secondYearEntry: form.SECOND_YEAR_ENTRY === '1' ? 1 : 0,
              emailNormalised: normaliseEmail(email),
              ucasPersonalId: formUcasPersonalId(form),
              namesFolded: foldName(`${form.NAME1 ?? ''} ${form.NAME2 ?? ''}`),
              name2Folded: foldName(form.NAME2 ?? ''),
              version: sql`${applications.version} + 1`,
              updatedAt: sql`now()`,
            })
            // The version in the WHERE too: a writer that slipped past the lock cannot overwrite silently.
            .where(and(eq(applications.applicationId, row.applicationId), eq(applications.version, row.version)))
            .returning();
          if (!updated) return { kind: 'conflict' } as const;
          await tx.insert(applicationLog).values({
            applicationId: row.applicationId,
            user,
            status,
            message:
              updateLogMessage(fields, row.status, status) +
              (interview ? ` Interview: ${interviewSummary(interview)}.` : '') +
              (overAllowance ? ` ${PLACES_MESSAGES.OVER_ALLOWANCE_LOG}` : ''),
            applicantMessage: statusChangeMessage(row.status, status),
          });
          // A changed status sends its email: the outbox row commits with the change.
          await writeDecisionOutbox(tx, {
            row: updated,
            previousStatus: row.status,
            source: 'staff',
            courseFacts: request.courseFacts,
            interview,
            linkValidUntil: cycle.endOf(updated.intake),
          });
          // A changed status's events (status changed, decision, withdrawn), committed with the change.
          await writeApplicationEvents(tx, { row: updated, previousStatus: row.status, source: 'staff', user, at: updated.updatedAt });
          // A new offer may pass a wallboard alert threshold: the alert and its emails commit with it.
          if (newOffer(row.status, status)) await raiseWallboardAlert(tx, offeredCourse(updated, request.courseFacts), alerts);
          return { kind: 'updated', status, previousStatus: row.status, version: updated.version, updatedAt: updated.updatedAt.toISOString() } as const;
        });
      } catch (err) {
        // A changed email or UCAS Personal ID that another application to this course already has.
        if (isUniqueViolation(err)) return { kind: 'duplicate' };
        throw err;
      }
    },

    /**
     * Logs an outbound call (spec section 4): OUTBOUND_CALL_FLAG 1 and the remark, with a LOG row
     * carrying the current status, in one transaction; answers the LOG message.
     */
    async logOutboundCall(row: ApplicationRow, remark: string, user: string): Promise<{ MESSAGE: string }> {
      const message = `Outbound call logged: ${remark || '(no notes)'}`;
      await db.transaction(async (tx) => {
        await tx
          .update(applications)
          .set({ outboundCallFlag: 1, outboundCallRemark: remark, version: sql`${applications.version} + 1`, updatedAt: sql`now()` })
          .where(eq(applications.applicationId, row.applicationId));
        await tx.insert(applicationLog).values({ applicationId: row.applicationId, user, status: row.status, message });
      });
      return { MESSAGE: message };
    },

    /** Stores the legacy visa record and its LOG row in one transaction; answers the time stored. */
    async saveVisa(row: ApplicationRow, visa: VisaData, user: string): Promise<string> {
      return db.transaction(async (tx) => {
        const updatedAt = new Date().toISOString();
        const stored: StoredVisaData = {
          VISA_STATUS: visa.VISA_STATUS,
          VISA_APPLICANT_STATUS: visa.VISA_APPLICANT_STATUS,
          VISA_TYPE: visa.VISA_TYPE,
          VISA_NOTES: visa.VISA_NOTES ?? null,
          HAS_PREVIOUS_UK_STUDY: visa.HAS_PREVIOUS_UK_STUDY,
          FIVE_YEAR_CAP_ASSESSMENT: visa.FIVE_YEAR_CAP_ASSESSMENT,
          PROGRESSION_ASSESSMENT: visa.PROGRESSION_ASSESSMENT,
          PREVIOUS_UK_STUDY_NOTES: visa.PREVIOUS_UK_STUDY_NOTES ?? null,
          HAS_ENGLISH_QUALIFICATION: visa.HAS_ENGLISH_QUALIFICATION,
          ENGLISH_QUALIFICATION_NOTES: visa.ENGLISH_QUALIFICATION_NOTES ?? null,
          HAS_ATAS_CERTIFICATE: visa.HAS_ATAS_CERTIFICATE ?? null,
          ATAS_CERTIFICATE_NOTES: visa.ATAS_CERTIFICATE_NOTES ?? null,
          HAS_COURSE_FEES: visa.HAS_COURSE_FEES,
          COURSE_FEES_NOTES: visa.COURSE_FEES_NOTES ?? null,
          UPDATED_AT: updatedAt,
        };
        await tx.update(applications).set({ visa: stored, visaStatus: visa.VISA_STATUS }).where(eq(applications.applicationId, row.applicationId));
        await tx
          .insert(applicationLog)
          .values({ applicationId: row.applicationId, user, status: row.status, message: `Visa record updated (visa status ${visa.VISA_STATUS}).` });
        return updatedAt;
      });
    },

    /**
     * Sets the visa state (a Visa Team user on the visa screen) in one transaction: the row is
     * locked, VISA_STATUS changes (and the legacy record's, if one is stored, so the two agree),
     * and the history gets a LOG row naming the state. Answers the state and the time it was set.
     */
    async setVisaState(row: ApplicationRow, state: string, user: string): Promise<{ VISA_STATUS: string; updated_at: string }> {
      return db.transaction(async (tx) => {
        const updatedAt = new Date().toISOString();
        const [locked] = await tx.select({ visa: applications.visa }).from(applications).where(eq(applications.applicationId, row.applicationId)).for('update');
        const visa = locked?.visa ? { ...locked.visa, VISA_STATUS: state, UPDATED_AT: updatedAt } : null;
        await tx
          .update(applications)
          .set({ visaStatus: state, ...(visa ? { visa } : {}) })
          .where(eq(applications.applicationId, row.applicationId));
        await tx.insert(applicationLog).values({ applicationId: row.applicationId, user, status: row.status, message: visaStateLogMessage(state) });
        return { VISA_STATUS: state, updated_at: updatedAt };
      });
    },

    /** Adds one LOG row (a document download) with the application's current status. */
    async addLog(row: ApplicationRow, message: string, user: string, ex: Executor = db): Promise<void> {
      await ex.insert(applicationLog).values({ applicationId: row.applicationId, user, status: row.status, message });
    },

    /**
     * The student search of spec section 2: names (case- and accent-insensitive, from the start),
     * email, UCAS Personal ID; SECOND_YEAR_ENTRY narrows to students with an application of that
     * year of entry. APPLIED_TO lists the course codes applied to in the order applied (the latest
     * last, which 'Select' copies). At most STUDENT_SEARCH_MAX_ROWS.
     * Scoped: only students with an application inside the user's scopes
     * (`roles`), and APPLIED_TO lists only those applications' courses; no role finds nothing.
     */
    async searchStudents(query: StudentSearchQuery, roles: readonly RoleAssignment[], ex: Executor = db): Promise<StudentSearchResponse> {
      const visible = studentVisibleCondition(roles);
      if (visible === null) return { rows: [] };
      // Not null here: a user with no scope got no rows above.
      const scope = scopeCondition(roles) ?? undefined;
      const conditions: SQL[] = [];
      if (query.NAME1) conditions.push(sql`${students.name1Folded} like ${prefixPattern(foldName(query.NAME1))}`);
      if (query.NAME2) conditions.push(sql`${students.name2Folded} like ${prefixPattern(foldName(query.NAME2))}`);
      if (query.EMAIL) conditions.push(eq(students.emailNormalised, normaliseEmail(query.EMAIL)));
      if (query.UCAS_PERSONAL_ID) conditions.push(eq(students.ucasPersonalId, query.UCAS_PERSONAL_ID));
      if (conditions.length === 0) return { rows: [] };
      if (query.SECOND_YEAR_ENTRY === '0' || query.SECOND_YEAR_ENTRY === '1') {
        const year = Number(query.SECOND_YEAR_ENTRY);
        conditions.push(sql`exists (select 1 from ${applications} a where a.student_id = "students"."student_id" and a.second_year_entry = ${year})`);
      }
      const rows = await ex
        .select({
          ID: students.studentId,
          NAME1: students.name1,
          NAME2: students.name2,
          APPLIED_TO: sql<string>`coalesce((select string_agg(${applications.ucasCode}, ',' order by ${applications.applicationId}) from ${applications} where ${and(eq(applications.studentId, students.studentId), scope)}), '')`,
        })
        .from(students)
        .where(and(visible, ...conditions))
        .orderBy(asc(students.name2), asc(students.name1), asc(students.studentId))
        .limit(STUDENT_SEARCH_MAX_ROWS);
      return { rows };
    },
  };
}
export type DeskRepository = ReturnType<typeof createDeskRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    deskRepository: DeskRepository;
  }
}

export const deskRepositoryPlugin = fp(
  async (fastify) => {
    fastify.decorate('deskRepository', createDeskRepository(fastify.db, fastify.intakeCycle, fastify.wallboardAlertSettings));
  },
  { name: 'desk-repository', dependencies: ['applications-database', 'wallboard-alerts'] },
);
