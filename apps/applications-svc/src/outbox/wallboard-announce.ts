import { decisionEmailPayloadSchema, OUTBOX_KINDS, wallboardChannel, type WallboardEvent } from '@clearing-desk/contracts';

/**
 * The outbox relay's announcement of a relayed row to the supervisors' wallboards of this stack
 * (contracts figures/wallboard.ts, docs/domain/wallboard.md "Live updates"): each decision (a
 * `decision-email` row) as a WallboardEvent on the channel of `prefix` (the stack's
 * NOTIFICATIONS_QUEUE_PREFIX, contracts wallboardChannel); nothing for other kinds or a payload
 * that does not parse.
 */
export function wallboardAnnouncer(prefix: string): (row: { kind: string; payload: unknown }) => { channel: string; message: string } | null {
  const channel = wallboardChannel(prefix);
  return (row) => {
    if (row.kind !== OUTBOX_KINDS.DECISION_EMAIL) return null;
    const decision = decisionEmailPayloadSchema.safeParse(row.payload);
    if (!decision.success) return null;
    const event: WallboardEvent = { type: 'decision', UCAS_CODE: decision.data.ucasCode, STATUS: decision.data.status, AT: decision.data.decidedAt };
    return { channel, message: JSON.stringify(event) };
  };
}
