import { accessForCourse, COURSE_UPDATE_MESSAGES, courseEtag, courseUpdateBodySchema, type CourseData } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/api-url';
import { db, seedCourses } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { createAdminUser, createStaffUser, renderApp } from '@/testing/test-utils';

const admin = createAdminUser({ username: 'admin', name: 'Ada Administrator' });
const editor = createStaffUser({ username: 'editor', name: 'Eddie Editor', roles: [{ role: 'Editor', scope: 'all' }] });

type Sent = { body: unknown; ifMatch: string | null };

/** PUT and history handlers over the mock catalogue: the PUT checks If-Match like the gateway. */
function courseControlServer(sent: Sent[], options: { conflict?: boolean } = {}) {
  server.use(
    http.put(apiUrl('/api/admin/courses/:ucasCode'), async ({ request, params }) => {
      const body = await request.json();
      sent.push({ body, ifMatch: request.headers.get('if-match') });
      const index = db.courses.findIndex((c) => c.UCAS_CODE === params.ucasCode);
      const course = db.courses[index] as CourseData;
      if (options.conflict || request.headers.get('if-match') !== courseEtag(course)) {
        return HttpResponse.json({ message: COURSE_UPDATE_MESSAGES.CONFLICT }, { status: 412 });
      }
      const parsed = courseUpdateBodySchema.safeParse(body);
      if (!parsed.success) return HttpResponse.json({ message: 'bad' }, { status: 400 });
      const next = { ...course, ...parsed.data.data } as CourseData;
      db.courses[index] = next;
      return HttpResponse.json({ courseData: next, qualOptions: [], access: accessForCourse(db.sessionUser?.roles, next) });
    }),
    http.get(apiUrl('/api/admin/courses/:ucasCode/history'), () =>
      HttpResponse.json({ rows: [{ at: '2025-08-14T08:00:00.000Z', username: 'admin2', changes: [{ field: 'VACANCIES_INTERNAL', old: 4, new: 5 }] }] }),
    ),
  );
}

describe('/staff/courses/:ucasCode (course control)', () => {
  it('saves only the changed vacancies with If-Match and says so', async () => {
    seedCourses([createCourse({ VACANCIES_EXTERNAL: 20 })]);
    const sent: Sent[] = [];
    courseControlServer(sent);
    const user = userEvent.setup();
    renderApp('/staff/courses/G400', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit course: Computer Science BSc (Hons)' })).toBeInTheDocument();
    const external = screen.getByRole('textbox', { name: 'External vacancies' });
    expect(external).toHaveValue('20');
    expect(external).toHaveAccessibleDescription('Places open to public applications. 0 closes the course.');
    await user.clear(external);
    await user.type(external, '0');
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText('Course saved.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.ifMatch).toBe(courseEtag(createCourse({ VACANCIES_EXTERNAL: 20 })));
    expect((sent[0]?.body as { data: unknown }).data).toEqual({ VACANCIES_EXTERNAL: 0 });
    const history = await screen.findByRole('table', { name: 'Changes to this course, newest first' });
    expect(within(history).getByText('Internal vacancies: 4 → 5')).toBeInTheDocument();
  });

  it('shows the error summary, focused, for places that are not a whole number, and sends nothing', async () => {
    seedCourses([createCourse()]);
    const sent: Sent[] = [];
    courseControlServer(sent);
    const user = userEvent.setup();
    renderApp('/staff/courses/G400', { user: admin });
    const places = await screen.findByRole('textbox', { name: 'Clearing places' });
    await user.clear(places);
    await user.type(places, 'lots');
    const allowance = screen.getByRole('textbox', { name: 'Offer allowance' });
    await user.clear(allowance);
    await user.type(allowance, '1.255');
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: 'Clearing places must be a whole number' })).toHaveAttribute('href', '#course-clearing-places');
    expect(within(summary).getByRole('link', { name: 'Offer allowance must be a number with at most two decimal places, for example 1.30' })).toHaveAttribute(
      'href',
      '#course-offer-allowance',
    );
    expect(sent).toEqual([]);
  });

  it('sends Clearing places and the offer allowance, and shows the places left', async () => {
    seedCourses([createCourse({ CLEARING_PLACES: 5, OFFER_ALLOWANCE: 1, VACANCIES_INTERNAL: 4 })]);
    const sent: Sent[] = [];
    courseControlServer(sent);
    const user = userEvent.setup();
    renderApp('/staff/courses/G400', { user: admin });
    expect(await screen.findByText('Places left (internal vacancies): 4')).toBeInTheDocument();
    const allowance = screen.getByRole('textbox', { name: 'Offer allowance' });
    expect(allowance).toHaveValue('1.00');
    await user.clear(screen.getByRole('textbox', { name: 'Clearing places' }));
    await user.type(screen.getByRole('textbox', { name: 'Clearing places' }), '2');
    await user.clear(allowance);
    await user.type(allowance, '1.30');
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0]?.body as { data: unknown }).data).toEqual({ CLEARING_PLACES: 2, OFFER_ALLOWANCE: 1.3 });
  });

  it('shows the IB requirement in two labelled number fields and saves only the changed points', async () => {
    seedCourses([createCourse({ IB_ADVERTISED: 30, IB_ACCEPTED: 28 })]);
    const sent: Sent[] = [];
    courseControlServer(sent);
    const user = userEvent.setup();
    renderApp('/staff/courses/G400', { user: admin });
    const advertised = await screen.findByRole('textbox', { name: 'Advertised IB requirement (Diploma points)' });
    const accepted = screen.getByRole('textbox', { name: 'Accepted IB requirement (Diploma points)' });
    expect(advertised).toHaveValue('30');
    expect(accepted).toHaveValue('28');
    expect(advertised).toHaveAccessibleDescription(
      'IB Diploma total for a green light, 0 to 45. Leave both IB fields blank for a course with no IB requirement.',
    );
    expect(accepted).toHaveAccessibleDescription('IB Diploma total for an amber light, not higher than the advertised IB requirement.');
    await user.clear(advertised);
    await user.type(advertised, '34');
    await user.clear(accepted);
    await user.type(accepted, '31');
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText('Course saved.')).toBeInTheDocument();
    expect((sent[0]?.body as { data: unknown }).data).toEqual({ IB_ADVERTISED: 34, IB_ACCEPTED: 31 });
    expect(screen.getByRole('textbox', { name: 'Advertised IB requirement (Diploma points)' })).toHaveValue('34');

    // Both blank: the course states no IB requirement.
    await user.clear(screen.getByRole('textbox', { name: 'Advertised IB requirement (Diploma points)' }));
    await user.clear(screen.getByRole('textbox', { name: 'Accepted IB requirement (Diploma points)' }));
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect((sent[1]?.body as { data: unknown }).data).toEqual({ IB_ADVERTISED: null, IB_ACCEPTED: null });
  });

  it.each([
    ['accepted above advertised', '30', '31', 'The accepted IB requirement cannot be higher than the advertised IB requirement.', '#course-ib-accepted'],
    [
      'accepted left blank',
      '30',
      '',
      'Give both IB requirements (advertised and accepted points), or neither for a course without an IB requirement.',
      '#course-ib-accepted',
    ],
    [
      'advertised above 45',
      '46',
      '28',
      'Advertised IB requirement (Diploma points): The IB requirement must be a whole number of Diploma points from 0 to 45.',
      '#course-ib-advertised',
    ],
    ['advertised not a number', 'thirty', '28', 'Advertised IB requirement (Diploma points) must be a whole number', '#course-ib-advertised'],
  ])('refuses an IB requirement with %s in the focused error summary, and sends nothing', async (_case, advertisedText, acceptedText, message, href) => {
    seedCourses([createCourse({ IB_ADVERTISED: 30, IB_ACCEPTED: 28 })]);
    const sent: Sent[] = [];
    courseControlServer(sent);
    const user = userEvent.setup();
    renderApp('/staff/courses/G400', { user: admin });
    const advertised = await screen.findByRole('textbox', { name: 'Advertised IB requirement (Diploma points)' });
    const accepted = screen.getByRole('textbox', { name: 'Accepted IB requirement (Diploma points)' });
    await user.clear(advertised);
    await user.type(advertised, advertisedText);
    await user.clear(accepted);
    if (acceptedText) await user.type(accepted, acceptedText);
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: message })).toHaveAttribute('href', href);
    expect(sent).toEqual([]);
  });

  it('shows the conflict text and a Reload course button when someone else saved first', async () => {
    seedCourses([createCourse()]);
    const sent: Sent[] = [];
    courseControlServer(sent, { conflict: true });
    const user = userEvent.setup();
    renderApp('/staff/courses/G400', { user: admin });
    const note = await screen.findByRole('textbox', { name: 'Feedback note' });
    await user.type(note, 'Call back after 2pm');
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText(COURSE_UPDATE_MESSAGES.CONFLICT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload course' })).toBeInTheDocument();
  });

  it('previews the notes sanitised in the browser', async () => {
    seedCourses([createCourse({ NOTES: '<p>Hello<img src=x onerror="alert(1)"></p><a href="javascript:alert(2)">x</a>' })]);
    courseControlServer([]);
    renderApp('/staff/courses/G400', { user: admin });
    const preview = await screen.findByRole('region', { name: 'Preview of the notes' });
    expect(preview.innerHTML).not.toMatch(/onerror|javascript:/);
    expect(within(preview).getByText('Hello')).toBeInTheDocument();
  });

  it('tells an Editor they may not change the course, with no form', async () => {
    seedCourses([createCourse()]);
    renderApp('/staff/courses/G400', { user: editor });
    expect(await screen.findByText(COURSE_UPDATE_MESSAGES.FORBIDDEN)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save course' })).not.toBeInTheDocument();
  });

  it("offers 'Edit course' in the staff search only on courses the user may edit", async () => {
    seedCourses([createCourse()]);
    renderApp('/staff?q=G400', { user: admin });
    expect(await screen.findByRole('link', { name: 'Edit course Computer Science BSc (Hons)' })).toHaveAttribute('href', '/staff/courses/G400');
  });

  it("shows no 'Edit course' link to an Editor", async () => {
    seedCourses([createCourse()]);
    renderApp('/staff?q=G400', { user: editor });
    expect(await screen.findByText('Your role: Editor')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit course/ })).not.toBeInTheDocument();
  });

  it('edits the subject requirements with a preview of the course page sentence, and saves them as data', async () => {
    seedCourses([createCourse()]);
    const sent: Sent[] = [];
    courseControlServer(sent);
    const user = userEvent.setup();
    renderApp('/staff/courses/G400', { user: admin });
    const group = await screen.findByRole('group', { name: 'Subject requirements' });
    expect(within(group).getByText('This course names no required subject.')).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Add a subject requirement' }));
    const requirement = within(group).getByRole('group', { name: 'Requirement 1' });
    expect(within(requirement).getByText('Name a subject and a minimum grade to see the sentence.')).toBeInTheDocument();
    await user.type(within(requirement).getByRole('textbox', { name: 'Subjects (any of)' }), 'Mathematics');
    await user.selectOptions(within(requirement).getByRole('combobox', { name: 'A Level: minimum grade' }), 'B');
    expect(within(requirement).getByTestId('requirement-1-preview')).toHaveTextContent('A Level Mathematics at grade B or above is required.');
    await user.selectOptions(within(requirement).getByRole('combobox', { name: 'IB Higher Level: minimum grade' }), '5');
    expect(within(requirement).getByTestId('requirement-1-preview')).toHaveTextContent(
      'A Level Mathematics at grade B or above is required. Also accepted in the same subject: IB Higher Level at grade 5 or above.',
    );
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    expect(await screen.findByText('Course saved.')).toBeInTheDocument();
    expect((sent[0]?.body as { data: unknown }).data).toEqual({
      SUBJECT_REQUIREMENTS: [{ subjects: ['Mathematics'], count: 1, minimumGrade: { ALEVEL: 'B', IBO: '5' } }],
    });
  });

  it('refuses a requirement without a subject with the error summary, and sends nothing', async () => {
    seedCourses([createCourse()]);
    const sent: Sent[] = [];
    courseControlServer(sent);
    const user = userEvent.setup();
    renderApp('/staff/courses/G400', { user: admin });
    const group = await screen.findByRole('group', { name: 'Subject requirements' });
    await user.click(within(group).getByRole('button', { name: 'Add a subject requirement' }));
    await user.selectOptions(within(group).getByRole('combobox', { name: 'A Level: minimum grade' }), 'C');
    await user.click(screen.getByRole('button', { name: 'Save course' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Subject requirements: Name at least one subject for each requirement.' })).toHaveAttribute(
      'href',
      '#course-subject-requirements',
    );
    expect(sent).toHaveLength(0);
  });
});
