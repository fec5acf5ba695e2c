import type { WallboardAlertThreshold } from '@clearing-desk/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The wallboard's alerts (docs/domain/wallboard.md "Alerts"): a course that passed a threshold
 * (filling fast, full) in a recruitment cycle, raised in the transaction of the offer that passed
 * it, with the supervisors' emails in the outbox. At most one standing alert per cycle, course and
 * threshold (the partial unique index): two decisions passing it at once raise one, the second
 * insert waits for the first and then does nothing. A course reopened clears its 'full' alert
 * (cleared_at), so a new fill alerts once more. The course's school and department are the
 * application's, for the board's scopes. Names a course, not a person.
 */
export const wallboardAlerts = pgTable(
  'wallboard_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cycle: text('cycle').notNull(),
    ucasCode: text('ucas_code').notNull(),
    threshold: text('threshold').$type<WallboardAlertThreshold>().notNull(),
    /** The filling-fast threshold (minutes) when raised; null for 'full'. */
    minutes: integer('minutes'),
    courseTitle: text('course_title').notNull(),
    school: text('school').notNull(),
    dept: text('dept').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallboard_alerts_standing_unique')
      .on(t.cycle, t.ucasCode, t.threshold)
      .where(sql`${t.clearedAt} is null`),
    index('wallboard_alerts_raised_idx').on(t.raisedAt),
  ],
);
