import type { DecisionEmailKind, EmailState } from '@clearing-desk/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A file sent with an email (a callback's .ics invitation): its name, MIME type and text content. */
export type EmailAttachment = { filename: string; contentType: string; content: string };

/**
 * Every email this service was asked to send: what (kind, rendered subject and
 * bodies), to whom, why (the outbox row, the application, the status), its attempts, the SMTP
 * server's answer and when it was sent or failed. `outbox_id` is unique: one outbox row (one
 * decision) is one email, however often its job runs. A staff resend is a row of its own
 * (`resend_of`), with a fresh id as its key and Message-ID.
 */
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey(),
    /** The outbox row (applications-svc) this email announces; a resend's own id. */
    outboxId: uuid('outbox_id').notNull().unique('emails_outbox_id_unique'),
    kind: text('kind').$type<DecisionEmailKind>().notNull(),
    applicationId: text('application_id').notNull(),
    studentId: text('student_id').notNull(),
    ucasCode: text('ucas_code').notNull(),
    /** The decision (status) it announces. */
    status: text('status').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    messageId: text('message_id').notNull(),
    state: text('state').$type<EmailState>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    smtpResponse: text('smtp_response'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    resendOf: uuid('resend_of'),
    requestedBy: text('requested_by'),
    /** Files sent with it, rendered once with the email (a resend sends the same ones); null: none. */
    attachments: jsonb('attachments').$type<EmailAttachment[]>(),
  },
  (t) => [
    index('emails_application_idx').on(t.applicationId, t.queuedAt),
    index('emails_ucas_code_state_idx').on(t.ucasCode, t.state),
    check('emails_state', sql`${t.state} in ('queued', 'sent', 'failed')`),
  ],
);
export type EmailRow = typeof emails.$inferSelect;
