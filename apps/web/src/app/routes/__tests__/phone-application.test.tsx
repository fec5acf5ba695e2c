import { applicationReference, SUBMISSION_BUTTONS } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { completeForm, fill } from '@/testing/application-form';
import { createCourse } from '@clearing-desk/contracts/testing';
import { createAssessment } from '@/testing/mocks/applications';
import { createDeskApplication } from '@/testing/mocks/applications-desk';
import { db, setAssessment, setClearingStatus } from '@/testing/mocks/db';
import { createStaffUser, renderApp } from '@/testing/test-utils';

// The machine is shared: give async queries room under load (they still fail on a wrong state).

const backOffice = createStaffUser({ username: 'backoffice1', name: 'Bola Backoffice', roles: [{ role: 'Back Office', scope: 'all' }] });

describe('taking an application by phone on /apply/{code}', () => {
  it('submits through the staff POST with the role’s status buttons, while Clearing is closed, and opens the stored application', async () => {
    setClearingStatus({ state: 0, closing_message: 'Closed for the year.' });
    setAssessment(createAssessment({ SUBMISSION_OPTIONS: { BUTTONS: [{ ...SUBMISSION_BUTTONS.OFFER }, { ...SUBMISSION_BUTTONS.REFER }] } }));
    const { user, router } = renderApp('/apply/G400/personal-details', { user: backOffice });
    await completeForm(user);
    const offer = await screen.findByRole('button', { name: 'Offer (save)' });
    await waitFor(() => expect(offer).toBeEnabled());
    // The adviser sees the feedback panel with the call script while on the phone.
    expect(screen.getByRole('region', { name: 'Feedback' })).toBeInTheDocument();
    // Each button's script is read before committing to it.
    const scripts = screen.getByRole('heading', { name: 'What to say for each decision' }).parentElement!;
    expect(within(scripts).getByRole('heading', { name: 'If you choose Offer' })).toBeInTheDocument();
    expect(within(scripts).getByRole('heading', { name: 'If you choose Refer' })).toBeInTheDocument();
    expect(within(scripts).getByText(/^I am pleased to make you an offer for Computer Science/)).toBeInTheDocument();
    await user.click(offer);
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to submit your application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/applications/S1001/G400'));
    expect(db.desk.applications[0]!.applicationData).toMatchObject({ STATUS: 'O', NAME1: 'Amara' });
    expect(db.applications).toHaveLength(0);
    // 'Saved' at the top, focused, with the reference the caller quotes, the decision and its script.
    const reference = applicationReference(db.desk.applications[0]!.applicationData);
    const saved = await screen.findByRole('region', { name: 'Saved' });
    await waitFor(() => expect(within(saved).getByRole('heading', { name: 'Saved' })).toHaveFocus());
    expect(within(saved).getByText('Reference').nextElementSibling).toHaveTextContent(reference);
    expect(within(saved).getByText('Decision').nextElementSibling).toHaveTextContent('Offered');
    expect(
      within(saved).getByText(`Your reference number is ${reference}; please quote it whenever you contact us about this application.`),
    ).toBeInTheDocument();
    expect(screen.getByText(`Application S1001/A1001, reference ${reference}: Computer Science BSc (Hons)`)).toBeInTheDocument();
    // 'Next caller' starts a fresh form for the course.
    await user.click(within(saved).getByRole('link', { name: 'Next caller' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply/G400/personal-details'));
    expect(await screen.findByLabelText('Given name')).toHaveValue('');
  });

  it('searches students; select copies their latest application into the form for another course, is unavailable for this one; reset clears both', async () => {
    db.desk.students = [
      { ID: 'S0001', NAME1: 'Amara', NAME2: 'Okafor', APPLIED_TO: 'F300,L100' },
      { ID: 'S0002', NAME1: 'Amaro', NAME2: 'Silva', APPLIED_TO: 'G400, L100' },
    ];
    // APPLIED_TO lists courses in the order applied: L100 is the latest, so its answers are copied.
    db.desk.applications = [
      createDeskApplication({ STUDENT_ID: 'S0001', UCAS_CODE: 'F300', EMAIL: 'old.address@example.com' }),
      createDeskApplication({ STUDENT_ID: 'S0001', UCAS_CODE: 'L100', EMAIL: 'amara.latest@example.com', TEL1: '07700 900999', APPLIED_TO_UCAS: '0' }),
    ];
    const { user } = renderApp('/apply/G400/personal-details', { user: backOffice });
    // The search starts as one line, for a new caller too: the form's first screen is the form.
    const folded = await screen.findByRole('button', { name: 'Find the caller' });
    expect(folded).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Student given name')).not.toBeVisible();
    await user.click(folded);
    expect(folded).toHaveAttribute('aria-expanded', 'true');
    await fill(user, screen.getByLabelText('Student given name'), 'Amar');
    await user.click(screen.getByRole('button', { name: 'Search students' }));
    const results = await screen.findByRole('table', { name: 'Students' });
    expect(
      within(results)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'NAME1', 'NAME2', 'APPLIED_TO', 'Select']);
    const amaro = within(results).getByRole('cell', { name: 'S0002' }).closest('tr') as HTMLElement;
    expect(within(amaro).getByText('Already applied for this course')).toBeInTheDocument();
    expect(within(amaro).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(results).getByRole('button', { name: 'Select S0001' }));
    expect(screen.getByLabelText('Given name')).toHaveValue('Amara');
    expect(screen.getByLabelText('Family name')).toHaveValue('Okafor');
    expect(screen.getByText(/^Selected student: S0001 Amara Okafor/)).toBeInTheDocument();
    // Every field of the latest application: personal details, the yes/no answers and the qualifications.
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveValue('amara.latest@example.com'));
    expect(screen.getByLabelText('Telephone number')).toHaveValue('07700 900999');
    // An adviser types the date of birth in one box, day first.
    expect(screen.getByLabelText('Date of birth')).toHaveValue('14/05/2006');
    expect(screen.getByLabelText('Nationality')).toHaveValue('GBR');
    expect(
      within(screen.getByRole('group', { name: 'Have you applied to university through UCAS this year?' })).getByRole('radio', { name: 'No' }),
    ).toBeChecked();
    const steps = screen.getByRole('navigation', { name: 'Application steps' });
    await user.click(within(steps).getByRole('link', { name: 'Step 2 Qualifications' }));
    expect(await screen.findByRole('heading', { name: 'Qualification 1: A Level' })).toBeInTheDocument();
    expect(screen.getByText('Mathematics, A*, 2025')).toBeInTheDocument();
    expect(screen.getByText('English Language, 5, 2023')).toBeInTheDocument();
    await user.click(within(steps).getByRole('link', { name: 'Step 1 Personal details' }));
    // Selecting folds the search to one line again; its heading opens it.
    const toggle = screen.getByRole('button', { name: 'Find the caller' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Search students' })).not.toBeInTheDocument();
    await user.click(toggle);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Given name')).toHaveValue('');
    expect(screen.getByLabelText('Student given name')).toHaveValue('');
    expect(screen.queryByRole('table', { name: 'Students' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Selected student:/)).not.toBeInTheDocument();
  });

  it('shows the guidance for a caller who wants only Year 2 with the questions of steps 1 and 2, where the course has no second-year entry', async () => {
    const supervisor = 'Adviser: if the caller wants only the Second Year, call a supervisor before going any further.';
    const { user } = renderApp('/apply/G400/personal-details', { user: backOffice });
    await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' });
    // G400 is a Sciences course: call a supervisor. Above the step's fields, before the panel.
    const guidance = () => document.querySelector('.cd-application-step [data-guidance="second-year"]');
    const paragraphs = () => Array.from(guidance()?.querySelectorAll('p') ?? []).map((p) => p.textContent);
    expect(paragraphs()).toEqual(['This course does not accept entry into the Second Year; you can start only in the First Year.', supervisor]);
    expect(guidance()!.compareDocumentPosition(screen.getByLabelText('Given name')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(screen.getByRole('link', { name: /Step 2/ }));
    await screen.findByRole('heading', { level: 1, name: 'Step 2: Qualifications' });
    expect(paragraphs()).toEqual(['This course does not accept entry into the Second Year; you can start only in the First Year.', supervisor]);
    // Beside the form (1080px and wider) the copy atop the sticky panel is the one shown; the panel's notes carry it too (domain.md "Second-year callers").
    const panel = screen.getByRole('complementary', { name: 'Feedback and call script' });
    expect(panel.querySelector('[data-guidance="second-year"]')).toHaveClass('cd-second-year-guidance--panel');
    expect(guidance()).toHaveClass('cd-second-year-guidance--form-narrow');
    expect(within(panel.querySelector('[data-guidance="second-year"]') as HTMLElement).getByText(supervisor)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Notes' })).getByText(supervisor)).toBeInTheDocument();
  });

  it('ends the call politely outside Sciences, and says nothing where the course allows the second year', async () => {
    db.courses.push(
      createCourse({ UCAS_CODE: 'M100', COURSE_TITLE: 'Law', SCHOOL: 'LAW', SCHOOL_NAME: 'The City Law School' }),
      createCourse({ UCAS_CODE: 'G600', COURSE_TITLE: 'Software Engineering', ALLOW_SECOND_YEAR_ENTRY: true }),
    );
    const { router } = renderApp('/apply/M100/personal-details', { user: backOffice });
    await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' });
    const guidance = () => document.querySelector('.cd-application-step [data-guidance="second-year"]');
    expect(guidance()).toHaveTextContent(
      'Adviser: if the caller wants only the Second Year, end the call politely: "I am sorry we cannot help you with this course; thank you for calling."',
    );
    await router.navigate('/apply/G600/personal-details');
    await screen.findAllByText(/^Software Engineering/);
    await waitFor(() => expect(guidance()).toBeNull());
  });

  it('never offers the Visa Team a Submit button: the form is read-only with the reason and has no button, whatever the assessment says', async () => {
    const visaTeam = createStaffUser({ username: 'visateam1', name: 'Vik Visa', roles: [{ role: 'Visa Team', scope: 'all' }] });
    setAssessment(createAssessment({ SUBMISSION_OPTIONS: { BUTTONS: [{ ...SUBMISSION_BUTTONS.SUBMIT }] } }));
    renderApp('/apply/G400/submit', { user: visaTeam });
    expect(
      await screen.findByText('Your role on this course (Visa Team) cannot edit applications (only its visa record), so this application is read-only.'),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: /Submit/ });
    expect(screen.queryByRole('button', { name: /^(Submit|Update)/ })).not.toBeInTheDocument();
    const panel = document.querySelector('.cd-submit-panel .cd-button-group');
    expect(panel).not.toBeNull();
    expect(panel?.querySelectorAll('button')).toHaveLength(0);
  });

  it('keeps the public form for the public: no student search, the public POST', async () => {
    renderApp('/apply/G400/personal-details');
    expect(await screen.findByRole('heading', { level: 1, name: 'Step 1: Personal details' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Student given name')).not.toBeInTheDocument();
  });
});
