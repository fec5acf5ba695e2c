import { API_ROUTES } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createDeskApplication } from '@/testing/mocks/applications-desk';
import { apiUrl } from '@/testing/mocks/api-url';
import { db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { recordRequests } from '@/testing/application-form';
import { holdAnswer } from '@/testing/held-answer';
import { createStaffUser, currentSearch, renderApp } from '@/testing/test-utils';

// The machine is shared: give async queries room under load (they still fail on a wrong state).

const backOffice = createStaffUser({ username: 'backoffice1', name: 'Bola Backoffice', roles: [{ role: 'Back Office', scope: 'all' }] });

const seed = (...applications: ReturnType<typeof createDeskApplication>[]) => {
  db.desk.applications = applications;
};

const amara = () => createDeskApplication();
const ben = () =>
  createDeskApplication(
    {
      STUDENT_ID: 'S0002',
      APPLICATION_ID: 'A0002',
      NAME1: 'Benoît',
      NAME2: 'Durand',
      EMAIL: 'ben@example.com',
      NATIONALITY: '',
      STATUS: 'O',
      SUB_STATUS: 'AO',
    },
    { VISA_STATUS: 'P', courseData: createCourse({ UCAS_CODE: 'G400', COURSE_CODE_OVERRIDE: 'G40X' }) },
  );

const rowOf = (id: string) => screen.getByRole('cell', { name: id }).closest('tr') as HTMLElement;

describe('/applications: Find an application', () => {
  it('shows the prompts, the seven filters, the search box and the eight columns with Edit on every row and Visa only with a visa status', async () => {
    seed(amara(), ben());
    renderApp('/applications', { user: backOffice });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find an application' })).toBeInTheDocument();
    expect(screen.getByText('Look up an existing application by its reference number.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'course search' })).toHaveAttribute('href', '/staff');

    const filter = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Public submissions', 'Requiring back office attention', 'Offered/Invited', 'Rejected', 'Visa', 'Outbound call complete']);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search for a reference, name or UCAS ID');
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();

    expect(await screen.findByText('2 applications found')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Application ID',
      'Course',
      'Name',
      'Email Address',
      'UCAS Personal ID',
      'Nationality',
      'Status',
      'Visa status',
      'Waiting',
      'Actions',
    ]);
    const first = rowOf('S0001/A0001');
    expect(within(first).getByRole('cell', { name: 'G400' })).toBeInTheDocument();
    expect(within(first).getByText('Submitted')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Edit S0001/A0001' })).toHaveAttribute('href', '/applications/S0001/G400');
    expect(within(first).queryByRole('link', { name: /^Visa/ })).not.toBeInTheDocument();

    const second = rowOf('S0002/A0002');
    expect(within(second).getByRole('cell', { name: 'G40X' })).toBeInTheDocument();
    expect(within(second).getByRole('cell', { name: 'n/a' })).toBeInTheDocument();
    expect(within(second).getByText('Offered')).toBeInTheDocument();
    expect(within(second).getByText('Automatic')).toBeInTheDocument();
    expect(within(second).getByRole('link', { name: 'Visa S0002/A0002' })).toHaveAttribute('href', '/visa/S0002/G400');
  });

  it('keeps q, s, page and page_size in the URL and sends them', async () => {
    seed(amara(), ben());
    const gets = recordRequests(server, 'GET', '/api/admin/applications');
    const { user, router } = renderApp('/applications', { user: backOffice });
    await screen.findByText('2 applications found');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'benoit');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'o');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 application found')).toBeInTheDocument();
    expect(Object.fromEntries(currentSearch(router))).toEqual({ q: 'benoit', s: 'o', page: '1', page_size: '10' });
    const last = gets.at(-1)!.url.searchParams;
    expect([last.get('q'), last.get('s'), last.get('page'), last.get('page_size')]).toEqual(['benoit', 'o', '1', '10']);
    expect(screen.getByRole('cell', { name: 'S0002/A0002' })).toBeInTheDocument();
  });

  it('shows how long each application has waited since submitted, and orders oldest first from the Order select, kept in the URL and sent', async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    seed(
      createDeskApplication({ CREATED_AT: minutesAgo(42) }),
      createDeskApplication({ STUDENT_ID: 'S0002', APPLICATION_ID: 'A0002', NAME1: 'Benoît', CREATED_AT: minutesAgo(3 * 60 + 5) }),
      createDeskApplication({ STUDENT_ID: 'S0003', APPLICATION_ID: 'A0003', NAME1: 'Chen', CREATED_AT: minutesAgo(2 * 24 * 60 + 4 * 60) }),
    );
    const gets = recordRequests(server, 'GET', '/api/admin/applications');
    const { user, router } = renderApp('/applications', { user: backOffice });
    expect(await screen.findByText('3 applications found')).toBeInTheDocument();
    const ids = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(ids()).toEqual(['S0001/A0001', 'S0002/A0002', 'S0003/A0003']);
    expect(within(rowOf('S0001/A0001')).getByText('42 min')).toHaveAttribute('dateTime', 'PT42M');
    expect(within(rowOf('S0002/A0002')).getByText('3 h 5 min')).toBeInTheDocument();
    expect(within(rowOf('S0003/A0003')).getByText('2 days 4 h')).toBeInTheDocument();

    const order = screen.getByRole('combobox', { name: 'Order' });
    expect(
      within(order)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Newest first', 'Oldest first']);
    expect(order).toHaveValue('newest');
    await user.selectOptions(order, 'Oldest first');
    await waitFor(() => expect(ids()).toEqual(['S0003/A0003', 'S0002/A0002', 'S0001/A0001']));
    expect(Object.fromEntries(currentSearch(router))).toEqual({ page: '1', page_size: '10', sort: 'oldest' });
    expect(gets.at(-1)!.url.searchParams.get('sort')).toBe('oldest');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('oldest');
  });

  it('lets users who see visa records find applicants by nationality, by country name, kept in the URL and sent as the alpha-3 code', async () => {
    const nigerian = createDeskApplication({ STUDENT_ID: 'S0003', APPLICATION_ID: 'A0003', NAME1: 'Ngozi', NATIONALITY: 'NGA', VISA_TYPE: 't4gen' });
    seed(amara(), ben(), nigerian);
    const gets = recordRequests(server, 'GET', '/api/admin/applications');
    const visaTeam = createStaffUser({ username: 'visa1', roles: [{ role: 'Visa Team', scope: 'all' }] });
    const { user, router } = renderApp('/applications', { user: visaTeam });
    expect(await screen.findByText('3 applications found')).toBeInTheDocument();
    const nationality = screen.getByRole('combobox', { name: 'Nationality' });
    expect(nationality).toHaveValue('');
    const options = within(nationality).getAllByRole('option');
    expect(options.slice(0, 2).map((o) => o.textContent)).toEqual(['Any nationality', 'United Kingdom']);
    await user.selectOptions(nationality, 'Nigeria');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 application found')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'S0003/A0003' })).toBeInTheDocument();
    expect(Object.fromEntries(currentSearch(router))).toEqual({ nationality: 'NGA', page: '1', page_size: '10' });
    expect(gets.at(-1)!.url.searchParams.get('nationality')).toBe('NGA');

    // Back to any nationality: the filter leaves the URL and the request.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Nationality' }), 'Any nationality');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('3 applications found')).toBeInTheDocument();
    expect(currentSearch(router).has('nationality')).toBe(false);
    expect(gets.at(-1)!.url.searchParams.has('nationality')).toBe(false);
  });

  it('opens a shared nationality search with the country chosen, and ignores a code that is no country', async () => {
    seed(amara(), createDeskApplication({ STUDENT_ID: 'S0003', APPLICATION_ID: 'A0003', NATIONALITY: 'NGA', VISA_TYPE: 't4gen' }));
    const first = renderApp('/applications?nationality=nga', { user: backOffice });
    expect(await screen.findByText('1 application found')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Nationality' })).toHaveDisplayValue('Nigeria');
    first.unmount();
    renderApp('/applications?nationality=ZZZ', { user: backOffice });
    expect(await screen.findByText('2 applications found')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Nationality' })).toHaveValue('');
  });

  it('offers no nationality filter to users who do not see visa records, and applies none from the URL', async () => {
    seed(amara(), createDeskApplication({ STUDENT_ID: 'S0003', APPLICATION_ID: 'A0003', NATIONALITY: 'NGA', VISA_TYPE: 't4gen' }));
    const gets = recordRequests(server, 'GET', '/api/admin/applications');
    renderApp('/applications?nationality=NGA', { user: createStaffUser({ roles: [{ role: 'Front Office', scope: 'all' }] }) });
    expect(await screen.findByText('2 applications found')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Nationality' })).not.toBeInTheDocument();
    expect(gets.at(-1)!.url.searchParams.has('nationality')).toBe(false);
  });

  it("says 'No results' when nothing matches", async () => {
    seed(amara());
    renderApp('/applications?q=nobody', { user: backOffice });
    expect(await screen.findByText('No results')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows that a new search is loading and never the rows of the previous one', async () => {
    seed(amara(), ben());
    const { user } = renderApp('/applications', { user: backOffice });
    await screen.findByText('2 applications found');
    // The new search's answer is held until the loading state has been seen.
    const answer = holdAnswer();
    server.use(
      http.get(apiUrl(API_ROUTES.deskApplications.path), async () => {
        await answer.held;
        return HttpResponse.json({ rows: [], total: 0 });
      }),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'zzz');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Loading applications')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'S0001/A0001' })).not.toBeInTheDocument();
    answer.release();
    expect(await screen.findByText('No results')).toBeInTheDocument();
  });

  it('pages with page numbers and a page size of 10 by default, 25 when chosen', async () => {
    seed(...Array.from({ length: 30 }, (_, i) => createDeskApplication({ STUDENT_ID: `S${1000 + i}`, APPLICATION_ID: `A${1000 + i}` })));
    const { user, router } = renderApp('/applications?page_size=0', { user: backOffice });
    expect(await screen.findByText('30 applications found')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Edit / })).toHaveLength(10);
    expect(screen.getByRole('combobox', { name: 'Results per page' })).toHaveValue('10');
    await user.click(screen.getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByRole('cell', { name: 'S1020/A1020' })).toBeInTheDocument();
    expect(currentSearch(router).get('page')).toBe('3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Results per page' }), '25');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Edit / })).toHaveLength(25));
    expect(currentSearch(router).get('page')).toBe('1');
  });

  it('says "More than 1000" when the listing stopped counting, and offers the page after the count', async () => {
    seed(...Array.from({ length: 1005 }, (_, i) => createDeskApplication({ STUDENT_ID: `S${10000 + i}`, APPLICATION_ID: `A${10000 + i}` })));
    const { user } = renderApp('/applications?page=100', { user: backOffice });
    // Page 100 counts further (up to 2,000): the exact total.
    expect(await screen.findByText('1005 applications found')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Page 1' }));
    expect(await screen.findByText('More than 1000 applications found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page 101' })).toBeInTheDocument();
  });

  it('lists only applications to courses the user has a role on', async () => {
    seed(
      amara(),
      createDeskApplication(
        { STUDENT_ID: 'S0009', APPLICATION_ID: 'A0009', UCAS_CODE: 'M100' },
        { courseData: createCourse({ UCAS_CODE: 'M100', SCHOOL: 'LAW', DEPT: 'LAW' }) },
      ),
    );
    renderApp('/applications', { user: createStaffUser({ roles: [{ role: 'Front Office', scope: 'school:LAW' }] }) });
    expect(await screen.findByText('1 application found')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'S0009/A0009' })).toBeInTheDocument();
  });
});

describe('/visa/{studentId}/{ucasCode}', () => {
  it("keeps the spec's sentence as its heading, sets the visa state and leads back to the listing", async () => {
    seed(amara(), ben());
    const user = userEvent.setup();
    renderApp('/visa/S0002/G400', { user: backOffice });
    expect(await screen.findByRole('heading', { level: 1, name: 'Visas have been moved to the City Admin Portal.' })).toBeInTheDocument();
    const state = await screen.findByRole('group', { name: 'Visa status' });
    expect(
      within(state)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['P', 'A', 'D', 'X']);
    expect(within(state).getByRole('radio', { name: 'Pending' })).toBeChecked();
    await user.click(within(state).getByRole('radio', { name: 'Denied' }));
    await user.click(screen.getByRole('button', { name: 'Save the visa status' }));
    expect(await screen.findByText('Visa status saved: Denied.')).toBeInTheDocument();
    expect(db.desk.applications[1]?.VISA_STATUS).toBe('X');
    expect(db.desk.applications[1]?.applicationData.LOG.at(-1)?.MESSAGE).toBe('Visa state set to Denied.');
    // A way back to the listing (the Visa Team's own list, filter v).
    expect(screen.getByRole('link', { name: 'Back to application listing' })).toHaveAttribute('href', '/applications?s=v');
  });

  it('asks for a state when the application has none yet', async () => {
    seed(amara());
    const user = userEvent.setup();
    renderApp('/visa/S0001/G400', { user: backOffice });
    await screen.findByRole('group', { name: 'Visa status' });
    await user.click(screen.getByRole('button', { name: 'Save the visa status' }));
    expect(within(await screen.findByRole('alert')).getByRole('link', { name: "'Visa status' is required." })).toBeInTheDocument();
  });
});
