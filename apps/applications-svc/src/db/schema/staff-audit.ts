import type { AuditAction, AuditScreen } from '@clearing-desk/contracts';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from './applications';

/**
 * The audit trail of staff access beside the History LOG (which holds the changes): every read of
 * an application by staff (user, time, screen), and the gateway's sign-ins, sign-outs and role
 * changes (no application). Rows are only ever added; an application's erasure keeps its reads
 * with the application left out (set null), so who looked stays answerable.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    username: text('username').notNull(),
    action: text('action').$type<Exclude<AuditAction, 'WRITE'>>().notNull(),
    screen: text('screen').$type<AuditScreen>(),
    applicationId: integer('application_id').references(() => applications.applicationId, { onDelete: 'set null' }),
    /** Student and course of the application ('2600001/G400'), kept when the row is erased. */
    applicationKey: text('application_key'),
    detail: text('detail').notNull().default(''),
  },
  (t) => [index('staff_audit_application_idx').on(t.applicationId, t.at), index('staff_audit_at_idx').on(t.at)],
);
