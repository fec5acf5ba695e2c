import { z } from 'zod';
import { accessSchema } from '../auth/roles';
import { IB_TOTAL_MAX } from '../qualifications/catalogue';
import { qualOptionSchema } from '../qualifications/qual-option';
import { subjectRequirementsSchema } from './subject-requirements';

/** Document upload categories of spec section 3 with their slot counts. */
export const DOCUMENT_TYPE_SLOTS = { ALEVELS: 5, ENGLISHTEST: 5, GCSE2: 2, GCSE5: 5, OTHER: 5 } as const;
export type DocumentType = keyof typeof DOCUMENT_TYPE_SLOTS;
export const documentTypeSchema = z.enum(Object.keys(DOCUMENT_TYPE_SLOTS) as [DocumentType, ...DocumentType[]]);

/**
 * Assessment settings a course carries beside its tariffs (spec section 3 `assessmentInfo`;
 * rules in domain.md).
 */
export const assessmentInfoSchema = z.object({
  /** Offers go out as invitations to interview (I) instead of offers (O). */
  interviews: z.boolean(),
  /** A public green submission is offered at once (AO/AR). */
  automaticOffer: z.boolean(),
  /** A public red submission is rejected at once (AX). */
  automaticRejection: z.boolean(),
  /** Engineering course: GCSE Physics or a science at 4/C is required. */
  engineering: z.boolean(),
  /** FUNCTIONAL_SKILLS Pass may stand in for GCSE English or Mathematics. */
  functionalSkillsAccepted: z.boolean(),
  /** Minimum IELTS overall score for non-GBR applicants without GCSE English (default 6.0). */
  minimumIelts: z.number().min(0).max(9),
  /**
   * A graduate or registered-professional entry course (a shortened programme for registered
   * nurses, a graduate LLB): what it requires instead of school-leaver qualifications, as a
   * sentence ('A first degree at 2:2 or above is required.'). Set, the points rule is not applied:
   * the applicant is amber for a person to check the degree or registration. Null (absent in data
   * stored before the field existed) for every school-leaver course.
   */
  priorEntry: z.string().trim().min(1).max(300).nullable().optional(),
});
export type AssessmentInfo = z.infer<typeof assessmentInfoSchema>;

/** IB Diploma points of a course's IB requirement: whole, 0 to the Diploma's maximum of 45. */
export const ibRequirementSchema = z.number().int().min(0).max(IB_TOTAL_MAX);

/** Fields shown in the course search results (spec sections 2 and 4). */
export const courseRowSchema = z.object({
  UCAS_CODE: z.string(),
  COURSE_CODE_OVERRIDE: z.string().nullable(),
  COURSE_TITLE: z.string(),
  QUALIFICATION: z.string(),
  SCHOOL: z.string(),
  SCHOOL_NAME: z.string(),
  DEPT: z.string(),
  DEPT_NAME: z.string(),
  CAMPUS_CODE: z.string(),
  CAMPUS_NAME: z.string(),
  TARIFF_ADVERTISED: z.number().int().nonnegative(),
  TARIFF_ACCEPTED: z.number().int().nonnegative(),
  SUSPENDED: z.boolean(),
  /** Places open to the public (external) and to advisers' internal routes. */
  VACANCIES_EXTERNAL: z.number().int().nonnegative(),
  VACANCIES_INTERNAL: z.number().int().nonnegative(),
  EXTERNAL: z.boolean(),
  EXTERNAL_URL: z.string().nullable(),
  INTERMEDIARY: z.boolean(),
  /** Telephone extension advisers transfer callers to (alternatives, scripts). */
  EXTENSION_NO: z.string().nullable(),
});
export type CourseRow = z.infer<typeof courseRowSchema>;

/** The whole course record (spec section 3 "Course"). NOTES is trusted HTML from staff. */
export const courseDataSchema = courseRowSchema.extend({
  ALLOW_SECOND_YEAR_ENTRY: z.boolean(),
  URL: z.string().nullable(),
  NOTES: z.string().nullable(),
  CONSIDERATION_TEXT: z.string().nullable(),
  /** Comma list of document types (spec section 3), e.g. 'ALEVELS,GCSE5'. */
  DOCUMENT_TYPES: z.string(),
  FEEDBACK_TELEPHONE: z.string().nullable(),
  FEEDBACK_NOTE: z.string().nullable(),
  /** ISO date (yyyy-mm-dd) the course starts; under-18 is judged against it. */
  COURSE_START_DATE: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Department number that prefixes the public reference (domain.md "Public submissions"). */
  DEPART_NUMBER: z.string(),
  assessmentInfo: assessmentInfoSchema,
  /**
   * Clearing places and the offer allowance (offers per place, two decimals), owned by
   * applications-svc's places ledger and projected here with VACANCIES_INTERNAL (places left;
   * rules/places.ts). Course control changes them through the gateway.
   */
  CLEARING_PLACES: z.number().int().nonnegative(),
  OFFER_ALLOWANCE: z.number().nonnegative(),
  /**
   * The course's IB Diploma requirement in Diploma points (domain.md "Tariff points", IB): a total
   * at or above IB_ADVERTISED is green, at or above IB_ACCEPTED amber, below red. Null when the
   * course states no IB requirement (its IB applicants are priced by their components alone);
   * absent in data stored before the fields existed, which reads as null.
   */
  IB_ADVERTISED: ibRequirementSchema.nullable().default(null),
  IB_ACCEPTED: ibRequirementSchema.nullable().default(null),
  /**
   * Subject requirements as course data (domain.md "Traffic light"): each must be met, or the
   * light is R naming it (A where an OTHER item could be the equivalent). Empty for a course that
   * names no required subject; absent in data stored before the field existed, which reads as none.
   */
  SUBJECT_REQUIREMENTS: subjectRequirementsSchema.optional(),
});
export type CourseData = z.infer<typeof courseDataSchema>;

/** GET /api/courses/{id} and GET /api/admin/courses/{id} (spec section 7). */
export const courseDetailResponseSchema = z.object({
  courseData: courseDataSchema,
  qualOptions: z.array(qualOptionSchema),
  access: accessSchema,
  /**
   * Staff answers: the external vacancies Reopen restores when course control's Close closed the
   * course (null: not closed that way); absent from the public answer.
   */
  reopenVacancies: z.number().int().nonnegative().nullable().optional(),
});
export type CourseDetailResponse = z.infer<typeof courseDetailResponseSchema>;

/** Route parameter: a course code as it appears in URLs (UCAS code or override). */
export const courseIdParamsSchema = z.object({ id: z.string().trim().min(1).max(32) });

/** The document types a course accepts, parsed from its comma list; unknown entries are dropped. */
export function courseDocumentTypes(course: Pick<CourseData, 'DOCUMENT_TYPES'>): DocumentType[] {
  return course.DOCUMENT_TYPES.split(',')
    .map((t) => t.trim())
    .filter((t): t is DocumentType => t in DOCUMENT_TYPE_SLOTS);
}
