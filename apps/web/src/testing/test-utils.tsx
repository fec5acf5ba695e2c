import type { StaffUser } from '@clearing-desk/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { setSessionUser } from './mocks/db';

export const createTestQueryClient = (): QueryClient =>
  new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });

/**
 * `user`: a signed-in staff user (the mock session too), or null for none. Left out, the app
 * restores the session from GET /api/admin/auth/user like the browser (none, unless the test set
 * one with `setSessionUser`).
 */
type RenderOptions = { user?: StaffUser | null };

const seedSession = (user: StaffUser | null | undefined): void => {
  if (user !== undefined) setSessionUser(user);
};

/** Renders the whole app (real routes, providers, msw-backed API) at `url`. */
export function renderApp(url: string, { user }: RenderOptions = {}) {
  seedSession(user);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = createTestQueryClient();
  const result = render(
    <AppProvider queryClient={queryClient} initialUser={user}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient, user: userEvent.setup() };
}

/** Renders one component inside the app providers (no router). */
export function renderWithProviders(ui: ReactElement, { user }: RenderOptions = {}) {
  seedSession(user);
  const queryClient = createTestQueryClient();
  const result = render(
    <AppProvider queryClient={queryClient} initialUser={user}>
      {ui}
    </AppProvider>,
  );
  return { ...result, queryClient, user: userEvent.setup() };
}

/** The current search parameters of a memory router. */
export const currentSearch = (router: { state: { location: { search: string } } }): URLSearchParams => new URLSearchParams(router.state.location.search);

export const createStaffUser = (overrides: Partial<StaffUser> = {}): StaffUser => ({
  username: 'adviser1',
  name: 'Alex Adviser',
  roles: [{ role: 'Front Office', scope: 'all' }],
  ...overrides,
});

/** An Administrator over all courses: the only user who may open and close Clearing. */
export const createAdminUser = (overrides: Partial<StaffUser> = {}): StaffUser =>
  createStaffUser({ username: 'admin1', name: 'Ada Administrator', roles: [{ role: 'Administrator', scope: 'all' }], ...overrides });
