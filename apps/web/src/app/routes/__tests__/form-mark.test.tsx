import { submissionIdKind, SUBMISSION_BUTTONS } from '@clearing-desk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { completeForm, fill, recordRequests } from '@/testing/application-form';
import { createAssessment } from '@/testing/mocks/applications';
import { createDeskApplication } from '@/testing/mocks/applications-desk';
import { addDirectoryAccount, db, setAssessment, setSessionUser } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { createStaffUser, renderApp } from '@/testing/test-utils';
import { authKeys } from '@/lib/auth';

/**
 * Whose form it is belongs to the form (domain.md 'Staff sessions on results day'): a form opened
 * as staff is marked so in the tab with its draft, and the mark, not the session of the moment,
 * decides what renders; a sign-out in any tab ends the staff drafts; the public form keeps its
 * draft in the tab too.
 */

const backOffice = createStaffUser({ username: 'backoffice1', name: 'Bola Backoffice', roles: [{ role: 'Back Office', scope: 'all' }] });
const frontOffice = createStaffUser({ username: 'frontoffice1', name: 'Femi Frontoffice', roles: [{ role: 'Front Office', scope: 'all' }] });
const SESSION_ENDED = 'Your session has ended: sign in to carry on';
const RESUME_BODY = 'The call you were taking is kept in this tab. Once you have signed in, it carries on where you left it.';
const DISCARDED_BODY = 'You signed out in another tab, so the call in progress here was discarded. Sign in to take a call.';
const SIGN_OUT_ELSEWHERE = 'A call is in progress in another tab: sign out and discard it?';
const STAFF_FORM_MARK = 'Find the caller';

type Sent = { data: { SUBMISSION_ID: string; STATUS?: string } };

const draftKeys = () => Object.keys(window.sessionStorage).filter((key) => key.includes('draft'));
const banner = () => screen.getByRole('banner');

async function signInInDialog(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, username: string, password: string) {
  await user.type(within(dialog).getByRole('textbox', { name: 'Username' }), username);
  await user.type(within(dialog).getByLabelText('Password'), password);
  await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
}

/** Half a phone call as Back Office: the names typed on step 1, then the page goes (a reload, a closed tab). */
async function halfACall() {
  const first = renderApp('/apply/G400/personal-details', { user: backOffice });
  await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' });
  expect(screen.getByRole('button', { name: STAFF_FORM_MARK })).toBeInTheDocument();
  await fill(first.user, screen.getByLabelText('Given name'), 'Amara');
  await fill(first.user, screen.getByLabelText('Family name'), 'Okafor');
  first.unmount();
}

/** A sign-out in another tab of this browser, as the storage event brings it. */
function signOutInAnotherTab() {
  const at = String(Date.now() + 1);
  window.localStorage.setItem('clearing-desk:signed-out-at', at);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'clearing-desk:signed-out-at', newValue: at }));
  });
}

describe('a staff form reopened without a session', () => {
  it('shows the sign-in over the kept draft, never the public form; after sign-in the call goes on and is stored once as the adviser', async () => {
    addDirectoryAccount(backOffice, 'secret');
    setAssessment(createAssessment({ SUBMISSION_OPTIONS: { BUTTONS: [{ ...SUBMISSION_BUTTONS.OFFER }, { ...SUBMISSION_BUTTONS.REFER }] } }));
    await halfACall();
    setSessionUser(null);
    const staffPosts = recordRequests(server, 'POST', '/api/admin/applications/new/G400');
    const publicPosts = recordRequests(server, 'POST', /^\/api\/apply\/[^/]+$/);

    const { user, router } = renderApp('/apply/G400/personal-details', { user: null });
    const dialog = await screen.findByRole('alertdialog', { name: SESSION_ENDED });
    expect(within(dialog).getByText(RESUME_BODY)).toBeInTheDocument();
    // Under it, the staff form with the draft: the student search and the one-box date, not the public three boxes.
    expect(screen.getByRole('button', { name: STAFF_FORM_MARK })).toBeInTheDocument();
    expect(screen.getByLabelText('Given name')).toHaveValue('Amara');
    expect(screen.getByLabelText('Family name')).toHaveValue('Okafor');
    expect(screen.queryByLabelText('Day')).not.toBeInTheDocument();

    await signInInDialog(user, dialog, 'backoffice1', 'secret');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(banner()).getByText('Bola Backoffice')).toBeInTheDocument();
    expect(screen.getByLabelText('Given name')).toHaveValue('Amara');
    await completeForm(user);
    const offer = await screen.findByRole('button', { name: 'Offer (save)' });
    await waitFor(() => expect(offer).toBeEnabled());
    await user.click(offer);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/applications/S1001/G400'));
    expect(db.desk.applications).toHaveLength(1);
    expect(db.desk.applications[0]!.applicationData.LOG[0]).toMatchObject({ USER: 'backoffice1' });
    expect(db.applications).toHaveLength(0);
    expect(publicPosts).toHaveLength(0);
    await waitFor(() => expect(staffPosts).toHaveLength(1));
    expect(submissionIdKind((staffPosts[0]!.body as Sent).data.SUBMISSION_ID)).toBe('staff');
    expect(draftKeys()).toEqual([]);
  });

  it('without a draft shows the sign-in, then the screen asked for', async () => {
    addDirectoryAccount(backOffice, 'secret');
    const first = renderApp('/apply/G400/qualifications', { user: backOffice });
    await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' });
    first.unmount();
    setSessionUser(null);

    const { user } = renderApp('/apply/G400/qualifications', { user: null });
    const dialog = await screen.findByRole('alertdialog', { name: SESSION_ENDED });
    await signInInDialog(user, dialog, 'backoffice1', 'secret');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Step 2: Qualifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: STAFF_FORM_MARK })).toBeInTheDocument();
  });

  it('after Not now stays a staff form that offers the sign-in again', async () => {
    await halfACall();
    setSessionUser(null);
    const { user } = renderApp('/apply/G400/personal-details', { user: null });
    const dialog = await screen.findByRole('alertdialog', { name: SESSION_ENDED });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(await screen.findByText('You are not signed in. This call stays a staff call: sign in to save it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: STAFF_FORM_MARK })).toBeInTheDocument();
    expect(screen.getByLabelText('Given name')).toHaveValue('Amara');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alertdialog', { name: SESSION_ENDED })).toBeInTheDocument();
  });

  it('asks another adviser who signs in over the kept draft whether to continue it or discard it', async () => {
    addDirectoryAccount(frontOffice, 'secret2');
    await halfACall();
    setSessionUser(null);

    const { user } = renderApp('/apply/G400/personal-details', { user: null });
    await signInInDialog(user, await screen.findByRole('alertdialog', { name: SESSION_ENDED }), 'frontoffice1', 'secret2');
    const question = await screen.findByRole('dialog', { name: 'This call was started by backoffice1: continue it or discard it?' });
    await user.click(within(question).getByRole('button', { name: 'Discard it' }));
    await waitFor(() => expect(screen.getByLabelText('Given name')).toHaveValue(''));
    expect(screen.getByRole('button', { name: STAFF_FORM_MARK })).toBeInTheDocument();
    expect(draftKeys()).toEqual([]);
  });
});

describe('a staff form whose session ends while the adviser types', () => {
  it('keeps its staff buttons; the save asks to sign in and stores the Offer as the adviser', async () => {
    addDirectoryAccount(backOffice, 'secret');
    setAssessment(createAssessment({ SUBMISSION_OPTIONS: { BUTTONS: [{ ...SUBMISSION_BUTTONS.OFFER }, { ...SUBMISSION_BUTTONS.REFER }] } }));
    const publicPosts = recordRequests(server, 'POST', /^\/api\/apply\/[^/]+$/);
    const assessments = recordRequests(server, 'POST', '/api/apply/G400/assess');
    const { user, router, queryClient } = renderApp('/apply/G400/personal-details', { user: backOffice });
    await completeForm(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Offer (save)' })).toBeEnabled());
    setSessionUser(null);

    // Back to step 1 and on to the submit step again (its panel mounts anew), and the assessment
    // is asked again (as after a change): no session now, so the gateway answers 401.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'Step 3: Submit' });
    const before = assessments.length;
    await act(() => queryClient.invalidateQueries({ queryKey: ['application-form'] }));
    await waitFor(() => expect(assessments.length).toBeGreaterThan(before));
    const offer = await screen.findByRole('button', { name: 'Offer (save)' });
    expect(screen.queryByRole('button', { name: 'Submit (save)' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await waitFor(() => expect(offer).toBeEnabled());
    await user.click(offer);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));
    await signInInDialog(user, await screen.findByRole('alertdialog', { name: SESSION_ENDED }), 'backoffice1', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications/S1001/G400'));
    expect(db.desk.applications[0]!.applicationData).toMatchObject({ STATUS: 'O' });
    expect(publicPosts).toHaveLength(0);
  });
});

describe('a sign-out ends the staff drafts of every tab', () => {
  it('in another tab: this tab’s draft is discarded and the sign-in shows over an empty staff form, never the public form', async () => {
    const { user } = renderApp('/apply/G400/personal-details', { user: backOffice });
    await fill(user, await screen.findByLabelText('Given name'), 'Amara');
    await waitFor(() => expect(draftKeys()).not.toEqual([]));
    setSessionUser(null);
    signOutInAnotherTab();

    const dialog = await screen.findByRole('alertdialog', { name: SESSION_ENDED });
    expect(within(dialog).getByText(DISCARDED_BODY)).toBeInTheDocument();
    expect(screen.getByLabelText('Given name')).toHaveValue('');
    expect(screen.getByRole('button', { name: STAFF_FORM_MARK })).toBeInTheDocument();
    expect(screen.queryByLabelText('Day')).not.toBeInTheDocument();
    expect(draftKeys()).toEqual([]);
  });

  it('a reopened tab whose staff form was opened before a sign-out starts with no draft and asks to sign in', async () => {
    await halfACall();
    setSessionUser(null);
    window.localStorage.setItem('clearing-desk:signed-out-at', String(Date.now() + 1));

    renderApp('/apply/G400/personal-details', { user: null });
    const dialog = await screen.findByRole('alertdialog', { name: SESSION_ENDED });
    expect(within(dialog).getByText(DISCARDED_BODY)).toBeInTheDocument();
    expect(screen.getByLabelText('Given name')).toHaveValue('');
    expect(screen.getByRole('button', { name: STAFF_FORM_MARK })).toBeInTheDocument();
  });

  it('ends an edit screen’s draft too when the tab is reopened after a sign-out', async () => {
    db.desk.applications = [createDeskApplication({ STATUS: 'R' })];
    const first = renderApp('/applications/S0001/G400/personal-details', { user: backOffice });
    await fill(first.user, await screen.findByLabelText('Given name'), 'Amarachi');
    await waitFor(() => expect(draftKeys()).not.toEqual([]));
    first.unmount();
    window.localStorage.setItem('clearing-desk:signed-out-at', String(Date.now() + 1));

    renderApp('/applications/S0001/G400/personal-details', { user: backOffice });
    expect(await screen.findByLabelText('Given name')).not.toHaveValue('Amarachi');
    expect(draftKeys()).toEqual([]);
  });

  it('asks first when a call is in progress in another tab; confirming signs out and tells the other tabs', async () => {
    window.localStorage.setItem('clearing-desk:open-call:another-tab', String(Date.now()));
    const { user } = renderApp('/staff', { user: backOffice });
    await screen.findByRole('heading', { level: 1, name: 'Find a course' });
    await user.click(within(banner()).getByRole('button', { name: 'Sign out' }));
    const question = await screen.findByRole('dialog', { name: SIGN_OUT_ELSEWHERE });
    expect(db.sessionUser).not.toBeNull();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(db.sessionUser).not.toBeNull();

    await user.click(within(banner()).getByRole('button', { name: 'Sign out' }));
    await user.click(within(await screen.findByRole('dialog', { name: SIGN_OUT_ELSEWHERE })).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff sign in' })).toBeInTheDocument();
    expect(db.sessionUser).toBeNull();
    expect(Number(window.localStorage.getItem('clearing-desk:signed-out-at'))).toBeGreaterThan(0);
  });

  it('registers this tab’s call in progress while the staff form has unsaved answers', async () => {
    const { user } = renderApp('/apply/G400/personal-details', { user: backOffice });
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('clearing-desk:open-call:'))).toEqual([]);
    await fill(user, await screen.findByLabelText('Given name'), 'Amara');
    await waitFor(() => expect(Object.keys(window.localStorage).filter((key) => key.startsWith('clearing-desk:open-call:'))).toHaveLength(1));
  });
});

describe('the public form', () => {
  it('stays public when someone signs in meanwhile, keeps its draft over a reload, and clears it once submitted', async () => {
    const publicPosts = recordRequests(server, 'POST', /^\/api\/apply\/[^/]+$/);
    const first = renderApp('/apply/G400/personal-details', { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' });
    await fill(first.user, screen.getByLabelText('Given name'), 'Amara');
    // An adviser signs in in this browser: the visitor's form stays the public one.
    setSessionUser(backOffice);
    act(() => first.queryClient.setQueryData(authKeys.user(), backOffice));
    expect(await screen.findByLabelText('Day')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: STAFF_FORM_MARK })).not.toBeInTheDocument();
    first.unmount();

    setSessionUser(null);
    const second = renderApp('/apply/G400/personal-details', { user: null });
    await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' });
    expect(screen.getByLabelText('Given name')).toHaveValue('Amara');
    expect(screen.getByLabelText('Day')).toBeInTheDocument();
    await completeForm(second.user);
    const submit = await screen.findByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    await second.user.click(submit);
    await second.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/apply/G400/confirmation'));
    await waitFor(() => expect(publicPosts).toHaveLength(1));
    expect(submissionIdKind((publicPosts[0]!.body as Sent).data.SUBMISSION_ID)).toBe('public');
    expect(draftKeys()).toEqual([]);
  });
});
