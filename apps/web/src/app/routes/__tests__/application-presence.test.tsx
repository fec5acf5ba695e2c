import { screen, waitFor, within } from '@testing-library/react';
import { createDeskApplication } from '@/testing/mocks/applications-desk';
import { db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { recordRequests, fill } from '@/testing/application-form';
import { createStaffUser, renderApp } from '@/testing/test-utils';

const kim = createStaffUser({ username: 'klee', name: 'Kim Lee', roles: [{ role: 'Back Office', scope: 'all' }] });
// 09:42 UTC is 10:42 in London in August (BST).
const samHolds = () => {
  db.presence['S0001/G400'] = { username: 'spatel', name: 'Sam Patel', since: '2026-08-13T09:42:00.000Z' };
};
const HELD = 'Sam Patel has this application open, so you cannot save over their call. Take it over to save your changes.';

describe('/applications/{studentId}/{ucasCode}: who has it open (presence)', () => {
  it('holds the application for the adviser who opens it, and releases it when they leave', async () => {
    db.desk.applications = [createDeskApplication()];
    const puts = recordRequests(server, 'PUT', '/api/admin/applications/S0001/G400/presence');
    const deletes = recordRequests(server, 'DELETE', '/api/admin/applications/S0001/G400/presence');
    const { user, router } = renderApp('/applications/S0001/G400/personal-details', { user: kim });
    await screen.findByLabelText('Given name');
    await waitFor(() => expect(db.presence['S0001/G400']).toMatchObject({ username: 'klee', name: 'Kim Lee' }));
    expect(puts).toHaveLength(1);
    expect(screen.queryByText(/^Open by/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to application listing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications'));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(db.presence['S0001/G400']).toBeUndefined();
  });

  it('shows a second adviser who has it open and since when, and disables saving with the reason', async () => {
    db.desk.applications = [createDeskApplication()];
    samHolds();
    const { user } = renderApp('/applications/S0001/G400/personal-details', { user: kim });
    const notice = await screen.findByRole('region', { name: 'Open by Sam Patel since 10:42' });
    expect(within(notice).getByText(HELD)).toBeInTheDocument();
    // They can read (and type), but not save over the call.
    await fill(user, screen.getByLabelText('Family name'), 'Okafor-Smith');
    await user.click(screen.getByRole('link', { name: /Submit/ }));
    const save = await screen.findByRole('button', { name: 'Submit (save)' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription(expect.stringContaining(HELD));
    expect(screen.getByRole('button', { name: 'Outbound Call' })).toBeDisabled();
    expect(db.presence['S0001/G400']).toMatchObject({ username: 'spatel' });
  });

  it('takes it over after the confirmation: the save works, and Cancel changes nothing', async () => {
    db.desk.applications = [createDeskApplication()];
    samHolds();
    const { user } = renderApp('/applications/S0001/G400/submit', { user: kim });
    const notice = await screen.findByRole('region', { name: 'Open by Sam Patel since 10:42' });
    await user.click(within(notice).getByRole('button', { name: 'Take over' }));
    let dialog = screen.getByRole('dialog', { name: 'Take over this application from Sam Patel?' });
    expect(
      within(dialog).getByText(
        'They will no longer be able to save their changes. Only take over when they have finished with the caller or are not answering.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(db.presence['S0001/G400']).toMatchObject({ username: 'spatel' });
    expect(within(notice).getByRole('button', { name: 'Take over' })).toHaveFocus();

    await user.click(within(notice).getByRole('button', { name: 'Take over' }));
    dialog = screen.getByRole('dialog', { name: 'Take over this application from Sam Patel?' });
    await user.click(within(dialog).getByRole('button', { name: 'Take over' }));
    const taken = await screen.findByText('You have taken over this application.');
    await waitFor(() => expect(taken).toHaveFocus());
    expect(db.presence['S0001/G400']).toMatchObject({ username: 'klee' });
    expect(screen.queryByRole('region', { name: /^Open by/ })).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, update' }));
    expect(await screen.findByText(/^Last saved at \d\d:\d\d:\d\d$/)).toBeInTheDocument();
  });

  it('shows the service’s refusal when someone opened it between the heartbeat and the save', async () => {
    db.desk.applications = [createDeskApplication()];
    const { user } = renderApp('/applications/S0001/G400/submit', { user: kim });
    const save = await screen.findByRole('button', { name: 'Submit' });
    await waitFor(() => expect(db.presence['S0001/G400']).toMatchObject({ username: 'klee' }));
    // Sam took it over on another screen; this screen has not heard yet.
    samHolds();
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, update' }));
    expect(await screen.findByText(`409: ${HELD}`)).toBeInTheDocument();
    expect(db.desk.applications[0]!.version).toBe(1);
  });
});
