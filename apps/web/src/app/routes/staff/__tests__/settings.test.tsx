import { API_ROUTES, DEFAULT_CLOSED_MESSAGE, LOGIN_MESSAGES } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { clearingStatusKeys } from '@/lib/clearing-status';
import { apiUrl } from '@/testing/mocks/api-url';
import { db, setClearingStatus, setSessionUser } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { createAdminUser, createStaffUser, renderApp } from '@/testing/test-utils';

const admin = createAdminUser({ username: 'admin1', name: 'Ada Administrator' });

describe('/staff/settings (Clearing settings)', () => {
  it.each([
    ['a Front Office adviser', createStaffUser()],
    ['an Administrator of one school only', createStaffUser({ roles: [{ role: 'Administrator', scope: 'school:SCI' }] })],
  ])('tells %s that they do not have permission, with no Settings link', async (_who, user) => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => requests.push(`${request.method} ${new URL(request.url).pathname}`));
    renderApp('/staff/settings', { user });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clearing settings' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(LOGIN_MESSAGES.FORBIDDEN).toBe('You do not have permission to do this.');
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(requests).not.toContain('GET /api/admin/status/audit');
    expect(requests).not.toContain('GET /api/admin/auth/lockouts');
  });

  it('shows the login screen again when a staff call answers 401 (the session ended on the server)', async () => {
    server.use(http.get(apiUrl(API_ROUTES.clearingStatusAudit.path), () => HttpResponse.json({ message: 'Not logged in' }, { status: 401 })));
    renderApp('/staff/settings', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByText('Ada Administrator')).not.toBeInTheDocument();
  });

  it('follows the roles the server holds when a call answers 403: an Administrator removed from the group loses the page', async () => {
    setClearingStatus({ state: 1, closing_message: null });
    const { user } = renderApp('/staff/settings', { user: admin });
    await user.click(await screen.findByRole('radio', { name: 'Closed' }));
    // Meanwhile the directory dropped the Administrator from the group; the gateway read the roles again.
    setSessionUser({ ...admin, roles: [] });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    // The 403 makes the app read the user again: no role left, so the page says so and Settings goes.
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account has no Clearing role' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Ada Administrator')).toBeInTheDocument();
    expect(db.clearingStatus.state).toBe(1);
  });

  it('shows the login screen to nobody signed in, even while Clearing is closed', async () => {
    setClearingStatus({ state: 0, closing_message: 'Closed for the year.' });
    renderApp('/staff/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Closed for the year.')).not.toBeInTheDocument();
  });

  it('shows the current setting, the closing-message hint and the recent changes', async () => {
    setClearingStatus({ state: 1, closing_message: null });
    db.clearingAudit = [{ at: '2025-08-14T07:05:00.000Z', username: 'admin2', state: 1, closing_message: null }];
    renderApp('/staff/settings', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Clearing settings' })).toBeInTheDocument();
    const group = await screen.findByRole('group', { name: 'Clearing' });
    expect(within(group).getByRole('radio', { name: 'Open' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Closed' })).not.toBeChecked();
    const message = screen.getByRole('textbox', { name: 'Closing message' });
    expect(message).toHaveValue('');
    expect(message).toHaveAttribute('maxLength', '1024');
    expect(message).toHaveAccessibleDescription(expect.stringContaining('Shown to the public while Clearing is closed'));
    expect(message).toHaveAccessibleDescription(expect.stringContaining(DEFAULT_CLOSED_MESSAGE));
    expect(document.title).toBe('Clearing settings - Clearing Desk');

    const changes = screen.getByRole('region', { name: 'Recent changes' });
    const table = await within(changes).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Who', 'Clearing', 'Closing message']);
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['14/08/2025 08:05', 'admin2', 'Open', 'Default message']);
  });

  it("saves 'Closed' with a closing message: 'Settings saved.', the new audit row, and the gate follows", async () => {
    setClearingStatus({ state: 1, closing_message: null });
    const { user, queryClient } = renderApp('/apply', { user: admin });
    await screen.findByRole('heading', { level: 1, name: 'Find a degree' });
    expect(queryClient.getQueryData(clearingStatusKeys.status())).toMatchObject({ state: 1, closing_message: null, cycle: { NAME: '2025/26' } });

    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Settings' }));
    await user.click(await screen.findByRole('radio', { name: 'Closed' }));
    await user.type(screen.getByRole('textbox', { name: 'Closing message' }), '  Clearing has closed for 2025/26.  ');
    expect(await screen.findByText('No changes yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(screen.getByText('Settings saved.').closest('[role="status"]')).not.toBeNull();
    expect(db.clearingStatus).toEqual({ state: 0, closing_message: 'Clearing has closed for 2025/26.' });
    expect(screen.getByRole('textbox', { name: 'Closing message' })).toHaveValue('Clearing has closed for 2025/26.');

    const table = await within(screen.getByRole('region', { name: 'Recent changes' })).findByRole('table');
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = within(row!)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(cells.slice(1)).toEqual(['admin1', 'Closed', 'Clearing has closed for 2025/26.']);

    // The setting and the gate read one query (GET /api/admin/status): the gate has the saved state
    // at once, so after signing out the public sees the new closing message.
    expect(queryClient.getQueryData(clearingStatusKeys.status())).toMatchObject({
      state: 0,
      closing_message: 'Clearing has closed for 2025/26.',
      cycle: { NAME: '2025/26' },
    });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Staff sign in' });
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Apply' }));
    expect(await screen.findByText('Clearing has closed for 2025/26.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Clearing is closed' })).toBeInTheDocument();
  });

  it('shows the server message in the error summary when saving fails, and focuses it', async () => {
    server.use(
      http.put(apiUrl(API_ROUTES.clearingStatusUpdate.path), () => HttpResponse.json({ message: 'The status store is unavailable.' }, { status: 503 })),
    );
    const { user } = renderApp('/staff/settings', { user: admin });
    await user.click(await screen.findByRole('radio', { name: 'Closed' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('listitem')).toHaveTextContent(/^The status store is unavailable\.$/);
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.queryByText('Settings saved.')).not.toBeInTheDocument();
    expect(db.clearingStatus.state).toBe(1);
  });

  it('hides the Settings saved notice again after a change', async () => {
    const { user } = renderApp('/staff/settings', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Closing message' }), 'x');
    expect(screen.queryByText('Settings saved.')).not.toBeInTheDocument();
  });

  describe('Sign-in lockouts', () => {
    const pair = {
      kind: 'pair',
      username: 'editor',
      address: '127.0.0.2',
      refusals: 6,
      since: '2025-08-14T07:00:00.000Z',
      until: '2025-08-14T07:15:00.000Z',
    } as const;
    const everyone = {
      kind: 'address',
      username: null,
      address: '203.0.113.9',
      refusals: 300,
      since: '2025-08-14T07:01:00.000Z',
      until: '2025-08-14T07:14:00.000Z',
    } as const;

    it('lists the lockouts in force and lifts one: it leaves the table and the page says so', async () => {
      db.signInLockouts = [pair, everyone];
      const { user } = renderApp('/staff/settings', { user: admin });
      const region = await screen.findByRole('region', { name: 'Sign-in lockouts' });
      const table = await within(region).findByRole('table');
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Held', 'Username', 'Address', 'Refused sign-ins', 'Until', 'Action']);
      const rows = within(table).getAllByRole('row').slice(1);
      expect(
        within(rows[0]!)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ).toEqual(['This username from this address', 'editor', '127.0.0.2', '6', '14/08/2025 08:15', 'Lift']);
      expect(
        within(rows[1]!)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ).toEqual(['Every username from this address', 'Every', '203.0.113.9', '300', '14/08/2025 08:14', 'Lift']);

      await user.click(within(region).getByRole('button', { name: 'Lift this username from this address: editor from 127.0.0.2' }));
      expect(await within(region).findByText('Lockout lifted.')).toBeInTheDocument();
      expect(within(region).getByText('Lockout lifted.').closest('[role="status"]')).not.toBeNull();
      expect(db.signInLockouts).toEqual([everyone]);
      await waitFor(() => expect(within(region).getAllByRole('row')).toHaveLength(2));
      expect(within(region).getByRole('button', { name: 'Lift every username from this address: every username from 203.0.113.9' })).toBeInTheDocument();
    });

    it('names a device lockout (a browser that signed the user in before, locked by its own refusals) and lifts it', async () => {
      const device = {
        kind: 'device',
        username: 'backoffice',
        address: null,
        refusals: 5,
        since: '2025-08-14T07:02:00.000Z',
        until: '2025-08-14T07:17:00.000Z',
      } as const;
      db.signInLockouts = [device];
      const { user } = renderApp('/staff/settings', { user: admin });
      const region = await screen.findByRole('region', { name: 'Sign-in lockouts' });
      const table = await within(region).findByRole('table');
      expect(
        within(within(table).getAllByRole('row')[1]!)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ).toEqual(['This username from browsers it signed in on before', 'backoffice', 'Every', '5', '14/08/2025 08:17', 'Lift']);
      await user.click(within(region).getByRole('button', { name: 'Lift this username from browsers it signed in on before: backoffice' }));
      expect(await within(region).findByText('Lockout lifted.')).toBeInTheDocument();
      expect(db.signInLockouts).toEqual([]);
    });

    it("says 'No sign-in is locked out.' when there is none", async () => {
      renderApp('/staff/settings', { user: admin });
      const region = await screen.findByRole('region', { name: 'Sign-in lockouts' });
      expect(await within(region).findByText('No sign-in is locked out.')).toBeInTheDocument();
    });

    it("shows the server's message when a lift fails", async () => {
      db.signInLockouts = [pair];
      server.use(
        http.post(apiUrl(API_ROUTES.liftSignInLockout.path), () =>
          HttpResponse.json({ message: 'Staff sign-in is unavailable at the moment. Please try again in a few minutes.' }, { status: 503 }),
        ),
      );
      const { user } = renderApp('/staff/settings', { user: admin });
      const region = await screen.findByRole('region', { name: 'Sign-in lockouts' });
      await user.click(await within(region).findByRole('button', { name: /^Lift this username from this address/ }));
      expect(await within(region).findByRole('alert')).toHaveTextContent('Staff sign-in is unavailable at the moment. Please try again in a few minutes.');
      expect(within(region).queryByText('Lockout lifted.')).not.toBeInTheDocument();
    });
  });
});

describe('subject access on /staff/settings', () => {
  it('offers an Administrator over all courses the export of everything held about a person', async () => {
    renderApp('/staff/settings', { user: createStaffUser({ roles: [{ role: 'Administrator', scope: 'all' }] }) });
    const section = await screen.findByRole('region', { name: 'Subject access export' });
    expect(within(section).getByLabelText('Email address')).toHaveAttribute('name', 'email');
    expect(within(section).getByLabelText('UCAS Personal ID')).toHaveAttribute('name', 'ucas_personal_id');
    expect(section.querySelector('form')).toHaveAttribute('action', '/api/admin/subject-access.zip');
  });
});
