import { APPLY_MESSAGES, PLACES_MESSAGES, SUBMISSION_BUTTONS, type SubmissionButton } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { completeForm, fill, recordRequests } from '@/testing/application-form';
import { createAssessment } from '@/testing/mocks/applications';
import { createDeskApplication } from '@/testing/mocks/applications-desk';
import { db, seedCourses, setAssessment } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { createAdminUser, createStaffUser, renderApp } from '@/testing/test-utils';

const admin = createAdminUser();
const backOffice = createStaffUser({ username: 'backoffice1', name: 'Bola Backoffice', roles: [{ role: 'Back Office', scope: 'all' }] });
const { OFFER, REFER, POOL } = SUBMISSION_BUTTONS;

const buttonsOf = (...buttons: SubmissionButton[]) => setAssessment(createAssessment({ SUBMISSION_OPTIONS: { BUTTONS: buttons.map((b) => ({ ...b })) } }));

/** A stored application at R on G400, whose course has every place offered (VACANCIES_INTERNAL 0). */
function referredOnFullCourse() {
  const stored = createDeskApplication({ STATUS: 'R' });
  stored.courseData = { ...stored.courseData, VACANCIES_INTERNAL: 0 };
  db.desk.applications = [stored];
}

/** How many requests `method` `pathname` have started (counted as they start, so a count of 0 is final). */
function countRequests(method: string, pathname: string): { readonly count: number } {
  const seen = { count: 0 };
  server.events.on('request:start', ({ request }) => {
    if (request.method === method && new URL(request.url).pathname === pathname) seen.count += 1;
  });
  return seen;
}

const warning = () => screen.findByText(PLACES_MESSAGES.NO_PLACES_STAFF_WARNING);

// An Administrator may offer over the allowance only after a confirmation that says so, recorded in the History log.
describe("an Administrator's offer with no place left", () => {
  it('asks in the status confirmation whether to offer over the allowance; going back sends nothing', async () => {
    buttonsOf(OFFER, REFER);
    referredOnFullCourse();
    const puts = countRequests('PUT', '/api/admin/applications/S0001/G400');
    const { user } = renderApp('/applications/S0001/G400/submit', { user: admin });
    expect(await warning()).toBeInTheDocument();
    const offer = await screen.findByRole('button', { name: 'Offer' });
    await waitFor(() => expect(offer).toBeEnabled());
    await user.click(offer);

    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to change the status of this application from Referred to Offered?' });
    expect(within(dialog).getByText(PLACES_MESSAGES.OVER_ALLOWANCE_CONFIRM)).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining(PLACES_MESSAGES.OVER_ALLOWANCE_CONFIRM));
    expect(within(dialog).getByRole('button', { name: 'Yes, update' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'No, go back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(offer).toHaveFocus();
    expect(puts.count).toBe(0);
    expect(db.desk.applications[0]!.applicationData.STATUS).toBe('R');
  });

  it('sends the save with OVER_ALLOWANCE once confirmed, and the History records the offer over the allowance', async () => {
    buttonsOf(OFFER, REFER);
    referredOnFullCourse();
    const puts = recordRequests(server, 'PUT', '/api/admin/applications/S0001/G400');
    const { user } = renderApp('/applications/S0001/G400/submit', { user: admin });
    const offer = await screen.findByRole('button', { name: 'Offer' });
    await waitFor(() => expect(offer).toBeEnabled());
    await user.click(offer);
    const dialog = screen.getByRole('dialog', { name: /from Referred to Offered\?$/ });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, update' }));

    expect(await screen.findByText(/^Last saved at \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toMatchObject({ data: { STATUS: 'O', OVER_ALLOWANCE: true } });
    expect(db.desk.applications[0]!.applicationData.STATUS).toBe('O');
    const history = screen.getByRole('list', { name: 'History' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    expect(within(history).getAllByRole('listitem')[1]).toHaveTextContent(`Status changed from R to O ${PLACES_MESSAGES.OVER_ALLOWANCE_LOG}`);
  });

  it('creates an application by phone as O over the allowance after the same confirmation', async () => {
    seedCourses([createCourse({ VACANCIES_INTERNAL: 0 })]);
    buttonsOf(OFFER, REFER);
    const { user, router } = renderApp('/apply/G400/personal-details', { user: admin });
    await completeForm(user);
    expect(await warning()).toBeInTheDocument();
    const offer = await screen.findByRole('button', { name: 'Offer (save)' });
    await waitFor(() => expect(offer).toBeEnabled());
    await user.click(offer);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to submit your application?' });
    expect(dialog).toHaveAccessibleDescription(expect.stringContaining(PLACES_MESSAGES.OVER_ALLOWANCE_CONFIRM));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/applications/S1001/G400'));
    expect(db.staffCreates).toEqual([expect.objectContaining({ STATUS: 'O', OVER_ALLOWANCE: true })]);
    const history = await screen.findByRole('list', { name: 'History' });
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(`Application created ${PLACES_MESSAGES.OVER_ALLOWANCE_LOG}`);
  });
});

describe('an adviser on a course with every place offered', () => {
  it('finds it in the staff search and takes the call: Apply with a hint, the course page and the Review tab warn, O is not offered', async () => {
    seedCourses([createCourse({ VACANCIES_INTERNAL: 0 })]);
    buttonsOf(REFER, POOL);
    const { user, router } = renderApp('/staff', { user: backOffice });
    const apply = await screen.findByRole('link', { name: 'Apply for Computer Science BSc (Hons)' });
    expect(apply).toHaveAccessibleDescription(PLACES_MESSAGES.NO_PLACES_STAFF_HINT);
    await user.click(apply);

    // The course page warns and still starts the form (the public meets the closed text there).
    expect(await warning()).toBeInTheDocument();
    expect(screen.queryByText(APPLY_MESSAGES.COURSE_CLOSED)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /^Start application/ }));
    await completeForm(user);
    expect(router.state.location.pathname).toBe('/apply/G400/submit');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PLACES_MESSAGES.NO_PLACES_STAFF_WARNING);
    const refer = await screen.findByRole('button', { name: 'Refer (save)' });
    await waitFor(() => expect(refer).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Pool (save)' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Offer/ })).not.toBeInTheDocument();
    await user.click(refer);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to submit your application?' });
    expect(within(dialog).queryByText(PLACES_MESSAGES.OVER_ALLOWANCE_CONFIRM)).not.toBeInTheDocument();
  });

  it('is told why when the last place goes while the form is open: the offer is refused, the form warns and O leaves the buttons', async () => {
    seedCourses([createCourse({ VACANCIES_INTERNAL: 1 })]);
    buttonsOf(OFFER, REFER);
    const { user } = renderApp('/apply/G400/personal-details', { user: backOffice });
    await completeForm(user);
    const offer = await screen.findByRole('button', { name: 'Offer (save)' });
    await waitFor(() => expect(offer).toBeEnabled());
    expect(screen.queryByText(PLACES_MESSAGES.NO_PLACES_STAFF_WARNING)).not.toBeInTheDocument();

    // Another applicant takes the last place: the course and the assessment now say so.
    db.courses[0] = { ...db.courses[0]!, VACANCIES_INTERNAL: 0 };
    buttonsOf(REFER, POOL);
    await user.click(offer);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));

    expect(await screen.findByText(PLACES_MESSAGES.NO_PLACE_LEFT)).toBeInTheDocument();
    expect(await warning()).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Offer/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Refer (save)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pool (save)' })).toBeEnabled();
    expect(db.desk.applications).toHaveLength(0);
  });

  it('is told why when a re-assessment (a changed answer) no longer offers O after the last place went', async () => {
    seedCourses([createCourse({ VACANCIES_INTERNAL: 1 })]);
    buttonsOf(OFFER, REFER);
    const { user } = renderApp('/apply/G400/personal-details', { user: backOffice });
    await completeForm(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Offer (save)' })).toBeEnabled());

    // Another applicant takes the last place; the adviser corrects the caller's date of birth.
    db.courses[0] = { ...db.courses[0]!, VACANCIES_INTERNAL: 0 };
    buttonsOf(REFER, POOL);
    const steps = screen.getByRole('navigation', { name: 'Application steps' });
    await user.click(within(steps).getByRole('link', { name: 'Step 1 Personal details' }));
    await fill(user, await screen.findByLabelText('Date of birth'), '14/5/2005');
    await user.click(within(steps).getByRole('link', { name: 'Step 3 Submit' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: /^Offer/ })).not.toBeInTheDocument());
    expect(await warning()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refer (save)' })).toBeInTheDocument();
  });

  it('on a stored application, is told why when the offer meets no place, and the form warns', async () => {
    buttonsOf(OFFER, REFER);
    db.desk.applications = [createDeskApplication({ STATUS: 'R' })];
    const { user } = renderApp('/applications/S0001/G400/submit', { user: backOffice });
    const offer = await screen.findByRole('button', { name: 'Offer' });
    await waitFor(() => expect(offer).toBeEnabled());
    const stored = db.desk.applications[0]!;
    stored.courseData = { ...stored.courseData, VACANCIES_INTERNAL: 0 };
    buttonsOf(REFER, POOL);
    await user.click(offer);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, update' }));

    expect(await screen.findByText(PLACES_MESSAGES.NO_PLACE_LEFT)).toBeInTheDocument();
    expect(await warning()).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Offer' })).not.toBeInTheDocument());
    expect(stored.applicationData.STATUS).toBe('R');
  });
});
