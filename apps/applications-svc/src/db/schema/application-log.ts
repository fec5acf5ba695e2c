import type { ApplicationStatus } from '@clearing-desk/contracts';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from './applications';

/**
 * An application's history LOG (domain.md "Statuses"): a row for every create, update, status
 * change and outbound call, with time, user and message; status is the status it left.
 * `applicant_message` is what the applicant's own review page (by hash) shows for the row: set
 * only for the rows meant for the applicant (the create and each status change), null for the
 * internal ones (field changes, outbound calls, visa records, downloads: the applicant sees no staff data).
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
    applicantMessage: text('applicant_message'),
  },
  (t) => [index('application_log_application_idx').on(t.applicationId, t.id)],
);
