import {
  APPLICATION_SUB_STATUSES,
  INTAKE_YEAR,
  STORED_STATUSES,
  type ApplicationForm,
  type ApplicationStatus,
  type ApplicationSubStatus,
  type Assessment,
  type DecisionRules,
  type RecommendedCourse,
  type StoredVisaData,
} from '@clearing-desk/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgSequence, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { students } from './students';

const codeList = (codes: Record<string, string>) =>
  sql.raw(
    Object.keys(codes)
      .map((c) => `'${c}'`)
      .join(', '),
  );

/** Public reference numbers (id[3], shown after the depart number): six digits. */
export const applicationReferenceSequence = pgSequence('application_reference_seq', { startWith: 100001, maxValue: 999999 });

/**
 * One application of one student to one course (spec section 3 "Application"). One live
 * application per person and course is guaranteed here (domain.md "Statuses"): unique on the
 * course and the normalised email, and on the course and the UCAS Personal ID when there is one
 * (both copied from the form), among the applications that are not withdrawn (W): a withdrawn
 * applicant may apply again, and the new application is stored beside the withdrawn one. submission_id (the form's SUBMISSION_ID) makes a repeated POST store nothing new.
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
    /** The rules the decision was made under (Tariff tables version, course requirements hash); null for rows stored before. */
    decisionRules: jsonb('decision_rules').$type<DecisionRules>(),
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
    /** The course's SCHOOL and DEPT when stored, so staff scopes filter the listing without asking courses-svc. */
    school: text('school').notNull().default(''),
    dept: text('dept').notNull().default(''),
    courseCodeOverride: text('course_code_override'),
    /**
     * The intake (INTAKE_YEAR, e.g. '2025/26') it was made for: the public review page by hash
     * answers only while this is the service's current intake (personal data).
     */
    intake: text('intake').notNull().default(INTAKE_YEAR),
    /** Who created it: a staff username or 'public' (the listing's 'Public submissions' filter). */
    createdBy: text('created_by').notNull().default('public'),
    /** Optimistic-lock version (HTTP ETag / If-Match): every update adds 1. */
    version: integer('version').notNull().default(1),
    /** NAME1 and NAME2, lower-cased and accent-folded in Node (foldName): the name search. */
    namesFolded: text('names_folded').notNull().default(''),
    /** NAME2 alone, folded the same way: a family-name search uses its index too. */
    name2Folded: text('name2_folded').notNull().default(''),
    /** The legacy visa record (spec section 3), null until saved; visa_status copies its VISA_STATUS for the listing. */
    visa: jsonb('visa').$type<StoredVisaData>(),
    visaStatus: text('visa_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When its personal fields were removed (erasure or retention, db/erasure.ts); null while held.
     * The row stays, so the figures keep counting it.
     */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /**
     * When UCAS's export showed the applicant added this course as their Clearing choice (the
     * import's time; docs/domain/ucas-reconciliation.md), and the import that matched it; null until then.
     */
    ucasAddedAt: timestamp('ucas_added_at', { withTimezone: true }),
    ucasImportId: uuid('ucas_import_id'),
    /** When the one reminder to add us in UCAS Hub was written for the current offer; null until then (cleared by a new offer). */
    ucasRemindedAt: timestamp('ucas_reminded_at', { withTimezone: true }),
  },
  (t) => [
    index('applications_school_dept_idx').on(t.school, t.dept),
    // The listing's status filters: counted from the index alone, and a page of one
    // status read from it newest first (application_id last), so a deep page skips index entries, not rows.
    index('applications_status_idx').on(t.status, t.applicationId),
    // The 'p' filter (public submissions waiting: status S created by the public), the same way.
    index('applications_status_created_by_idx').on(t.status, t.createdBy, t.applicationId),
    // A scoped user's status filters: scope and status from one index, so the
    // capped total stops after 1,001 entries instead of combining two bitmaps of the whole scope.
    index('applications_school_status_idx').on(t.school, t.status, t.createdBy),
    index('applications_dept_status_idx').on(t.dept, t.status, t.createdBy),
    index('applications_created_idx').on(t.createdAt),
    // Offers not yet added in UCAS: the reminder sweep and the lapsed list read only these.
    index('applications_offers_not_in_ucas_idx')
      .on(t.applicationId)
      .where(sql`${t.status} = 'O' and ${t.ucasAddedAt} is null`),
    // Prefix searches (like 'zoe an%') use these; text_pattern_ops makes LIKE indexable in any collation.
    index('applications_names_folded_idx').using('btree', t.namesFolded.op('text_pattern_ops')),
    index('applications_name2_folded_idx').using('btree', t.name2Folded.op('text_pattern_ops')),
    // The listing's text box: every alternative of its OR has an index, so PostgreSQL can use a bitmap OR.
    index('applications_email_idx').on(t.emailNormalised),
    index('applications_ucas_personal_id_idx').on(t.ucasPersonalId),
    index('applications_public_reference_idx').on(sql`(${t.departNumber} || ${t.reference}::text)`),
    // The 'c' and 'v' filters: partial indexes in the listing's order (newest first read backward).
    index('applications_outbound_call_idx')
      .on(t.applicationId)
      .where(sql`${t.outboundCallFlag} = 1`),
    index('applications_visa_status_idx')
      .on(t.applicationId)
      .where(sql`${t.visaStatus} is not null`),
    // W is written literally: an index predicate takes no parameters (WITHDRAWN_STATUS in contracts).
    uniqueIndex('applications_course_email_unique')
      .on(t.ucasCode, t.emailNormalised)
      .where(sql`${t.status} <> 'W'`),
    uniqueIndex('applications_course_ucas_personal_id_unique')
      .on(t.ucasCode, t.ucasPersonalId)
      .where(sql`${t.ucasPersonalId} is not null and ${t.status} <> 'W'`),
    index('applications_student_idx').on(t.studentId),
    // The retention job's scan: applications still held, by status and last change.
    index('applications_retention_idx')
      .on(t.status, t.updatedAt)
      .where(sql`${t.anonymisedAt} is null`),
    // V is never stored (domain.md "Submit buttons": it stands for the current status).
    check('applications_status', sql`${t.status} in (${codeList(STORED_STATUSES)})`),
    check('applications_sub_status', sql`${t.subStatus} in (${codeList(APPLICATION_SUB_STATUSES)})`),
    check('applications_over18', sql`${t.over18} in (0, 1)`),
    check('applications_second_year_entry', sql`${t.secondYearEntry} in (0, 1)`),
    check('applications_outbound_call_flag', sql`${t.outboundCallFlag} in (0, 1)`),
  ],
);
