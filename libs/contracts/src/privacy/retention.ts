import { z } from 'zod';
import type { ApplicationStatus } from '../status/status-codes';

/**
 * The retention schedule (UK GDPR Article 5(1)(e), storage limitation): how many months each kind
 * of record is kept before the nightly retention job deletes or anonymises it. Applications are
 * anonymised, never deleted, so the figures keep counting them (docs/domain/data-protection.md);
 * uploads are deleted (the stored file too), email bodies and outbox payloads blanked, staff reads
 * and sign-ins deleted. The schedule is configuration (gateway RETENTION_SCHEDULE), per outcome
 * with overrides per Clearing cycle (the application's intake, e.g. '2025/26').
 */
export const RETENTION_CATEGORIES = ['offered', 'unsuccessful', 'withdrawn', 'enquiries', 'uploads', 'emailBodies', 'staffAudit'] as const;
export const retentionCategorySchema = z.enum(RETENTION_CATEGORIES);
export type RetentionCategory = z.infer<typeof retentionCategorySchema>;

/** The outcome categories of an application, by its STATUS (domain.md "Statuses"). */
export const RETENTION_OUTCOME_STATUSES = {
  offered: ['O'],
  unsuccessful: ['X', 'R', 'P', 'D'],
  withdrawn: ['W'],
  // Never decided either way: a public submission waiting (S) or an interview invitation (I).
  enquiries: ['S', 'I'],
} as const satisfies Partial<Record<RetentionCategory, readonly ApplicationStatus[]>>;
export type RetentionOutcome = keyof typeof RETENTION_OUTCOME_STATUSES;
export const RETENTION_OUTCOMES = Object.keys(RETENTION_OUTCOME_STATUSES) as RetentionOutcome[];

/**
 * The defaults, in months (docs/domain/data-protection.md gives the reasons): an offer is kept two
 * years (the place may be enrolled, deferred or complained about), other outcomes one year (a
 * complaint or a re-application in the next cycle), undecided enquiries and uploads six months,
 * email bodies six months (the History keeps that an email went), staff reads two years (audit).
 */
export const DEFAULT_RETENTION_MONTHS: Record<RetentionCategory, number> = {
  offered: 24,
  unsuccessful: 12,
  withdrawn: 12,
  enquiries: 6,
  uploads: 6,
  emailBodies: 6,
  staffAudit: 24,
};

const months = z.number().int().min(0).max(240);

/** The schedule: months per category, and per cycle (intake) overrides of the application outcomes. */
export const retentionScheduleSchema = z.object({
  months: z
    .object(
      Object.fromEntries(RETENTION_CATEGORIES.map((c) => [c, months.default(DEFAULT_RETENTION_MONTHS[c])])) as Record<
        RetentionCategory,
        z.ZodDefault<typeof months>
      >,
    )
    .default(DEFAULT_RETENTION_MONTHS),
  cycles: z
    .record(z.string(), z.partialRecord(z.enum(RETENTION_OUTCOMES as [RetentionOutcome, ...RetentionOutcome[]]), months))
    // The key checked here rather than by the record's key schema, whose refusal names no rule.
    .superRefine((cycles, ctx) => {
      for (const cycle of Object.keys(cycles)) {
        if (!/^\d{4}\/\d{2}$/.test(cycle)) ctx.addIssue({ code: 'custom', path: [cycle], message: "a cycle is an intake like '2025/26'" });
      }
    })
    .default({}),
});
export type RetentionSchedule = z.infer<typeof retentionScheduleSchema>;
export const DEFAULT_RETENTION_SCHEDULE: RetentionSchedule = retentionScheduleSchema.parse({});

/** Months a record of `category` is kept; an application outcome of cycle `intake` takes that cycle's override. */
export function retentionMonths(schedule: RetentionSchedule, category: RetentionCategory, intake?: string): number {
  const cycle = intake ? schedule.cycles[intake] : undefined;
  return (cycle as Partial<Record<RetentionCategory, number>> | undefined)?.[category] ?? schedule.months[category];
}

/** The moment before which a record of `months` retention is past its date at `now` (calendar months, UTC). */
export function retentionCutoff(monthsKept: number, now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - monthsKept);
  return cutoff;
}

/** What each category is, what it is counted from, and what happens at its date: one text for the Administrators' screen and the privacy notice. */
export const RETENTION_TEXTS: Record<RetentionCategory, { LABEL: string; ALSO?: string; FROM: string; THEN: string }> = {
  offered: { LABEL: 'Applications offered a place', FROM: 'the last change to the application', THEN: 'your personal details are removed' },
  unsuccessful: {
    LABEL: 'Unsuccessful applications (rejected, referred, pooled or duplicate)',
    FROM: 'the last change to the application',
    THEN: 'your personal details are removed',
  },
  withdrawn: { LABEL: 'Withdrawn applications', FROM: 'the withdrawal', THEN: 'your personal details are removed' },
  enquiries: {
    LABEL: 'Applications never decided (waiting or invited to interview)',
    // The callers of calls booked without applying are kept as long (applications-svc retention,
    // callbacks.callers), from the base months only: a cycle's override is of its applications.
    ALSO: 'and calls booked without an application',
    FROM: 'the last change to the application or the end of the booked call',
    THEN: 'your personal details are removed',
  },
  uploads: { LABEL: 'Documents you upload', FROM: 'the upload', THEN: 'the documents are deleted' },
  emailBodies: { LABEL: 'Emails we send you', FROM: 'sending', THEN: 'the email text and address are deleted' },
  staffAudit: { LABEL: 'Records of staff reading your application', FROM: 'the read', THEN: 'the records are deleted' },
};

/** '24 months' / '1 month'. */
export const monthsText = (n: number): string => `${n} month${n === 1 ? '' : 's'}`;

/** One sentence per category, as the privacy notice and the Administrators' screen print it. */
export function retentionLine(schedule: RetentionSchedule, category: RetentionCategory): string {
  const t = RETENTION_TEXTS[category];
  return `${t.LABEL}${t.ALSO ? ` ${t.ALSO}` : ''}: kept for ${monthsText(schedule.months[category])} from ${t.FROM}, then ${t.THEN}.`;
}

/** One sentence per cycle override. */
export function retentionCycleLines(schedule: RetentionSchedule): string[] {
  return Object.entries(schedule.cycles).flatMap(([cycle, outcomes]) =>
    Object.entries(outcomes).map(
      ([o, n]) => `For the ${cycle} cycle, ${RETENTION_TEXTS[o as RetentionOutcome].LABEL.toLowerCase()}: ${monthsText(n as number)}.`,
    ),
  );
}

export const RETENTION_SCREEN_TEXTS = {
  TITLE: 'Retention schedule',
  INTRO: 'Every night the retention job removes personal data past these dates from every service. Applications are anonymised, so figures still count them.',
  CYCLES: 'Cycle overrides',
  RUNS: 'Retention runs',
  RUNS_EMPTY: 'The retention job has not run yet.',
  RUN_NOW: 'Run retention now',
  RAN: 'Retention run finished.',
  NOTICE_HEADING: 'How long we keep your data',
  /** The privacy notice's word on erasure: the one retention rule that keeps data on request (ERASURE_BLOCKING_STATUSES). */
  NOTICE_ERASURE:
    'When you ask us to delete your data, we remove your personal details from every part of this service. While you hold an offer of a place, we keep your application until the offer is withdrawn or declined.',
} as const;

/** What the gateway sends each service's retention endpoint: the schedule and the moment it runs at (ISO 8601). */
export const retentionRunRequestSchema = z.object({ schedule: retentionScheduleSchema, now: z.iso.datetime({ offset: true }) });
export type RetentionRunRequest = z.infer<typeof retentionRunRequestSchema>;

/** A service's counts of what it deleted or anonymised, by what (e.g. 'applications.unsuccessful', 'files.deleted'). */
export const retentionCountsSchema = z.record(z.string(), z.number().int().nonnegative());
export type RetentionCounts = z.infer<typeof retentionCountsSchema>;
export const retentionPartSchema = z.object({ counts: retentionCountsSchema });

export const RETENTION_TRIGGERS = ['nightly', 'manual'] as const;

/** One run of the retention job as recorded (applications-svc retention_runs). */
export const retentionRunSchema = z.object({
  ID: z.number().int(),
  TRIGGER: z.enum(RETENTION_TRIGGERS),
  STARTED_AT: z.string(),
  FINISHED_AT: z.string(),
  COUNTS: retentionCountsSchema,
  /** null when every service did its part; else which failed (the next run goes on where it stopped). */
  ERROR: z.string().nullable(),
});
export type RetentionRun = z.infer<typeof retentionRunSchema>;
export const retentionRunRecordSchema = retentionRunSchema.omit({ ID: true });
export const retentionRunListSchema = z.object({ rows: z.array(retentionRunSchema) });
export type RetentionRunList = z.infer<typeof retentionRunListSchema>;

/** GET /api/privacy/retention: the schedule in force with its sentences (public: the privacy notice prints it). */
export const retentionScheduleResponseSchema = z.object({
  schedule: retentionScheduleSchema,
  lines: z.array(z.string()),
  cycleLines: z.array(z.string()),
});
export type RetentionScheduleResponse = z.infer<typeof retentionScheduleResponseSchema>;

/** The schedule's answer (one function for the gateway and the web's tests). */
export const retentionScheduleResponse = (schedule: RetentionSchedule): RetentionScheduleResponse => ({
  schedule,
  lines: RETENTION_CATEGORIES.map((c) => retentionLine(schedule, c)),
  cycleLines: retentionCycleLines(schedule),
});
export type RetentionRunRecord = z.infer<typeof retentionRunRecordSchema>;
