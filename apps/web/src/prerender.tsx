import { coursePageState, escapeHtml, PAGE_ROUTES, type ClearingStatusResponse, type CourseDetailResponse } from '@clearing-desk/contracts';
import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, MemoryRouter, Outlet, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { CourseRoute } from '@/app/routes/apply/course';
import { CourseInformationRoute } from '@/app/routes/apply/course-information';
import { CourseSearchRoute } from '@/app/routes/apply/course-search';
import { GatedOutlet } from '@/app/routes/gated-outlet';
import { StaffOutlet } from '@/app/routes/staff/staff-outlet';
import { Layout } from '@/components/layout/layout';
import { paths } from '@/config/paths';
import { SITE_NAME } from '@/config/site';
import { AUTH_TEXTS } from '@/features/auth/texts';
import { authKeys } from '@/lib/auth';
import { clearingStatusKeys } from '@/lib/clearing-status';
import { courseKeys } from '@/features/courses/api/course-keys';
import { courseHeading } from '@/features/courses/components/course-information';
import { COURSE_TEXTS } from '@/features/courses/texts';
import { createQueryClient, QUERY_STATE_ID } from '@/lib/query-client';

/**
 * First screens rendered outside the browser, so a phone paints them from the
 * HTML and CSS before any script has run; the app then hydrates them (app/start.tsx): same markup,
 * same elements, so what is typed into the search box before the app takes over stays. Until then
 * the search box is a plain GET form, so a search sent before the app runs still works.
 * - At build time (vite.config.ts, `prerenderPages`): /apply into dist/apply/index.html.
 * - On request (the gateway, from the server build of this module in dist-server): a course page
 *   /apply/{code}, with the course and the Clearing status the gateway read, which also travel in
 *   the page as TanStack Query's dehydrated state so the app starts from the same answers.
 * - On request (the gateway): the staff entry /staff, as the sign-in screen or, when the gateway's
 *   sign-in hint says a session may exist, as the page frame checking the sign-in (`renderStaffEntry`).
 * The screens render as the public sees them: no user is signed in.
 */

/** Pages whose first screen is pre-rendered into their own HTML file at build time. */
export const PRERENDERED_PAGES = [
  { path: PAGE_ROUTES.applySearch, file: `${PAGE_ROUTES.applySearch.slice(1)}/index.html`, title: `${COURSE_TEXTS.SEARCH_HEADING} - ${SITE_NAME}` },
] as const;

type PageParts = { html: string; title: string; queryState?: unknown };

/**
 * The page's HTML document: `template` (the built index.html with its boot script) with the
 * rendered screen in #root, its title, and any query state as JSON (`<` escaped, so no text in it
 * can close the script element; a JSON script is data, which the Content-Security-Policy allows).
 * @throws Error when the template has no empty #root or no <title>.
 */
export function pageDocument(template: string, { html, title, queryState }: PageParts): string {
  if (!template.includes('<div id="root"></div>') || !/<title>[^<]*<\/title>/.test(template)) {
    throw new Error('pageDocument: the template needs <div id="root"></div> and a <title>');
  }
  const state =
    queryState === undefined ? '' : `<script type="application/json" id="${QUERY_STATE_ID}">${JSON.stringify(queryState).replace(/</g, '\\u003c')}</script>`;
  return template
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>${state}`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
}

/**
 * The first screen of a build-time page (PRERENDERED_PAGES) as HTML. /apply shows its heading,
 * the search box and the loading status (no courses: they come from the API).
 * @throws Error for a path that is not pre-rendered.
 */
export function renderShell(path: string): string {
  const page = PRERENDERED_PAGES.find((p) => p.path === path);
  if (!page) throw new Error(`No pre-rendered page for ${path}`);
  return renderToString(
    <AppProvider initialUser={null}>
      <MemoryRouter initialEntries={[path]}>
        <Layout user={null}>
          <CourseSearchRoute />
        </Layout>
      </MemoryRouter>
    </AppProvider>,
  );
}

/**
 * The routes of the course information page as the app nests them (router.tsx: the Clearing gate,
 * the course wrapper, its index page), under the page frame. A data router, as in the app: the
 * wrapper's leave-application guard needs one.
 */
const coursePageRoutes: RouteObject[] = [
  {
    element: (
      <Layout user={null}>
        <Outlet />
      </Layout>
    ),
    children: [
      {
        element: <GatedOutlet />,
        children: [{ path: paths.apply.course.path, element: <CourseRoute />, children: [{ index: true, element: <CourseInformationRoute /> }] }],
      },
    ],
  },
];

/**
 * The whole HTML document of the course information page /apply/{code} for the public, rendered
 * by the routes the app uses from `detail` (GET /api/courses/{code}) and `status`
 * (GET /api/admin/status). Null when the page would not show the course (Clearing closed,
 * suspended or external course): the app renders those from scratch.
 */
export async function renderCoursePage(
  template: string,
  ucasCode: string,
  detail: CourseDetailResponse,
  status: ClearingStatusResponse,
): Promise<string | null> {
  if (status.state !== 1 || coursePageState(detail.courseData).kind !== 'information') return null;
  const queryClient = createQueryClient();
  queryClient.setQueryData(courseKeys.detail(ucasCode), detail);
  queryClient.setQueryData(clearingStatusKeys.status(), status);
  const handler = createStaticHandler(coursePageRoutes);
  const context = await handler.query(new Request(new URL(paths.apply.course.getHref(ucasCode), 'http://localhost')));
  if (context instanceof Response) return null;
  const html = renderToString(
    <AppProvider initialUser={null} queryClient={queryClient}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </AppProvider>,
  );
  const queryState = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' && query.state.data !== null });
  return pageDocument(template, { html, title: `${courseHeading(detail.courseData)} - ${SITE_NAME}`, queryState });
}

/**
 * The staff entry's routes as the app nests them (router.tsx): the staff outlet, which shows the
 * sign-in screen until a user exists, under the page frame; its page is never reached here.
 */
const staffEntryRoutes: RouteObject[] = [
  {
    element: (
      <Layout user={null}>
        <Outlet />
      </Layout>
    ),
    children: [{ element: <StaffOutlet />, children: [{ path: paths.staff.path, element: null }] }],
  },
];

/**
 * The whole HTML document of the staff entry /staff, painted before the app runs
 * from what the gateway knows without the session (whose cookie only travels to /api):
 * - `signedIn` (the sign-in hint cookie is there): the page frame and 'Checking your sign-in', as
 *   the app shows while it asks for the user, so a signed-in adviser never sees the sign-in form;
 * - otherwise the sign-in screen, with no user known: the password form, or only the enterprise
 *   link when `enterprise` (the gateway's OIDC setting).
 * What the page was rendered from (the sign-in options; no user when not `signedIn`) travels in
 * the page as TanStack Query's dehydrated state, so the app takes over the same screen.
 * @throws Error when the routes do not render (a broken build).
 */
export async function renderStaffEntry(template: string, { signedIn, enterprise }: { signedIn: boolean; enterprise: boolean }): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(authKeys.options(), { enterprise });
  const handler = createStaticHandler(staffEntryRoutes);
  const context = await handler.query(new Request(new URL(paths.staff.getHref(), 'http://localhost')));
  if (context instanceof Response) throw new Error(`renderStaffEntry: the routes answered ${context.status}`);
  const html = renderToString(
    <AppProvider initialUser={signedIn ? undefined : null} queryClient={queryClient}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </AppProvider>,
  );
  const queryState = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' });
  return pageDocument(template, { html, title: signedIn ? SITE_NAME : `${AUTH_TEXTS.SIGN_IN_HEADING} - ${SITE_NAME}`, queryState });
}
