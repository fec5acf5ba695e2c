import { randomUUID } from 'node:crypto';
import {
  APPLICATION_EVENT_TYPES,
  normaliseUcasPersonalId,
  OUTBOX_KINDS,
  UCAS_ADDED_LOG_MESSAGE,
  UCAS_REMINDER_LOG_MESSAGE,
  UCAS_TEXTS,
  ucasLapseLogMessage,
  ucasMissingColumnsMessage,
  ucasReminderEmailPayloadSchema,
  WITHDRAWN_STATUS,
  type EmailCourseFacts,
  type UcasCsvColumns,
  type UcasImport,
  type UcasOffer,
  type UcasOverview,
  type UcasUnmatchedRow,
} from '@clearing-desk/contracts';
import { decisionDeadline, type TeamCalendar } from '@clearing-desk/contracts/server';
import { currentTraceparent, HttpError } from '@clearing-desk/service-kit';
import { parse } from 'csv-parse/sync';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { applicationLog, applications, outbox, ucasImports, ucasUnmatchedRows } from '../db/schema';
import { writeApplicationEvent, writeApplicationEvents } from '../outbox/application-events';
import { writeDecisionOutbox } from '../outbox/decision-outbox';
import { countStatusChange } from '../places/ledger';
import type { ApplicationsDatabase } from '../plugins/external/database';
import type { Executor } from '../repositories/applications-repository';
import { statusChangeMessage } from '../repositories/desk-repository';

type ApplicationRow = typeof applications.$inferSelect;

/** One row of UCAS's export as the match reads it: its line in the file (the header is line 1) and the two columns. */
export type UcasCsvRow = { line: number; personalId: string; courseCode: string };

/**
 * Reads UCAS's CSV export with csv-parse (RFC 4180: quoted fields, embedded commas and line
 * breaks, a byte-order mark), finds the two configured columns by header name (trimmed, any case)
 * and answers their values per data row; blank lines are skipped.
 * @throws HttpError 400 with a message: a file csv-parse cannot read, a configured column missing, no data row.
 */
export function parseUcasCsv(csv: string, columns: UcasCsvColumns): UcasCsvRow[] {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (err) {
    throw new HttpError(400, `The file is not a CSV file that can be read: ${(err as Error).message}`);
  }
  const [header, ...data] = records;
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  const personalIndex = names.indexOf(columns.personalId.trim().toLowerCase());
  const courseIndex = names.indexOf(columns.courseCode.trim().toLowerCase());
  const missing = [...(personalIndex < 0 ? [columns.personalId] : []), ...(courseIndex < 0 ? [columns.courseCode] : [])];
  if (missing.length > 0) throw new HttpError(400, ucasMissingColumnsMessage(missing));
  if (data.length === 0) throw new HttpError(400, UCAS_TEXTS.FILE_EMPTY);
  return data.map((record, i) => ({
    line: i + 2,
    personalId: (record[personalIndex] ?? '').trim(),
    courseCode: (record[courseIndex] ?? '').trim().toUpperCase(),
  }));
}

export type UcasDeps = {
  db: ApplicationsDatabase;
  calendar: TeamCalendar;
  /** Hours before an offer's deadline from which it is lapsing (QUEUE_OFFER_LAPSING_HOURS: one rule for the queue and the reminder). */
  lapsingHours: number;
  columns: UcasCsvColumns;
  now: () => Date;
};

/** An offer not added in UCAS with its deadline: what the sweep and the lists read. */
type OpenOffer = { row: ApplicationRow; deadline: Date; name: string };

const toOffer = (o: OpenOffer): UcasOffer => ({
  APPLICATION_ID: String(o.row.applicationId),
  STUDENT_ID: o.row.studentId,
  UCAS_CODE: o.row.ucasCode,
  NAME: o.name,
  DEADLINE: o.deadline.toISOString(),
  REMINDED_AT: o.row.ucasRemindedAt?.toISOString() ?? null,
});

const toUnmatched = ({ row, fileName }: { row: typeof ucasUnmatchedRows.$inferSelect; fileName: string }): UcasUnmatchedRow => ({
  ID: row.id,
  FILE_NAME: fileName,
  LINE: row.line,
  UCAS_PERSONAL_ID: row.ucasPersonalId,
  COURSE_CODE: row.courseCode,
  REASON: row.reason,
  DEALT_WITH_AT: row.dealtWithAt?.toISOString() ?? null,
  DEALT_WITH_BY: row.dealtWithBy,
  DEALT_WITH_NOTE: row.dealtWithNote,
});

const toImport = (r: typeof ucasImports.$inferSelect): UcasImport => ({
  ID: r.id,
  FILE_NAME: r.fileName,
  SOURCE: r.source,
  IMPORTED_BY: r.importedBy,
  IMPORTED_AT: r.importedAt.toISOString(),
  ROWS: r.rows,
  MATCHED: r.matched,
  ALREADY_ADDED: r.alreadyAdded,
  UNMATCHED: r.unmatched,
  LAPSING: r.lapsing,
});

/**
 * UCAS reconciliation over this service's database (docs/domain/ucas-reconciliation.md): the
 * import, the sweep that reminds lapsing offers once, the lists and the confirmation of a lapsed
 * offer. Every time comes from `now`, so tests set the clock rather than wait.
 */
export function createUcasReconciliation(deps: UcasDeps) {
  const { db, calendar } = deps;
  const lapsingMs = deps.lapsingHours * 3_600_000;

  /**
   * Offers (status O) not added in UCAS, with the deadline their email gave (decisionDeadline from
   * the last LOG row meant for the applicant, as the work queue counts it); locked when `forUpdate`.
   */
  async function openOffers(ex: Executor, forUpdate = false, applicationId?: number): Promise<OpenOffer[]> {
    const decided = sql<
      string | Date | null
    >`(select max(l.time) from ${applicationLog} l where l.application_id = ${sql.raw('"applications"."application_id"')} and l.applicant_message is not null)`;
    const query = ex
      .select({ row: applications, decidedAt: decided })
      .from(applications)
      .where(
        and(
          eq(applications.status, 'O'),
          isNull(applications.ucasAddedAt),
          isNull(applications.anonymisedAt),
          applicationId === undefined ? undefined : eq(applications.applicationId, applicationId),
        ),
      )
      .orderBy(applications.applicationId);
    const rows = forUpdate ? await query.for('update', { of: applications }) : await query;
    return rows.map(({ row, decidedAt }) => {
      const at = decidedAt === null ? row.updatedAt : new Date(decidedAt);
      const deadline = decisionDeadline('O', at, calendar) ?? at;
      const name = `${(row.form.NAME1 ?? '').trim()} ${(row.form.NAME2 ?? '').trim()}`.trim();
      return { row, deadline, name };
    });
  }

  const isLapsing = (o: OpenOffer, now: Date) => o.deadline.getTime() > now.getTime() && o.deadline.getTime() - now.getTime() <= lapsingMs;
  const isLapsed = (o: OpenOffer, now: Date) => o.deadline.getTime() <= now.getTime();

  /**
   * Writes the one reminder of each lapsing offer not yet reminded, in `tx`: the email's outbox row,
   * the 'offer lapsing' event and a LOG line, with `ucas_reminded_at` set by a conditional update,
   * so a second sweep (or two at once) writes nothing again. Answers the offers lapsing at `now`.
   */
  async function remindLapsing(tx: Executor, now: Date): Promise<{ lapsing: OpenOffer[]; reminded: number }> {
    const lapsing = (await openOffers(tx)).filter((o) => isLapsing(o, now));
    let reminded = 0;
    for (const offer of lapsing) {
      if (offer.row.ucasRemindedAt) continue;
      const [row] = await tx
        .update(applications)
        .set({ ucasRemindedAt: now })
        .where(and(eq(applications.applicationId, offer.row.applicationId), isNull(applications.ucasRemindedAt), eq(applications.status, 'O')))
        .returning();
      if (!row) continue;
      offer.row = row;
      reminded += 1;
      const payload = ucasReminderEmailPayloadSchema.parse({
        applicationId: String(row.applicationId),
        studentId: row.studentId,
        ucasCode: row.ucasCode,
        status: row.status,
        hash: row.hash,
        reference: `${row.departNumber}${row.reference}`,
        applicant: { NAME1: (row.form.NAME1 ?? '').trim(), EMAIL: (row.form.EMAIL ?? '').trim() },
        deadline: offer.deadline.toISOString(),
        remindedAt: now.toISOString(),
      });
      await tx
        .insert(outbox)
        .values({ aggregateId: payload.applicationId, kind: OUTBOX_KINDS.UCAS_REMINDER_EMAIL, payload, traceparent: currentTraceparent() });
      await tx
        .insert(applicationLog)
        .values({ applicationId: row.applicationId, user: 'system', status: row.status, message: UCAS_REMINDER_LOG_MESSAGE, time: now });
      await writeApplicationEvent(tx, row, now, {
        type: APPLICATION_EVENT_TYPES.OFFER_LAPSING,
        data: { deadline: offer.deadline.toISOString(), reminderSent: true },
      });
    }
    return { lapsing, reminded };
  }

  return {
    /**
     * Imports UCAS's export (parseUcasCsv) in one transaction: each row's UCAS Personal ID (digits
     * only) and course code (our UCAS code or own course code) is matched to a live application
     * (not withdrawn); a match not yet added is marked 'Added in UCAS' with a LOG line and its
     * 'UCAS choice added' event, one already added is counted apart; every other row is kept as
     * unmatched with its reason. Then the lapsing offers are reminded (remindLapsing) and the
     * import recorded with its counts. A file that cannot be read stores nothing (400).
     */
    async importCsv(input: { csv: string; fileName: string; source: 'upload' | 'folder'; importedBy: string }): Promise<UcasImport> {
      const rows = parseUcasCsv(input.csv, deps.columns);
      const now = deps.now();
      const importId = randomUUID();
      return db.transaction(async (tx) => {
        const ids = [...new Set(rows.map((r) => normaliseUcasPersonalId(r.personalId)).filter((id): id is string => id !== null))];
        const candidates = ids.length
          ? await tx.select().from(applications).where(inArray(applications.ucasPersonalId, ids)).orderBy(desc(applications.applicationId)).for('update')
          : [];
        let matched = 0;
        let alreadyAdded = 0;
        const unmatched: { line: number; ucasPersonalId: string; courseCode: string; reason: string }[] = [];
        const marked = new Set<number>();
        // The import row first: the applications it marks and its unmatched rows refer to it.
        await tx.insert(ucasImports).values({
          id: importId,
          fileName: input.fileName,
          source: input.source,
          importedBy: input.importedBy,
          importedAt: now,
          rows: rows.length,
          matched: 0,
          alreadyAdded: 0,
          unmatched: 0,
          lapsing: 0,
        });
        for (const r of rows) {
          const id = normaliseUcasPersonalId(r.personalId);
          if (id === null) {
            unmatched.push({
              line: r.line,
              ucasPersonalId: r.personalId.slice(0, 40),
              courseCode: r.courseCode.slice(0, 40),
              reason: UCAS_TEXTS.REASON_BAD_ID,
            });
            continue;
          }
          const onCourse = candidates.filter(
            (a) => a.ucasPersonalId === id && (a.ucasCode === r.courseCode || a.courseCodeOverride?.toUpperCase() === r.courseCode),
          );
          const live = onCourse.find((a) => a.status !== WITHDRAWN_STATUS);
          if (!live) {
            const reason = onCourse.length > 0 ? UCAS_TEXTS.REASON_WITHDRAWN : UCAS_TEXTS.REASON_NO_APPLICATION;
            unmatched.push({ line: r.line, ucasPersonalId: id, courseCode: r.courseCode.slice(0, 40), reason });
            continue;
          }
          if (live.ucasAddedAt || marked.has(live.applicationId)) {
            alreadyAdded += 1;
            continue;
          }
          const [row] = await tx
            .update(applications)
            .set({ ucasAddedAt: now, ucasImportId: importId })
            .where(eq(applications.applicationId, live.applicationId))
            .returning();
          marked.add(live.applicationId);
          matched += 1;
          await tx
            .insert(applicationLog)
            .values({ applicationId: live.applicationId, user: input.importedBy, status: live.status, message: UCAS_ADDED_LOG_MESSAGE, time: now });
          await writeApplicationEvent(tx, row!, now, {
            type: APPLICATION_EVENT_TYPES.UCAS_CHOICE_ADDED,
            data: { status: live.status, importId, importSource: input.source },
          });
        }
        if (unmatched.length > 0) await tx.insert(ucasUnmatchedRows).values(unmatched.map((u) => ({ ...u, importId })));
        const { lapsing } = await remindLapsing(tx, now);
        const [record] = await tx
          .update(ucasImports)
          .set({ matched, alreadyAdded, unmatched: unmatched.length, lapsing: lapsing.length })
          .where(eq(ucasImports.id, importId))
          .returning();
        return toImport(record!);
      });
    },

    /** The scheduled sweep: reminds each lapsing offer once (remindLapsing), in one transaction; answers how many were reminded. */
    async sweep(): Promise<number> {
      const now = deps.now();
      return (await db.transaction((tx) => remindLapsing(tx, now))).reminded;
    },

    /**
     * The admin screen's lists: the last 20 imports, the last 200 rows not matched still open and
     * the last 200 dealt with, offers lapsing and lapsed (deadline first).
     */
    async overview(): Promise<UcasOverview> {
      const now = deps.now();
      const unmatchedRows = () =>
        db
          .select({ row: ucasUnmatchedRows, fileName: ucasImports.fileName })
          .from(ucasUnmatchedRows)
          .innerJoin(ucasImports, eq(ucasImports.id, ucasUnmatchedRows.importId));
      const [imports, unmatched, dealtWith, offers] = await Promise.all([
        db.select().from(ucasImports).orderBy(desc(ucasImports.importedAt)).limit(20),
        unmatchedRows().where(isNull(ucasUnmatchedRows.dealtWithAt)).orderBy(desc(ucasImports.importedAt), ucasUnmatchedRows.line).limit(200),
        unmatchedRows().where(isNotNull(ucasUnmatchedRows.dealtWithAt)).orderBy(desc(ucasUnmatchedRows.dealtWithAt), ucasUnmatchedRows.id).limit(200),
        openOffers(db),
      ]);
      const byDeadline = (a: OpenOffer, b: OpenOffer) => a.deadline.getTime() - b.deadline.getTime() || a.row.applicationId - b.row.applicationId;
      return {
        imports: imports.map(toImport),
        unmatched: unmatched.map(toUnmatched),
        unmatched_dealt_with: dealtWith.map(toUnmatched),
        lapsing: offers
          .filter((o) => isLapsing(o, now))
          .sort(byDeadline)
          .map(toOffer),
        lapsed: offers
          .filter((o) => isLapsed(o, now))
          .sort(byDeadline)
          .map(toOffer),
      };
    },

    /**
     * Marks a row not matched dealt with in one transaction: the row, still open, gets who (`user`),
     * when (`now`) and the note ('' when none) by a conditional update, so two Administrators at
     * once record it once; answers false when the row is not open (already dealt with, or removed
     * by erasure).
     */
    async markUnmatchedDealtWith(id: number, user: string, note: string): Promise<boolean> {
      const now = deps.now();
      return db.transaction(async (tx) => {
        const marked = await tx
          .update(ucasUnmatchedRows)
          .set({ dealtWithAt: now, dealtWithBy: user, dealtWithNote: note })
          .where(and(eq(ucasUnmatchedRows.id, id), isNull(ucasUnmatchedRows.dealtWithAt)))
          .returning({ id: ucasUnmatchedRows.id });
        return marked.length === 1;
      });
    },

    /**
     * Confirms a lapsed offer in one transaction: the row locked and still a lapsed offer (O, not
     * added in UCAS, deadline passed, on `ucasCode`), else 'not-lapsed'; then withdrawn (W) with the
     * reason 'lapsed' on its LOG, its place returned through the places ledger, the withdrawal email
     * (saying it lapsed) in the outbox and its events (withdrawn with reason 'lapsed').
     */
    async confirmLapse(
      applicationId: number,
      ucasCode: string,
      courseFacts: EmailCourseFacts | undefined,
      user: string,
      linkValidUntil: (intake: string) => Date,
    ) {
      const now = deps.now();
      return db.transaction(async (tx) => {
        const [offer] = await openOffers(tx, true, applicationId);
        if (!offer || !isLapsed(offer, now) || offer.row.ucasCode !== ucasCode.trim().toUpperCase()) return { kind: 'not-lapsed' } as const;
        const { row } = offer;
        await countStatusChange(tx, row.ucasCode, 'O', WITHDRAWN_STATUS, false);
        const [updated] = await tx
          .update(applications)
          .set({ status: WITHDRAWN_STATUS, subStatus: null, version: sql`${applications.version} + 1`, updatedAt: now })
          .where(eq(applications.applicationId, row.applicationId))
          .returning();
        await tx.insert(applicationLog).values({
          applicationId: row.applicationId,
          user,
          status: WITHDRAWN_STATUS,
          message: `${statusChangeMessage('O', WITHDRAWN_STATUS)} ${ucasLapseLogMessage(offer.deadline)}`,
          applicantMessage: statusChangeMessage('O', WITHDRAWN_STATUS),
          time: now,
        });
        await writeDecisionOutbox(tx, {
          row: updated!,
          previousStatus: 'O',
          source: 'staff',
          courseFacts,
          linkValidUntil: linkValidUntil(updated!.intake),
          withdrawalReason: 'lapsed',
        });
        await writeApplicationEvents(tx, { row: updated!, previousStatus: 'O', source: 'staff', user, at: now, withdrawalReason: 'lapsed' });
        return { kind: 'confirmed', applicationId: row.applicationId } as const;
      });
    },
  };
}
export type UcasReconciliation = ReturnType<typeof createUcasReconciliation>;
