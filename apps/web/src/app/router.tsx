import { Spinner } from '@clearing-desk/ui';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { paths, routerBasename } from '@/config/paths';
import { GatedOutlet } from './routes/gated-outlet';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/** Route handle: pages that move focus themselves after navigation (the form steps focus their h1). */
export type RouteHandle = { managesFocus?: boolean };
const managesFocus: RouteHandle = { managesFocus: true };

/**
 * The route tree (spec section 2). Page modules load lazily; each exports `Component`.
 * Everything under the clearing gate needs clearing to be open (or a staff user); the
 * accessibility, privacy and 404 pages stay reachable when clearing is closed.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner />,
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
              { path: paths.apply.confirmation.path, lazy: () => import('./routes/apply/application-confirmation') },
              // :step is one of APPLICATION_STEPS; anything else shows the 404 page.
              { path: paths.apply.step.path, handle: managesFocus, lazy: () => import('./routes/apply/application-step') },
            ],
          },
          { path: paths.review.path, lazy: () => import('./routes/review') },
        ],
      },
      { path: paths.accessibility.path, lazy: () => import('./routes/accessibility') },
      { path: paths.privacy.path, lazy: () => import('./routes/privacy') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes, { basename: routerBasename() });
