import { API_ROUTES, SUBMISSION_BUTTONS } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { completeForm, fill, recordRequests } from '@/testing/application-form';
import { apiUrl } from '@/testing/mocks/api-url';
import { createAssessment } from '@/testing/mocks/applications';
import { createDeskApplication } from '@/testing/mocks/applications-desk';
import { addDirectoryAccount, db, setAssessment, setSessionUser } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { createStaffUser, renderApp } from '@/testing/test-utils';

const backOffice = createStaffUser({ username: 'backoffice1', name: 'Bola Backoffice', roles: [{ role: 'Back Office', scope: 'all' }] });
const frontOffice = createStaffUser({ username: 'frontoffice1', name: 'Femi Frontoffice', roles: [{ role: 'Front Office', scope: 'all' }] });
const REFUSAL = 'Status O is not one of the statuses you may set for this application.';
const SESSION_ENDED = 'Your session has ended: sign in to carry on';

type Sent = { data: { SUBMISSION_ID: string; STATUS?: string; NAME1?: string } };

/** The phone application up to the Offer confirmation, with the session ended on the server meanwhile. */
async function offerAfterSessionEnded() {
  setAssessment(createAssessment({ SUBMISSION_OPTIONS: { BUTTONS: [{ ...SUBMISSION_BUTTONS.OFFER }, { ...SUBMISSION_BUTTONS.REFER }] } }));
  const staffPosts = recordRequests(server, 'POST', '/api/admin/applications/new/G400');
  const publicPosts = recordRequests(server, 'POST', /^\/api\/apply\/[^/]+$/);
  const app = renderApp('/apply/G400/personal-details', { user: backOffice });
  await completeForm(app.user);
  const offer = await screen.findByRole('button', { name: 'Offer (save)' });
  await waitFor(() => expect(offer).toBeEnabled());
  setSessionUser(null);
  await app.user.click(offer);
  await app.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));
  const dialog = await screen.findByRole('alertdialog', { name: SESSION_ENDED });
  return { ...app, dialog, staffPosts, publicPosts };
}

async function signInInDialog(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, username: string, password: string) {
  await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), username);
  await user.type(within(dialog).getByLabelText('Password'), password);
  await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
}

describe('a staff save whose session ended', () => {
  it('asks to sign in over the form; once signed in the same save goes on as staff, stored once, nothing posted to the public route', async () => {
    addDirectoryAccount(backOffice, 'secret');
    const { user, router, dialog, staffPosts, publicPosts } = await offerAfterSessionEnded();

    // Over the form, not instead of it: the page and the answers stay; focus is in the dialog.
    expect(within(dialog).getByText('Nothing you entered is lost. Once you have signed in, what you were saving is saved.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Username' })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'Step 3: Submit' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apply/G400/submit');
    expect(db.desk.applications).toHaveLength(0);

    await signInInDialog(user, dialog, 'backoffice1', 'secret');

    await waitFor(() => expect(router.state.location.pathname).toBe('/applications/S1001/G400'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(db.desk.applications).toHaveLength(1);
    expect(db.desk.applications[0]!.applicationData).toMatchObject({ STATUS: 'O', NAME1: 'Amara' });
    expect(db.desk.applications[0]!.applicationData.LOG[0]).toMatchObject({ USER: 'backoffice1' });
    expect(db.applications).toHaveLength(0);
    await waitFor(() => expect(staffPosts).toHaveLength(2));
    const [first, second] = staffPosts.map((p) => p.body as Sent);
    expect(second!.data.SUBMISSION_ID).toBe(first!.data.SUBMISSION_ID);
    expect(second!.data.STATUS).toBe('O');
    expect(publicPosts).toHaveLength(0);
    // Stored: the draft in the tab is gone.
    expect(Object.keys(window.sessionStorage).filter((key) => key.includes('draft'))).toEqual([]);
  });

  it('goes on as another user who signs in only if they may make it: the refusal says so in the adviser’s words, with their buttons, and nothing is stored', async () => {
    addDirectoryAccount(frontOffice, 'secret2');
    server.use(
      http.post(apiUrl(API_ROUTES.deskApplicationCreate.path), () =>
        db.sessionUser ? HttpResponse.json({ message: REFUSAL }, { status: 403 }) : HttpResponse.json({ message: 'Not logged in' }, { status: 401 }),
      ),
    );
    const { user, router, dialog, staffPosts, publicPosts } = await offerAfterSessionEnded();
    await signInInDialog(user, dialog, 'frontoffice1', 'secret2');

    expect(
      await screen.findByText('You cannot save this application as Offered. Choose one of the buttons below: they are the ones you can use.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^403/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The buttons are Front Office's now (a new application: Submit), usable: no reload needed.
    const submit = await screen.findByRole('button', { name: 'Submit (save)' });
    expect(submit).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Offer (save)' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Femi Frontoffice')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apply/G400/submit');
    expect(db.desk.applications).toHaveLength(0);
    expect(staffPosts).toHaveLength(2);
    expect(publicPosts).toHaveLength(0);
  });

  it('shows a wrong password in the dialog and keeps waiting; Not now closes it and the save reports the ended session', async () => {
    addDirectoryAccount(backOffice, 'secret');
    const { user, dialog, publicPosts } = await offerAfterSessionEnded();
    await signInInDialog(user, dialog, 'backoffice1', 'wrong');
    expect(await within(dialog).findByText('Incorrect username/password')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(await screen.findByText('401: Not logged in')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // Still the staff form: the adviser is not dropped into the public flow.
    expect(screen.getByRole('button', { name: 'Offer (save)' })).toBeInTheDocument();
    expect(db.desk.applications).toHaveLength(0);
    expect(publicPosts).toHaveLength(0);
  });

  it('resumes an edit screen’s update after signing in: stored once with the chosen status', async () => {
    addDirectoryAccount(backOffice, 'secret');
    setAssessment(createAssessment({ SUBMISSION_OPTIONS: { BUTTONS: [{ ...SUBMISSION_BUTTONS.OFFER }, { ...SUBMISSION_BUTTONS.REFER }] } }));
    db.desk.applications = [createDeskApplication({ STATUS: 'R' })];
    const puts = recordRequests(server, 'PUT', '/api/admin/applications/S0001/G400');
    const { user } = renderApp('/applications/S0001/G400/personal-details', { user: backOffice });
    await fill(user, await screen.findByLabelText('Given name'), 'Amarachi');
    await user.click(screen.getByRole('link', { name: /Submit/ }));
    const offer = await screen.findByRole('button', { name: 'Offer (save)' });
    await waitFor(() => expect(offer).toBeEnabled());
    setSessionUser(null);
    await user.click(offer);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, update' }));
    const dialog = await screen.findByRole('alertdialog', { name: SESSION_ENDED });
    await signInInDialog(user, dialog, 'backoffice1', 'secret');

    expect(await screen.findByText(/^Last saved at \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    expect(db.desk.applications[0]!.applicationData).toMatchObject({ STATUS: 'O', NAME1: 'Amarachi' });
    expect(db.desk.applications[0]!.version).toBe(2);
    await waitFor(() => expect(puts).toHaveLength(2));
    expect((puts[1]!.body as Sent).data.SUBMISSION_ID).toBe((puts[0]!.body as Sent).data.SUBMISSION_ID);
  });

  it('keeps the draft in the tab: a reload resumes the call with the same answers; sign-out clears it', async () => {
    const first = renderApp('/apply/G400/personal-details', { user: backOffice });
    await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' });
    await fill(first.user, screen.getByLabelText('Given name'), 'Amara');
    await fill(first.user, screen.getByLabelText('Family name'), 'Okafor');
    first.unmount();

    const second = renderApp('/apply/G400/personal-details', { user: backOffice });
    await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' });
    expect(screen.getByLabelText('Given name')).toHaveValue('Amara');
    expect(screen.getByLabelText('Family name')).toHaveValue('Okafor');

    await second.user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign out' }));
    // A call is in progress: the leave-application question first; leaving signs out and the draft is gone.
    const leave = await screen.findByRole('dialog', { name: 'Are you sure you want to leave this application?' });
    await second.user.click(within(leave).getByRole('button', { name: 'Leave this application' }));
    await screen.findByRole('heading', { level: 1, name: 'Staff sign in' });
    expect(db.sessionUser).toBeNull();
    expect(Object.keys(window.sessionStorage).filter((key) => key.includes('draft'))).toEqual([]);
  });
});
