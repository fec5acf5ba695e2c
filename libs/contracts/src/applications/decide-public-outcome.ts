import { z } from 'zod';
import type { Assessment } from '../assessment/assessment';
import { applicationStatusSchema, applicationSubStatusSchema } from '../status/status-codes';
import type { CourseData, CourseRow } from '../courses/course';
import { messageItemSchema, recommendedCourseSchema, type ApplicationForm, type RecommendedCourse } from './application';

/**
 * What is decided about a submission before it is stored: the status it gets, its sub-status,
 * the reasons shown with a rejection and the courses recommended instead (spec section 3, the
 * record returned after saving). The rules: docs/domain/decisions.md.
 */
export const applicationDecisionSchema = z.object({
  confirmed_status: applicationStatusSchema,
  sub_status: applicationSubStatusSchema.nullable(),
  rejection_reasons: z.array(messageItemSchema).max(50),
  recommended_courses: z.array(recommendedCourseSchema).max(50),
});
export type ApplicationDecision = z.infer<typeof applicationDecisionSchema>;

/** The catalogue fields a recommended course is shown with. */
export type RecommendableCourse = Pick<CourseRow, 'UCAS_CODE' | 'COURSE_TITLE' | 'QUALIFICATION' | 'COURSE_CODE_OVERRIDE'>;

export type PublicOutcomeInput = {
  assessment: Pick<Assessment, 'TRAFFIC_LIGHT' | 'OVER18' | 'EXPLANATION' | 'ALTERNATE' | 'AUTOMATIC_REJECTION'>;
  form: Pick<ApplicationForm, 'SECOND_YEAR_ENTRY' | 'APPLIED_TO_UCAS'>;
  course: Pick<CourseData, 'assessmentInfo'>;
  /** Course rows the assessment's ALTERNATE codes are looked up in (the school's courses). */
  candidates: readonly RecommendableCourse[];
};

/** The assessment's ALTERNATE as recommended courses, in its order; codes not in `candidates` are left out. */
export function recommendedCourses(alternates: PublicOutcomeInput['assessment']['ALTERNATE'], candidates: readonly RecommendableCourse[]): RecommendedCourse[] {
  const byCode = new Map(candidates.map((c) => [c.UCAS_CODE, c] as const));
  return alternates.flatMap((alternate) => {
    const c = byCode.get(alternate.COURSE);
    return c ? [{ UCAS_CODE: c.UCAS_CODE, COURSE_TITLE: c.COURSE_TITLE, QUALIFICATION: c.QUALIFICATION, COURSE_CODE_OVERRIDE: c.COURSE_CODE_OVERRIDE }] : [];
  });
}

/**
 * The immediate decision on a public POST /api/apply/{course} (domain.md "Public submissions"):
 * - under 18 on the course start date (OVER18 0) or SECOND_YEAR_ENTRY '1': always `S`, whatever
 *   the light (spec section 4: under-18 offers are referred; second-year entry is transferred);
 * - G and the course allows automatic offers: `O` with sub-status `AO`, or `AR` (Automatic -
 *   Non-UCAS) unless APPLIED_TO_UCAS is '1';
 * - R, the course allows automatic rejection and the assessment says every R reason is a points
 *   shortfall on fully priced qualifications (AUTOMATIC_REJECTION): `X` with `AX`, the R
 *   explanations as rejection_reasons; any other red (a GCSE or English rule, a subject, an
 *   option colour, an unpriced qualification) is left to a person as `S`;
 * - otherwise `S`, a public submission for the back office (no sub-status).
 * recommended_courses are the assessment's alternatives (only a red light has any), so an `S`
 * confirmation page can list them too (spec section 2). The public never chooses the status.
 */
export function decidePublicOutcome({ assessment, form, course, candidates }: PublicOutcomeInput): ApplicationDecision {
  const recommended_courses = recommendedCourses(assessment.ALTERNATE, candidates);
  const { automaticOffer, automaticRejection } = course.assessmentInfo;
  if (assessment.OVER18 === 0 || form.SECOND_YEAR_ENTRY === '1') {
    return { confirmed_status: 'S', sub_status: null, rejection_reasons: [], recommended_courses };
  }
  if (assessment.TRAFFIC_LIGHT === 'G' && automaticOffer) {
    return {
      confirmed_status: 'O',
      sub_status: form.APPLIED_TO_UCAS === '1' ? 'AO' : 'AR',
      rejection_reasons: [],
      recommended_courses,
    };
  }
  if (assessment.TRAFFIC_LIGHT === 'R' && automaticRejection && assessment.AUTOMATIC_REJECTION === true) {
    return {
      confirmed_status: 'X',
      sub_status: 'AX',
      rejection_reasons: assessment.EXPLANATION.filter((e) => e.STATUS === 'R').map((e) => ({ MESSAGE: e.MESSAGE })),
      recommended_courses,
    };
  }
  return { confirmed_status: 'S', sub_status: null, rejection_reasons: [], recommended_courses };
}
