import { API_ROUTES, basePrefix, fillPath, PAGE_ROUTES, pageHref, type ApplicationStepId } from '@clearing-desk/contracts';
import { BASE_URL } from './base-path';

export type { ApplicationStepId };

export type CourseSearchHrefParams = { q?: string; p?: number; page_size?: number };
/** The scenario filters of spec section 2 (each 'all' when left out). */
export type ScenarioHrefFilters = { gender?: string; dept?: string; course?: string };

const searchString = (params: Record<string, string | number | undefined>): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** A child route's path relative to its parent's (react-router's nested routes), e.g. ':step'. */
const childPath = (child: string, parent: string): string => child.slice(parent.length + 1);
const fragment = (fieldId?: string) => (fieldId ? `#${fieldId}` : '');

const R = PAGE_ROUTES;

/**
 * Every page URL of the app, from contracts' PAGE_ROUTES (the one declaration the gateway's 404
 * also reads). `path` is the route pattern and `getHref` the link target, both relative to the
 * router's basename; the router adds the base prefix (BASE_PATH), so the browser sees e.g.
 * /clearing/apply. Use `absoluteHref` for anything the router does not handle.
 */
export const paths = {
  home: { path: R.home, getHref: () => pageHref(R.home) },
  apply: {
    search: {
      path: R.applySearch,
      getHref: (params: CourseSearchHrefParams = {}) => `${pageHref(R.applySearch)}${searchString(params)}`,
    },
    course: {
      path: R.applyCourse,
      getHref: (ucasCode: string) => pageHref(R.applyCourse, { ucasCode }),
    },
    step: {
      path: childPath(R.applyStep, R.applyCourse),
      getHref: (ucasCode: string, step: ApplicationStepId, fieldId?: string) => `${pageHref(R.applyStep, { ucasCode, step })}${fragment(fieldId)}`,
    },
    // Shown after a successful submission; the answer lives in the form's state (no reload).
    confirmation: {
      path: childPath(R.applyConfirmation, R.applyCourse),
      getHref: (ucasCode: string) => pageHref(R.applyConfirmation, { ucasCode }),
    },
  },
  // A submitted application by its hash (spec section 2: "A review page shows application details"),
  // also the applicant's status page that every decision email links to (contracts' statusPagePath).
  review: {
    path: R.review,
    getHref: (applicationHash: string) => pageHref(R.review, { applicationHash }),
  },
  applications: { path: R.applications, getHref: () => pageHref(R.applications) },
  // Staff applications desk: the listing's filters (q, s, page, page_size) live in its URL.
  applicationsSearch: { getHref: (search: string = '') => `${pageHref(R.applications)}${search && !search.startsWith('?') ? `?${search}` : search}` },
  applicationEdit: {
    path: R.applicationEdit,
    getHref: (studentId: string, ucasCode: string) => pageHref(R.applicationEdit, { studentId, ucasCode }),
  },
  applicationEditStep: {
    path: childPath(R.applicationEditStep, R.applicationEdit),
    getHref: (studentId: string, ucasCode: string, step: ApplicationStepId, fieldId?: string) =>
      `${pageHref(R.applicationEditStep, { studentId, ucasCode, step })}${fragment(fieldId)}`,
  },
  visa: {
    path: R.visa,
    getHref: (studentId: string, ucasCode: string) => pageHref(R.visa, { studentId, ucasCode }),
  },
  // Staff course search (spec section 2 "/staff : course search"); sign-in shows here until a user exists.
  staff: {
    path: R.staff,
    getHref: (params: CourseSearchHrefParams = {}) => `${pageHref(R.staff)}${searchString(params)}`,
  },
  staffSettings: { path: R.staffSettings, getHref: () => pageHref(R.staffSettings) },
  staffDecisionReviews: { path: R.staffDecisionReviews, getHref: () => pageHref(R.staffDecisionReviews) },
  staffUcas: { path: R.staffUcas, getHref: () => pageHref(R.staffUcas) },
  reviewRequest: { path: R.reviewRequest, getHref: (applicationHash: string) => pageHref(R.reviewRequest, { applicationHash }) },
  callbackRequest: { path: R.callbackRequest },
  staffCourse: { path: R.staffCourse, getHref: (ucasCode: string) => pageHref(R.staffCourse, { ucasCode }) },
  staffFigures: { path: R.staffFigures, getHref: () => pageHref(R.staffFigures) },
  staffReconciliation: { path: R.staffReconciliation, getHref: () => pageHref(R.staffReconciliation) },
  staffWallboard: { path: R.staffWallboard, getHref: () => pageHref(R.staffWallboard) },
  staffFailedEmails: { path: R.staffFailedEmails, getHref: () => pageHref(R.staffFailedEmails) },
  // Training scenarios: the filters gender, dept and course live in the query string (spec section 2).
  staffScenarios: {
    path: R.staffScenarios,
    getHref: (filters: ScenarioHrefFilters = {}) => `${pageHref(R.staffScenarios)}${searchString(filters)}`,
  },
  // Training-call mode: the application form for the scenario's course, one step per sub-route; the filters pick the scenario.
  staffScenarioTraining: {
    path: R.staffScenarioTraining,
    getHref: (filters: ScenarioHrefFilters = {}) => `${pageHref(R.staffScenarioTraining)}${searchString(filters)}`,
  },
  staffScenarioTrainingStep: {
    path: childPath(R.staffScenarioTrainingStep, R.staffScenarioTraining),
    getHref: (filters: ScenarioHrefFilters, step: ApplicationStepId, fieldId?: string) =>
      `${pageHref(R.staffScenarioTrainingStep, { step })}${searchString(filters)}${fragment(fieldId)}`,
  },
  staffScenarioProgress: { path: R.staffScenarioProgress, getHref: () => pageHref(R.staffScenarioProgress) },
  // Served by the gateway, not the router (the enterprise OIDC redirect): link with absoluteHref().
  enterpriseLogin: { getHref: () => '/login' },
  accessibility: { path: R.accessibility, getHref: () => pageHref(R.accessibility) },
  privacy: { path: R.privacy, getHref: () => pageHref(R.privacy) },
} as const;

/** Router basename: the base prefix without its trailing slash ('/' stays '/'). */
export const routerBasename = (base: string = BASE_URL): string => (base === '/' ? '/' : base.replace(/\/$/, ''));

/** A router href (from `paths`) as the browser sees it, with the base prefix. */
export const absoluteHref = (href: string, base: string = BASE_URL): string => `${base}${href.replace(/^\//, '')}`;

/**
 * API URLs: served by the gateway on the same origin below BASE_PATH (spec section 7), each its
 * one declaration in contracts' API_ROUTES (the full public path '/api/...', zod-free, so /apply's
 * first load stays small) with its values URL-encoded, below the base prefix (e.g. /clearing/api/ping).
 */
export const createApiPaths = (base: string) => {
  const api = basePrefix(base);
  const A = API_ROUTES;
  const desk = (student: string, course: string) => ({ student, course });
  return {
    courses: () => `${api}${fillPath(A.courseSearch.path)}`,
    course: (ucasCode: string) => `${api}${fillPath(A.course.path, { id: ucasCode })}`,
    applied: (ucasCode: string) => `${api}${fillPath(A.applied.path, { ucasCode })}`,
    assess: (ucasCode: string) => `${api}${fillPath(A.assess.path, { course: ucasCode })}`,
    apply: (ucasCode: string) => `${api}${fillPath(A.apply.path, { course: ucasCode })}`,
    formStart: () => `${api}${fillPath(A.formStart.path)}`,
    application: (applicationHash: string) => `${api}${fillPath(A.application.path, { hash: applicationHash })}`,
    fileUpload: () => `${api}${fillPath(A.fileUpload.path)}`,
    clearingStatus: () => `${api}${fillPath(A.clearingStatus.path)}`,
    clearingStatusAudit: () => `${api}${fillPath(A.clearingStatusAudit.path)}`,
    recruitmentCycle: () => `${api}${fillPath(A.recruitmentCycle.path)}`,
    recruitmentCycleRoll: () => `${api}${fillPath(A.recruitmentCycleRoll.path)}`,
    deskCallbackCapacity: () => `${api}${fillPath(A.deskCallbackCapacity.path)}`,
    callback: (hash: string) => `${api}${fillPath(A.callbackSlots.path, { hash })}`,
    decisionReviewRequest: (hash: string) => `${api}${fillPath(A.decisionReviewRequest.path, { hash })}`,
    deskDecisionReviews: () => `${api}${fillPath(A.deskDecisionReviews.path)}`,
    deskDecisionReviewOutcome: (id: number) => `${api}${fillPath(A.deskDecisionReviewOutcome.path, { id })}`,
    signInLockouts: () => `${api}${fillPath(A.signInLockouts.path)}`,
    liftSignInLockout: () => `${api}${fillPath(A.liftSignInLockout.path)}`,
    deskCourse: (ucasCode: string) => `${api}${fillPath(A.deskCourse.path, { id: ucasCode })}`,
    deskCourseHistory: (ucasCode: string) => `${api}${fillPath(A.deskCourseHistory.path, { id: ucasCode })}`,
    deskCourseClose: (ucasCode: string) => `${api}${fillPath(A.deskCourseClose.path, { id: ucasCode })}`,
    deskCourseReopen: (ucasCode: string) => `${api}${fillPath(A.deskCourseReopen.path, { id: ucasCode })}`,
    figures: () => `${api}${fillPath(A.figures.path)}`,
    figuresCsv: () => `${api}${fillPath(A.figuresCsv.path)}`,
    figuresFailedEmails: () => `${api}${fillPath(A.figuresFailedEmails.path)}`,
    wallboard: () => `${api}${fillPath(A.wallboard.path)}`,
    reconciliation: () => `${api}${fillPath(A.reconciliation.path)}`,
    wallboardEvents: () => `${api}${fillPath(A.wallboardEvents.path)}`,
    deskApplications: () => `${api}${fillPath(A.deskApplications.path)}`,
    deskApplication: (studentId: string, ucasCode: string) => `${api}${fillPath(A.deskApplication.path, desk(studentId, ucasCode))}`,
    deskOutboundCall: (studentId: string, ucasCode: string) => `${api}${fillPath(A.deskOutboundCall.path, desk(studentId, ucasCode))}`,
    deskPresence: (studentId: string, ucasCode: string) => `${api}${fillPath(A.deskPresence.path, desk(studentId, ucasCode))}`,
    deskQueueNext: () => `${api}${fillPath(A.deskQueueNext.path)}`,
    deskVisa: (studentId: string, ucasCode: string) => `${api}${fillPath(A.deskVisa.path, desk(studentId, ucasCode))}`,
    deskVisaState: (studentId: string, ucasCode: string) => `${api}${fillPath(A.deskVisaState.path, desk(studentId, ucasCode))}`,
    deskDocument: (studentId: string, ucasCode: string, fileId: string) => `${api}${fillPath(A.deskDocument.path, { ...desk(studentId, ucasCode), fileId })}`,
    deskApplicationAudit: (studentId: string, ucasCode: string) => `${api}${fillPath(A.deskApplicationAudit.path, desk(studentId, ucasCode))}`,
    deskAuditCsv: (filter: { student?: string; course?: string } = {}) => `${api}${fillPath(A.deskAuditCsv.path)}${searchString(filter)}`,
    deskSubjectAccess: () => `${api}${fillPath(A.deskSubjectAccess.path)}`,
    deskEmails: (studentId: string, ucasCode: string) => `${api}${fillPath(A.deskEmails.path, desk(studentId, ucasCode))}`,
    deskEmailResend: (studentId: string, ucasCode: string, emailId: string) =>
      `${api}${fillPath(A.deskEmailResend.path, { ...desk(studentId, ucasCode), emailId })}`,
    deskStudents: () => `${api}${fillPath(A.deskStudents.path)}`,
    deskErasure: () => `${api}${fillPath(A.deskErasure.path)}`,
    retentionSchedule: () => `${api}${fillPath(A.retentionSchedule.path)}`,
    deskRetentionRuns: () => `${api}${fillPath(A.deskRetentionRuns.path)}`,
    deskRetentionRun: () => `${api}${fillPath(A.deskRetentionRun.path)}`,
    adminEventKeys: () => `${api}${fillPath(A.adminEventKeys.path)}`,
    adminEventKeyCreate: () => `${api}${fillPath(A.adminEventKeyCreate.path)}`,
    adminEventKeyRevoke: (id: string) => `${api}${fillPath(A.adminEventKeyRevoke.path, { id })}`,
    adminWebhooks: () => `${api}${fillPath(A.adminWebhooks.path)}`,
    adminWebhookCreate: () => `${api}${fillPath(A.adminWebhookCreate.path)}`,
    adminWebhookResume: (id: string) => `${api}${fillPath(A.adminWebhookResume.path, { id })}`,
    adminWebhookAttempts: (id: string) => `${api}${fillPath(A.adminWebhookAttempts.path, { id })}`,
    authOptions: () => `${api}${fillPath(A.authOptions.path)}`,
    authLogin: () => `${api}${fillPath(A.authLogin.path)}`,
    authLogout: () => `${api}${fillPath(A.authLogout.path)}`,
    authUser: () => `${api}${fillPath(A.authUser.path)}`,
    authSession: () => `${api}${fillPath(A.authSession.path)}`,
    ping: () => `${api}${fillPath(A.ping.path)}`,
    scenario: (gender: string, dept: string, course: string) => `${api}${fillPath(A.scenario.path, { gender, dept, course })}`,
    scenarioCompleted: () => `${api}${fillPath(A.scenarioCompleted.path)}`,
    scenarioProgress: () => `${api}${fillPath(A.scenarioProgress.path)}`,
  };
};

export const apiPaths = createApiPaths(BASE_URL);
