import {
  APPLICATION_STATUSES,
  APPLICATION_SUB_STATUSES,
  type ApplicationForm,
  type ApplicationStatus,
  type ApplicationSubStatus,
  type Assessment,
  type RecommendedCourse,
} from '@clearing-desk/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgSequence, pgTable, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students } from './students';

const codeList = (codes: Record<string, string>) => sql.raw(Object.keys(codes).map((c) => `'${c}'`).join(', '));

/** Public reference numbers (id[3], shown after the depart number): six digits. */
export const applicationReferenceSequence = pgSequence('application_reference_seq', { startWith: 100001, maxValue: 999999 });

/**
 * One application of one student to one course (spec section 3 "Application"). One application
 * per person and course is guaranteed here (domain.md "Statuses"): unique on the course and the
 * normalised email, and on the course and the UCAS Personal ID when there is one (both copied
 * from the form). submission_id (the form's SUBMISSION_ID) makes a repeated POST store nothing new.
 * hash is the unguessable key of the public review page.
 */
export const applications = pgTable(
  'applications',
  {
    applicationId: integer('application_id').primaryKey().generatedAlwaysAsIdentity(),
    reference: integer('reference')
      .notNull()
      .unique('applications_reference_unique')
      .default(sql`nextval('application_reference_seq')`),
    hash: text('hash').notNull().unique('applications_hash_unique'),
    submissionId: uuid('submission_id').notNull().unique('applications_submission_id_unique'),
    studentId: text('student_id')
      .notNull()
      .references(() => students.studentId),
    ucasCode: text('ucas_code').notNull(),
    departNumber: text('depart_number').notNull(),
    status: text('status').$type<ApplicationStatus>().notNull(),
    subStatus: text('sub_status').$type<ApplicationSubStatus>(),
    rejectionReasons: jsonb('rejection_reasons').$type<{ MESSAGE: string }[]>().notNull().default([]),
    recommendedCourses: jsonb('recommended_courses').$type<RecommendedCourse[]>().notNull().default([]),
    /** The submitted form values (without SUBMISSION_ID, STATUS, REJECTION_REASONS and documents). */
    form: jsonb('form').$type<ApplicationForm>().notNull(),
    assessment: jsonb('assessment').$type<Assessment>().notNull(),
    over18: smallint('over18').notNull(),
    secondYearEntry: smallint('second_year_entry').notNull(),
    outboundCallFlag: smallint('outbound_call_flag').notNull().default(0),
    outboundCallRemark: text('outbound_call_remark'),
    emailNormalised: text('email_normalised').notNull(),
    ucasPersonalId: text('ucas_personal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('applications_course_email_unique').on(t.ucasCode, t.emailNormalised),
    uniqueIndex('applications_course_ucas_personal_id_unique')
      .on(t.ucasCode, t.ucasPersonalId)
      .where(sql`${t.ucasPersonalId} is not null`),
    index('applications_student_idx').on(t.studentId),
    check('applications_status', sql`${t.status} in (${codeList(APPLICATION_STATUSES)})`),
    check('applications_sub_status', sql`${t.subStatus} in (${codeList(APPLICATION_SUB_STATUSES)})`),
    check('applications_over18', sql`${t.over18} in (0, 1)`),
    check('applications_second_year_entry', sql`${t.secondYearEntry} in (0, 1)`),
    check('applications_outbound_call_flag', sql`${t.outboundCallFlag} in (0, 1)`),
  ],
);
