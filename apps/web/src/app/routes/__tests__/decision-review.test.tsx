import { createApplicationForm, createCourse } from '@clearing-desk/contracts/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { completeForm, submitAndConfirm } from '@/testing/application-form';
import { createFormValues, toSubmission } from '@/features/application-form/utils/form-values';
import { setApplyResponse } from '@/testing/mocks/db';
import { storeApplication } from '@/testing/mocks/handlers/applications';
import { decisionReviews } from '@/testing/mocks/handlers/decision-reviews';
import { createStaffUser, renderApp } from '@/testing/test-utils';

afterEach(() => {
  decisionReviews.length = 0;
});

const store = () => storeApplication(createCourse(), toSubmission(createFormValues(createCourse(), createApplicationForm()), crypto.randomUUID()));

describe('the safeguards of an automatic decision', () => {
  it('the confirmation of an automatic rejection says it was automatic, names its reasons once and gives the link to ask for a person', async () => {
    setApplyResponse({ confirmed_status: 'X', hash: 'h-auto', rejection_reasons: [{ MESSAGE: '64 points are below the 96 points the course accepts.' }] });
    const rendered = renderApp('/apply/G400/personal-details');
    await completeForm(rendered.user);
    await submitAndConfirm(rendered.user);
    const section = await screen.findByRole('region', { name: 'How this decision was made' });
    // The reasons are the rejection's own list; the safeguards point at it rather than repeat it.
    expect(screen.getAllByText('64 points are below the 96 points the course accepts.')).toHaveLength(1);
    expect(within(section).queryByRole('listitem')).toBeNull();
    expect(within(section).getByText('The reasons for this decision are listed above.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Ask for a person to review this decision' })).toHaveAttribute('href', '/review/h-auto/ask-for-review');
  });

  it('the status page of an automatic offer says so, with its reasons and the link to ask for a person', async () => {
    setApplyResponse({ confirmed_status: 'O' });
    const response = store();
    renderApp(`/review/${response.hash}`);
    const section = await screen.findByRole('region', { name: 'How this decision was made' });
    expect(
      within(section).getByText(
        'This decision was made automatically: our system compared the qualifications you entered with the entry requirements of the course. No person was involved in making it.',
      ),
    ).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(within(section).getByRole('link', { name: 'Ask for a person to review this decision' })).toHaveAttribute(
      'href',
      `/review/${response.hash}/ask-for-review`,
    );
  });

  it("a person's decision (S) shows no such section", async () => {
    setApplyResponse({ confirmed_status: 'S' });
    const response = store();
    renderApp(`/review/${response.hash}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'How this decision was made' })).not.toBeInTheDocument();
  });

  it('the applicant asks with a reason (an empty one is refused in the error summary) and is told by when a person answers', async () => {
    setApplyResponse({ confirmed_status: 'X' });
    const response = store();
    const user = userEvent.setup();
    renderApp(`/review/${response.hash}/ask-for-review`);
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Enter why we should look at this decision again' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Why should we look at this decision again?'), 'My Maths grade is wrong.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(
      await screen.findByText('We have your request. A member of our admissions team will review the decision and email you by 19 August 2025.'),
    ).toBeInTheDocument();
    expect(decisionReviews.map((r) => r.REASON)).toEqual(['My Maths grade is wrong.']);
  });

  it('the back office sees the request in its queue and records the outcome', async () => {
    setApplyResponse({ confirmed_status: 'X' });
    const response = store();
    decisionReviews.push({
      ID: 1,
      STUDENT_ID: response.id[0],
      UCAS_CODE: 'G400',
      REFERENCE: '31004211',
      STATUS: 'X',
      SUB_STATUS: 'AX',
      REASON: 'My Maths grade is wrong.',
      REQUESTED_AT: '2025-08-14T10:00:00.000Z',
      RESPOND_BY: '2025-08-19T10:00:00.000Z',
      OUTCOME: null,
      NOTE: null,
      DECIDED_BY: null,
      DECIDED_AT: null,
    });
    const user = userEvent.setup();
    renderApp('/staff/decision-reviews', { user: createStaffUser({ roles: [{ role: 'Back Office', scope: 'all' }] }) });
    expect(await screen.findByText('My Maths grade is wrong.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Decision stands' }));
    await user.type(screen.getByLabelText('What to tell the applicant'), 'Your grade was read correctly.');
    await user.click(screen.getByRole('button', { name: 'Record outcome' }));
    expect(await screen.findByText(/Decision stands: Your grade was read correctly\./)).toBeInTheDocument();
  });
});
