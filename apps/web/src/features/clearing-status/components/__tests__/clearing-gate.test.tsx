import { API_ROUTES, DEFAULT_CLOSED_MESSAGE, LOGIN_MESSAGES } from '@clearing-desk/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/api-url';
import { db, setClearingStatus, setSessionUser, setStaffSignedInHint } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { createStaffUser, renderApp, renderWithProviders } from '@/testing/test-utils';
import { clearingStatusKeys } from '@/lib/clearing-status';
import { ClearingGate } from '../clearing-gate';

/** Counts requests per API path. */
function countRequests(): Record<string, number> {
  const counts: Record<string, number> = {};
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    counts[path] = (counts[path] ?? 0) + 1;
  });
  return counts;
}

afterEach(() => server.events.removeAllListeners());

describe('clearing open/closed gate', () => {
  it('shows the app when clearing is open, after one status call and no ping yet', async () => {
    const counts = countRequests();
    renderApp('/apply');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a degree' })).toBeInTheDocument();
    expect(counts['/api/admin/status']).toBe(1);
    expect(counts['/api/ping']).toBeUndefined();
  });

  it("shows the server's closing message when clearing is closed", async () => {
    setClearingStatus({ state: 0, closing_message: 'Clearing 2025/26 has now closed. Good luck with your studies.' });
    renderApp('/apply');
    expect(await screen.findByText('Clearing 2025/26 has now closed. Good luck with your studies.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Find a degree' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('shows the default closed message when the server gives none', async () => {
    setClearingStatus({ state: 0, closing_message: null });
    renderApp('/apply/G400');
    expect(await screen.findByText(DEFAULT_CLOSED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Online applications for Clearing are now closed. Thank you for your interest.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Start application/ })).not.toBeInTheDocument();
  });

  it('shows the default closed message for a blank closing message', async () => {
    setClearingStatus({ state: 0, closing_message: '   ' });
    renderApp('/apply');
    expect(await screen.findByText(DEFAULT_CLOSED_MESSAGE)).toBeInTheDocument();
  });

  it('lets a logged-in staff user in while clearing is closed', async () => {
    setClearingStatus({ state: 0, closing_message: 'Closed.' });
    renderApp('/apply', { user: createStaffUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a degree' })).toBeInTheDocument();
    expect(screen.queryByText('Closed.')).not.toBeInTheDocument();
  });

  it('lets a signed-in user who reloads a page in while clearing is closed (session restored from the server)', async () => {
    setClearingStatus({ state: 0, closing_message: 'Closed.' });
    setSessionUser(createStaffUser());
    renderApp('/apply');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a degree' })).toBeInTheDocument();
    expect(screen.queryByText('Closed.')).not.toBeInTheDocument();
  });

  it('waits for the session before showing the closed message when the sign-in hint says one may exist', async () => {
    setClearingStatus({ state: 0, closing_message: 'Closed.' });
    setStaffSignedInHint(true);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const counts = countRequests();
    server.use(
      http.get(apiUrl(API_ROUTES.authUser.path), async () => {
        await held;
        return HttpResponse.json({ message: LOGIN_MESSAGES.NOT_LOGGED_IN }, { status: 401 });
      }),
    );
    const { queryClient } = renderApp('/apply');
    // Wait for the state, not for time: the closed status has arrived and rendered, the session
    // request is still held.
    await waitFor(() => expect(queryClient.getQueryState(clearingStatusKeys.status())?.status).toBe('success'));
    await waitFor(() => expect(counts['/api/admin/auth/user']).toBe(1));
    await act(async () => undefined);
    expect(screen.queryByText('Closed.')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    release();
    expect(await screen.findByText('Closed.')).toBeInTheDocument();
  });

  it('shows the closed message without asking for a session when no sign-in hint is there', async () => {
    setClearingStatus({ state: 0, closing_message: 'Closed.' });
    const counts = countRequests();
    renderApp('/apply');
    expect(await screen.findByText('Closed.')).toBeInTheDocument();
    expect(counts['/api/admin/auth/user']).toBeUndefined();
  });

  it('keeps the accessibility and privacy pages available while closed', async () => {
    setClearingStatus({ state: 0, closing_message: null });
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeInTheDocument();
  });

  it('shows a spinner while the status loads', async () => {
    renderApp('/apply');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a degree' })).toBeInTheDocument();
  });

  it('treats a failed status call as open, shows no message and keeps the error', async () => {
    server.use(http.get(apiUrl(API_ROUTES.clearingStatus.path), () => HttpResponse.json({ message: 'down' }, { status: 500 })));
    const { queryClient } = renderApp('/apply');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a degree' })).toBeInTheDocument();
    expect(screen.queryByText(/down/)).not.toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_CLOSED_MESSAGE)).not.toBeInTheDocument();
    expect(queryClient.getQueryState(clearingStatusKeys.status())?.error).toMatchObject({ status: 500, message: 'down' });
  });

  it('closes when a ping reports closed, then shows the fresh closing message', async () => {
    const counts = countRequests();
    renderWithProviders(
      <ClearingGate pingIntervalMs={50}>
        <p>the app</p>
      </ClearingGate>,
    );
    expect(await screen.findByText('the app')).toBeInTheDocument();

    setClearingStatus({ state: 0, closing_message: 'Closed for the night.' });
    expect(await screen.findByText('Closed for the night.')).toBeInTheDocument();
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
    expect(counts['/api/ping']).toBeGreaterThanOrEqual(1);
    expect(counts['/api/admin/status']).toBe(2);
  });

  it('reopens when a ping reports open again, and ignores a failed ping', async () => {
    setClearingStatus({ state: 0, closing_message: 'Closed.' });
    server.use(http.get(apiUrl(API_ROUTES.ping.path), () => HttpResponse.json({ message: 'oops' }, { status: 502 }), { once: true }));
    renderWithProviders(
      <ClearingGate pingIntervalMs={50}>
        <p>the app</p>
      </ClearingGate>,
    );
    expect(await screen.findByText('Closed.')).toBeInTheDocument();
    db.pingState = 1;
    db.clearingStatus = { state: 1, closing_message: null };
    await waitFor(() => expect(screen.getByText('the app')).toBeInTheDocument());
  });
});
