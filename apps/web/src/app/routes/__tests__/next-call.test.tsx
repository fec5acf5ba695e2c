import { API_ROUTES, SUBMISSION_BUTTONS, type WorkQueueItem } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fillDateOfBirth, fillValidQualifications, answer } from '@/testing/application-form';
import { createAssessment } from '@/testing/mocks/applications';
import { apiUrl } from '@/testing/mocks/api-url';
import { setAssessment } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { createDeskApplication } from '@/testing/mocks/applications-desk';
import { db } from '@/testing/mocks/db';
import { createStaffUser, renderApp } from '@/testing/test-utils';

const backOffice = createStaffUser({ username: 'backoffice1', name: 'Bola Backoffice', roles: [{ role: 'Back Office', scope: 'all' }] });
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

describe("/applications: 'Next call' (the work queue)", () => {
  it('opens the most urgent application the adviser may handle, with why it is next on screen', async () => {
    db.desk.applications = [
      createDeskApplication({ STUDENT_ID: 'S0001', APPLICATION_ID: 'A0001', NAME1: 'Newer', CREATED_AT: minutesAgo(5) }),
      createDeskApplication({ STUDENT_ID: 'S0002', APPLICATION_ID: 'A0002', NAME1: 'Older', CREATED_AT: minutesAgo(42) }),
    ];
    const { user, router } = renderApp('/applications', { user: backOffice });
    await user.click(await screen.findByRole('button', { name: 'Next call' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications/S0002/G400'));
    const reason = await screen.findByRole('region', { name: 'Next call' });
    expect(within(reason).getByText('Public submission waiting 42 min: call the applicant about their application.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Given name')).toHaveValue('Older');
    expect(db.queueClaims['S0002/G400']).toMatchObject({ username: 'backoffice1', item: { kind: 'public-waiting', APPLICATION_ID: 'A0002' } });
  });

  it('says so when no call is waiting, and keeps the adviser on the listing', async () => {
    db.desk.applications = [createDeskApplication({ STATUS: 'X' })];
    const { user, router } = renderApp('/applications', { user: backOffice });
    const button = await screen.findByRole('button', { name: 'Next call' });
    await user.click(button);
    expect(await screen.findByText('No calls are waiting for you. Try again in a few minutes.')).toBeInTheDocument();
    expect(button).toHaveAccessibleDescription('No calls are waiting for you. Try again in a few minutes.');
    expect(router.state.location.pathname).toBe('/applications');
  });

  it('a booked call without an application opens the phone entry prefilled with the caller and why; saving sends the call to close', async () => {
    const item: WorkQueueItem = {
      kind: 'callback',
      reason: 'Callback booked for 10:00: call the applicant now.',
      due_at: '2026-08-17T09:00:00.000Z',
      claimed_until: '2026-08-17T09:15:00.000Z',
      STUDENT_ID: '',
      APPLICATION_ID: '',
      UCAS_CODE: 'G400',
      NAME: 'Cara Maria Caller',
      CALLER: { CALLBACK_ID: '42', NAME: 'Cara Maria Caller', TEL: '+33 1 23 45 67 89', EMAIL: 'cara@example.com', UCAS_CODE: 'G400' },
    };
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post(apiUrl(API_ROUTES.deskQueueNext.path), () => HttpResponse.json({ item })),
      // Records the create's body, then lets the fake gateway answer it.
      http.post(apiUrl(API_ROUTES.deskApplicationCreate.path), async ({ request }) => {
        sent = ((await request.clone().json()) as { data: Record<string, unknown> }).data;
        return undefined;
      }),
    );
    setAssessment(createAssessment({ SUBMISSION_OPTIONS: { BUTTONS: [{ ...SUBMISSION_BUTTONS.REFER }] } }));
    const { user, router } = renderApp('/applications', { user: backOffice });
    await user.click(await screen.findByRole('button', { name: 'Next call' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/G400/personal-details'));
    const reason = await screen.findByRole('region', { name: 'Next call' });
    expect(within(reason).getByText('Callback booked for 10:00: call the applicant now.')).toBeInTheDocument();
    expect(
      within(reason).getByText('The caller has not applied: their details are filled in from the booking. Saving the application closes the call.'),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Given name')).toHaveValue('Cara Maria');
    expect(screen.getByLabelText('Family name')).toHaveValue('Caller');
    expect(screen.getByLabelText('Email address')).toHaveValue('cara@example.com');
    expect(screen.getByLabelText('Telephone number')).toHaveValue('+33 1 23 45 67 89');

    // The rest of the call, then the save: the create carries the call's id.
    await fillDateOfBirth(user, ['14', '5', '2006']);
    await user.selectOptions(screen.getByLabelText('Nationality'), 'GBR');
    await answer(user, 'APPLIED_TO_UCAS', 'No');
    await answer(user, 'PREVIOUSLY_STUDIED_AT_CITY', 'No');
    await answer(user, 'PREVIOUSLY_APPLIED_TO_CITY', 'No');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' });
    await fillValidQualifications(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const refer = await screen.findByRole('button', { name: 'Refer (save)' });
    await waitFor(() => expect(refer).toBeEnabled());
    await user.click(refer);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/applications\/S\d+\/G400$/));
    expect(sent).toMatchObject({ CALLBACK_ID: '42', NAME1: 'Cara Maria', NAME2: 'Caller', EMAIL: 'cara@example.com', TEL1: '+33 1 23 45 67 89', STATUS: 'R' });
  });
});
