import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/**
 * One scripted caller (spec section 3 "Scenario (training)"). Columns are the spec's fields in
 * snake case; DEPT_NAME is kept beside DEPT for DEPT_LIST (copied from the demo catalogue when
 * seeded: this service never reads courses-svc's tables).
 */
export const scenarios = pgTable(
  'scenarios',
  {
    scenarioId: text('scenario_id').primaryKey(),
    hash: text('hash').notNull().unique('scenarios_hash_unique'),
    name1: text('name1').notNull(),
    name2: text('name2').notNull(),
    dob: date('dob', { mode: 'string' }).notNull(),
    gender: text('gender').notNull(),
    feedbackTelephone: text('feedback_telephone'),
    courseQualification: text('course_qualification').notNull(),
    courseTitle: text('course_title').notNull(),
    ucasCode: text('ucas_code').notNull(),
    courseCodeOverride: text('course_code_override'),
    dept: text('dept').notNull(),
    deptName: text('dept_name').notNull(),
    secondYearEntry: text('second_year_entry').notNull(),
    ucasPersonalId: text('ucas_personal_id').notNull().default(''),
    over18: smallint('over18').notNull(),
    eea: smallint('eea').notNull(),
    nationality: text('nationality').notNull(),
    email: text('email').notNull(),
    tel1: text('tel1').notNull(),
    stageDirection: text('stage_direction').notNull(),
    additionalInstruction: text('additional_instruction').notNull().default(''),
    courseStartDate: date('course_start_date', { mode: 'string' }).notNull(),
  },
  (t) => [
    check('scenarios_gender', sql`${t.gender} in ('M', 'F')`),
    check('scenarios_second_year_entry', sql`${t.secondYearEntry} in ('0', '1')`),
    check('scenarios_over18', sql`${t.over18} in (0, 1)`),
    check('scenarios_eea', sql`${t.eea} in (0, 1)`),
    index('scenarios_filter_idx').on(t.dept, t.ucasCode, t.gender),
  ],
);
