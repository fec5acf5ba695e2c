import { canEditApplication } from '../auth/permissions';
import type { Access } from '../auth/roles';
import { LIMITS } from '../common/limits';
import { appliedElsewhere, appliedForHere, hasInternalPlaces, hasPublicPlaces, isSuspended } from './course-open';
import type { CourseData, CourseRow } from '../courses/course';
import { SCHOOL_CODES } from '../courses/school-codes';

/** Texts of spec section 4 for the course information page. */
export const COURSE_PAGE_ERRORS = {
  NOT_FOUND: 'Error: Course not found.',
  SUSPENDED: 'Error: Course is currently suspended.',
  FETCH_FAILED: 'Error: Course not found with open vacancies.',
} as const;

/** Texts of spec section 8 shown when applying meets a closed or suspended course, or a duplicate. */
export const APPLY_MESSAGES = {
  DUPLICATE:
    'You have already submitted an application for this course. You can only apply once for each course. Please check our list of open courses for alternative options.',
  COURSE_CLOSED: 'Unfortunately this course is now closed to any further applications. Please check our list of open courses for alternative options.',
  COURSE_SUSPENDED: 'Unfortunately this course is currently suspended. Please check back later.',
} as const;

/**
 * Why a course with external vacancies takes no applications (domain.md "Public submissions": no
 * internal vacancies answers COURSE_CLOSED, exactly where the search shows no enabled Apply). Shown
 * beside the disabled Apply in the search; the course page shows APPLY_MESSAGES.COURSE_CLOSED.
 */
export const APPLY_UNAVAILABLE_TEXTS = {
  NO_PLACES: 'No places left: this course is closed to further applications.',
} as const;

export type SearchAction =
  | { kind: 'check-back-later' }
  | { kind: 'closed' }
  | { kind: 'apply'; enabled: boolean; externalUrl: string | null }
  /** A staff user who may not take an application on this course (no role, or one without edit): no Apply at all. */
  | { kind: 'none' };

/**
 * The control a search result shows (spec section 4 "Search result action per course"):
 * suspended with external vacancies -> disabled 'Check back later'; no external vacancies ->
 * 'Closed'; otherwise 'Apply', enabled only when both external and internal vacancies exist.
 * An external, non-intermediary course's Apply opens its EXTERNAL_URL (spec section 2).
 * For a staff user (`staff`: their role on the course, `access`), Apply only where that role may
 * take a new application (canEditApplication): otherwise 'none', so no Apply
 * opens a form they could only read. Staff keep Apply enabled on a course with no internal
 * vacancies (every place offered, the places guard): they still take the call and
 * refer or pool the caller (staffCourseClosedCode).
 */
export function searchAction(course: CourseRow, staff?: { access: Access | null | undefined }): SearchAction {
  if (isSuspended(course) && hasPublicPlaces(course)) return { kind: 'check-back-later' };
  if (!hasPublicPlaces(course)) return { kind: 'closed' };
  if (staff && !canEditApplication(staff.access, null)) return { kind: 'none' };
  const externalUrl = appliedElsewhere(course) ? course.EXTERNAL_URL : null;
  return { kind: 'apply', enabled: staff !== undefined || hasInternalPlaces(course), externalUrl };
}

export type CoursePageState = { kind: 'error'; message: string } | { kind: 'information'; canApply: boolean };

/**
 * What the course information page shows (spec section 4 "Course page states"). Applying is
 * allowed when the course is not suspended, is intermediary and is not external; an external
 * intermediary course shows its information only; an external non-intermediary one is 'not found'.
 */
export function coursePageState(course: CourseRow): CoursePageState {
  if (isSuspended(course)) return { kind: 'error', message: COURSE_PAGE_ERRORS.SUSPENDED };
  if (appliedElsewhere(course)) return { kind: 'error', message: COURSE_PAGE_ERRORS.NOT_FOUND };
  return { kind: 'information', canApply: appliedForHere(course) };
}

export type TariffDisplay = { points: number; lowerTariffNote: boolean };

/**
 * Tariff display rule of spec section 5: when advertised minus accepted exceeds the cut-off
 * (24 on the course page, 48 in the results list) show the advertised points with a note that
 * lower tariffs may be considered; otherwise show the accepted points. The School of Health
 * Sciences always shows its advertised tariff.
 */
export function tariffDisplay(course: Pick<CourseRow, 'TARIFF_ADVERTISED' | 'TARIFF_ACCEPTED' | 'SCHOOL'>, where: 'page' | 'results'): TariffDisplay {
  if (course.SCHOOL === SCHOOL_CODES.HEALTH_SCIENCES) return { points: course.TARIFF_ADVERTISED, lowerTariffNote: false };
  const cutoff = where === 'page' ? LIMITS.TARIFF_DIFF_CUTOFF_PAGE : LIMITS.TARIFF_DIFF_CUTOFF_RESULTS;
  return course.TARIFF_ADVERTISED - course.TARIFF_ACCEPTED > cutoff
    ? { points: course.TARIFF_ADVERTISED, lowerTariffNote: true }
    : { points: course.TARIFF_ACCEPTED, lowerTariffNote: false };
}

/** The code a course is shown by: COURSE_CODE_OVERRIDE if non-blank, else UCAS_CODE (spec section 2). */
export const displayCourseCode = (course: Pick<CourseData, 'UCAS_CODE' | 'COURSE_CODE_OVERRIDE'>): string =>
  course.COURSE_CODE_OVERRIDE?.trim() ? course.COURSE_CODE_OVERRIDE : course.UCAS_CODE;

/** Whether a course is in the Sciences school (at least 5 GCSEs, domain.md). */
export const isSciencesCourse = (course: Pick<CourseRow, 'SCHOOL'>): boolean => course.SCHOOL === SCHOOL_CODES.SCIENCES;
