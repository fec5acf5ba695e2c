import { createCourse } from '@clearing-desk/contracts/testing';
import { screen, within } from '@testing-library/react';
import { seedCourses, setClearingStatus } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { createStaffUser, renderApp } from '@/testing/test-utils';

const rowOf = (title: string) => screen.getByText(title, { selector: '.cd-course-title' }).closest('tr') as HTMLElement;

/** Paths of the GET requests made. */
function recordGets(): string[] {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET') seen.push(new URL(request.url).pathname);
  });
  return seen;
}

afterEach(() => server.events.removeAllListeners());

const backOfficeForScience = createStaffUser({
  username: 'backoffice1',
  name: 'Bo Backoffice',
  roles: [
    { role: 'Back Office', scope: 'school:SCI' },
    { role: 'Front Office', scope: 'dept:LAW' },
  ],
});

describe('/staff course search', () => {
  it("shows each course's role for the signed-in user, with Apply going to /apply/{code}", async () => {
    seedCourses([
      createCourse({ UCAS_CODE: 'G400', COURSE_TITLE: 'Computer Science', SCHOOL: 'SCI', DEPT: 'CMPS' }),
      createCourse({ UCAS_CODE: 'M100', COURSE_TITLE: 'Law', SCHOOL: 'LAW', DEPT: 'LAW' }),
      createCourse({ UCAS_CODE: 'L100', COURSE_TITLE: 'Economics', SCHOOL: 'SASS', DEPT: 'ECON' }),
    ]);
    renderApp('/staff', { user: backOfficeForScience });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a course' })).toBeInTheDocument();
    expect(document.title).toBe('Find a course - Clearing Desk');

    await screen.findByText('3 courses found');
    expect(within(rowOf('Computer Science')).getByText('Your role: Back Office')).toBeInTheDocument();
    expect(within(rowOf('Law')).getByText('Your role: Front Office')).toBeInTheDocument();
    expect(within(rowOf('Economics')).getByText('No role on this course')).toBeInTheDocument();
    expect(within(rowOf('Computer Science')).getByRole('link', { name: /^Apply/ })).toHaveAttribute('href', '/apply/G400');
    expect(within(rowOf('Law')).getByRole('link', { name: /^Apply/ })).toHaveAttribute('href', '/apply/M100');
    // No role on the course: no Apply at all, neither a link nor a disabled button.
    expect(within(rowOf('Economics')).queryByRole('link', { name: /^Apply/ })).not.toBeInTheDocument();
    expect(within(rowOf('Economics')).queryByRole('button', { name: /^Apply/ })).not.toBeInTheDocument();
  });

  it('searches with q in the /staff URL', async () => {
    seedCourses([createCourse({ UCAS_CODE: 'G400', COURSE_TITLE: 'Computer Science' }), createCourse({ UCAS_CODE: 'M100', COURSE_TITLE: 'Law' })]);
    const { user, router } = renderApp('/staff', { user: backOfficeForScience });
    await user.type(await screen.findByRole('searchbox', { name: 'Search for a course' }), 'Law');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 course found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff');
    expect(router.state.location.search).toContain('q=Law');
  });

  it('does not show roles on the public /apply search', async () => {
    renderApp('/apply', { user: backOfficeForScience });
    await screen.findByText('Computer Science', { selector: '.cd-course-title' });
    expect(screen.queryByText(/^Your role:/)).not.toBeInTheDocument();
    expect(screen.queryByText('No role on this course')).not.toBeInTheDocument();
  });

  it('is not behind the Clearing gate: staff sign in and search while Clearing is closed', async () => {
    setClearingStatus({ state: 0, closing_message: 'Closed for the year.' });
    renderApp('/staff', { user: backOfficeForScience });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a course' })).toBeInTheDocument();
    expect(screen.queryByText('Closed for the year.')).not.toBeInTheDocument();
  });
});

describe('course page for a signed-in user', () => {
  it('fetches GET /api/admin/courses/{id} and offers the application', async () => {
    const gets = recordGets();
    renderApp('/apply/G400', { user: backOfficeForScience });
    expect(await screen.findByRole('link', { name: /Start application/ })).toBeInTheDocument();
    expect(gets).toContain('/api/admin/courses/G400');
    expect(gets).not.toContain('/api/courses/G400');
  });

  it('uses the public GET /api/courses/{id} for the public', async () => {
    const gets = recordGets();
    renderApp('/apply/G400');
    expect(await screen.findByRole('link', { name: /Start application/ })).toBeInTheDocument();
    expect(gets).toContain('/api/courses/G400');
    expect(gets).not.toContain('/api/admin/courses/G400');
  });
});
