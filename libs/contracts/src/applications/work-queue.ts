import { z } from 'zod';
import { formatLondonDateTime, formatLondonTime } from '../common/london-time';
import type { ApplicationStatus } from '../status/status-codes';
import { queueCallerSchema } from './callback-requests';
import { CALL_OUTCOME_OPTIONS, waitingTime } from './desk';

/**
 * The desk's one work queue (docs/domain/work-queue.md): 'Next call' gives an adviser the most
 * urgent application they may handle, in one order. The order is this module's pure rule; the
 * service (applications-svc `queue/`) finds the candidates, computes their deadlines and claims
 * the first free one atomically.
 */

/**
 * The kinds of work, most urgent first (spec section 4 and domain.md "Decision emails"):
 * - `callback`: a callback the applicant booked, now in its window;
 * - `offer-lapsing`: an offer (O) whose deadline to add the university in UCAS Hub falls within
 *   the configured hours;
 * - `referral-due`: a referral (R) whose answer is due back (12:00 the next working day);
 * - `public-waiting`: a public submission (S) nobody has called yet, oldest first;
 * - `will-call-back`: the last outbound call's outcome was 'Student will call back'.
 */
export const WORK_QUEUE_KINDS = ['callback', 'offer-lapsing', 'referral-due', 'public-waiting', 'will-call-back'] as const;
export type WorkQueueKind = (typeof WORK_QUEUE_KINDS)[number];
export const workQueueKindSchema = z.enum(WORK_QUEUE_KINDS);

/** The outbound-call outcome that puts an application last in the queue (spec section 3 reference lists). */
export const WILL_CALL_BACK_OUTCOME = CALL_OUTCOME_OPTIONS[3];

/**
 * What the rule needs to know of one application (times are ISO 8601 instants):
 * `deadline` is its decision's deadline (decisionDeadline: an offer's or a referral's), null when
 * none; `callback` the window of a callback the applicant booked, if any; `lastCallAt` when the
 * last outbound call was logged.
 */
export type WorkQueueCandidate = {
  status: ApplicationStatus;
  /** Created by the public (not taken by phone). */
  public: boolean;
  submittedAt: string;
  deadline: string | null;
  outboundCallRemark: string | null;
  lastCallAt: string | null;
  callback: { start: string; end: string } | null;
};

/** Settings of the rule (applications-svc config): how close an offer's deadline must be to count as lapsing. */
export type WorkQueueRules = { offerLapsingHours: number };

/** A candidate's place in the queue: its kind and the instant that orders it within the kind (earliest first). */
export type WorkQueueEntry = { kind: WorkQueueKind; dueAt: string };

const at = (iso: string) => new Date(iso).getTime();

/**
 * The kind of work an application is now, the most urgent that applies, and the instant it is
 * ordered by within that kind; null when it is not in the queue.
 * - callback: `now` inside [start, end) of its window; ordered by the window's start;
 * - offer-lapsing: status O and now < deadline <= now + offerLapsingHours; by the deadline;
 * - referral-due: status R and the deadline not yet passed; by the deadline;
 * - public-waiting: status S created by the public, not called yet (no outbound call logged); by when it was submitted;
 * - will-call-back: the remark starts with 'Student will call back'; by when that call was logged.
 */
export function workQueueEntry(candidate: WorkQueueCandidate, now: Date, rules: WorkQueueRules): WorkQueueEntry | null {
  const t = now.getTime();
  const { callback, deadline } = candidate;
  if (callback && at(callback.start) <= t && t < at(callback.end)) return { kind: 'callback', dueAt: callback.start };
  if (candidate.status === 'O' && deadline && at(deadline) > t && at(deadline) <= t + rules.offerLapsingHours * 3_600_000) {
    return { kind: 'offer-lapsing', dueAt: deadline };
  }
  if (candidate.status === 'R' && deadline && at(deadline) > t) return { kind: 'referral-due', dueAt: deadline };
  // Waiting means nobody has called them yet: a call logged is an outcome.
  if (candidate.status === 'S' && candidate.public && candidate.lastCallAt === null) return { kind: 'public-waiting', dueAt: candidate.submittedAt };
  if (candidate.outboundCallRemark?.startsWith(WILL_CALL_BACK_OUTCOME)) {
    return { kind: 'will-call-back', dueAt: candidate.lastCallAt ?? candidate.submittedAt };
  }
  return null;
}

/**
 * The queue's order: by kind (WORK_QUEUE_KINDS), then the earliest `dueAt`, then `id` (a stable
 * tie-break). Answers a new array; the input is left as it is.
 */
export function orderWorkQueue<T extends WorkQueueEntry & { id: string }>(entries: readonly T[]): T[] {
  const rank = (kind: WorkQueueKind) => WORK_QUEUE_KINDS.indexOf(kind);
  return [...entries].sort((a, b) => rank(a.kind) - rank(b.kind) || at(a.dueAt) - at(b.dueAt) || a.id.localeCompare(b.id, 'en', { numeric: true }));
}

/** Why an item is the adviser's next call, as the screen shows it (times in Europe/London). */
export function workQueueReason(entry: WorkQueueEntry, now: Date): string {
  switch (entry.kind) {
    case 'callback':
      return `Callback booked for ${formatLondonTime(new Date(entry.dueAt))}: call the applicant now.`;
    case 'offer-lapsing':
      return `Offer lapses at ${formatLondonDateTime(new Date(entry.dueAt))}: remind the applicant to add us in UCAS Hub.`;
    case 'referral-due':
      return `Referral due back by ${formatLondonDateTime(new Date(entry.dueAt))}: give the applicant the answer.`;
    case 'public-waiting':
      return `Public submission waiting ${waitingTime(entry.dueAt, now)}: call the applicant about their application.`;
    case 'will-call-back':
      return `The student said they would call back (${formatLondonTime(new Date(entry.dueAt))}) and has not: try them again.`;
  }
}

/** One claimed item of the queue: the application to open, why, and until when it is the adviser's. */
export const workQueueItemSchema = z.object({
  kind: workQueueKindSchema,
  reason: z.string(),
  due_at: z.string(),
  claimed_until: z.string(),
  STUDENT_ID: z.string(),
  APPLICATION_ID: z.string(),
  UCAS_CODE: z.string(),
  NAME: z.string(),
  /**
   * A booked call without an application (asked for from the course page): the caller's details,
   * which open the phone-entry form prefilled; STUDENT_ID and APPLICATION_ID are then ''.
   */
  CALLER: queueCallerSchema.nullable().optional(),
});
export type WorkQueueItem = z.infer<typeof workQueueItemSchema>;

/** Answer of POST /api/admin/queue/next: the item now claimed for the adviser (their open one first), or null when none waits. */
export const workQueueNextResponseSchema = z.object({ item: workQueueItemSchema.nullable() });
export type WorkQueueNextResponse = z.infer<typeof workQueueNextResponseSchema>;
