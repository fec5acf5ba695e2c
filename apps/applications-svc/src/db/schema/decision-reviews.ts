import type { DecisionReviewOutcome } from '@clearing-desk/contracts';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { applications } from './applications';

/**
 * Requests for a person to review an automatic decision (UK GDPR Article 22 safeguards): the
 * applicant's reason, when a person must answer by (config DECISION_REVIEW_RESPONSE_DAYS), and the
 * outcome a back office member recorded (emailed through the outbox). Removed with the application.
 */
export const decisionReviews = pgTable(
  'decision_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.applicationId, { onDelete: 'cascade' }),
    /** The applicant's free text. */
    reason: text('reason').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    respondBy: timestamp('respond_by', { withTimezone: true }).notNull(),
    outcome: text('outcome').$type<DecisionReviewOutcome>(),
    /** What the reviewer told the applicant. */
    note: text('note'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('decision_reviews_application_idx').on(t.applicationId), index('decision_reviews_requested_idx').on(t.requestedAt)],
);
