import { env } from './env';

export const APPLICATION_STEP_IDS = ['personal-details', 'qualifications', 'submit'] as const;
export type ApplicationStepId = (typeof APPLICATION_STEP_IDS)[number];

export type CourseSearchHrefParams = { q?: string; p?: number; page_size?: number };

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
      getHref: (ucasCode: string, step: ApplicationStepId, fieldId?: string) =>
        `/apply/${encodeURIComponent(ucasCode)}/${step}${fieldId ? `#${fieldId}` : ''}`,
    },
    // Shown after a successful submission; the answer lives in the form's state (no reload).
    confirmation: {
      path: 'confirmation',
      getHref: (ucasCode: string) => `/apply/${encodeURIComponent(ucasCode)}/confirmation`,
    },
  },
  // A submitted application by its hash (spec section 2: "A review page shows application details").
  review: {
    path: '/review/:applicationHash',
    getHref: (applicationHash: string) => `/review/${encodeURIComponent(applicationHash)}`,
  },
  applications: { path: '/applications', getHref: () => '/applications' },
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
    ping: () => `${api}/ping`,
  };
};

export const apiPaths = createApiPaths(env.BASE_URL);
