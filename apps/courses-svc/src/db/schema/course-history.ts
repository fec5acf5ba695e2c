import type { CourseFieldChange } from '@clearing-desk/contracts';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { courses } from './courses';

/**
 * Course history: one row per saved course change, with the staff user, the time and
 * every changed field's old and new value. Written in the same transaction as the change.
 */
export const courseHistory = pgTable(
  'course_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ucasCode: text('ucas_code')
      .notNull()
      .references(() => courses.ucasCode, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    username: text('username').notNull(),
    changes: jsonb('changes').$type<CourseFieldChange[]>().notNull(),
    /** The applications-svc outbox row a places change came from: written once however often its job runs. */
    eventId: uuid('event_id').unique('course_history_event_unique'),
  },
  (t) => [index('course_history_course_idx').on(t.ucasCode, t.id)],
);
