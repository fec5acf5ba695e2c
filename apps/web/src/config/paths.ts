import { statusPagePath } from '@clearing-desk/contracts';
import { env } from './env';

export const APPLICATION_STEP_IDS = ['personal-details', 'qualifications', 'submit'] as const;
export type ApplicationStepId = (typeof APPLICATION_STEP_IDS)[number];

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

/**
 * Every page URL of the app. `path` is the route pattern and `getHref` the link target, both
 * relative to the router's basename; the router adds the base prefix (BASE_PATH), so the
 * browser sees e.g. /clearing/apply. Use `absoluteHref` for anything the router does not handle.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  apply: {
    search: {
      path: '/apply',
      getHref: (params: CourseSearchHrefParams = {}) => `/apply${searchString(params)}`,
    },
    course: {
      path: '/apply/:ucasCode',
      getHref: (ucasCode: string) => `/apply/${encodeURIComponent(ucasCode)}`,
    },
    step: {
      path: ':step',
      getHref: (ucasCode: string, step: ApplicationStepId, fieldId?: string) => `/apply/${encodeURIComponent(ucasCode)}/${step}${fieldId ? `#${fieldId}` : ''}`,
    },
    // Shown after a successful submission; the answer lives in the form's state (no reload).
    confirmation: {
      path: 'confirmation',
      getHref: (ucasCode: string) => `/apply/${encodeURIComponent(ucasCode)}/confirmation`,
    },
  },
  // A submitted application by its hash (spec section 2: "A review page shows application details").
  // Also the applicant's status page that every decision email links to (issue 24): same path as contracts' statusPagePath.
  review: {
    path: '/review/:applicationHash',
    getHref: (applicationHash: string) => `/${statusPagePath(applicationHash)}`,
  },
  applications: { path: '/applications', getHref: () => '/applications' },
  // Staff applications desk (issue 9): the listing's filters (q, s, page, page_size) live in its URL.
  applicationsSearch: { getHref: (search: string = '') => `/applications${search && !search.startsWith('?') ? `?${search}` : search}` },
  applicationEdit: {
    path: '/applications/:studentId/:ucasCode',
    getHref: (studentId: string, ucasCode: string) => `/applications/${encodeURIComponent(studentId)}/${encodeURIComponent(ucasCode)}`,
  },
  applicationEditStep: {
    path: ':step',
    getHref: (studentId: string, ucasCode: string, step: ApplicationStepId, fieldId?: string) =>
      `/applications/${encodeURIComponent(studentId)}/${encodeURIComponent(ucasCode)}/${step}${fieldId ? `#${fieldId}` : ''}`,
  },
  visa: {
    path: '/visa/:studentId/:ucasCode',
    getHref: (studentId: string, ucasCode: string) => `/visa/${encodeURIComponent(studentId)}/${encodeURIComponent(ucasCode)}`,
  },
  // Staff course search (spec section 2 "/staff : course search"); sign-in shows here until a user exists.
  staff: {
    path: '/staff',
    getHref: (params: CourseSearchHrefParams = {}) => `/staff${searchString(params)}`,
  },
  staffSettings: { path: '/staff/settings', getHref: () => '/staff/settings' },
  staffCourse: { path: '/staff/courses/:ucasCode', getHref: (ucasCode: string) => `/staff/courses/${encodeURIComponent(ucasCode)}` },
  staffFigures: { path: '/staff/figures', getHref: () => '/staff/figures' },
  // Training scenarios (issue 11): the filters gender, dept and course live in the query string (spec section 2).
  staffScenarios: {
    path: '/staff/scenarios',
    getHref: (filters: ScenarioHrefFilters = {}) => `/staff/scenarios${searchString(filters)}`,
  },
  // Training-call mode: the application form for the scenario's course, one step per sub-route; the filters pick the scenario.
  staffScenarioTraining: {
    path: '/staff/scenarios/training',
    getHref: (filters: ScenarioHrefFilters = {}) => `/staff/scenarios/training${searchString(filters)}`,
  },
  staffScenarioTrainingStep: {
    path: ':step',
    getHref: (filters: ScenarioHrefFilters, step: ApplicationStepId, fieldId?: string) =>
      `/staff/scenarios/training/${step}${searchString(filters)}${fieldId ? `#${fieldId}` : ''}`,
  },
  staffScenarioProgress: { path: '/staff/scenarios/progress', getHref: () => '/staff/scenarios/progress' },
  // Served by the gateway, not the router (the enterprise OIDC redirect): link with absoluteHref().
  enterpriseLogin: { getHref: () => '/login' },
  accessibility: { path: '/accessibility', getHref: () => '/accessibility' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
} as const;

/** Router basename: the base prefix without its trailing slash ('/' stays '/'). */
export const routerBasename = (base: string = env.BASE_URL): string => (base === '/' ? '/' : base.replace(/\/$/, ''));

/** A router href (from `paths`) as the browser sees it, with the base prefix. */
export const absoluteHref = (href: string, base: string = env.BASE_URL): string => `${base}${href.replace(/^\//, '')}`;

/** API URLs: served by the gateway on the same origin under `${BASE_PATH}api` (spec section 7). */
export const createApiPaths = (base: string) => {
  const api = `${base}api`;
  return {
    courses: () => `${api}/courses`,
    course: (ucasCode: string) => `${api}/courses/${encodeURIComponent(ucasCode)}`,
    applied: (ucasCode: string) => `${api}/applications/${encodeURIComponent(ucasCode)}/applied`,
    assess: (ucasCode: string) => `${api}/apply/${encodeURIComponent(ucasCode)}/assess`,
    apply: (ucasCode: string) => `${api}/apply/${encodeURIComponent(ucasCode)}`,
    application: (applicationHash: string) => `${api}/applications/${encodeURIComponent(applicationHash)}`,
    fileUpload: () => `${api}/file/upload`,
    clearingStatus: () => `${api}/admin/status`,
    clearingStatusAudit: () => `${api}/admin/status/audit`,
    adminCourse: (ucasCode: string) => `${api}/admin/courses/${encodeURIComponent(ucasCode)}`,
    adminCourseHistory: (ucasCode: string) => `${api}/admin/courses/${encodeURIComponent(ucasCode)}/history`,
    figures: () => `${api}/admin/figures`,
    figuresCsv: () => `${api}/admin/figures.csv`,
    adminApplications: () => `${api}/admin/applications`,
    adminApplication: (studentId: string, ucasCode: string) => `${api}/admin/applications/${encodeURIComponent(studentId)}/${encodeURIComponent(ucasCode)}`,
    adminApplicationPart: (studentId: string, ucasCode: string, part: string) =>
      `${api}/admin/applications/${encodeURIComponent(studentId)}/${encodeURIComponent(ucasCode)}/${part}`,
    adminStudents: () => `${api}/admin/students`,
    authOptions: () => `${api}/admin/auth/options`,
    authLogin: () => `${api}/admin/auth/ldap`,
    authLogout: () => `${api}/admin/auth/logout`,
    authUser: () => `${api}/admin/auth/user`,
    ping: () => `${api}/ping`,
    scenario: (gender: string, dept: string, course: string) =>
      `${api}/scenario/${encodeURIComponent(gender)}/${encodeURIComponent(dept)}/${encodeURIComponent(course)}/`,
    scenarioCompleted: () => `${api}/scenario-completed/`,
    scenarioProgress: () => `${api}/admin/scenario-progress`,
  };
};

export const apiPaths = createApiPaths(env.BASE_URL);
