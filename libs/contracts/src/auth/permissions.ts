import type { ApplicationStatus } from '../status/status-codes';
import { hasPermission } from './role-permissions';
import type { Access, StaffUser } from './roles';

/**
 * The one permission module (spec section 6, domain.md "Roles"): every check the web app, the
 * gateway and the owning services make goes through these functions, so a screen never offers
 * what an API would refuse. `access` is the user's role on the course (`accessForCourse`); null or
 * an unknown role grants nothing.
 */

/**
 * Whether the user may edit an application (spec section 6 "Editing is allowed for a new
 * application; for an existing one, edit-public if STATUS is S, otherwise edit-any").
 * @param currentStatus the stored STATUS, or null for a new application (taken by phone).
 */
export function canEditApplication(access: Access | string | null | undefined, currentStatus: ApplicationStatus | string | null): boolean {
  if (currentStatus === null) return hasPermission(access, 'EDIT_PUBLIC_APPLICATION') || hasPermission(access, 'EDIT_ANY_APPLICATION');
  if (currentStatus === 'S') return hasPermission(access, 'EDIT_PUBLIC_APPLICATION');
  return hasPermission(access, 'EDIT_ANY_APPLICATION');
}

/** Why an application is read-only for this user, or null when it is editable (shown on the edit screen). */
export function editRefusalReason(access: Access | string | null | undefined, currentStatus: ApplicationStatus | string | null): string | null {
  if (canEditApplication(access, currentStatus)) return null;
  if (!access) return 'You have no role on this course, so this application is read-only.';
  if (currentStatus === 'S') return `Your role on this course (${access}) cannot edit public submissions, so this application is read-only.`;
  if (hasPermission(access, 'EDIT_PUBLIC_APPLICATION')) {
    return `Your role on this course (${access}) can edit only public submissions (status S), so this application is read-only.`;
  }
  // A role with no edit permission at all (Visa Team: visa records and reports only).
  const visa = hasPermission(access, 'EDIT_APPLICATION_VISA') ? ' (only its visa record)' : '';
  return `Your role on this course (${access}) cannot edit applications${visa}, so this application is read-only.`;
}

/** Visa editing: only existing applications, with the edit-visa permission (spec section 6). */
export function canEditVisa(access: Access | string | null | undefined, isExistingApplication: boolean): boolean {
  return isExistingApplication && hasPermission(access, 'EDIT_APPLICATION_VISA');
}

/** Choosing a status other than S (the submit buttons beyond 'Submit'; domain.md "Submit buttons"). */
export const canSetStatus = (access: Access | string | null | undefined): boolean => hasPermission(access, 'SET_APPLICATION_STATUS');

/** Changing a course's data (vacancies, suspension, tariffs). */
export const canEditCourse = (access: Access | string | null | undefined): boolean => hasPermission(access, 'EDIT_COURSE');

/** Reading the results-day figures of a course. */
export const canViewReport = (access: Access | string | null | undefined): boolean => hasPermission(access, 'VIEW_REPORT');

/**
 * Opening and closing Clearing and setting the closing message (GET/PUT /api/admin/status): a
 * setting of the whole product, so only an Administrator over `all` courses may change it.
 */
export const canManageClearing = (user: Pick<StaffUser, 'roles'> | null | undefined): boolean =>
  !!user?.roles.some((assignment) => assignment.role === 'Administrator' && assignment.scope === 'all');

/**
 * Seeing and lifting sign-in lockouts (GET /api/admin/auth/lockouts): staff
 * access to the whole product, so the same rule as the Clearing setting, an Administrator over
 * `all` courses.
 */
export const canManageSignInLockouts = (user: Pick<StaffUser, 'roles'> | null | undefined): boolean => canManageClearing(user);

/** Whether the user holds any role at all (a directory account with no mapped group holds none). */
export const hasAnyRole = (user: Pick<StaffUser, 'roles'> | null | undefined): boolean => (user?.roles.length ?? 0) > 0;

/**
 * Practising with training scenarios: any signed-in staff user with a role. Not a
 * course permission (a scenario is not a real application), so it does not change the role
 * matrix of spec section 6.
 */
export const canUseScenarios = (user: Pick<StaffUser, 'roles'> | null | undefined): boolean => hasAnyRole(user);

/**
 * Whether the user may open the figures at all: some role of theirs has view-report (spec
 * section 6) on some scope. Which courses they see is decided per course by `accessForCourse`.
 * It lives here, not beside the figures' schemas, so the header that checks it does not pull
 * those schemas into every page's first download.
 */
export const canViewFigures = (user: Pick<StaffUser, 'roles'> | null | undefined): boolean =>
  !!user?.roles.some((assignment) => hasPermission(assignment.role, 'VIEW_REPORT'));

/**
 * Seeing the daily reconciliation (GET /api/admin/reconciliation): it counts every course's
 * applications, so view-report (spec section 6; Administrators hold it) over `all` courses.
 */
export const canViewReconciliation = (user: Pick<StaffUser, 'roles'> | null | undefined): boolean =>
  !!user?.roles.some((assignment) => assignment.scope === 'all' && hasPermission(assignment.role, 'VIEW_REPORT'));

/**
 * Seeing every trainee's scenario progress: a user holding
 * the view-report permission through any of their roles (spec section 6).
 */
export const canViewScenarioProgress = (user: Pick<StaffUser, 'roles'> | null | undefined): boolean =>
  !!user?.roles.some((assignment) => hasPermission(assignment.role, 'VIEW_REPORT'));

/**
 * Whether the listing offers the nationality filter: the user sees visa records (edit-visa, spec
 * section 6: the Visa Team, Back Office, Administrators) through some role, and finds the
 * applicants who need a Student visa by their nationality.
 */
export const canFilterByNationality = (user: Pick<StaffUser, 'roles'> | null | undefined): boolean =>
  !!user?.roles.some((assignment) => hasPermission(assignment.role, 'EDIT_APPLICATION_VISA'));

/** Whether the user works the queue of reviews of automatic decisions: set-status on some course (Back Office, Administrators). */
export const canReviewDecisions = (user: Pick<StaffUser, 'roles'> | null | undefined): boolean => (user?.roles ?? []).some((r) => canSetStatus(r.role));
