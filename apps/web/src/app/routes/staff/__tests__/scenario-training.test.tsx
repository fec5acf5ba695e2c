import { SUBMISSION_BUTTONS } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { completeForm, recordRequests } from '@/testing/application-form';
import { createAssessment } from '@/testing/mocks/applications';
import { db, setAssessment } from '@/testing/mocks/db';
import { createScenario } from '@/testing/mocks/scenarios';
import { server } from '@/testing/mocks/server';
import { createStaffUser, renderApp } from '@/testing/test-utils';

// The machine is shared: give async queries room under load (they still fail on a wrong state).

const trainee = createStaffUser({ username: 'trainee2', name: 'Bo Trainee', roles: [{ role: 'Back Office', scope: 'all' }] });

/** From the scenario screen into training mode, through the whole form, then submits with `button`. */
async function trainingCall(user: UserEvent, button: 'Offer (save)' | 'Refer (save)') {
  await user.click(await screen.findByRole('link', { name: 'Start training call' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeInTheDocument();
  expect(screen.getByText('Training call: Computer Science BSc (Hons)')).toBeInTheDocument();
  const panel = screen.getByRole('complementary', { name: 'Feedback and call script' });
  // The stage directions and the training-call intro (confirm full name and date of birth) sit beside the form.
  expect(within(panel).getByRole('heading', { name: 'Stage directions' })).toBeInTheDocument();
  expect(within(panel).getByText('You are calmly confident: you got A*AB and want Computer Science.')).toBeInTheDocument();
  expect(
    within(panel).getByText(
      'This is a training call for scenario SC-01 (Priya Shah). Before we start, please confirm your full name and your date of birth. (Expected: Priya Shah, born 2006-03-14.)',
    ),
  ).toBeInTheDocument();
  await completeForm(user);
  const submit = await screen.findByRole('button', { name: button });
  await waitFor(() => expect(submit).toBeEnabled());
  await user.click(submit);
  await user.click(
    within(screen.getByRole('dialog', { name: 'Are you sure you want to submit your application?' })).getByRole('button', { name: 'Yes, submit' }),
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Training call outcome' })).toHaveFocus();
}

describe('training-call mode', () => {
  beforeEach(() => {
    setAssessment(createAssessment({ SUBMISSION_OPTIONS: { BUTTONS: [{ ...SUBMISSION_BUTTONS.OFFER }, { ...SUBMISSION_BUTTONS.REFER }] } }));
  });

  it('assesses only, shows the outcome script and the expected outcome, and records the chosen status on completion', async () => {
    const assessments = recordRequests(server, 'POST', '/api/apply/G400/assess');
    const submissions = recordRequests(server, 'POST', /^\/api\/(apply\/[^/]+|admin\/applications\/.+)$/);
    const completions = recordRequests(server, 'PUT', '/api/scenario-completed/');
    const { user, router } = renderApp('/staff/scenarios', { user: trainee });
    await trainingCall(user, 'Offer (save)');

    expect(screen.getByText('The status you chose matches the scenario’s expected outcome.')).toBeInTheDocument();
    expect(screen.getByText('Offered (O)')).toBeInTheDocument();
    expect(screen.getByText('Offered (O) or Invited to Interview (I)')).toBeInTheDocument();
    expect(screen.getByText('I am pleased to make you an offer for Computer Science. You will receive an email confirming it.')).toBeInTheDocument();
    // Nothing is stored: no application POST, nothing in the mock stores.
    expect(assessments.length).toBeGreaterThan(0);
    expect(submissions).toHaveLength(0);
    expect(db.applications).toHaveLength(0);
    expect(db.desk.applications).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, mark as completed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/scenarios'));
    expect(await screen.findByText('Scenario SC-01 marked as completed.')).toBeInTheDocument();
    expect(await screen.findByText('No scenario found.')).toBeInTheDocument();
    expect(completions.map((c) => c.body)).toEqual([{ data: { applicationHash: createScenario().HASH, STATUS: 'O' }, token: '' }]);
  });

  it('tells the trainee when the chosen status is not the expected outcome', async () => {
    const { user } = renderApp('/staff/scenarios', { user: trainee });
    await trainingCall(user, 'Refer (save)');
    expect(screen.getByText('The status you chose does not match the scenario’s expected outcome.')).toBeInTheDocument();
    expect(screen.getByText('Referred (R)')).toBeInTheDocument();
    // Not saved: no deadline yet, so the rule (never 'tomorrow', untrue on a Saturday).
    expect(
      screen.getByText('If nobody has contacted you by midday on our next working day, please assume that you have been unsuccessful.'),
    ).toBeInTheDocument();
  });
});
