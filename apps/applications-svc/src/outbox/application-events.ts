import { randomUUID } from 'node:crypto';
import {
  APPLICATION_EVENT_TYPES,
  applicationEventSchema,
  OUTBOX_KINDS,
  WITHDRAWN_STATUS,
  type ApplicationEvent,
  type ApplicationEventSubject,
  type ApplicationStatus,
} from '@clearing-desk/contracts';
import { currentTraceparent } from '@clearing-desk/service-kit';
import { sql } from 'drizzle-orm';
import { applications, outbox } from '../db/schema';
import type { Executor } from '../repositories/applications-repository';

type ApplicationRow = typeof applications.$inferSelect;

/**
 * One change to an application as the events describe it: the row as it is after the change,
 * the status before it (null for a new application), who made it and when (the transaction's time).
 */
export type ApplicationChange = {
  row: ApplicationRow;
  previousStatus: ApplicationStatus | null;
  source: 'public' | 'staff';
  /** A staff username, or 'public'. */
  user: string;
  at: Date;
  /** A person's review of the automatic decision: a decision event even though the status may stay. */
  review?: { OUTCOME: 'UPHELD' | 'CHANGED' };
  /** Why a withdrawal was made ('lapsed': an offer not added in UCAS by its deadline); the withdrawn event carries it. */
  withdrawalReason?: 'lapsed';
};

/** The identifiers of the application a record system matches it by. */
export function eventSubject(row: ApplicationRow): ApplicationEventSubject {
  return {
    applicationId: String(row.applicationId),
    studentId: row.studentId,
    ucasPersonalId: row.ucasPersonalId ?? null,
    courseCode: row.ucasCode,
    courseCodeOverride: row.courseCodeOverride ?? null,
    reference: `${row.departNumber}${row.reference}`,
    cycle: row.intake,
  };
}

/**
 * The events one change makes, in the order they happened (docs/domain/events.md "Which events"):
 * a new application: created, then its decision; a changed status: status-changed, the decision,
 * and withdrawn when it became W; a review's outcome: its decision; an edit that keeps the
 * status: none. Pure: ids are fresh UUIDs, every event carries `change.at`.
 */
export function applicationEventsOf(change: ApplicationChange): ApplicationEvent[] {
  const { row, previousStatus } = change;
  const base = { occurredAt: change.at.toISOString(), application: eventSubject(row) };
  const decision: ApplicationEvent = {
    id: randomUUID(),
    type: APPLICATION_EVENT_TYPES.DECISION,
    ...base,
    data: {
      status: row.status,
      subStatus: row.subStatus ?? null,
      reasons: row.rejectionReasons.map((r) => r.MESSAGE),
      ruleVersion: row.decisionRules ?? null,
      source: change.source,
      decidedBy: change.user,
      review: change.review ? { outcome: change.review.OUTCOME } : null,
    },
  };
  if (previousStatus === null) {
    return [
      {
        id: randomUUID(),
        type: APPLICATION_EVENT_TYPES.CREATED,
        ...base,
        data: { status: row.status, subStatus: row.subStatus ?? null, source: change.source, createdBy: row.createdBy },
      },
      decision,
    ];
  }
  if (previousStatus === row.status) return change.review ? [decision] : [];
  return [
    { id: randomUUID(), type: APPLICATION_EVENT_TYPES.STATUS_CHANGED, ...base, data: { previousStatus, status: row.status, subStatus: row.subStatus ?? null } },
    decision,
    ...(row.status === WITHDRAWN_STATUS
      ? [
          {
            id: randomUUID(),
            type: APPLICATION_EVENT_TYPES.WITHDRAWN,
            ...base,
            data: { previousStatus, withdrawnBy: change.user, ...(change.withdrawalReason ? { reason: change.withdrawalReason } : {}) },
          } satisfies ApplicationEvent,
        ]
      : []),
  ];
}

/**
 * Writes the events of `change` (applicationEventsOf) into the outbox in the caller's transaction
 * `tx`, one row each (kind 'application-event', the event's id as the row's id, the event as its
 * payload, validated by the contract first so a reader never meets a malformed one). The rows are
 * written relayed: no queue takes them; the events feed reads them from the table by a commit-safe
 * cursor. Returns the events written.
 */
export async function writeApplicationEvents(tx: Executor, change: ApplicationChange): Promise<ApplicationEvent[]> {
  const events = applicationEventsOf(change).map((e) => applicationEventSchema.parse(e));
  if (events.length === 0) return events;
  await tx.insert(outbox).values(
    events.map((event) => ({
      id: event.id,
      aggregateId: event.application.applicationId,
      kind: OUTBOX_KINDS.APPLICATION_EVENT,
      payload: event,
      relayedAt: sql`now()`,
      traceparent: currentTraceparent(),
    })),
  );
  return events;
}

/**
 * Writes one event that is not a status change (a UCAS choice added, an offer lapsing) into the
 * outbox in the caller's transaction, as writeApplicationEvents does: validated by the contract,
 * written relayed, read by the events feed and the webhooks. Returns the event.
 */
export async function writeApplicationEvent(
  tx: Executor,
  row: ApplicationRow,
  at: Date,
  event:
    | { type: typeof APPLICATION_EVENT_TYPES.UCAS_CHOICE_ADDED; data: { status: ApplicationStatus; importId: string; importSource: 'upload' | 'folder' } }
    | { type: typeof APPLICATION_EVENT_TYPES.OFFER_LAPSING; data: { deadline: string; reminderSent: boolean } },
): Promise<ApplicationEvent> {
  const parsed = applicationEventSchema.parse({ id: randomUUID(), occurredAt: at.toISOString(), application: eventSubject(row), ...event });
  await tx.insert(outbox).values({
    id: parsed.id,
    aggregateId: parsed.application.applicationId,
    kind: OUTBOX_KINDS.APPLICATION_EVENT,
    payload: parsed,
    relayedAt: sql`now()`,
    traceparent: currentTraceparent(),
  });
  return parsed;
}
