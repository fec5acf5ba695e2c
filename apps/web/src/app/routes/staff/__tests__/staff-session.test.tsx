import { API_ROUTES, hasStaffSignedInHint, LOGIN_MESSAGES, type StaffUser } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/api-url';
import { addDirectoryAccount, db, setSessionUser, setStaffSignedInHint } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { createAdminUser, createStaffUser, renderApp } from '@/testing/test-utils';

const adviser = createStaffUser({ username: 'adviser1', name: 'Alex Adviser', roles: [{ role: 'Front Office', scope: 'all' }] });

/** Requests per "METHOD path", with the body of each PUT. */
function recordRequests() {
  const seen: { key: string; body: string }[] = [];
  server.events.on('request:start', async ({ request }) => {
    const body = request.method === 'PUT' ? await request.clone().text() : '';
    seen.push({ key: `${request.method} ${new URL(request.url).pathname}`, body });
  });
  return { count: (key: string) => seen.filter((r) => r.key === key).length, bodies: (key: string) => seen.filter((r) => r.key === key).map((r) => r.body) };
}

async function fillIn(user: ReturnType<typeof renderApp>['user'], username: string, password: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Username' }), username);
  await user.type(screen.getByLabelText('Password'), password);
}

const banner = () => screen.getByRole('banner');

afterEach(() => server.events.removeAllListeners());

describe('staff sign-in (PUT /api/admin/auth/ldap)', () => {
  it('shows the login screen at /staff while nobody is signed in, with Username (max 16) and Password (max 256)', async () => {
    renderApp('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    const username = await screen.findByRole('textbox', { name: 'Username' });
    const password = screen.getByLabelText('Password');
    expect(username).toHaveAttribute('maxLength', '16');
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('maxLength', '256');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Sign in with your university account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Find a course' })).not.toBeInTheDocument();
    expect(document.title).toBe('Staff sign in - Clearing Desk');
    expect(within(banner()).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('goes idle → loading (Signing in…, disabled) → user set: the page, the name, Sign out and the staff navigation', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.put(apiUrl(API_ROUTES.authLogin.path), async () => {
        await held;
        setSessionUser(adviser);
        return HttpResponse.json<StaffUser>(adviser);
      }),
    );
    const { user } = renderApp('/staff');
    await fillIn(user, 'adviser1', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const pending = await screen.findByRole('button', { name: 'Signing in…' });
    expect(pending).toBeDisabled();

    release();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Find a course' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('heading', { name: 'Staff sign in' })).not.toBeInTheDocument();
    expect(within(banner()).getByText('Alex Adviser')).toBeInTheDocument();
    expect(within(banner()).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    const nav = within(banner()).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Apply' })).toHaveAttribute('href', '/apply');
    expect(within(nav).getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/staff');
    expect(within(nav).getByRole('link', { name: 'Applications' })).toHaveAttribute('href', '/applications');
    expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('sends username and password form-encoded with the XSRF token field', async () => {
    addDirectoryAccount(adviser, 'secret');
    document.cookie = 'XSRF-TOKEN=xsrf-123; path=/';
    const requests = recordRequests();
    const { user } = renderApp('/staff');
    await fillIn(user, 'adviser1', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Find a course' });
    const body = new URLSearchParams(requests.bodies('PUT /api/admin/auth/ldap')[0]);
    expect(Object.fromEntries(body)).toEqual({ username: 'adviser1', password: 'secret', token: 'xsrf-123' });
  });

  it("shows exactly 'Incorrect username/password' in the error summary on a 401 and moves focus to it", async () => {
    addDirectoryAccount(adviser, 'secret');
    server.use(http.put(apiUrl(API_ROUTES.authLogin.path), () => HttpResponse.json({ message: 'Invalid credentials (LDAP 49)' }, { status: 401 })));
    const { user } = renderApp('/staff');
    await fillIn(user, 'adviser1', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    expect(within(summary).getByRole('listitem')).toHaveTextContent(/^Incorrect username\/password$/);
    expect(LOGIN_MESSAGES.INCORRECT).toBe('Incorrect username/password');
    expect(within(summary).getByRole('link', { name: 'Incorrect username/password' })).toHaveAttribute('href', '#username');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(within(banner()).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();

    // A second failure takes focus again.
    screen.getByRole('textbox', { name: 'Username' }).focus();
    await user.type(screen.getByLabelText('Password'), 'again');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
  });

  it.each([
    [429, LOGIN_MESSAGES.TOO_MANY_ATTEMPTS],
    [503, LOGIN_MESSAGES.DIRECTORY_UNAVAILABLE],
    [503, LOGIN_MESSAGES.SESSIONS_UNAVAILABLE],
  ])('shows the server message of a %i in the error summary', async (status, message) => {
    server.use(http.put(apiUrl(API_ROUTES.authLogin.path), () => HttpResponse.json({ message }, { status })));
    const { user } = renderApp('/staff');
    await fillIn(user, 'adviser1', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('listitem')).toHaveTextContent(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await waitFor(() => expect(summary).toHaveFocus());
  });

  it('offers only the university sign-in link to /login when the enterprise option is configured', async () => {
    db.loginOptions = { enterprise: true };
    renderApp('/staff');
    const link = await screen.findByRole('link', { name: 'Sign in with your university account' });
    expect(link).toHaveAttribute('href', '/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Username' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('says the enterprise sign-in did not complete when the gateway sends the user back with ?signin=failed', async () => {
    db.loginOptions = { enterprise: true };
    renderApp('/staff?signin=failed');
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('listitem')).toHaveTextContent(/^The enterprise sign-in did not complete\. Please try again\.$/);
    expect(await screen.findByRole('link', { name: 'Sign in with your university account' })).toBeInTheDocument();
  });

  it('restores the session on load from GET /api/admin/auth/user', async () => {
    setSessionUser(createAdminUser());
    renderApp('/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a course' })).toBeInTheDocument();
    expect(within(banner()).getByText('Ada Administrator')).toBeInTheDocument();
    expect(within(banner()).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/staff/settings');
  });

  it('makes no staff call on a public page without the sign-in hint', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/admin/auth/')) asked.push(request.url);
    });
    renderApp('/apply');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a degree' })).toBeInTheDocument();
    server.events.removeAllListeners();
    expect(asked).toEqual([]);
    expect(within(banner()).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('restores the session on a public page when the sign-in hint is there, and a stale hint goes with its 401', async () => {
    setSessionUser(createAdminUser());
    const first = renderApp('/apply');
    expect(await screen.findByText('Ada Administrator')).toBeInTheDocument();
    first.unmount();
    db.sessionUser = null;
    renderApp('/apply');
    await waitFor(() => expect(hasStaffSignedInHint(document.cookie)).toBe(false));
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a degree' })).toBeInTheDocument();
    expect(within(banner()).queryByText('Ada Administrator')).not.toBeInTheDocument();
  });

  it('renders a public page at once while the session is being restored', async () => {
    setStaffSignedInHint(true);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(apiUrl(API_ROUTES.authUser.path), async () => {
        await held;
        return HttpResponse.json({ message: LOGIN_MESSAGES.NOT_LOGGED_IN }, { status: 401 });
      }),
    );
    renderApp('/apply');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a degree' })).toBeInTheDocument();
    release();
  });

  it('makes a staff page wait for the session with a spinner, and asks for it without the sign-in hint', async () => {
    // The server holds a session the page has no hint of (signed in before the hint existed).
    db.sessionUser = adviser;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(apiUrl(API_ROUTES.authUser.path), async () => {
        await held;
        return HttpResponse.json<StaffUser>(adviser);
      }),
    );
    renderApp('/staff');
    expect(await screen.findByText('Checking your sign-in')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Staff sign in' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a course' })).toBeInTheDocument();
  });

  it('tells a signed-in user with no Clearing role to contact an administrator', async () => {
    renderApp('/staff', { user: createStaffUser({ username: 'newstarter', name: 'Nia New', roles: [] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account has no Clearing role' })).toBeInTheDocument();
    expect(screen.getByText('You are signed in, but your account has no Clearing role, so there is nothing you can do here yet.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Contact an administrator to be given a Clearing role. It reaches your account here within a few minutes of being given: then choose Check again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Find a course' })).not.toBeInTheDocument();
    expect(within(banner()).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('gives the no-role page one visible h1, its title, and the focus after signing in, on any staff page', async () => {
    const newStarter = createStaffUser({ username: 'newstarter', name: 'Nia New', roles: [] });
    addDirectoryAccount(newStarter, 'secret');
    const { user } = renderApp('/applications');
    await fillIn(user, 'newstarter', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your account has no Clearing role' });
    expect(heading).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 1 })).toEqual([heading]);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(document.title).toBe('Your account has no Clearing role - Clearing Desk');
    expect(screen.queryByRole('heading', { name: 'Find an application' })).not.toBeInTheDocument();
  });

  it('lets a user without a role check again: a role given in the directory meanwhile opens the staff pages without signing out', async () => {
    const newStarter = createStaffUser({ username: 'newstarter', name: 'Nia New', roles: [] });
    const { user } = renderApp('/staff', { user: newStarter });
    await screen.findByRole('heading', { level: 1, name: 'Your account has no Clearing role' });
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account has no Clearing role' })).toBeInTheDocument();
    // The administrator adds the account to a group; the gateway has read the roles again.
    setSessionUser({ ...newStarter, roles: [{ role: 'Front Office', scope: 'all' }] });
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a course' })).toBeInTheDocument();
    expect(within(banner()).getByText('Nia New')).toBeInTheDocument();
  });

  it('has a Staff sign in link in the footer', async () => {
    const { user } = renderApp('/apply');
    const footer = await screen.findByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Staff sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
  });
});

describe('staff sign-out (PUT /api/admin/auth/logout)', () => {
  it('calls the API, clears the user and its staff data, and shows the login screen again', async () => {
    const requests = recordRequests();
    const { user, queryClient, router } = renderApp('/staff', { user: adviser });
    await screen.findByRole('heading', { level: 1, name: 'Find a course' });
    await screen.findByText('Your role: Front Office');
    expect(queryClient.getQueryCache().findAll({ predicate: (q) => q.meta?.staff === true }).length).toBeGreaterThan(0);

    await user.click(within(banner()).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(requests.count('PUT /api/admin/auth/logout')).toBe(1);
    expect(JSON.parse(requests.bodies('PUT /api/admin/auth/logout')[0]!)).toEqual({ data: {}, token: '' });
    expect(db.sessionUser).toBeNull();
    expect(router.state.location.pathname).toBe('/staff');
    expect(within(banner()).queryByText('Alex Adviser')).not.toBeInTheDocument();
    expect(within(banner()).queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(within(banner()).queryByRole('link', { name: 'Applications' })).not.toBeInTheDocument();
    expect(queryClient.getQueryCache().findAll({ predicate: (q) => q.meta?.staff === true })).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('from another page lands on /staff with the login screen', async () => {
    const { user, router } = renderApp('/applications', { user: adviser });
    await screen.findByRole('heading', { level: 1, name: 'Find an application' });
    await user.click(within(banner()).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff');
  });

  it('asks before signing out from an application with unsaved answers: staying keeps the answers and the session, leaving signs out', async () => {
    const { user, router } = renderApp('/apply/G400/personal-details', { user: adviser });
    await user.type(await screen.findByLabelText('Given name'), 'Amara');
    await user.click(within(banner()).getByRole('button', { name: 'Sign out' }));

    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to leave this application?' });
    expect(db.sessionUser).not.toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/apply/G400/personal-details');
    expect(screen.getByLabelText('Given name')).toHaveValue('Amara');
    expect(within(banner()).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    await user.click(within(banner()).getByRole('button', { name: 'Sign out' }));
    const again = await screen.findByRole('dialog', { name: 'Are you sure you want to leave this application?' });
    await user.click(within(again).getByRole('button', { name: 'Leave this application' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(db.sessionUser).toBeNull();
    expect(router.state.location.pathname).toBe('/staff');
  });

  it('keeps the user signed in and says so when the sign-out fails', async () => {
    server.use(http.put(apiUrl(API_ROUTES.authLogout.path), () => HttpResponse.json({ message: 'Session store unavailable' }, { status: 503 })));
    const { user } = renderApp('/staff', { user: adviser });
    await screen.findByRole('heading', { level: 1, name: 'Find a course' });
    await user.click(within(banner()).getByRole('button', { name: 'Sign out' }));
    expect(await within(banner()).findByRole('alert')).toHaveTextContent('Sign out failed: 503: Session store unavailable');
    expect(within(banner()).getByText('Alex Adviser')).toBeInTheDocument();
  });
});
