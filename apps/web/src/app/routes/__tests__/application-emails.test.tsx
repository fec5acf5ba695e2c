import type { EmailRecord } from '@clearing-desk/contracts';
import { screen, within } from '@testing-library/react';
import { createDeskApplication } from '@/testing/mocks/applications-desk';
import { db } from '@/testing/mocks/db';
import { createStaffUser, renderApp } from '@/testing/test-utils';

const backOffice = createStaffUser({ username: 'backoffice1', name: 'Bola Backoffice', roles: [{ role: 'Back Office', scope: 'all' }] });
const frontOffice = createStaffUser({ username: 'frontoffice1', name: 'Fran Frontoffice', roles: [{ role: 'Front Office', scope: 'all' }] });

const email = (overrides: Partial<EmailRecord> = {}): EmailRecord => ({
  id: '5d7c8a3e-2b1f-4c6d-9e8a-0f1b2c3d4e5f',
  kind: 'OFFER',
  recipient: 'amara.okafor@example.com',
  subject: 'Your offer for Computer Science',
  state: 'sent',
  attempts: 1,
  lastError: null,
  smtpResponse: '250 OK',
  queuedAt: '2025-08-14T09:00:00.000Z',
  sentAt: '2025-08-14T09:00:02.000Z',
  failedAt: null,
  resendOf: null,
  requestedBy: null,
  ...overrides,
});

describe('the feedback panel lists the decision emails', () => {
  it('shows each email, to whom and what happened; Resend queues it again and the History records who asked', async () => {
    db.desk.applications = [createDeskApplication({ STATUS: 'O' })];
    db.deskEmails['S0001/G400'] = [
      email(),
      email({
        id: '6e8d9b4f-3c2a-4d7e-8f9b-1a2b3c4d5e6f',
        kind: 'REJECT',
        state: 'failed',
        sentAt: null,
        failedAt: '2025-08-14T10:00:00.000Z',
        lastError: '550 mailbox unavailable',
      }),
    ];
    const { user } = renderApp('/applications/S0001/G400/personal-details', { user: backOffice });
    const emails = await screen.findByRole('region', { name: 'Emails' });
    const items = await within(emails).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('14/08/2025, 10:00:00 Offer email to amara.okafor@example.com: Sent 14/08/2025, 10:00:02');
    expect(items[1]).toHaveTextContent('Rejection email to amara.okafor@example.com: Failed: 550 mailbox unavailable');

    await user.click(within(items[1]!).getByRole('button', { name: /^Resend: Rejection email/ }));
    expect(await within(emails).findByRole('status')).toHaveTextContent('The email is queued to be sent again.');
    expect(await within(emails).findByText(/Rejection email to amara.okafor@example.com: Queued \(backoffice1\)/)).toBeInTheDocument();
    expect(await screen.findByText(/backoffice1: Email sent again: 'Your offer for Computer Science' to amara.okafor@example.com\./)).toBeInTheDocument();
  });

  it('offers no Resend to a user who may not edit the application, and says when there are none', async () => {
    db.desk.applications = [createDeskApplication({ STATUS: 'R' })];
    db.deskEmails['S0001/G400'] = [email({ kind: 'REFER' })];
    renderApp('/applications/S0001/G400/personal-details', { user: frontOffice });
    const emails = await screen.findByRole('region', { name: 'Emails' });
    expect(await within(emails).findByText(/Referral email to amara.okafor@example.com: Sent/)).toBeInTheDocument();
    expect(within(emails).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
  });

  it('says so when the application has no emails yet', async () => {
    db.desk.applications = [createDeskApplication({ STATUS: 'S' })];
    renderApp('/applications/S0001/G400/personal-details', { user: backOffice });
    const emails = await screen.findByRole('region', { name: 'Emails' });
    expect(await within(emails).findByText('No emails yet.')).toBeInTheDocument();
  });
});
