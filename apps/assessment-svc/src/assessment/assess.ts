import {
  LIMITS,
  bestAttempts,
  indexQualOptions,
  itemValue,
  subjectRequirementExplanations,
  validateQualificationItems,
  type AlternativeCandidate,
  type Assessment,
  type CourseData,
  type Explanation,
  type QualificationItem,
  type QualOption,
} from '@clearing-desk/contracts';
import { alternativeCourses } from './alternatives';
import { submissionButtons } from './buttons';
import { englishExplanation } from './english-evidence';
import { betterOfPointsAndIbTotal, ibTotalExplanation } from './ib-total';
import { AssessmentInputError } from './input-error';
import { MESSAGES } from './messages';
import { optionColourExplanations } from './option-colours';
import { over18 } from './over18';
import { ucasPoints } from './points';
import { gcseRequirementExplanations } from './requirements';
import { pointsExplanation, trafficLight } from './traffic-light';

/** The part of the application form the assessment reads (contracts `assessFormSchema`). */
export type AssessableForm = {
  NATIONALITY?: string | undefined;
  DOB?: string | undefined;
  SECOND_YEAR_ENTRY?: string | undefined;
  GCSE_QUALIFICATIONS?: readonly QualificationItem[] | undefined;
  QUALIFICATIONS?: readonly QualificationItem[] | undefined;
};

/** Everything one assessment needs; the service receives it whole (it is stateless). */
export type AssessInput = {
  course: CourseData;
  qualOptions: readonly QualOption[];
  form: AssessableForm;
  /** The user's role on the course; null for the public. */
  access: string | null;
  /** Candidate courses for ALTERNATE, with their qualOptions (any school; same school first). */
  alternatives?: readonly AlternativeCandidate[] | undefined;
};

const NONE: readonly QualificationItem[] = [];

/** QUALIFICATIONS items the UCAS Tariff does not price (OTHER), as the applicant named them. */
function unpricedItems(qualifications: readonly QualificationItem[]): string[] {
  return qualifications.filter((item) => item.QUALIFICATION === 'OTHER').map((item) => itemValue(item, 'TITLE') || 'Other qualification');
}

/**
 * The assessment of a form for a course (domain.md "Tariff points", "Traffic light", "Submit
 * buttons"): UCAS points total and effective, the traffic light as the worst of the points, option
 * colour and requirement rules, one explanation per reason (the points explanation first, so a
 * green result has exactly one), AUTOMATIC_REJECTION (a red that is only a points shortfall on
 * items the Tariff prices: an unpriced OTHER item turns a points red amber), OVER18 against the course start date, the buttons for the user's
 * role and, for a red light, the alternatives.
 *
 * Pure: the same input always gives the same output (no clock, no I/O, inputs never mutated).
 * @throws AssessmentInputError when an item does not fit the course's qualOptions.
 */
export function assess({ course, qualOptions, form, access, alternatives = [] }: AssessInput): Assessment {
  const gcses = form.GCSE_QUALIFICATIONS ?? NONE;
  const qualifications = form.QUALIFICATIONS ?? NONE;
  const issues = validateQualificationItems({ GCSE_QUALIFICATIONS: gcses, QUALIFICATIONS: qualifications }, qualOptions);
  if (issues.length > 0) throw new AssessmentInputError(issues);
  const index = indexQualOptions(qualOptions);

  // Rule 1: points. An item the Tariff does not price (OTHER) may be worth the shortfall, so a
  // points-only red becomes amber for a person to decide.
  const points = ucasPoints(qualifications, index, gcses);
  const unpriced = unpricedItems(qualifications);
  const shortfall = pointsExplanation(points.effective, course);
  const pointsStatus = shortfall.STATUS === 'R' && unpriced.length > 0 ? 'A' : shortfall.STATUS;
  const pointsReasons: Explanation[] = [{ ...shortfall, STATUS: pointsStatus }];
  if (pointsStatus !== shortfall.STATUS) pointsReasons.push({ STATUS: 'A', MESSAGE: MESSAGES.unpricedQualifications(unpriced) });
  if (pointsStatus !== 'G' && points.notCounted.length > 0) {
    pointsReasons.push({ STATUS: pointsStatus, MESSAGE: MESSAGES.pointsNotCounted(points.total, points.effective, points.notCounted) });
  }
  if (pointsStatus !== 'G') {
    for (const credits of points.incompleteAccess) {
      pointsReasons.push({ STATUS: pointsStatus, MESSAGE: MESSAGES.accessHeIncomplete(credits, LIMITS.ACCESS_HE_MAX_CREDITS) });
    }
  }
  // An IB Diploma total judged against the course's IB requirement: the better result stands.
  // A graduate or registered-nurse entry course is not judged on school-leaver points: a person
  // checks the degree or registration its priorEntry names.
  const priorEntry = course.assessmentInfo.priorEntry ?? null;
  const pointsRule = priorEntry
    ? { status: 'A' as const, reasons: [{ STATUS: 'A' as const, MESSAGE: MESSAGES.priorEntry(priorEntry) }] }
    : betterOfPointsAndIbTotal({ status: pointsStatus, reasons: pointsReasons }, ibTotalExplanation(qualifications, course));
  const ruleReasons: Explanation[] = [];
  // Rule 2: option colours (a resit's best attempt only).
  ruleReasons.push(...optionColourExplanations([bestAttempts(gcses), bestAttempts(qualifications)], index));
  // Rule 3: requirements; English in one place (GCSE rule, nationality, test equivalence).
  ruleReasons.push(...gcseRequirementExplanations(gcses, course, qualifications));
  // Subject requirements are course data (SUBJECT_REQUIREMENTS), judged by the one rule in contracts.
  ruleReasons.push(...subjectRequirementExplanations(course.SUBJECT_REQUIREMENTS, [...bestAttempts(gcses), ...bestAttempts(qualifications)]));
  const english = englishExplanation(form.NATIONALITY, gcses, qualifications, course);
  if (english) ruleReasons.push(english);

  const explanations = [...pointsRule.reasons, ...ruleReasons];
  const light = trafficLight(explanations);
  const isOver18 = over18(form.DOB, course.COURSE_START_DATE);
  return {
    UCAS_POINTS_TOTAL: points.total,
    UCAS_POINTS_EFFECTIVE: points.effective,
    TRAFFIC_LIGHT: light,
    OVER18: isOver18,
    SUBMISSION_OPTIONS: {
      BUTTONS: submissionButtons({
        access,
        light,
        over18: isOver18,
        secondYearEntry: form.SECOND_YEAR_ENTRY === '1',
        interviews: course.assessmentInfo.interviews,
        placesLeft: course.VACANCIES_INTERNAL,
      }),
    },
    EXPLANATION: explanations,
    ALTERNATE: light === 'R' ? alternativeCourses(course, alternatives, (candidate) => lightOn(candidate, form)) : [],
    // Only a shortfall of points the Tariff prices in full (or of an IB total below the course's IB requirement) may reject without a person.
    AUTOMATIC_REJECTION: light === 'R' && pointsRule.status === 'R' && ruleReasons.every((reason) => reason.STATUS !== 'R'),
  };
}

/**
 * The light `form` gets on an alternative candidate, by the same rules (no alternatives of its
 * own); null when the form's items do not fit the candidate's qualOptions (it cannot take them).
 */
function lightOn(candidate: AlternativeCandidate, form: AssessableForm): Assessment['TRAFFIC_LIGHT'] | null {
  const { qualOptions, ...course } = candidate;
  try {
    return assess({ course, qualOptions, form, access: null }).TRAFFIC_LIGHT;
  } catch (err) {
    if (err instanceof AssessmentInputError) return null;
    throw err;
  }
}
