import { API_ROUTES } from '@clearing-desk/contracts';
import type { CourseData } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/api-url';
import { seedCourses } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { currentSearch, renderApp } from '@/testing/test-utils';

const rowOf = (title: string) => screen.getByRole('cell', { name: new RegExp(`^${title}`) }).closest('tr') as HTMLElement;

/** Records the query of every GET /api/courses. */
function recordSearches(): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/courses') seen.push(url.searchParams);
  });
  return seen;
}

const manyCourses = (n: number): CourseData[] =>
  Array.from({ length: n }, (_, i) => createCourse({ UCAS_CODE: `C${String(i + 1).padStart(3, '0')}`, COURSE_TITLE: `Course ${i + 1}` }));

afterEach(() => server.events.removeAllListeners());

describe('/apply course search', () => {
  it('shows the search page with its heading, form and title', async () => {
    renderApp('/apply');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a degree' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search for a course' })).toHaveAttribute('name', 'q');
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    expect(document.title).toBe('Find a degree - Clearing Desk');
  });

  it('redirects / to /apply', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a degree' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apply');
  });

  it('lists courses with code, school, campus, tariff and the right action for each case', async () => {
    seedCourses([
      createCourse({
        UCAS_CODE: 'G400',
        COURSE_TITLE: 'Computer Science',
        QUALIFICATION: 'BSc (Hons)',
        SCHOOL_NAME: 'School of Science and Technology',
        DEPT_NAME: 'Computer Science',
        CAMPUS_NAME: 'Northampton Square',
      }),
      createCourse({ UCAS_CODE: 'L100', COURSE_TITLE: 'Economics', COURSE_CODE_OVERRIDE: 'ECON-1', SUSPENDED: true, VACANCIES_EXTERNAL: 3 }),
      createCourse({ UCAS_CODE: 'M100', COURSE_TITLE: 'Law', VACANCIES_EXTERNAL: 0 }),
      createCourse({ UCAS_CODE: 'N100', COURSE_TITLE: 'Accounting', VACANCIES_INTERNAL: 0 }),
      createCourse({
        UCAS_CODE: 'P100',
        COURSE_TITLE: 'Journalism',
        EXTERNAL: true,
        INTERMEDIARY: false,
        EXTERNAL_URL: 'https://partner.example.ac.uk/journalism',
      }),
    ]);
    renderApp('/apply');

    expect(await screen.findByText('5 courses found')).toBeInTheDocument();

    const open = rowOf('Computer Science');
    expect(within(open).getByText('Computer Science', { selector: '.cd-course-title' })).toBeInTheDocument();
    expect(within(open).getByText('BSc (Hons)')).toBeInTheDocument();
    expect(within(open).getByRole('cell', { name: 'G400' })).toBeInTheDocument();
    expect(within(open).getByText('School of Science and Technology')).toBeInTheDocument();
    expect(within(open).getByRole('cell', { name: 'Northampton Square' })).toBeInTheDocument();
    expect(within(open).getByText('112 UCAS points')).toBeInTheDocument();
    const apply = within(open).getByRole('link', { name: /^Apply/ });
    expect(apply).toHaveTextContent('Apply');
    expect(apply).toHaveAttribute('href', '/apply/G400');
    expect(apply).not.toHaveAttribute('target');

    // suspended with external vacancies: disabled 'Check back later'; the code shown is the override
    const suspended = rowOf('Economics');
    expect(within(suspended).getByRole('cell', { name: 'ECON-1' })).toBeInTheDocument();
    const checkBack = within(suspended).getByRole('button', { name: /^Check back later/ });
    expect(checkBack).toBeDisabled();
    expect(checkBack.firstChild?.textContent).toBe('Check back later');

    // no external vacancies: 'Closed', no control
    const closed = rowOf('Law');
    expect(within(closed).getByText('Closed')).toBeInTheDocument();
    expect(within(closed).queryByRole('link')).not.toBeInTheDocument();
    expect(within(closed).queryByRole('button')).not.toBeInTheDocument();

    // external but no internal vacancies: Apply is disabled
    const noInternal = rowOf('Accounting');
    const disabledApply = within(noInternal).getByRole('button', { name: /^Apply/ });
    expect(disabledApply).toBeDisabled();
    expect(disabledApply.firstChild?.textContent).toBe('Apply');
    expect(within(noInternal).queryByRole('link')).not.toBeInTheDocument();

    // external, non-intermediary: Apply opens the external URL in a new tab
    const external = rowOf('Journalism');
    const externalLink = within(external).getByRole('link', { name: /^Apply.*\(opens in new tab\)$/ });
    expect(externalLink).toHaveAttribute('href', 'https://partner.example.ac.uk/journalism');
    expect(externalLink).toHaveAttribute('target', '_blank');
    expect(externalLink).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows tariffs with the results-list cut-off of 48', async () => {
    seedCourses([
      createCourse({ UCAS_CODE: 'A001', COURSE_TITLE: 'Gap 48', TARIFF_ADVERTISED: 144, TARIFF_ACCEPTED: 96 }),
      createCourse({ UCAS_CODE: 'A002', COURSE_TITLE: 'Gap 49', TARIFF_ADVERTISED: 145, TARIFF_ACCEPTED: 96 }),
      createCourse({ UCAS_CODE: 'A003', COURSE_TITLE: 'Nursing', SCHOOL: 'SHS', TARIFF_ADVERTISED: 120, TARIFF_ACCEPTED: 64 }),
    ]);
    renderApp('/apply');
    await screen.findByText('3 courses found');

    expect(within(rowOf('Gap 48')).getByText('96 UCAS points')).toBeInTheDocument();
    expect(within(rowOf('Gap 48')).queryByText('Lower tariffs may be considered')).not.toBeInTheDocument();
    expect(within(rowOf('Gap 49')).getByText('145 UCAS points')).toBeInTheDocument();
    expect(within(rowOf('Gap 49')).getByText('Lower tariffs may be considered')).toBeInTheDocument();
    expect(within(rowOf('Nursing')).getByText('120 UCAS points')).toBeInTheDocument();
    expect(within(rowOf('Nursing')).queryByText('Lower tariffs may be considered')).not.toBeInTheDocument();
  });

  it('searches from the form: q goes into the URL and p goes back to 1', async () => {
    seedCourses([
      ...manyCourses(45),
      createCourse({ UCAS_CODE: 'V100', COURSE_TITLE: 'History' }),
      createCourse({ UCAS_CODE: 'V200', COURSE_TITLE: 'Ancient History' }),
    ]);
    const searches = recordSearches();
    const { router, user } = renderApp('/apply?p=3&page_size=10');
    expect(await screen.findByText('47 courses found')).toBeInTheDocument();

    const box = screen.getByRole('searchbox', { name: 'Search for a course' });
    await user.type(box, '  history ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('2 courses found')).toBeInTheDocument();
    const params = currentSearch(router);
    expect(params.get('q')).toBe('history');
    expect(params.get('p')).toBe('1');
    expect(params.get('page_size')).toBe('10');
    expect(screen.getByText('Ancient History')).toBeInTheDocument();

    const last = searches.at(-1)!;
    expect(last.get('q')).toBe('history');
    expect(last.get('p')).toBe('1');
    expect(last.get('page_size')).toBe('10');
  });

  it('fills the search box from q in the URL', async () => {
    renderApp('/apply?q=computer');
    expect(await screen.findByText('1 course found')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search for a course' })).toHaveValue('computer');
  });

  it('lets the server default apply when page_size is not in the URL', async () => {
    seedCourses(manyCourses(45));
    const searches = recordSearches();
    renderApp('/apply');
    expect(await screen.findByText('45 courses found')).toBeInTheDocument();
    expect(searches[0]!.has('page_size')).toBe(false);
    expect(searches[0]!.get('p')).toBe('1');
    expect(screen.getAllByRole('row')).toHaveLength(21); // heading row + 20
    expect(screen.getByRole('combobox', { name: 'Results per page' })).toHaveValue('20');
  });

  it('changing the page size updates the URL and goes back to page 1', async () => {
    seedCourses(manyCourses(45));
    const { router, user } = renderApp('/apply?q=course&p=2');
    expect(await screen.findByText('Course 21')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Results per page' }), '10');

    expect(await screen.findByRole('link', { name: 'Page 5' })).toBeInTheDocument();
    const params = currentSearch(router);
    expect(params.get('page_size')).toBe('10');
    expect(params.get('p')).toBe('1');
    expect(params.get('q')).toBe('course');
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Course 1')).toBeInTheDocument();
  });

  it('paginates with at most 5 page numbers and ellipses', async () => {
    seedCourses(manyCourses(100));
    const { router, user } = renderApp('/apply?page_size=10&p=5');
    expect(await screen.findByText('Course 41')).toBeInTheDocument();

    // The navigation shows again with each page's results (never while a page loads): found anew each time.
    const nav = () => screen.getByRole('navigation', { name: 'Pagination' });
    const numbers = () =>
      within(nav())
        .getAllByRole('link', { name: /^Page \d+$/ })
        .map((link) => link.textContent);
    expect(numbers()).toEqual(['1', '4', '5', '6', '10']);
    expect(within(nav()).getAllByText('…')).toHaveLength(2);
    expect(within(nav()).getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('link', { name: 'Page 6' })).toHaveAttribute('href', '?p=6&page_size=10');

    await user.click(within(nav()).getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Course 51')).toBeInTheDocument();
    expect(currentSearch(router).get('p')).toBe('6');
    expect(within(nav()).getByRole('link', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav()).getByRole('link', { name: 'Page 10' }));
    expect(await screen.findByText('Course 91')).toBeInTheDocument();
    expect(numbers()).toEqual(['1', '7', '8', '9', '10']);
    expect(within(nav()).getAllByText('…')).toHaveLength(1);
    expect(within(nav()).queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it("says 'No results' when nothing matches", async () => {
    renderApp('/apply?q=zzzz');
    expect(await screen.findByText('No results')).toBeInTheDocument();
    expect(screen.getByText('0 courses found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it("shows '{status}: {message}' when the search fails", async () => {
    server.use(http.get(apiUrl(API_ROUTES.courseSearch.path), () => HttpResponse.json({ message: 'Service unavailable' }, { status: 503 })));
    renderApp('/apply');
    expect(await screen.findByText('503: Service unavailable')).toBeInTheDocument();
  });

  it('shows that a new search is loading and never offers the rows of the previous one', async () => {
    seedCourses([
      createCourse({ UCAS_CODE: 'NN43', COURSE_TITLE: 'Accounting and Finance' }),
      createCourse({ UCAS_CODE: 'G400', COURSE_TITLE: 'Computer Science' }),
    ]);
    // The second search's answer is held back until the test lets it go (a delayed response that
    // does not depend on timing); returning nothing hands the request on to the mock catalogue.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(apiUrl(API_ROUTES.courseSearch.path), async ({ request }) => {
        if (new URL(request.url).searchParams.get('q') === 'G400') await held;
      }),
    );
    const { user } = renderApp('/apply?q=NN43');
    expect(await screen.findByText('1 course found')).toBeInTheDocument();
    expect(within(rowOf('Accounting and Finance')).getByRole('link', { name: /^Apply/ })).toHaveAttribute('href', '/apply/NN43');

    const box = screen.getByRole('searchbox', { name: 'Search for a course' });
    await user.clear(box);
    await user.type(box, 'G400');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const loading = await screen.findByRole('status');
    expect(loading).toHaveTextContent('Loading courses');
    expect(screen.getByText('Loading courses')).toBeVisible();
    expect(loading.closest('.cd-search-results')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Accounting and Finance')).not.toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).queryByRole('link', { name: /^Apply/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    release();
    const apply = await within(main).findByRole('link', { name: /^Apply/ });
    expect(apply).toHaveAttribute('href', '/apply/G400');
    expect(screen.getByText('1 course found')).toBeInTheDocument();
    expect(screen.queryByText('Loading courses')).not.toBeInTheDocument();
    expect(apply.closest('.cd-search-results')).toHaveAttribute('aria-busy', 'false');
  });

  it('shows a spinner while the courses load', async () => {
    // Held until the spinner has been seen, so the test does not race the mock's answer.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(http.get(apiUrl(API_ROUTES.courseSearch.path), () => held));
    renderApp('/apply');
    expect(await screen.findByText('Loading courses')).toBeInTheDocument();
    release();
    expect(await screen.findByText('1 course found')).toBeInTheDocument();
  });
});
