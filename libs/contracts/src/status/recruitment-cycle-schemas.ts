import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2026-08-13');

/**
 * A recruitment cycle as stored (domain.md "Recruitment cycles"; applications-svc owns it): its
 * NAME (the intake, '2026/27'), the Clearing window (CLEARING_OPENS, and CLEARING_CLOSES, the
 * last day to add a Clearing choice), RESULTS_DAY, the default COURSE_START_DATE and the Tariff
 * tables' version. Dates are yyyy-mm-dd (Europe/London). The rules are in rules/recruitment-cycle.
 */
export const recruitmentCycleSchema = z.object({
  NAME: z.string().regex(/^\d{4}\/\d{2}$/, 'a cycle name like 2026/27'),
  CLEARING_OPENS: isoDate,
  CLEARING_CLOSES: isoDate,
  RESULTS_DAY: isoDate,
  COURSE_START_DATE: isoDate,
  TARIFF_VERSION: z.string().min(1).max(20),
});
export type RecruitmentCycle = z.infer<typeof recruitmentCycleSchema>;

/** The current cycle as every screen reads it: the cycle, and whether its Clearing window contains today (by the service's clock). */
export const currentCycleSchema = recruitmentCycleSchema.extend({ IN_WINDOW: z.boolean() });
export type CurrentCycle = z.infer<typeof currentCycleSchema>;

/** One roll in the cycle's history: who rolled, when, from which cycle to which (the settings page's 'Recent changes'). */
export const cycleRollEntrySchema = z.object({ at: z.string(), username: z.string(), FROM: z.string(), TO: z.string() });
export type CycleRollEntry = z.infer<typeof cycleRollEntrySchema>;

/** GET /api/admin/cycle: the current cycle, the one a roll would create, and the rolls made so far (newest first). */
export const cycleResponseSchema = z.object({
  current: currentCycleSchema,
  next: recruitmentCycleSchema,
  rolls: z.array(cycleRollEntrySchema),
});
export type CycleResponse = z.infer<typeof cycleResponseSchema>;

/**
 * POST /api/admin/cycle/roll: the cycle the Administrator confirmed rolling from. A roll from a
 * cycle that is no longer current (someone rolled first, or the request is repeated) is a 409,
 * so one confirmation never rolls twice.
 */
export const cycleRollRequestSchema = z.strictObject({ FROM: z.string().min(1).max(20) });
export type CycleRollRequest = z.infer<typeof cycleRollRequestSchema>;

/**
 * Payload of an outbox row of kind 'course-starts', written in the roll's transaction: courses-svc
 * moves every course starting on FROM (the old cycle's default start date) to TO (the new one's),
 * in one transaction with a history entry per course, once however often the job runs (a course
 * already moved no longer starts on FROM).
 */
export const courseStartsMovedEventSchema = z.object({
  FROM_CYCLE: z.string(),
  TO_CYCLE: z.string(),
  FROM: isoDate,
  TO: isoDate,
  username: z.string(),
  at: z.string(),
});
export type CourseStartsMovedEvent = z.infer<typeof courseStartsMovedEventSchema>;

/** A BullMQ job of the course-starts queue: the outbox row's id and payload. */
export const courseStartsJobSchema = z.object({ outboxId: z.uuid(), payload: courseStartsMovedEventSchema });
