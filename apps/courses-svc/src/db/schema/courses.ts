import type { AssessmentInfo } from '@clearing-desk/contracts';
import { boolean, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { departments } from './departments';
import { schools } from './schools';

/** One row per course (spec section 3 "Course"); the UCAS code is the identity used in URLs. */
export const courses = pgTable(
  'courses',
  {
    ucasCode: text('ucas_code').primaryKey(),
    courseCodeOverride: text('course_code_override').unique(),
    title: text('title').notNull(),
    qualification: text('qualification').notNull(),
    schoolCode: text('school_code').notNull().references(() => schools.code),
    deptCode: text('dept_code').notNull().references(() => departments.code),
    campusCode: text('campus_code').notNull(),
    campusName: text('campus_name').notNull(),
    tariffAdvertised: integer('tariff_advertised').notNull(),
    tariffAccepted: integer('tariff_accepted').notNull(),
    suspended: boolean('suspended').notNull().default(false),
    vacanciesExternal: integer('vacancies_external').notNull().default(0),
    vacanciesInternal: integer('vacancies_internal').notNull().default(0),
    external: boolean('external').notNull().default(false),
    externalUrl: text('external_url'),
    intermediary: boolean('intermediary').notNull().default(true),
    allowSecondYearEntry: boolean('allow_second_year_entry').notNull().default(false),
    url: text('url'),
    notes: text('notes'),
    considerationText: text('consideration_text'),
    documentTypes: text('document_types').notNull().default(''),
    extensionNo: text('extension_no'),
    feedbackTelephone: text('feedback_telephone'),
    feedbackNote: text('feedback_note'),
    courseStartDate: date('course_start_date', { mode: 'string' }).notNull(),
    departNumber: text('depart_number').notNull(),
    assessmentInfo: jsonb('assessment_info').$type<AssessmentInfo>().notNull(),
  },
  (t) => [index('courses_title_idx').on(t.title), index('courses_school_idx').on(t.schoolCode)],
);
