import { screen, waitFor, within } from '@testing-library/react';
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
});
