import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { scenarios } from './scenarios';

/**
 * The qualifications a scenario's caller holds, one row per form item (domain.md "Qualification
 * catalogue"): `grp` is GCSE_QUALIFICATIONS or QUALIFICATIONS, `position` keeps the caller's order.
 * SUBJECT, GRADE and YEAR have columns; the other fields of a type (TITLE, TEST, SCORE, credits,
 * IB_TOTAL, EE_/TOK_ fields) are kept in `fields`. IB subjects are rows of scenario_ib_subjects.
 */
export const scenarioQualifications = pgTable(
  'scenario_qualifications',
  {
    id: serial('id').primaryKey(),
    scenarioId: text('scenario_id')
      .notNull()
      .references(() => scenarios.scenarioId, { onDelete: 'cascade' }),
    grp: text('grp').notNull(),
    position: smallint('position').notNull(),
    qualification: text('qualification').notNull(),
    subject: text('subject'),
    grade: text('grade'),
    year: text('year'),
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    check('scenario_qualifications_grp', sql`${t.grp} in ('GCSE_QUALIFICATIONS', 'QUALIFICATIONS')`),
    unique('scenario_qualifications_position_unique').on(t.scenarioId, t.grp, t.position),
  ],
);

/**
 * The Higher Level (HL) and Standard Level (SL) subjects of an IBO item, numbered 1 to 3 (spec
 * section 3; form fields HL_SUBJECT_n, HL_GRADE_n, HL_YEAR_n, SL_...).
 */
export const scenarioIbSubjects = pgTable(
  'scenario_ib_subjects',
  {
    qualificationId: integer('qualification_id')
      .notNull()
      .references(() => scenarioQualifications.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    sequence: smallint('sequence').notNull(),
    subject: text('subject'),
    grade: text('grade'),
    year: text('year'),
  },
  (t) => [
    check('scenario_ib_subjects_level', sql`${t.level} in ('HL', 'SL')`),
    check('scenario_ib_subjects_sequence', sql`${t.sequence} between 1 and 3`),
    unique('scenario_ib_subjects_slot_unique').on(t.qualificationId, t.level, t.sequence),
  ],
);
