import type { ApplicationStatus } from '@clearing-desk/contracts';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from './applications';

/**
 * An application's history LOG (domain.md "Statuses"): a row for every create, update, status
 * change and outbound call, with time, user and message; status is the status it left.
 */
export const applicationLog = pgTable(
  'application_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
    user: text('user').notNull(),
    status: text('status').$type<ApplicationStatus>(),
    message: text('message').notNull(),
  },
  (t) => [index('application_log_application_idx').on(t.applicationId, t.id)],
);
