import { screen, within } from '@testing-library/react';
import { callbackFake, resetCallbacks } from '@/testing/mocks/handlers/callbacks';
import { createAdminUser, renderApp } from '@/testing/test-utils';
import { AdviserShifts } from '../components/adviser-shifts';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { setSessionUser } from '@/testing/mocks/db';

// Monday 17 August 2026, 08:00 in London.
const now = () => new Date('2026-08-17T07:00:00Z');

beforeEach(() => resetCallbacks());

describe('advisers on shift (Settings page)', () => {
  it('an Administrator sets advisers per hour for today and the next days, saved together', async () => {
    setSessionUser(createAdminUser({ username: 'admin1', name: 'Ada Administrator' }));
    callbackFake.capacity = [{ DATE: '2026-08-17', HOUR: 10, ADVISERS: 2 }];
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AdviserShifts now={now} />
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

  it('is on the Settings page for an Administrator over all courses', async () => {
    renderApp('/staff/settings', { user: createAdminUser({ username: 'admin1', name: 'Ada Administrator' }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Advisers on shift for booked calls' })).toBeInTheDocument();
  });
});
