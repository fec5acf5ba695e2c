import { applicationReference, standardCycle, SUBMISSION_BUTTONS } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { createAssessment } from '@/testing/mocks/applications';
import { createDeskApplication } from '@/testing/mocks/applications-desk';
import { db, setAssessment } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { fill } from '@/testing/application-form';
import { createStaffUser, renderApp } from '@/testing/test-utils';

// The machine is shared: give async queries room under load (they still fail on a wrong state).

const backOffice = createStaffUser({ username: 'backoffice1', name: 'Bola Backoffice', roles: [{ role: 'Back Office', scope: 'all' }] });
const editor = createStaffUser({ username: 'editor1', name: 'Eddie Editor', roles: [{ role: 'Editor', scope: 'all' }] });
const frontOffice = createStaffUser({ username: 'frontoffice1', name: 'Fran Frontoffice', roles: [{ role: 'Front Office', scope: 'all' }] });

const staffButtons = () =>
  setAssessment(createAssessment({ SUBMISSION_OPTIONS: { BUTTONS: [{ ...SUBMISSION_BUTTONS.OFFER }, { ...SUBMISSION_BUTTONS.REFER }] } }));

describe('/applications/{studentId}/{ucasCode}: edit an application', () => {
  it('shows the id pair, the three tabs and Back to application listing with the listing filters', async () => {
    db.desk.applications = [createDeskApplication()];
    const { user, router } = renderApp('/applications?q=amara&page=1&page_size=10', { user: backOffice });
    await user.click(await screen.findByRole('link', { name: 'Edit S0001/A0001' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeInTheDocument();
    // The id pair, then the reference the caller quotes.
    expect(
      screen.getByText(`Application S0001/A0001, reference ${applicationReference(db.desk.applications[0]!.applicationData)}: Computer Science BSc (Hons)`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Saved' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Given name')).toHaveValue('Amara');
    const tabs = screen.getByRole('navigation', { name: /steps/i });
    expect(within(tabs).getAllByRole('link')).toHaveLength(3);
    await user.click(screen.getByRole('link', { name: 'Back to application listing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications'));
    expect(router.state.location.search).toBe('?q=amara&page=1&page_size=10');
  });

  it('names the cycle the application was made in, and the current one for last cycle’s application after a roll', async () => {
    db.desk.applications = [createDeskApplication()];
    const cycleLine = (text: string) => screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === text);
    const first = renderApp('/applications/S0001/G400/personal-details', { user: backOffice });
    expect(await cycleLine('Cycle: Clearing 2025/26')).toBeInTheDocument();
    first.unmount();

    // An Administrator rolled to 2026/27: the application stays readable under its own cycle.
    db.cycles.push(standardCycle('2026/27'));
    renderApp('/applications/S0001/G400/personal-details', { user: backOffice });
    expect(await cycleLine('Cycle: Clearing 2025/26 (an earlier cycle: the current one is 2026/27)')).toBeInTheDocument();
    expect(screen.getByLabelText('Given name')).toHaveValue('Amara');
  });

  it('is read-only, with the reason, for a Front Office user on a referred application', async () => {
    db.desk.applications = [createDeskApplication({ STATUS: 'R' })];
    renderApp('/applications/S0001/G400/personal-details', { user: frontOffice });
    expect(
      await screen.findByText('Your role on this course (Front Office) can edit only public submissions (status S), so this application is read-only.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Given name')).toBeDisabled();
  });

  it('offers the role’s buttons with the current status selected, adds (save) when modified, confirms the status change and shows Last saved at', async () => {
    staffButtons();
    db.desk.applications = [createDeskApplication({ STATUS: 'R' })];
    const puts = recordPuts();
    const { user } = renderApp('/applications/S0001/G400/personal-details', { user: backOffice });
    await fill(user, await screen.findByLabelText('Given name'), 'Amarachi');
    await user.click(screen.getByRole('link', { name: /Submit/ }));
    const offer = await screen.findByRole('button', { name: 'Offer (save)' });
    const refer = screen.getByRole('button', { name: 'Refer (save)' });
    expect(refer).toHaveClass('cd-button--selected');
    expect(offer).not.toHaveClass('cd-button--selected');
    expect(screen.getByText('Current status: Referred.')).toBeInTheDocument();

    await waitFor(() => expect(offer).toBeEnabled());
    await user.click(offer);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to change the status of this application from Referred to Offered?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, update' }));

    expect(await screen.findByText(/^Last saved at \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    expect(puts[0]).toMatchObject({ body: { NAME1: 'Amarachi', STATUS: 'O' }, ifMatch: '"1"' });
    expect(screen.getByRole('button', { name: 'Offer' })).toHaveClass('cd-button--selected');
    expect(db.desk.applications[0]!.applicationData.STATUS).toBe('O');
    // 'Saved' at the top, focused: the reference, the decision and its script.
    const saved = screen.getByRole('region', { name: 'Saved' });
    await waitFor(() => expect(within(saved).getByRole('heading', { name: 'Saved' })).toHaveFocus());
    expect(within(saved).getByText('Decision').nextElementSibling).toHaveTextContent('Offered');
    expect(within(saved).getByText(/^I am pleased to make you an offer for Computer Science/)).toBeInTheDocument();
    // A change after the save: the confirmation goes, the '(save)' comes back.
    await user.click(screen.getByRole('link', { name: /Personal details/ }));
    await fill(user, await screen.findByLabelText('Given name'), 'Amara');
    expect(screen.queryByRole('region', { name: 'Saved' })).not.toBeInTheDocument();
  });

  it('asks to update the details when the status stays the same', async () => {
    staffButtons();
    db.desk.applications = [createDeskApplication({ STATUS: 'R' })];
    const { user } = renderApp('/applications/S0001/G400/submit', { user: backOffice });
    const refer = await screen.findByRole('button', { name: 'Refer' });
    await waitFor(() => expect(refer).toBeEnabled());
    await user.click(refer);
    expect(screen.getByRole('dialog', { name: 'Are you sure you want to update the details of this application?' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /change the status/ })).not.toBeInTheDocument();
  });

  it('gives an Editor on an Offered application one Update button that keeps Offered (sent as V)', async () => {
    staffButtons();
    db.desk.applications = [createDeskApplication({ STATUS: 'O' })];
    const puts = recordPuts();
    const { user } = renderApp('/applications/S0001/G400/personal-details', { user: editor });
    await fill(user, await screen.findByLabelText('Given name'), 'Amarachi');
    await user.click(screen.getByRole('link', { name: /Submit/ }));
    const update = await screen.findByRole('button', { name: 'Update (save)' });
    const group = update.closest('.cd-button-group') as HTMLElement;
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Update (save)']);
    expect(update).toHaveClass('cd-button--selected');
    await waitFor(() => expect(update).toBeEnabled());
    await user.click(update);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to update the details of this application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, update' }));
    expect(await screen.findByText(/^Last saved at \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    expect(puts[0]).toMatchObject({ body: { NAME1: 'Amarachi', STATUS: 'V' } });
    expect(db.desk.applications[0]!.applicationData.STATUS).toBe('O');
    expect(screen.getByText('Current status: Offered.')).toBeInTheDocument();
  });

  it('gives Front Office on a public submission only Update, never a status change', async () => {
    db.desk.applications = [createDeskApplication({ STATUS: 'S' })];
    renderApp('/applications/S0001/G400/submit', { user: frontOffice });
    const update = await screen.findByRole('button', { name: 'Update' });
    const group = update.closest('.cd-button-group') as HTMLElement;
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Update']);
  });

  it('lets Back Office withdraw whatever the light, with the status-change confirmation', async () => {
    setAssessment(createAssessment({ TRAFFIC_LIGHT: 'A', SUBMISSION_OPTIONS: { BUTTONS: [{ ...SUBMISSION_BUTTONS.REFER }, { ...SUBMISSION_BUTTONS.POOL }] } }));
    db.desk.applications = [createDeskApplication({ STATUS: 'O' })];
    const puts = recordPuts();
    const { user } = renderApp('/applications/S0001/G400/submit', { user: backOffice });
    // Until the assessment answers only Update and Withdraw show; then its buttons come first.
    await screen.findByRole('button', { name: 'Pool' });
    const withdraw = screen.getByRole('button', { name: 'Withdraw' });
    const group = withdraw.closest('.cd-button-group') as HTMLElement;
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Refer', 'Pool', 'Update', 'Withdraw', 'Duplicate']);
    expect(screen.getByRole('button', { name: 'Update' })).toHaveClass('cd-button--selected');
    await waitFor(() => expect(withdraw).toBeEnabled());
    await user.click(withdraw);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to change the status of this application from Offered to Withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, update' }));
    expect(await screen.findByText(/^Last saved at \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    expect(puts[0]).toMatchObject({ body: { STATUS: 'W' } });
    expect(db.desk.applications[0]!.applicationData.STATUS).toBe('W');
  });

  it('lets Back Office mark a red application a duplicate, with the status-change confirmation', async () => {
    setAssessment(
      createAssessment({ TRAFFIC_LIGHT: 'R', SUBMISSION_OPTIONS: { BUTTONS: [{ ...SUBMISSION_BUTTONS.REJECT }, { ...SUBMISSION_BUTTONS.REFER }] } }),
    );
    db.desk.applications = [createDeskApplication({ STATUS: 'S' })];
    const puts = recordPuts();
    const { user } = renderApp('/applications/S0001/G400/submit', { user: backOffice });
    await screen.findByRole('button', { name: 'Reject' });
    const duplicate = screen.getByRole('button', { name: 'Duplicate' });
    const group = duplicate.closest('.cd-button-group') as HTMLElement;
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reject', 'Refer', 'Update', 'Withdraw', 'Duplicate']);
    await waitFor(() => expect(duplicate).toBeEnabled());
    await user.click(duplicate);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to change the status of this application from Submitted to Duplicate?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, update' }));
    expect(await screen.findByText(/^Last saved at \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    expect(puts[0]).toMatchObject({ body: { STATUS: 'D' } });
    expect(db.desk.applications[0]!.applicationData.STATUS).toBe('D');
  });

  it('shows the conflict message and keeps the adviser’s edits when someone saved in between', async () => {
    db.desk.applications = [createDeskApplication()];
    const { user } = renderApp('/applications/S0001/G400/personal-details', { user: backOffice });
    await fill(user, await screen.findByLabelText('Family name'), 'Okafor-Smith');
    db.desk.applications[0]!.version = 2;
    await user.click(screen.getByRole('link', { name: /Submit/ }));
    const submit = await screen.findByRole('button', { name: 'Submit (save)' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, update' }));
    expect(
      await screen.findByText('409: This application was changed by someone else since you opened it. Reload it to see their changes.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit (save)' })).toBeInTheDocument();
    expect(db.desk.applications[0]!.applicationData.NAME2).toBe('Okafor');
  });

  it('logs an outbound call: grey Outbound Call, the outcomes and notes, then Call Complete and the LOG row', async () => {
    db.desk.applications = [createDeskApplication()];
    const { user } = renderApp('/applications/S0001/G400/personal-details', { user: backOffice });
    const button = await screen.findByRole('button', { name: 'Outbound Call' });
    expect(button).toHaveClass('cd-button--secondary');
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Log an outbound call' });
    const outcome = within(dialog).getByLabelText('Call outcome');
    expect(
      within(outcome)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['', 'Called no answer', 'Called left voicemail', 'Wrong number', 'Student will call back']);
    const notes = within(dialog).getByLabelText('Notes');
    expect(notes).toHaveAttribute('placeholder', 'Tell us more. Maximum 250 characters.');
    expect(notes).toHaveAttribute('maxLength', '250');
    await user.selectOptions(outcome, 'Called left voicemail');
    await user.type(notes, 'Will try again at 3pm');
    await user.click(within(dialog).getByRole('button', { name: 'Save the call' }));
    const complete = await screen.findByRole('button', { name: 'Call Complete' });
    expect(complete).toHaveTextContent('✓ Call Complete');
    expect(complete).not.toHaveClass('cd-button--secondary');
    // The numbered history log of the feedback panel shows the call as its second row.
    const history = screen.getByRole('list', { name: 'History' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    expect(within(history).getAllByRole('listitem')[1]).toHaveTextContent('Outbound call: Called left voicemail: Will try again at 3pm');
    expect(db.desk.applications[0]!.applicationData.OUTBOUND_CALL_FLAG).toBe(1);
  });

  it('lays out the Review tab for staff: stored documents once, qualifications to read back, the script once complete', async () => {
    staffButtons();
    const document = {
      file_id: '7d5e2f0a-1c3b-4a8e-9f21-6b0c4d3e2a10',
      file_type: 'application/pdf',
      file_name: 'a-level-results.pdf',
      file_size: 20_480,
      document_type: 'ALEVELS',
      created_at: '2025-08-14T09:30:00.000Z',
    } as const;
    // Referred on Friday 14 August 2025: the stored deadline (decisionDeadline) is 12:00 on Friday 15 August 2025.
    const decision = { DEADLINE: '2025-08-15T11:00:00.000Z', INTERVIEW: null, INSTITUTION_CODE: 'C60' };
    db.desk.applications = [createDeskApplication({ STATUS: 'R' }, { documents: [document], decision })];
    renderApp('/applications/S0001/G400/submit', { user: backOffice });
    await screen.findByRole('button', { name: 'Refer' });

    // The stored documents once, with their download link (not also in the read-back).
    expect(screen.getAllByRole('heading', { name: 'Documents' })).toHaveLength(1);
    expect(screen.getAllByText('a-level-results.pdf')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Download a-level-results.pdf' })).toBeInTheDocument();

    // Highest qualifications first, then GCSEs, numbered, each as the adviser reads it aloud.
    const readBack = screen.getByRole('list', { name: 'Read the qualifications back to the caller' });
    expect(readBack.tagName).toBe('OL');
    expect(
      within(readBack)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'A Level: Subject Mathematics, Grade A*, Year 2025',
      'A Level: Subject Physics, Grade A, Year 2025',
      'A Level: Subject Chemistry, Grade B, Year 2025',
      'GCSE: Subject English Language, Grade 5, Year 2023',
      'GCSE: Subject Mathematics, Grade 5, Year 2023',
    ]);
    // Complete: the Review tab shows the feedback script of the stored status too (beside the panel's).
    const review = readBack.closest('section') as HTMLElement;
    expect(within(review).getByRole('heading', { name: 'What to say' })).toBeInTheDocument();
    expect(
      within(review).getByText('If nobody has contacted you by 12:00 on Friday 15 August 2025, please assume that you have been unsuccessful.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Feedback and call script' })).toBeInTheDocument();
  });

  it('numbers the incomplete fields under their tab and holds the Review tab’s script back', async () => {
    db.desk.applications = [createDeskApplication({ NAME1: '', EMAIL: '' })];
    renderApp('/applications/S0001/G400/submit', { user: backOffice });
    expect(await screen.findByText('Some fields are incomplete.')).toBeInTheDocument();
    const personal = screen.getByRole('list', { name: 'Personal details' });
    expect(personal.tagName).toBe('OL');
    expect(
      within(personal)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(["'Given name' is required.", "'Email address' is required."]);
    expect(within(personal).getByRole('link', { name: "'Given name' is required." })).toHaveAttribute(
      'href',
      '/applications/S0001/G400/personal-details#NAME1',
    );
    expect(screen.getByText('The feedback script appears here once every field is complete.')).toBeInTheDocument();
  });

  it('shows the message of a failed load', async () => {
    renderApp('/applications/S9999/G400', { user: backOffice });
    expect(await screen.findByText('404: Application not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to application listing' })).toHaveAttribute('href', '/applications');
  });
});

/** Bodies of the PUTs to the application. */
function recordPuts(): Array<{ body: Record<string, unknown>; ifMatch: string | null }> {
  const bodies: Array<{ body: Record<string, unknown>; ifMatch: string | null }> = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method !== 'PUT' || !/\/api\/admin\/applications\/[^/]+\/[^/]+$/.test(new URL(request.url).pathname)) return;
    void request
      .clone()
      .json()
      .then((body: { data: Record<string, unknown> }) => bodies.push({ body: body.data, ifMatch: request.headers.get('If-Match') }));
  });
  return bodies;
}
