import type { QualField, QualificationCode, QualificationGroup } from '@clearing-desk/contracts';
import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { courses } from './courses';

/** The qualification types a course offers, in display order (spec section 3 qualOptions). */
export const courseQualificationOptions = pgTable(
  'course_qualification_options',
  {
    ucasCode: text('ucas_code')
      .notNull()
      .references(() => courses.ucasCode, { onDelete: 'cascade' }),
    qualification: text('qualification').$type<QualificationCode>().notNull(),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    group: text('group').$type<QualificationGroup>().notNull(),
    countsTowardsTariff: boolean('counts_towards_tariff').notNull().default(true),
    /** Fields with the course's option colours and required flags, validated by qualFieldSchema. */
    fields: jsonb('fields').$type<QualField[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ucasCode, t.qualification] })],
);
