import { INTERVIEW_MESSAGES, SUBMISSION_BUTTONS } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { completeForm, fill } from '@/testing/application-form';
import { createAssessment } from '@/testing/mocks/applications';
import { createDeskApplication } from '@/testing/mocks/applications-desk';
import { db, setAssessment } from '@/testing/mocks/db';
import { createStaffUser, renderApp } from '@/testing/test-utils';

const backOffice = createStaffUser({ username: 'backoffice1', name: 'Bola Backoffice', roles: [{ role: 'Back Office', scope: 'all' }] });

const inviteButtons = () =>
  setAssessment(createAssessment({ SUBMISSION_OPTIONS: { BUTTONS: [{ ...SUBMISSION_BUTTONS.INVITE }, { ...SUBMISSION_BUTTONS.REFER }] } }));

/** Types an interview into the confirmation's fields. */
async function fillInterview(user: Parameters<typeof fill>[0], dialog: HTMLElement, { day, month, year, time, venue }: Record<string, string>) {
  const date = within(dialog).getByRole('group', { name: 'Interview date' });
  await fill(user, within(date).getByLabelText('Day'), day ?? '');
  await fill(user, within(date).getByLabelText('Month'), month ?? '');
  await fill(user, within(date).getByLabelText('Year'), year ?? '');
  await fill(user, within(dialog).getByLabelText('Interview time'), time ?? '');
  await fill(user, within(dialog).getByLabelText('Interview venue or online link'), venue ?? '');
}

// The interview's date, time and venue in the status confirmation, sent with the decision.
describe('inviting to interview from the status confirmation', () => {
  it('asks for the date, time and venue when the status changes to I, refuses them incomplete, then sends them with the update', async () => {
    inviteButtons();
    db.desk.applications = [createDeskApplication({ STATUS: 'R' })];
    const { user } = renderApp('/applications/S0001/G400/submit', { user: backOffice });
    const invite = await screen.findByRole('button', { name: 'Invite to interview' });
    await waitFor(() => expect(invite).toBeEnabled());
    await user.click(invite);
    const dialog = screen.getByRole('dialog', {
      name: 'Are you sure you want to change the status of this application from Referred to Invited to Interview?',
    });
    const fields = within(dialog).getByRole('group', { name: 'The interview' });
    expect(within(fields).getByText('The invitation email gives the applicant these details.')).toBeInTheDocument();

    // Nothing entered: each field says what it needs, focus goes to the first, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Yes, update' }));
    expect(within(dialog).getByText(INTERVIEW_MESSAGES.DATE)).toBeInTheDocument();
    expect(within(dialog).getByText(INTERVIEW_MESSAGES.TIME)).toBeInTheDocument();
    expect(within(dialog).getByText(INTERVIEW_MESSAGES.VENUE)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Day')).toHaveFocus();
    expect(within(dialog).getByLabelText('Interview time')).toHaveAttribute('aria-invalid', 'true');
    expect(db.desk.applications[0]!.applicationData.STATUS).toBe('R');

    // A date that does not exist and a time that is not one.
    await fillInterview(user, dialog, { day: '31', month: '9', year: '2025', time: '25:00', venue: 'Room A101, Tait Building' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, update' }));
    expect(within(dialog).getByText(INTERVIEW_MESSAGES.DATE)).toBeInTheDocument();
    expect(within(dialog).getByText(INTERVIEW_MESSAGES.TIME)).toBeInTheDocument();
    expect(within(dialog).queryByText(INTERVIEW_MESSAGES.VENUE)).not.toBeInTheDocument();

    await fillInterview(user, dialog, { day: '20', month: '8', year: '2025', time: '14:30', venue: 'Room A101, Tait Building' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, update' }));
    expect(await screen.findByText(/^Last saved at \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    const stored = db.desk.applications[0]!.applicationData;
    expect(stored.STATUS).toBe('I');
    // The History shows the interview with the status change.
    expect(await screen.findByText(/Status changed from R to I Interview: 2025-08-20 at 14:30, Room A101, Tait Building\./)).toBeInTheDocument();
  });

  it('asks nothing more for another status, or a save that keeps I', async () => {
    inviteButtons();
    db.desk.applications = [createDeskApplication({ STATUS: 'I' })];
    const { user } = renderApp('/applications/S0001/G400/submit', { user: backOffice });
    const invite = await screen.findByRole('button', { name: 'Invite to interview' });
    await waitFor(() => expect(invite).toBeEnabled());
    await user.click(invite);
    const keep = screen.getByRole('dialog', { name: 'Are you sure you want to update the details of this application?' });
    expect(within(keep).queryByRole('group', { name: 'The interview' })).not.toBeInTheDocument();
    await user.click(within(keep).getByRole('button', { name: 'No, go back' }));
    await user.click(screen.getByRole('button', { name: 'Refer' }));
    const refer = screen.getByRole('dialog', { name: /from Invited to Interview to Referred/ });
    expect(within(refer).queryByRole('group', { name: 'The interview' })).not.toBeInTheDocument();
  });

  it('takes the interview with a new application created as I by phone', async () => {
    inviteButtons();
    const { user, router } = renderApp('/apply/G400/personal-details', { user: backOffice });
    await completeForm(user);
    const invite = await screen.findByRole('button', { name: 'Invite to interview (save)' });
    await waitFor(() => expect(invite).toBeEnabled());
    await user.click(invite);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to submit your application?' });
    await fillInterview(user, dialog, { day: '21', month: '8', year: '2025', time: '09:00', venue: 'https://meet.example.ac.uk/g400' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications/S1001/G400'));
    expect(db.staffCreates[0]).toMatchObject({
      STATUS: 'I',
      INTERVIEW: { INTERVIEW_DATE: '2025-08-21', INTERVIEW_TIME: '09:00', INTERVIEW_VENUE: 'https://meet.example.ac.uk/g400' },
    });
  });
});
