import { screen, within } from '@testing-library/react';
import { callbackFake, resetCallbacks } from '@/testing/mocks/handlers/callbacks';
import { createAdminUser, renderApp } from '@/testing/test-utils';
import { AdviserShifts } from '../components/adviser-shifts';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { setSessionUser } from '@/testing/mocks/db';

beforeEach(() => resetCallbacks());

describe('advisers on shift (Settings page)', () => {
  it('an Administrator sets advisers per hour for today and the next days, saved together', async () => {
    setSessionUser(createAdminUser({ username: 'admin1', name: 'Ada Administrator' }));
    callbackFake.capacity = [{ DATE: '2026-08-17', HOUR: 10, ADVISERS: 2 }];
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdviserShifts />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Advisers on shift for booked calls' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Hour', 'Monday 17 August', 'Tuesday 18 August', 'Wednesday 19 August']);
    expect(within(table).getByRole('spinbutton', { name: 'Advisers on Monday 17 August from 10:00' })).toHaveValue(2);
    const tuesdayNine = within(table).getByRole('spinbutton', { name: 'Advisers on Tuesday 18 August from 09:00' });
    await user.type(tuesdayNine, '3');
    await user.click(screen.getByRole('button', { name: 'Save advisers on shift' }));
    expect(await screen.findByText('Advisers on shift saved.')).toBeInTheDocument();
    expect(callbackFake.capacity).toEqual([
      { DATE: '2026-08-17', HOUR: 10, ADVISERS: 2 },
      { DATE: '2026-08-18', HOUR: 9, ADVISERS: 3 },
    ]);
  });

  it("shows the days of the service's clock, not the browser's", async () => {
    setSessionUser(createAdminUser({ username: 'admin1', name: 'Ada Administrator' }));
    // The service's Clearing clock on results day 2025 (test stacks' CLEARING_CLOCK); this browser's clock is the machine's.
    callbackFake.now = new Date('2025-08-14T08:00:00Z');
    expect(new Date().getFullYear()).not.toBe(2025);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdviserShifts />
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Advisers on shift for booked calls' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Hour', 'Thursday 14 August', 'Friday 15 August', 'Saturday 16 August']);
    expect(within(table).getByRole('spinbutton', { name: 'Advisers on Thursday 14 August from 09:00' })).toHaveValue(null);
  });

  it('is on the Settings page for an Administrator over all courses', async () => {
    renderApp('/staff/settings', { user: createAdminUser({ username: 'admin1', name: 'Ada Administrator' }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Advisers on shift for booked calls' })).toBeInTheDocument();
  });
});
