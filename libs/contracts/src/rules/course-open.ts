import { ERROR_CODES } from '../common/error-codes';
import type { CourseData } from '../courses/course';

/** The fields of a course the course-open rule reads. */
export type CourseOpenFields = Pick<CourseData, 'SUSPENDED' | 'EXTERNAL' | 'INTERMEDIARY' | 'VACANCIES_EXTERNAL' | 'VACANCIES_INTERNAL'>;

/** Why a course takes no application: the codes of spec section 8. */
export type CourseClosedCode = typeof ERROR_CODES.COURSE_SUSPENDED | typeof ERROR_CODES.COURSE_CLOSED;

/**
 * Whether the course is suspended (spec section 4): no application is taken (COURSE_SUSPENDED,
 * spec section 8); the search shows 'Check back later' while it has public places.
 */
export const isSuspended = (course: Pick<CourseData, 'SUSPENDED'>): boolean => course.SUSPENDED;

/**
 * Whether applications for the course are taken here (spec section 4): it is intermediary and not
 * external. An external course is applied for elsewhere (its EXTERNAL_URL); an external
 * intermediary one shows its information page only.
 */
export const appliedForHere = (course: Pick<CourseData, 'EXTERNAL' | 'INTERMEDIARY'>): boolean => course.INTERMEDIARY && !course.EXTERNAL;

/**
 * Whether the course is applied for at a partner (spec sections 2 and 4): external and not
 * intermediary. Its search Apply opens its EXTERNAL_URL and its information page is 'not found'.
 */
export const appliedElsewhere = (course: Pick<CourseData, 'EXTERNAL' | 'INTERMEDIARY'>): boolean => course.EXTERNAL && !course.INTERMEDIARY;

/**
 * Whether the course has external vacancies (spec section 4): places open to public applications.
 * None is a manager's close: the search shows 'Closed' and applying answers COURSE_CLOSED.
 */
export const hasPublicPlaces = (course: Pick<CourseData, 'VACANCIES_EXTERNAL'>): boolean => course.VACANCIES_EXTERNAL > 0;

/**
 * Whether the course has internal vacancies (spec section 4, domain.md "Places"): places left to
 * offer. None is the offer allowance used up: the public's Apply is disabled (COURSE_CLOSED), while
 * staff keep the call and refer or pool the caller.
 */
export const hasInternalPlaces = (course: Pick<CourseData, 'VACANCIES_INTERNAL'>): boolean => course.VACANCIES_INTERNAL > 0;

/**
 * Whether a course refuses applications for want of places (spec section 4, domain.md "Public
 * submissions"): no external or no internal vacancies. The course page then shows
 * APPLY_MESSAGES.COURSE_CLOSED.
 */
export const hasNoPlaces = (course: Pick<CourseData, 'VACANCIES_EXTERNAL' | 'VACANCIES_INTERNAL'>): boolean =>
  !hasPublicPlaces(course) || !hasInternalPlaces(course);

/**
 * hasNoPlaces as staff taking a call meet it (spec section 4): no internal
 * vacancies (every place offered, the places guard) leaves the course open to them, so only no
 * external vacancies (a manager's close) counts. They refer or pool the caller instead (offerPossible).
 */
export const hasNoPlacesForStaff = (course: Pick<CourseData, 'VACANCIES_EXTERNAL' | 'VACANCIES_INTERNAL'>): boolean => !hasPublicPlaces(course);

/**
 * Can this course take an application? The one rule behind the gateway's assess
 * and submit gates, the ALTERNATE candidates (assessment-svc, and courses-svc, which filters its
 * rows with isCourseOpen) and the web's course page (spec section 4). Answers null when it can, else the code the
 * gateway answers with 409:
 * - suspended: COURSE_SUSPENDED (spec section 8);
 * - external (applied for elsewhere) or not intermediary: COURSE_CLOSED (spec section 4 "Course
 *   page states": applying is allowed when the course is not suspended, is intermediary and is
 *   not external);
 * - no external or no internal vacancies: COURSE_CLOSED (domain.md "Public submissions": exactly
 *   where the search shows no enabled Apply; no internal vacancies is the offer allowance used up,
 *   domain.md "Places").
 * Staff and the public meet the same rule: a course the public may not apply to is not offered to
 * a caller either, and never recommended (ALTERNATE lists only courses a person can apply to).
 */
export function courseClosedCode(course: CourseOpenFields): CourseClosedCode | null {
  if (isSuspended(course)) return ERROR_CODES.COURSE_SUSPENDED;
  if (!appliedForHere(course) || hasNoPlaces(course)) return ERROR_CODES.COURSE_CLOSED;
  return null;
}

/** Whether the course takes applications: courseClosedCode answers null. */
export const isCourseOpen = (course: CourseOpenFields): boolean => courseClosedCode(course) === null;

/**
 * The course-open rule for staff taking a call: as courseClosedCode, except that
 * no internal vacancies (the places guard: every place offered) does not close the course to
 * advisers: they still take the call, and O is not among their buttons (offerPossible), so the
 * caller is referred or pooled. A manager's close (no external vacancies, suspended) still closes it.
 */
export function staffCourseClosedCode(course: CourseOpenFields): CourseClosedCode | null {
  return courseClosedCode({ ...course, VACANCIES_INTERNAL: Math.max(1, course.VACANCIES_INTERNAL) });
}
