import {
  API_ROUTES,
  APPLY_MESSAGES,
  CONFIRMATION_TEXTS,
  ERROR_CODES,
  SUBMISSION_BUTTONS,
  submissionIdKind,
  FORM_PROOF_HEADER,
  FORM_PROOF_REQUIRED_MESSAGE,
  tooManyRequestsMessage,
} from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { completeForm, recordRequests, submitAndConfirm } from '@/testing/application-form';
import { holdAnswer } from '@/testing/held-answer';
import { apiUrl } from '@/testing/mocks/api-url';
import { createAssessment } from '@/testing/mocks/applications';
import { db, setAssessment } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';
import { FORM_TEXTS } from '../../texts';

/** A UUID (the public form issues version 8 ids bound to the public: submissionIdKind). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const startForm = () => renderApp('/apply/G400/personal-details');

describe('submit step: review', () => {
  it('lists the incomplete fields by step, with links to the fields, and keeps Submit disabled', async () => {
    const { user } = renderApp('/apply/G400/submit');
    await screen.findByRole('heading', { level: 1, name: 'Step 3: Submit' });
    expect(screen.getByText('Some fields are incomplete.')).toBeInTheDocument();
    const incomplete = document.getElementById('incomplete-fields') as HTMLElement;
    const personal = within(incomplete).getByRole('heading', { name: 'Personal details', level: 2 });
    expect(within(incomplete).getByRole('heading', { name: 'Qualifications', level: 2 })).toBeInTheDocument();
    expect(within(personal).getByRole('link')).toHaveAttribute('href', '/apply/G400/personal-details');
    expect(screen.getByRole('link', { name: "'Given name' is required." })).toHaveAttribute('href', '/apply/G400/personal-details#NAME1');
    expect(screen.getByRole('link', { name: "'Qualifications' must have at least 1 item(s)." })).toHaveAttribute(
      'href',
      '/apply/G400/qualifications#QUALIFICATIONS',
    );
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();

    // Opening the submit step turned validate-all on: step 1 now lists its errors at once.
    await user.click(screen.getByRole('link', { name: "'Given name' is required." }));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toBeInTheDocument();
    expect(screen.getByLabelText('Given name')).toHaveFocus();
  });

  it('numbers item errors in the incomplete list', async () => {
    const { user } = renderApp('/apply/G400/qualifications');
    await user.click(await screen.findByRole('button', { name: 'Add a qualification' }));
    await user.click(await screen.findByRole('button', { name: 'Add a qualification' }));
    await user.click(screen.getByRole('link', { name: 'Step 3 Submit' }));
    await screen.findByRole('heading', { level: 1, name: 'Step 3: Submit' });
    expect(screen.getByRole('link', { name: "Qualifications item 2: 'Qualification' is required." })).toHaveAttribute(
      'href',
      '/apply/G400/qualifications#QUALIFICATIONS-1-QUALIFICATION',
    );
  });

  it('reads the answers back, with the data-protection notice', async () => {
    const { user } = startForm();
    await completeForm(user);
    expect(screen.queryByText('Some fields are incomplete.')).not.toBeInTheDocument();
    expect(screen.getByText('Amara')).toBeInTheDocument();
    expect(screen.getByText('14 May 2006')).toBeInTheDocument();
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
    expect(screen.getByText('First Year')).toBeInTheDocument();
    const readBack = screen.getByRole('heading', { name: 'Qualifications', level: 3 }).nextElementSibling as HTMLElement;
    expect(
      within(readBack)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A Level: Mathematics, A*, 2025', 'A Level: Physics, A, 2025', 'A Level: Chemistry, B, 2025']);
    expect(screen.getByRole('link', { name: 'Change personal details' })).toHaveAttribute('href', '/apply/G400/personal-details');
    expect(
      screen.getByText(
        /evaluate your suitability for this course, to process your application, to communicate with you by email and possibly to recommend alternative courses to you\. We will not use it for any other purposes\./,
      ),
    ).toBeInTheDocument();
    // The public see no points or traffic light.
    expect(screen.queryByText(/UCAS Points/)).not.toBeInTheDocument();
  });
});

describe('submit step: submitting', () => {
  it('sends the token of the form opened, and does the check the gateway asks for past its budget, saying so', async () => {
    db.formGuard.askProof = true;
    const answer = holdAnswer();
    server.use(
      http.post(apiUrl(API_ROUTES.apply.path), async ({ request }) => {
        if (request.headers.get(FORM_PROOF_HEADER)) await answer.held;
        return undefined;
      }),
    );
    const { user } = startForm();
    await completeForm(user);
    // The token was fetched once, when the form opened.
    expect(db.formGuard.starts).toBe(1);
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));
    // Asked (428): the browser solves the challenge and says what it is doing, politely.
    expect(await screen.findByText(FORM_PROOF_REQUIRED_MESSAGE)).toHaveAttribute('role', 'status');
    answer.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Good News!' })).toBeInTheDocument();
    expect(db.formGuard.sent.map((s) => [s.start, s.proof === null ? null : 'proof'])).toEqual([
      ['mock-form-start-1', null],
      ['mock-form-start-1', 'proof'],
    ]);
    expect(db.applications).toHaveLength(1);
  });

  it('asks for confirmation, shows the loading text and sends the form with SUBMISSION_ID and status S', async () => {
    document.cookie = 'XSRF-TOKEN=t0k3n; path=/';
    const assessments = recordRequests(server, 'POST', '/api/apply/G400/assess');
    const posts = recordRequests(server, 'POST', '/api/apply/G400');
    // The submission's answer is held until the loading text has been seen.
    const answer = holdAnswer();
    server.use(
      http.post(apiUrl(API_ROUTES.apply.path), async () => {
        await answer.held;
        return undefined;
      }),
    );
    const { user } = startForm();
    await completeForm(user);
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());

    await user.click(submit);
    const dialog = screen.getByRole('dialog', { name: CONFIRMATION_TEXTS.CONFIRM_SUBMIT });
    expect(dialog).toHaveTextContent('Are you sure you want to submit your application?');
    await user.click(within(dialog).getByRole('button', { name: 'No, go back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(submit).toHaveFocus();
    expect(posts).toHaveLength(0);

    await user.click(submit);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));
    expect(await screen.findByText(CONFIRMATION_TEXTS.LOADING)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    answer.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Good News!' })).toBeInTheDocument();

    await waitFor(() => expect(posts).toHaveLength(1));
    const body = posts[0]!.body as { data: Record<string, unknown>; token: string };
    expect(body.token).toBe('t0k3n');
    expect(body.data).toMatchObject({
      NAME1: 'Amara',
      EMAIL: 'amara.okafor@example.com',
      DOB: '2006-05-14',
      NATIONALITY: 'GBR',
      STATUS: 'S',
      SECOND_YEAR_ENTRY: '0',
    });
    expect(body.data.SUBMISSION_ID).toMatch(UUID);
    expect(submissionIdKind(String(body.data.SUBMISSION_ID))).toBe('public');
    expect(body.data.QUALIFICATIONS).toEqual([
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Mathematics', GRADE: 'A*', YEAR: '2025' },
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Physics', GRADE: 'A', YEAR: '2025' },
      { QUALIFICATION: 'ALEVEL', SUBJECT: 'Chemistry', GRADE: 'B', YEAR: '2025' },
    ]);
    // The assessment got only the assessable part of the form.
    const assessed = (assessments.at(-1)!.body as { data: Record<string, unknown> }).data;
    expect(Object.keys(assessed).sort()).toEqual(['APPLIED_TO_UCAS', 'DOB', 'GCSE_QUALIFICATIONS', 'NATIONALITY', 'QUALIFICATIONS', 'SECOND_YEAR_ENTRY']);
  });

  it("shows the gateway's rate-limit message when a submission is refused with 429", async () => {
    server.use(
      http.post(
        apiUrl(API_ROUTES.apply.path),
        () => HttpResponse.json({ message: tooManyRequestsMessage(42) }, { status: 429, headers: { 'retry-after': '42' } }),
        {
          once: true,
        },
      ),
    );
    const { user } = startForm();
    await completeForm(user);
    await submitAndConfirm(user);
    expect(await screen.findByText('429: Too many requests from your connection. Please wait 42 seconds and try again.')).toBeInTheDocument();
  });

  it("treats a 429 on the applied check as 'not checked': nothing said while filling in, the confirmation says so, and the submission goes", async () => {
    const checks = recordRequests(server, 'GET', '/api/applications/G400/applied');
    server.use(
      http.get(apiUrl('/api/applications/:code/applied'), () =>
        HttpResponse.json({ message: tooManyRequestsMessage(30) }, { status: 429, headers: { 'retry-after': '30' } }),
      ),
    );
    const { user } = startForm();
    await completeForm(user);
    await waitFor(() => expect(checks.length).toBeGreaterThan(0));
    expect(screen.queryByText(FORM_TEXTS.APPLIED_NOT_CHECKED)).not.toBeInTheDocument();
    expect(screen.queryByText(/Too many requests/)).not.toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());

    await user.click(submit);
    const dialog = screen.getByRole('dialog', { name: CONFIRMATION_TEXTS.CONFIRM_SUBMIT });
    expect(within(dialog).getByText(FORM_TEXTS.APPLIED_NOT_CHECKED)).toBeInTheDocument();
    expect(FORM_TEXTS.APPLIED_NOT_CHECKED).toBe(
      'We could not check just now whether you have already applied for this course. If you have, this application will not be accepted.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, submit' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Good News!' })).toBeInTheDocument();
  });

  it('says nothing about the applied check in the confirmation when the check answered', async () => {
    const { user } = startForm();
    await completeForm(user);
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(within(screen.getByRole('dialog')).queryByText(FORM_TEXTS.APPLIED_NOT_CHECKED)).not.toBeInTheDocument();
  });

  it('sends the same SUBMISSION_ID again when a failed submission is retried', async () => {
    const posts = recordRequests(server, 'POST', '/api/apply/G400');
    server.use(http.post(apiUrl(API_ROUTES.apply.path), () => HttpResponse.json({ message: 'Service unavailable' }, { status: 503 }), { once: true }));
    const { user } = startForm();
    await completeForm(user);
    await submitAndConfirm(user);
    expect(await screen.findByText('503: Service unavailable')).toBeInTheDocument();

    await submitAndConfirm(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Good News!' })).toBeInTheDocument();
    await waitFor(() => expect(posts).toHaveLength(2));
    const ids = posts.map((p) => (p.body as { data: { SUBMISSION_ID: string } }).data.SUBMISSION_ID);
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toBe(ids[0]);
  });

  it("offers the public's button only, even when the assessment offers staff buttons (a session in the browser)", async () => {
    setAssessment(createAssessment({ TRAFFIC_LIGHT: 'A', SUBMISSION_OPTIONS: { BUTTONS: [SUBMISSION_BUTTONS.REFER, SUBMISSION_BUTTONS.POOL] } }));
    const { user } = startForm();
    await completeForm(user);
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pool' })).not.toBeInTheDocument();
  });

  it("keeps the public's Submit on a public form even when the assessment lists no button (whose form it is decides)", async () => {
    setAssessment(createAssessment({ SUBMISSION_OPTIONS: { BUTTONS: [] } }));
    const { user } = startForm();
    await completeForm(user);
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(document.querySelectorAll('.cd-submit-panel .cd-button-group button')).toHaveLength(1);
  });

  it('shows the duplicate banner when the server refuses a duplicate', async () => {
    server.use(http.post(apiUrl(API_ROUTES.apply.path), () => HttpResponse.json({ message: APPLY_MESSAGES.DUPLICATE }, { status: 409 })));
    const { user } = startForm();
    await completeForm(user);
    await submitAndConfirm(user);
    expect(await screen.findByRole('alert', { name: 'You have already applied' })).toHaveTextContent(APPLY_MESSAGES.DUPLICATE);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('warns that the course is closed when submitting answers COURSE_CLOSED', async () => {
    const { user } = startForm();
    await completeForm(user);
    db.courses[0]!.VACANCIES_EXTERNAL = 0;
    await submitAndConfirm(user);
    expect(await screen.findByText(APPLY_MESSAGES.COURSE_CLOSED)).toBeInTheDocument();
    expect(
      screen.getByText('Unfortunately this course is now closed to any further applications. Please check our list of open courses for alternative options.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('warns that the course is suspended when the assessment answers COURSE_SUSPENDED', async () => {
    server.use(http.post(apiUrl(API_ROUTES.assess.path), () => HttpResponse.json({ message: ERROR_CODES.COURSE_SUSPENDED }, { status: 409 })));
    const { user } = startForm();
    await completeForm(user);
    expect(await screen.findByText('Unfortunately this course is currently suspended. Please check back later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });
});
