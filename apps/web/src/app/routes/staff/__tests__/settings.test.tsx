import { DEFAULT_CLOSED_MESSAGE, LOGIN_MESSAGES } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { clearingStatusKeys } from '@/lib/clearing-status';
import { apiUrl } from '@/testing/mocks/api-url';
import { db, setClearingStatus } from '@/testing/mocks/db';
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
  });

  it('shows the login screen again when a staff call answers 401 (the session ended on the server)', async () => {
    server.use(http.get(apiUrl('/admin/status/audit'), () => HttpResponse.json({ message: 'Not logged in' }, { status: 401 })));
    renderApp('/staff/settings', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByText('Ada Administrator')).not.toBeInTheDocument();
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
    expect(queryClient.getQueryData(clearingStatusKeys.status())).toEqual({ state: 1, closing_message: null });

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
    expect(queryClient.getQueryData(clearingStatusKeys.status())).toEqual({ state: 0, closing_message: 'Clearing has closed for 2025/26.' });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Staff sign in' });
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Apply' }));
    expect(await screen.findByText('Clearing has closed for 2025/26.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Clearing is closed' })).toBeInTheDocument();
  });

  it('shows the server message in the error summary when saving fails, and focuses it', async () => {
    server.use(http.put(apiUrl('/admin/status'), () => HttpResponse.json({ message: 'The status store is unavailable.' }, { status: 503 })));
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
});
