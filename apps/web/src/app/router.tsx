import { Spinner } from '@clearing-desk/ui';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { paths, routerBasename } from '@/config/paths';
import { loadApplicationFormShell } from './routes/apply/load-application-form-shell';
import { GatedOutlet } from './routes/gated-outlet';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/** Route handle: pages that move focus themselves after navigation (the form steps focus their h1). */
export type RouteHandle = { managesFocus?: boolean };
const managesFocus: RouteHandle = { managesFocus: true };

/** A page of the application form at /apply/:ucasCode: its module and the form around it (application-form-shell.tsx), loaded together. */
const formPage =
  <T,>(page: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([page(), loadApplicationFormShell()]))[0];

/**
 * The route tree (spec section 2). Page modules load lazily; each exports `Component`.
 * Everything under the clearing gate needs clearing to be open (or a staff user); the
 * accessibility, privacy and 404 pages stay reachable when clearing is closed. Staff pages are
 * outside the gate (staff must be able to sign in while Clearing is closed) and show the login
 * screen until a user exists. The applicant's status page (the review by hash) is outside the gate
 * too: an offer's deadline must stay readable after Clearing closes.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    errorElement: <RouteError />,
    // A screen-high frame while the first page's module loads: the page does not collapse to the
    // spinner and grow again (layout shift).
    hydrateFallbackElement: (
      <div className="cd-page">
        <Spinner />
      </div>
    ),
    children: [
      { index: true, element: <Navigate to={paths.apply.search.getHref()} replace /> },
      {
        element: <GatedOutlet />,
        children: [
          { path: paths.apply.search.path, lazy: () => import('./routes/apply/course-search') },
          {
            path: paths.apply.course.path,
            lazy: () => import('./routes/apply/course'),
            children: [
              { index: true, lazy: () => import('./routes/apply/course-information') },
              { path: paths.apply.confirmation.path, lazy: formPage(() => import('./routes/apply/application-confirmation')) },
              // :step is one of APPLICATION_STEPS; anything else shows the 404 page.
              { path: paths.apply.step.path, handle: managesFocus, lazy: formPage(() => import('./routes/apply/application-step')) },
            ],
          },
        ],
      },
      // The applicant's status page stays reachable when Clearing closes: the link in every
      // decision email works until the intake's cycle ends.
      { path: paths.review.path, lazy: () => import('./routes/review') },
      { path: paths.reviewRequest.path, lazy: () => import('./routes/review-request') },
      // The private link of a call booked from a course page (its email's): outside the gate, like the status page.
      { path: paths.callbackRequest.path, lazy: () => import('./routes/callback-request') },
      {
        // Lazy like the pages: the sign-in screen stays out of the public pages' first download.
        lazy: () => import('./routes/staff/staff-outlet').then((m) => ({ Component: m.StaffOutlet })),
        children: [
          { path: paths.staff.path, lazy: () => import('./routes/staff/course-search') },
          { path: paths.staffSettings.path, lazy: () => import('./routes/staff/settings') },
          { path: paths.staffCourse.path, lazy: () => import('./routes/staff/course-control') },
          { path: paths.staffFigures.path, lazy: () => import('./routes/staff/figures') },
          { path: paths.staffReconciliation.path, lazy: () => import('./routes/staff/reconciliation') },
          { path: paths.staffWallboard.path, lazy: () => import('./routes/staff/wallboard') },
          { path: paths.staffFailedEmails.path, lazy: () => import('./routes/staff/failed-emails') },
          { path: paths.staffDecisionReviews.path, lazy: () => import('./routes/staff/decision-reviews') },
          { path: paths.staffUcas.path, lazy: () => import('./routes/staff/ucas') },
          { path: paths.staffScenarios.path, lazy: () => import('./routes/staff/scenarios') },
          { path: paths.staffScenarioProgress.path, lazy: () => import('./routes/staff/scenario-progress') },
          {
            path: paths.staffScenarioTraining.path,
            lazy: () => import('./routes/staff/scenario-training'),
            children: [
              { index: true, handle: managesFocus, lazy: () => import('./routes/staff/scenario-training-step') },
              { path: paths.staffScenarioTrainingStep.path, handle: managesFocus, lazy: () => import('./routes/staff/scenario-training-step') },
            ],
          },
          { path: paths.applications.path, lazy: () => import('./routes/applications') },
          {
            path: paths.applicationEdit.path,
            lazy: () => import('./routes/application-edit'),
            children: [
              { index: true, handle: managesFocus, lazy: () => import('./routes/application-edit-step') },
              { path: paths.applicationEditStep.path, handle: managesFocus, lazy: () => import('./routes/application-edit-step') },
            ],
          },
          { path: paths.visa.path, lazy: () => import('./routes/visa') },
        ],
      },
      { path: paths.accessibility.path, lazy: () => import('./routes/accessibility') },
      { path: paths.privacy.path, lazy: () => import('./routes/privacy') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes, { basename: routerBasename() });
export type AppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the router has loaded the first page's lazy route modules. */
export const routerReady = (router: AppRouter): Promise<void> =>
  new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
