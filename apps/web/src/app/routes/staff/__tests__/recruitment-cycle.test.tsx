import { API_ROUTES, standardCycle } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/api-url';
import { db, setClearingStatus } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { createAdminUser, createStaffUser, renderApp } from '@/testing/test-utils';

const admin = createAdminUser({ username: 'admin1', name: 'Ada Administrator' });

/** The facts of a summary list as 'Key: value' lines. */
const facts = (region: HTMLElement) =>
  Array.from(region.querySelectorAll('.cd-summary-list__row')).map((row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`);

describe('the recruitment cycle on /staff/settings', () => {
  it('shows the current cycle, and rolls to the next only once the confirmation naming it and its dates is accepted', async () => {
    const { user } = renderApp('/staff/settings', { user: admin });
    const region = await screen.findByRole('region', { name: 'Recruitment cycle' });
    await within(region).findByText('Clearing 2025/26');
    expect(facts(region)).toEqual([
      'Cycle: Clearing 2025/26',
      'Clearing window: 5 July 2025 to 20 October 2025',
      'Results day: 14 August 2025',
      'Default course start date: 22 September 2025',
      'Tariff version: 2025',
    ]);

    // Cancel: nothing rolls, focus goes back to the button.
    const rollButton = within(region).getByRole('button', { name: 'Roll to the next cycle' });
    await user.click(rollButton);
    const dialog = screen.getByRole('dialog', { name: 'Roll to Clearing 2026/27?' });
    expect(dialog).toHaveAccessibleDescription(
      'Clearing 2026/27 opens on 5 July 2026 and closes on 20 October 2026; results day is 14 August 2026. ' +
        'Courses starting on 22 September 2025 will start on 22 September 2026. ' +
        'Applications made in Clearing 2025/26 stay readable under that cycle. This cannot be undone here.',
    );
    expect(within(dialog).getByRole('button', { name: 'Roll to Clearing 2026/27' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rollButton).toHaveFocus();
    expect(db.cycles.map((c) => c.NAME)).toEqual(['2025/26']);

    // Confirm: the new cycle is current, announced, and the roll is listed.
    await user.click(rollButton);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Roll to Clearing 2026/27' }));
    expect(await within(region).findByRole('status')).toHaveTextContent('Clearing 2026/27 is now the current cycle.');
    await waitFor(() => expect(facts(region)[0]).toBe('Cycle: Clearing 2026/27'));
    expect(facts(region)).toEqual([
      'Cycle: Clearing 2026/27',
      'Clearing window: 5 July 2026 to 20 October 2026',
      'Results day: 14 August 2026',
      'Default course start date: 22 September 2026',
      'Tariff version: 2026',
    ]);
    // Every screen's label follows the stored cycle: the status is read again after the roll.
    expect(await within(screen.getByRole('banner')).findByText('Clearing 2026/27')).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByText('Clearing Desk: Clearing 2026/27')).toBeInTheDocument();
    const rolls = within(region).getByRole('table', { name: 'Cycle rolls' });
    const [row] = within(rolls).getAllByRole('row').slice(1);
    expect(
      within(row!)
        .getAllByRole('cell')
        .slice(1)
        .map((td) => td.textContent),
    ).toEqual(['admin1', '2025/26', '2026/27']);
    expect(db.cycles.map((c) => c.NAME)).toEqual(['2025/26', '2026/27']);
  });

  it("shows the server's message when the cycle was rolled meanwhile, and rolls nothing", async () => {
    server.use(
      http.post(apiUrl(API_ROUTES.recruitmentCycleRoll.path), () =>
        HttpResponse.json({ message: 'The 2025/26 cycle is no longer the current one: the current cycle is 2026/27. Nothing was changed.' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/staff/settings', { user: admin });
    const region = await screen.findByRole('region', { name: 'Recruitment cycle' });
    await user.click(await within(region).findByRole('button', { name: 'Roll to the next cycle' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Roll to Clearing 2026/27' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The 2025/26 cycle is no longer the current one: the current cycle is 2026/27. Nothing was changed.',
    );
    expect(within(region).getByRole('status')).toBeEmptyDOMElement();
  });

  it('is not shown to staff who may not manage Clearing', async () => {
    renderApp('/staff/settings', { user: createStaffUser() });
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recruitment cycle' })).not.toBeInTheDocument();
  });

  it('warns every staff page that Clearing is outside its window, while the public meets the closed state', async () => {
    const cycle = standardCycle('2025/26');
    setClearingStatus({
      state: 0,
      closing_message: 'Clearing 2025/26 is open from 5 July 2025 to 20 October 2025.',
      setting: { state: 1, closing_message: null },
      cycle: { ...cycle, IN_WINDOW: false },
    });
    renderApp('/staff/settings', { user: admin });
    expect(await screen.findByText('Clearing 2025/26 is outside its window (5 July 2025 to 20 October 2025): the public cannot apply.')).toBeInTheDocument();
    // The form shows the stored setting, not the public's closed state.
    const group = await screen.findByRole('group', { name: 'Clearing' });
    expect(within(group).getByRole('radio', { name: 'Open' })).toBeChecked();
  });
});
