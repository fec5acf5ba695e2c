import { WEBHOOK_TEXTS, type WebhookEndpoint } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { db } from '@/testing/mocks/db';
import { createAdminUser, renderApp } from '@/testing/test-utils';

const admin = createAdminUser({ username: 'admin1', name: 'Ada Administrator' });

const paused: WebhookEndpoint = {
  id: '00000000-0000-4000-9000-000000000077',
  url: 'https://crm.example.ac.uk/hooks',
  eventTypes: ['application.decision.v1'],
  status: 'paused',
  consecutiveFailures: 10,
  pausedAt: '2025-08-14T09:05:00.000Z',
  createdBy: 'admin2',
  createdAt: '2025-08-14T07:00:00.000Z',
  pending: 12,
  lastDeliveredAt: '2025-08-14T08:59:00.000Z',
};

/** The record system's webhook endpoints on /staff/settings, against the msw fake gateway. */
describe('Webhooks (Clearing settings)', () => {
  it('refuses a plain http address with the error summary, then registers an endpoint and shows its secret once', async () => {
    const { user } = renderApp('/staff/settings', { user: admin });
    const region = await screen.findByRole('region', { name: 'Webhooks' });
    expect(await within(region).findByText('No webhook endpoint is registered.')).toBeInTheDocument();

    const url = within(region).getByRole('textbox', { name: 'Endpoint URL' });
    await user.type(url, 'http://crm.example.ac.uk/hooks');
    await user.click(within(region).getByRole('button', { name: 'Register endpoint' }));
    const summary = await within(region).findByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: WEBHOOK_TEXTS.URL_INVALID })).toHaveAttribute('href', '#webhook-url');
    expect(within(summary).getByRole('link', { name: WEBHOOK_TEXTS.TYPES_REQUIRED })).toHaveAttribute('href', '#webhook-types');
    expect(url).toHaveAccessibleDescription(expect.stringContaining(WEBHOOK_TEXTS.URL_INVALID));

    await user.clear(url);
    await user.type(url, 'https://crm.example.ac.uk/hooks');
    await user.click(within(within(region).getByRole('group', { name: 'Events the endpoint takes' })).getByRole('checkbox', { name: 'Decision' }));
    await user.click(within(region).getByRole('button', { name: 'Register endpoint' }));
    const notice = await within(region).findByRole('region', { name: 'Webhook endpoint registered' });
    await waitFor(() => expect(notice.parentElement).toHaveFocus());
    expect(notice).toHaveTextContent('Signing secret for https://crm.example.ac.uk/hooks: whsec_bW9jay1zZWNyZXQt');
    const row = within(await within(region).findByRole('table')).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 5),
    ).toEqual(['https://crm.example.ac.uk/hooks', 'Decision', 'Active', '0', 'Never']);
    expect(db.webhooks.endpoints[0]).toMatchObject({ url: 'https://crm.example.ac.uk/hooks', eventTypes: ['application.decision.v1'] });
  });

  it('shows a paused endpoint with its backlog, resumes it, and shows its attempts on demand', async () => {
    db.webhooks = {
      endpoints: [{ ...paused }],
      attempts: {
        [paused.id]: [
          {
            eventId: '11111111-1111-4111-8111-111111111111',
            eventType: 'application.decision.v1',
            attempt: 10,
            at: '2025-08-14T09:05:00.000Z',
            outcome: 'failed',
            httpStatus: 503,
            error: 'The receiver answered 503.',
            durationMs: 12,
          },
        ],
      },
    };
    const { user } = renderApp('/staff/settings', { user: admin });
    const region = await screen.findByRole('region', { name: 'Webhooks' });
    const row = within(await within(region).findByRole('table')).getAllByRole('row')[1]!;
    const cells = within(row).getAllByRole('cell');
    expect(cells[2]).toHaveTextContent(/^Paused after 10 failures in a row, 14\/08\/2025 10:05$/);
    expect(cells[3]).toHaveTextContent('12');

    const show = within(region).getByRole('button', { name: 'Show attempts of https://crm.example.ac.uk/hooks' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const attempts = await within(region).findByRole('region', { name: 'Latest attempts: https://crm.example.ac.uk/hooks' });
    const attempt = within(await within(attempts).findByRole('table')).getAllByRole('row')[1]!;
    expect(
      within(attempt)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['14/08/2025 10:05', 'Decision 11111111-1111-4111-8111-111111111111', '10', 'Failed: The receiver answered 503. (12 ms)']);
    expect(within(region).getByRole('button', { name: 'Hide attempts of https://crm.example.ac.uk/hooks' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(within(region).getByRole('button', { name: 'Resume webhook https://crm.example.ac.uk/hooks' }));
    expect(await within(region).findByText('Webhook endpoint resumed: its waiting events are being delivered in order.')).toBeInTheDocument();
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('Active');
    expect(within(region).queryByRole('button', { name: 'Resume webhook https://crm.example.ac.uk/hooks' })).not.toBeInTheDocument();
    expect(db.webhooks.endpoints[0]?.status).toBe('active');
  });
});
