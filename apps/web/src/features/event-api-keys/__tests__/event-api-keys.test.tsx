import { EVENT_API_KEY_TEXTS } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { createAdminUser, createStaffUser, renderApp } from '@/testing/test-utils';

const admin = createAdminUser({ username: 'admin1', name: 'Ada Administrator' });

/** The record system's API keys on /staff/settings, against the msw fake gateway. */
describe('Record system API keys (Clearing settings)', () => {
  it('lists no key at first, refuses an empty form with an error summary linked to each field, then issues a key shown once', async () => {
    const { user } = renderApp('/staff/settings', { user: admin });
    const region = await screen.findByRole('region', { name: 'Record system API keys' });
    expect(await within(region).findByText('No API key has been issued.')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Issue API key' }));
    const summary = await within(region).findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: EVENT_API_KEY_TEXTS.NAME_REQUIRED })).toHaveAttribute('href', '#event-key-name');
    expect(within(summary).getByRole('link', { name: EVENT_API_KEY_TEXTS.TYPES_REQUIRED })).toHaveAttribute('href', '#event-key-types');
    const name = within(region).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAccessibleDescription(expect.stringContaining(EVENT_API_KEY_TEXTS.NAME_REQUIRED));
    expect(db.eventApiKeys).toEqual([]);

    await user.type(name, 'Student records system');
    const types = within(region).getByRole('group', { name: 'Events the key may read' });
    await user.click(within(types).getByRole('checkbox', { name: 'Decision' }));
    await user.click(within(types).getByRole('checkbox', { name: 'Withdrawn' }));
    await user.click(within(region).getByRole('button', { name: 'Issue API key' }));

    const notice = await within(region).findByRole('region', { name: 'API key issued' });
    // Focus goes to the key, shown this once.
    await waitFor(() => expect(notice.parentElement).toHaveFocus());
    expect(notice).toHaveTextContent(`API key for Student records system: ${db.eventApiKeys[0]?.id}.mock-secret-`);
    expect(db.eventApiKeys[0]).toMatchObject({
      name: 'Student records system',
      eventTypes: ['application.decision.v1', 'application.withdrawn.v1'],
      createdBy: 'admin1',
    });
    expect(within(region).queryByRole('alert', { name: 'There is a problem' })).not.toBeInTheDocument();

    const table = await within(region).findByRole('table');
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = within(row!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[0]).toBe('Student records system');
    expect(cells[1]).toBe('Decision, Withdrawn');
    expect(cells[2]).toMatch(/^admin1, \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect(cells[3]).toBe('Active');
  });

  it('revokes a key after a confirmation: the row says who revoked it and the page says so', async () => {
    db.eventApiKeys = [
      {
        id: '00000000-0000-4000-8000-000000000042',
        name: 'CRM',
        eventTypes: ['application.created.v1'],
        createdBy: 'admin2',
        createdAt: '2025-08-14T07:05:00.000Z',
        revokedAt: null,
        revokedBy: null,
      },
    ];
    const { user } = renderApp('/staff/settings', { user: admin });
    const region = await screen.findByRole('region', { name: 'Record system API keys' });
    await user.click(await within(region).findByRole('button', { name: 'Revoke API key CRM' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this API key?' });
    expect(dialog).toHaveAccessibleDescription('The record system using it is refused from its next call. This cannot be undone: issue a new key instead.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke API key CRM' }));
    expect(await within(region).findByText('API key revoked.')).toBeInTheDocument();
    const row = within(within(region).getByRole('table')).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent(/^Revoked by admin1, \d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    expect(within(region).queryByRole('button', { name: 'Revoke API key CRM' })).not.toBeInTheDocument();
    expect(db.eventApiKeys[0]?.revokedBy).toBe('admin1');
  });

  it('is not shown, and its keys never asked for, to an adviser who is not an Administrator over all courses', async () => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => requests.push(`${request.method} ${new URL(request.url).pathname}`));
    renderApp('/staff/settings', { user: createStaffUser() });
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Record system API keys' })).not.toBeInTheDocument();
    expect(requests).not.toContain('GET /api/admin/event-keys');
  });
});
