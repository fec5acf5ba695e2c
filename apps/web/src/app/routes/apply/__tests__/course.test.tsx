import { APPLY_MESSAGES, COURSE_PAGE_ERRORS } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/api-url';
import { seedCourses } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

describe('/apply/:ucasCode course page', () => {
  it('shows the subject requirements in plain words under the entry requirements', async () => {
    seedCourses([
      createCourse({
        SUBJECT_REQUIREMENTS: [
          { subjects: ['Mathematics'], count: 1, minimumGrade: { ALEVEL: 'B' } },
          { subjects: ['Biology', 'Chemistry', 'Physics'], count: 2, minimumGrade: { ALEVEL: 'C', IBO: '4' } },
        ],
      }),
    ]);
    const { container } = renderApp('/apply/G400');
    await screen.findByRole('heading', { level: 1 });
    const details = container.querySelector('dl') as HTMLElement;
    const entry = within(details).getByText('Entry requirements').nextElementSibling as HTMLElement;
    expect(
      within(entry)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'A Level Mathematics at grade B or above is required.',
      'Two of A Level Biology, Chemistry or Physics at grade C or above are required. Also accepted in the same subjects: IB Higher Level at grade 4 or above.',
    ]);
  });

  it('shows the course information and a Start application link', async () => {
    seedCourses([
      createCourse({
        UCAS_CODE: 'G400',
        COURSE_TITLE: 'Computer Science',
        QUALIFICATION: 'BSc (Hons)',
        SCHOOL_NAME: 'School of Science and Technology',
        DEPT_NAME: 'Department of Computer Science',
        CAMPUS_NAME: 'Northampton Square',
        COURSE_START_DATE: '2026-09-28',
        CONSIDERATION_TEXT: 'We consider relevant work experience.',
        FEEDBACK_TELEPHONE: '020 7040 8716',
      }),
    ]);
    const { container } = renderApp('/apply/G400');

    expect(await screen.findByRole('heading', { level: 1, name: 'Computer Science BSc (Hons)' })).toBeInTheDocument();
    expect(document.title).toBe('Computer Science BSc (Hons) - Clearing Desk');
    const details = container.querySelector('dl') as HTMLElement;
    const value = (key: string) => within(details).getByText(key).nextElementSibling?.textContent;
    expect(value('Course code')).toBe('G400');
    expect(value('School')).toBe('School of Science and Technology');
    expect(value('Department')).toBe('Department of Computer Science');
    expect(value('Campus')).toBe('Northampton Square');
    expect(value('Start date')).toBe('28 September 2026');
    expect(value('Entry requirements')).toBe('112 UCAS points');
    expect(screen.getByText('Typical offer: 128 UCAS Tariff points.')).toBeInTheDocument();
    expect(screen.getByText('We consider relevant work experience.')).toBeInTheDocument();
    expect(screen.getByText('Applicants will only be considered for entry into the first year for this course.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '020 7040 8716' })).toHaveAttribute('href', 'tel:02070408716');

    const start = screen.getByRole('link', { name: /^Start application/ });
    expect(start).toHaveAttribute('href', '/apply/G400/personal-details');
  });

  it('says nothing about the first year when second-year entry is allowed', async () => {
    seedCourses([createCourse({ ALLOW_SECOND_YEAR_ENTRY: true })]);
    renderApp('/apply/G400');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/first year/)).not.toBeInTheDocument();
  });

  it('renders NOTES as sanitised HTML', async () => {
    seedCourses([
      createCourse({
        NOTES:
          '<p>Read <a href="https://example.ac.uk" onclick="steal()">the guide</a>.</p><script>window.hacked = true</script><img src="x" onerror="steal()">',
      }),
    ]);
    const { container } = renderApp('/apply/G400');
    const link = await screen.findByRole('link', { name: 'the guide' });
    expect(link).toHaveAttribute('href', 'https://example.ac.uk');
    expect(link).not.toHaveAttribute('onclick');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
  });

  it('shows the closed text and no Start link when there are no external vacancies', async () => {
    seedCourses([createCourse({ VACANCIES_EXTERNAL: 0 })]);
    renderApp('/apply/G400');
    expect(await screen.findByText(APPLY_MESSAGES.COURSE_CLOSED)).toBeInTheDocument();
    expect(
      screen.getByText('Unfortunately this course is now closed to any further applications. Please check our list of open courses for alternative options.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Start application/ })).not.toBeInTheDocument();
  });

  it("shows 'Error: Course is currently suspended.' for a suspended course", async () => {
    seedCourses([createCourse({ SUSPENDED: true })]);
    renderApp('/apply/G400');
    expect(await screen.findByText('Error: Course is currently suspended.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Start application/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search for courses in clearing and apply online' })).toHaveAttribute('href', '/apply');
  });

  it("names the suspended course and gives the course's telephone", async () => {
    seedCourses([createCourse({ SUSPENDED: true, COURSE_CODE_OVERRIDE: 'G40X', FEEDBACK_TELEPHONE: '020 7040 8716' })]);
    renderApp('/apply/G400');
    expect(await screen.findByRole('heading', { level: 1, name: 'Computer Science BSc (Hons)' })).toBeInTheDocument();
    expect(screen.getByText('Course code: G40X')).toBeInTheDocument();
    expect(screen.getByText('Error: Course is currently suspended.')).toBeInTheDocument();
    const call = screen.getByText(/^To ask about this course or find another course in Clearing, call/);
    expect(call).toHaveTextContent('To ask about this course or find another course in Clearing, call 020 7040 8716.');
    expect(within(call).getByRole('link', { name: '020 7040 8716' })).toHaveAttribute('href', 'tel:02070408716');
    expect(document.title).toBe('Error: Course is currently suspended. - Clearing Desk');
  });

  it("gives the Clearing team's telephone on a suspended course without one of its own", async () => {
    seedCourses([createCourse({ SUSPENDED: true, FEEDBACK_TELEPHONE: null })]);
    renderApp('/apply/G400');
    const call = await screen.findByText(/^To ask about this course or find another course in Clearing, call/);
    expect(call).toHaveTextContent('To ask about this course or find another course in Clearing, call 020 7040 4000.');
    expect(within(call).getByRole('link', { name: '020 7040 4000' })).toHaveAttribute('href', 'tel:02070404000');
    expect(screen.getByText('Course code: G400')).toBeInTheDocument();
  });

  it("shows 'Error: Course not found.' for an external, non-intermediary course", async () => {
    seedCourses([createCourse({ EXTERNAL: true, INTERMEDIARY: false, EXTERNAL_URL: 'https://partner.example' })]);
    renderApp('/apply/G400');
    expect(await screen.findByText('Error: Course not found.')).toBeInTheDocument();
    expect(document.title).toBe('Error: Course not found. - Clearing Desk');
  });

  it('shows the information but no Start link for an external intermediary course', async () => {
    seedCourses([createCourse({ EXTERNAL: true, INTERMEDIARY: true })]);
    renderApp('/apply/G400');
    expect(await screen.findByRole('heading', { level: 1, name: 'Computer Science BSc (Hons)' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Start application/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Error:/)).not.toBeInTheDocument();
  });

  it("shows 'Error: Course not found with open vacancies.' when the course cannot be fetched", async () => {
    renderApp('/apply/ZZZZ');
    expect(await screen.findByText(COURSE_PAGE_ERRORS.FETCH_FAILED)).toBeInTheDocument();
    expect(screen.getByText('Error: Course not found with open vacancies.')).toBeInTheDocument();
  });

  it('treats a server error like a missing course', async () => {
    server.use(http.get(apiUrl('/api/courses/:ucasCode'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderApp('/apply/G400');
    expect(await screen.findByText('Error: Course not found with open vacancies.')).toBeInTheDocument();
  });

  it('shows a spinner while the course loads', async () => {
    renderApp('/apply/G400');
    expect(await screen.findByText('Loading course')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Computer Science BSc (Hons)' })).toBeInTheDocument();
  });

  describe('tariff on the course page (cut-off 24)', () => {
    it.each([
      ['a gap of 24 shows the accepted points', { TARIFF_ADVERTISED: 120, TARIFF_ACCEPTED: 96 }, '96 UCAS points', false],
      ['a gap of 25 shows the advertised points and the note', { TARIFF_ADVERTISED: 121, TARIFF_ACCEPTED: 96 }, '121 UCAS points', true],
      ['Health Sciences always shows the advertised points', { SCHOOL: 'SHS', TARIFF_ADVERTISED: 120, TARIFF_ACCEPTED: 112 }, '120 UCAS points', false],
    ] as const)('%s', async (_, overrides, points, note) => {
      seedCourses([createCourse(overrides)]);
      renderApp('/apply/G400');
      expect(await screen.findByText(points)).toBeInTheDocument();
      if (note) expect(screen.getByText('Applicants with lower tariffs may be considered.')).toBeInTheDocument();
      else expect(screen.queryByText(/lower tariffs/i)).not.toBeInTheDocument();
    });

    it('shows the IB requirement under the tariff where the course states one', async () => {
      seedCourses([createCourse({ TARIFF_ADVERTISED: 128, TARIFF_ACCEPTED: 112, IB_ADVERTISED: 30, IB_ACCEPTED: 28 })]);
      renderApp('/apply/G400');
      expect(await screen.findByText('112 UCAS points')).toBeInTheDocument();
      expect(screen.getByText('IB Diploma: 28 points')).toBeInTheDocument();
    });
  });
});

describe('application steps', () => {
  it('sends a step of a closed course back to its information page', async () => {
    seedCourses([createCourse({ VACANCIES_EXTERNAL: 0 })]);
    const { router } = renderApp('/apply/G400/qualifications');
    expect(await screen.findByText(APPLY_MESSAGES.COURSE_CLOSED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apply/G400');
  });

  it('shows the course error, not the step, for a suspended course', async () => {
    seedCourses([createCourse({ SUSPENDED: true })]);
    renderApp('/apply/G400/submit');
    expect(await screen.findByText('Error: Course is currently suspended.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Step 3: Submit' })).not.toBeInTheDocument();
  });
});
