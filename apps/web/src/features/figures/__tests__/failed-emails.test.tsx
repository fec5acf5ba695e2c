import { API_ROUTES, buildFigures, type FailedEmail, type FailedEmailsResponse } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/api-url';
import { server } from '@/testing/mocks/server';
import { createStaffUser, renderApp } from '@/testing/test-utils';

const editor = createStaffUser({ username: 'editor', name: 'Eddie Editor', roles: [{ role: 'Editor', scope: 'all' }] });
const frontOffice = createStaffUser({ roles: [{ role: 'Front Office', scope: 'all' }] });

const failedEmail: FailedEmail = {
  id: '5f0c1e2a-58c4-4c61-9d55-0d8f1f0f7a11',
  kind: 'OFFER',
  recipient: 'ann@capped.example',
  subject: 'Good News! Your offer for Computer Science',
  state: 'failed',
  attempts: 1,
  lastError: '550 Mailbox unavailable',
  smtpResponse: '550 Mailbox unavailable',
  queuedAt: '2025-08-14T08:59:58.000Z',
  sentAt: null,
  failedAt: '2025-08-14T09:00:00.000Z',
  resendOf: null,
  requestedBy: null,
  studentId: '2600001',
  ucasCode: 'G400',
  resent: null,
};

/** The fake gateway: the figures (one failed email), its list, and the desk's Resend (or a refusal). */
function emailsServer(state: { resent: string[]; refuse?: string }) {
  const zero = { applications: 0, offered: 0, invited: 0, referred: 0, pooled: 0, rejected: 0, waiting: 0 };
  server.use(
    http.get(apiUrl(API_ROUTES.figures.path), () =>
      HttpResponse.json(
        buildFigures(
          [createCourse()],
          { rows: [{ UCAS_CODE: 'G400', today: zero, total: zero, automatic: 0, adviser: 0, outboundCalls: 0 }], perHour: Array(24).fill(0) },
          { margin: 0, emails: { queued: 0, sent: 3, failed: 1 } },
        ),
      ),
    ),
    http.get(apiUrl(API_ROUTES.figuresFailedEmails.path), () => {
      const body: FailedEmailsResponse = { emails: [{ ...failedEmail, resent: state.resent.length ? 'sent' : null }], more: false };
      return HttpResponse.json(body);
    }),
    http.post(apiUrl(API_ROUTES.deskEmailResend.path), ({ params }) => {
      if (state.refuse) return HttpResponse.json({ message: state.refuse }, { status: 403 });
      state.resent.push(`${String(params.student)}/${String(params.course)}/${String(params.emailId)}`);
      return HttpResponse.json(
        {
          email: { ...failedEmail, id: crypto.randomUUID(), state: 'queued', lastError: null, failedAt: null, resendOf: failedEmail.id },
          message: 'The email is queued to be sent again.',
        },
        { status: 201 },
      );
    }),
  );
}

describe('/staff/figures/failed-emails', () => {
  it("is where the figures' 'Emails that failed' leads: each failed email, why, and Resend", async () => {
    const state = { resent: [] as string[] };
    emailsServer(state);
    const user = userEvent.setup();
    renderApp('/staff/figures', { user: editor });
    const link = await screen.findByRole('link', { name: '1 email that failed: see them and resend' });
    expect(link).toHaveTextContent(/^1$/);
    await user.click(link);

    expect(await screen.findByRole('heading', { level: 1, name: 'Emails that failed' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Emails that failed, newest first' });
    const cells = () => [...within(table).getAllByRole('row')[1]!.querySelectorAll('td, th')].map((c) => c.textContent);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Failed', 'Application', 'Email', 'Why', 'Sent again', 'Action']);
    expect(cells()).toEqual(['14/08/2025, 10:00:00', '2600001 / G400', 'Offer email to ann@capped.example', '550 Mailbox unavailable', 'Not yet', 'Resend']);
    expect(within(table).getByRole('link', { name: '2600001 / G400' })).toHaveAttribute('href', '/applications/2600001/G400');

    await user.click(within(table).getByRole('button', { name: 'Resend: Offer email to ann@capped.example, 14/08/2025, 10:00:00' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The email is queued to be sent again.');
    expect(state.resent).toEqual([`2600001/G400/${failedEmail.id}`]);
    // The list is asked again: the email now says it was sent again.
    await waitFor(() => expect(cells()[4]).toBe('Sent again'));
  });

  it('says why a Resend was refused (the user may not edit the application), and is for view-report only', async () => {
    emailsServer({ resent: [], refuse: 'You cannot edit this application.' });
    const user = userEvent.setup();
    const { unmount } = renderApp('/staff/figures/failed-emails', { user: editor });
    await user.click(await screen.findByRole('button', { name: /^Resend: / }));
    expect(await screen.findByRole('status')).toHaveTextContent('You cannot edit this application.');
    unmount();
    renderApp('/staff/figures/failed-emails', { user: frontOffice });
    expect(await screen.findByRole('heading', { level: 1, name: 'Emails that failed' })).toBeInTheDocument();
    expect(screen.getByText('Your roles do not include viewing reports on any course.')).toBeInTheDocument();
  });
});
