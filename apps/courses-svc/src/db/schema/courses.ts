import type { AssessmentInfo, SubjectRequirement } from '@clearing-desk/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { boolean, customType, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { departments } from './departments';
import { schools } from './schools';

/** PostgreSQL's full-text document type (drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The course's own words for full-text search, kept by PostgreSQL itself:
 * title (weight A), qualification and codes (B), campus name (C), English stemming. School and
 * department names live in their tables and are added at query time.
 */
const searchDocument: SQL = sql`setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "qualification" || ' ' || "ucas_code" || ' ' || coalesce("course_code_override", '')), 'B') || setweight(to_tsvector('english', "campus_name"), 'C')`;

/** One row per course (spec section 3 "Course"); the UCAS code is the identity used in URLs. */
export const courses = pgTable(
  'courses',
  {
    ucasCode: text('ucas_code').primaryKey(),
    courseCodeOverride: text('course_code_override').unique(),
    title: text('title').notNull(),
    qualification: text('qualification').notNull(),
    schoolCode: text('school_code')
      .notNull()
      .references(() => schools.code),
    deptCode: text('dept_code')
      .notNull()
      .references(() => departments.code),
    campusCode: text('campus_code').notNull(),
    campusName: text('campus_name').notNull(),
    tariffAdvertised: integer('tariff_advertised').notNull(),
    tariffAccepted: integer('tariff_accepted').notNull(),
    /** IB Diploma points of the IB requirement (IB_ADVERTISED, IB_ACCEPTED); null: the course states none. */
    ibAdvertised: integer('ib_advertised'),
    ibAccepted: integer('ib_accepted'),
    suspended: boolean('suspended').notNull().default(false),
    vacanciesExternal: integer('vacancies_external').notNull().default(0),
    /**
     * The external vacancies a course had when course control closed it (its explicit Close): what
     * Reopen restores. Null: not closed that way (open, or closed by typing 0).
     */
    vacanciesBeforeClose: integer('vacancies_before_close'),
    /** Places left: a projection of applications-svc's places ledger (places/places-projection.ts). */
    vacanciesInternal: integer('vacancies_internal').notNull().default(0),
    /**
     * CLEARING_PLACES and OFFER_ALLOWANCE (in hundredths: 1.30 -> 130): course control's, owned
     * here; each change goes to applications-svc's places ledger as a 'course-control' outbox event.
     */
    clearingPlaces: integer('clearing_places').notNull().default(0),
    offerAllowanceHundredths: integer('offer_allowance_hundredths').notNull().default(100),
    /** Every change of CLEARING_PLACES or OFFER_ALLOWANCE adds 1; the event carries it, so the ledger never takes an older one after a newer. */
    controlVersion: integer('control_version').notNull().default(0),
    /** The ledger VERSION last projected (0: none yet): an older or repeated event changes nothing. */
    placesVersion: integer('places_version').notNull().default(0),
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
    /** SUBJECT_REQUIREMENTS (domain.md "Traffic light"): [] for a course that names no required subject. */
    subjectRequirements: jsonb('subject_requirements').$type<SubjectRequirement[]>().notNull().default([]),
    searchDocument: tsvector('search_document').generatedAlwaysAs(searchDocument),
  },
  (t) => [
    index('courses_title_idx').on(t.title),
    index('courses_school_idx').on(t.schoolCode),
    index('courses_search_document_idx').using('gin', t.searchDocument),
    // Trigram index for typo-tolerant matching of titles (pg_trgm, created by the migration).
    index('courses_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);
