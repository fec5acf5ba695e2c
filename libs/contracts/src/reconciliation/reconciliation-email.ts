import { z } from 'zod';
import type { ReconciliationReport } from './reconciliation';
import { RECONCILIATION_TEXTS as T } from './reconciliation-texts';
import { staffEmailPayloadSchema } from '../notifications/outbox';

/**
 * The nightly email of a report with a difference: its subject and its lines, each difference
 * named (status, source, its count and the figures'). Pure; the same words whatever sends it.
 */
export function reconciliationEmail(report: ReconciliationReport): { subject: string; lines: string[] } {
  const urlOf = new Map(report.endpoints.map((e) => [e.id, e.url]));
  const lines: string[] = [];
  for (const row of report.rows) {
    if (row.eventsDiffer) lines.push(T.emailLine(row.label, row.status, T.EMAIL_SOURCE_EVENTS, row.events, row.figures));
    for (const endpoint of row.endpoints) {
      if (endpoint.differs)
        lines.push(T.emailLine(row.label, row.status, T.emailSourceEndpoint(urlOf.get(endpoint.id) ?? endpoint.id), endpoint.delivered, row.figures));
    }
  }
  return {
    subject: T.emailSubject(report.day, report.differences),
    lines: [T.emailIntro(report.day, report.cycle), ...lines, T.emailOutro],
  };
}

/**
 * Payload of an outbox row of kind 'reconciliation-email': one staff recipient and the email's
 * words, written with the stored report in its transaction (the nightly job, only when the
 * report has a difference).
 */
export const reconciliationEmailPayloadSchema = staffEmailPayloadSchema.extend({
  reportId: z.string(),
  day: z.iso.date(),
});
export type ReconciliationEmailPayload = z.infer<typeof reconciliationEmailPayloadSchema>;
export const reconciliationEmailJobSchema = z.object({ outboxId: z.uuid(), payload: reconciliationEmailPayloadSchema });
