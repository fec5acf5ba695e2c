import { API_ROUTES, emptyStatusCounts, londonCalendarDate, reconcile, type ReconciliationCounts } from '@clearing-desk/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/api-url';
import { server } from '@/testing/mocks/server';
import { createStaffUser, renderApp } from '@/testing/test-utils';

const admin = createStaffUser({ username: 'admin', name: 'Ada Administrator', roles: [{ role: 'Administrator', scope: 'all' }] });
const editorCmps = createStaffUser({ username: 'editor-cmps', name: 'Cem Compton', roles: [{ role: 'Editor', scope: 'dept:CMPS' }] });
const ENDPOINT = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

/** The day's counts: the paused endpoint was told of 2 of the 3 offers. */
const countsOf = (day: string): ReconciliationCounts => ({
  day,
  cycle: '2025/26',
  timeZone: 'Europe/London',
  asAt: '2025-08-14T21:50:00.000Z',
  figures: { ...emptyStatusCounts(), O: 3, X: 1 },
  events: { ...emptyStatusCounts(), O: 3, X: 1 },
  endpoints: [
    {
      id: ENDPOINT,
      url: 'https://records.example/hooks',
      status: 'paused',
      eventTypes: ['application.decision.v1'],
      delivered: { ...emptyStatusCounts(), O: 2, X: 1 },
    },
  ],
});

function reconciliationServer(asked: string[]) {
  server.use(
    http.get(apiUrl(API_ROUTES.reconciliation.path), ({ request }) => {
      const day = new URL(request.url).searchParams.get('date') ?? '';
      asked.push(day);
      return HttpResponse.json(reconcile(countsOf(day)));
    }),
  );
}

describe('/staff/reconciliation', () => {
  it('shows today by default, each count per status in a captioned table, and the difference in words beside the red', async () => {
    const asked: string[] = [];
    reconciliationServer(asked);
    renderApp('/staff/reconciliation', { user: admin });
    const today = londonCalendarDate(new Date());
    const table = await screen.findByRole('table', { name: `Applications by status on ${today} (cycle 2025/26)` });
    expect(asked).toEqual([today]);
    expect(screen.getByLabelText('Day')).toHaveValue(today);
    expect(within(table).getByRole('columnheader', { name: 'Delivered to https://records.example/hooks (paused)' })).toBeInTheDocument();
    const offered = within(table).getByRole('row', { name: /Offered \(O\)/ });
    expect(within(offered).getByText('2 (Difference: -1)')).toHaveClass('cd-reconciliation__difference');
    const rejected = within(table).getByRole('row', { name: /Rejected \(X\)/ });
    expect(within(rejected).queryByText(/Difference/)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('1 status has a difference.');
  });

  it('asks for the day picked, and says what is wrong with a day that is not one', async () => {
    const asked: string[] = [];
    reconciliationServer(asked);
    const user = userEvent.setup();
    renderApp('/staff/reconciliation', { user: admin });
    const day = await screen.findByLabelText('Day');
    // A date input takes its value whole (what a browser's picker gives it).
    fireEvent.change(day, { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a real day, for example 2025-08-14.');
    fireEvent.change(day, { target: { value: '2025-08-13' } });
    await user.click(screen.getByRole('button', { name: 'Show report' }));
    expect(await screen.findByRole('table', { name: 'Applications by status on 2025-08-13 (cycle 2025/26)' })).toBeInTheDocument();
    expect(asked.at(-1)).toBe('2025-08-13');
  });

  it('tells a user without view-report over every course that the report is not theirs, and asks nothing', async () => {
    const asked: string[] = [];
    reconciliationServer(asked);
    renderApp('/staff/reconciliation', { user: editorCmps });
    expect(await screen.findByText('Only staff who view reports on every course can see the reconciliation.')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
