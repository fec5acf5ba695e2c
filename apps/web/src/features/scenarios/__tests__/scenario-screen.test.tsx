import { NO_SCENARIO_FOUND, SCENARIO_COMPLETION_FAILED } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { recordRequests } from '@/testing/application-form';
import { db } from '@/testing/mocks/db';
import { createScenario } from '@/testing/mocks/scenarios';
import { server } from '@/testing/mocks/server';
import { createStaffUser, currentSearch, renderApp } from '@/testing/test-utils';

// The machine is shared: give async queries room under load (they still fail on a wrong state).

const trainee = createStaffUser({ username: 'trainee1', name: 'Tia Trainee', roles: [{ role: 'Front Office', scope: 'all' }] });
const supervisor = createStaffUser({ username: 'super1', name: 'Sam Supervisor', roles: [{ role: 'Editor', scope: 'all' }] });

const second = createScenario({ SCENARIO_ID: 'SC-02', HASH: 'fedcba9876543210fedcba9876543210', NAME1: 'Tom', NAME2: 'Reid', GENDER: 'M' });

describe('/staff/scenarios', () => {
  const scrollIntoView = Element.prototype.scrollIntoView;
  afterEach(() => {
    Element.prototype.scrollIntoView = scrollIntoView;
  });

  it('loads the first scenario for the default filters and shows its three sections', async () => {
    const requests = recordRequests(server, 'GET', /^\/api\/scenario\//);
    renderApp('/staff/scenarios', { user: trainee });
    expect(await screen.findByRole('heading', { level: 1, name: 'Training scenarios' })).toBeInTheDocument();
    expect(screen.getByText('Loading the scenario')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Scenario Details' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Scenario Instructions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Scenario Script' })).toBeInTheDocument();
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/scenario/all/all/all/']);

    const details = screen.getByRole('region', { name: 'Scenario Details' });
    expect(within(details).getByText('SC-01')).toBeInTheDocument();
    expect(within(details).getByText('Priya Shah')).toBeInTheDocument();
    expect(within(details).getByText('Computer Science BSc (Hons) (G400)')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Scenario Instructions' })).getByText('Do you have GCSE Mathematics at grade 4 or above?'),
    ).toBeInTheDocument();
    const script = screen.getByRole('region', { name: 'Scenario Script' });
    expect(within(script).getByText('You are calmly confident: you got A*AB and want Computer Science.')).toBeInTheDocument();
    expect(within(script).getByText('A Level: Subject Mathematics, Grade A*, Year 2024')).toBeInTheDocument();

    // Filters default to All; departments and courses come from DEPT_LIST and COURSE_LIST.
    expect(screen.getByLabelText('Gender')).toHaveValue('all');
    expect(screen.getByLabelText('Department')).toHaveValue('all');
    expect(
      within(screen.getByLabelText('Department'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Computer Science (CMPS)', 'Law (LAWS)']);
    expect(
      within(screen.getByLabelText('Course'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Computer Science BSc (Hons) (G400)']);
    expect(screen.getByRole('link', { name: 'Start training call' })).toHaveAttribute('href', '/staff/scenarios/training/personal-details');
    // The header links here for staff with a role; only view-report users see the progress link.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Scenarios' })).toHaveAttribute('href', '/staff/scenarios');
    expect(screen.queryByRole('link', { name: 'Trainee progress' })).not.toBeInTheDocument();
  });

  it('keeps the filters in the query string and asks for the scenarios they pick', async () => {
    db.scenarios.rows = [createScenario(), second];
    const requests = recordRequests(server, 'GET', /^\/api\/scenario\//);
    const { user, router } = renderApp('/staff/scenarios', { user: trainee });
    await screen.findByRole('heading', { name: 'Scenario Details' });
    await user.selectOptions(screen.getByLabelText('Gender'), 'M');
    await user.selectOptions(screen.getByLabelText('Department'), 'CMPS');
    await user.click(screen.getByRole('button', { name: 'Show scenario' }));
    await waitFor(() => expect(Object.fromEntries(currentSearch(router))).toEqual({ gender: 'M', dept: 'CMPS' }));
    expect(await screen.findByText('Tom Reid')).toBeInTheDocument();
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/scenario/all/all/all/', '/api/scenario/M/CMPS/all/']);
    expect(screen.getByRole('link', { name: 'Start training call' })).toHaveAttribute('href', '/staff/scenarios/training/personal-details?gender=M&dept=CMPS');
  });

  it("says 'No scenario found.' when nothing is left, and keeps the filters", async () => {
    db.scenarios.rows = [];
    renderApp('/staff/scenarios?dept=LAWS', { user: trainee });
    expect(await screen.findByText(NO_SCENARIO_FOUND)).toBeInTheDocument();
    expect(screen.getByLabelText('Department')).toHaveValue('LAWS');
    expect(screen.queryByRole('button', { name: 'Mark as Completed' })).not.toBeInTheDocument();
  });

  it('shows a refused filter as the error state', async () => {
    renderApp('/staff/scenarios?gender=X', { user: trainee });
    expect(await screen.findByText("400: 'gender' must be all, M or F.")).toBeInTheDocument();
  });

  it('marks the scenario completed after confirmation, announces it and loads the next one', async () => {
    db.scenarios.rows = [createScenario(), second];
    const puts = recordRequests(server, 'PUT', '/api/scenario-completed/');
    const { user } = renderApp('/staff/scenarios', { user: trainee });
    await screen.findByText('Priya Shah');
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to mark this scenario as completed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(puts).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, mark as completed' }));

    const done = await screen.findByText('Scenario SC-01 marked as completed.');
    await waitFor(() => expect(done.closest('[tabindex="-1"]')).toHaveFocus());
    expect(await screen.findByText('Tom Reid')).toBeInTheDocument();
    expect(screen.queryByText('Priya Shah')).not.toBeInTheDocument();
    expect(puts.map((p) => p.body)).toEqual([{ data: { applicationHash: createScenario().HASH }, token: '' }]);
  });

  it('shows the failure text in an error box that is scrolled to and focused; trying again works', async () => {
    db.scenarios.failCompletions = 1;
    // jsdom does not scroll: record the call (put back after each test).
    const scrolled = jest.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { user } = renderApp('/staff/scenarios', { user: trainee });
    await screen.findByText('Priya Shah');
    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, mark as completed' }));
    const message = await screen.findByText(SCENARIO_COMPLETION_FAILED);
    const box = message.closest('[tabindex="-1"]');
    await waitFor(() => expect(box).toHaveFocus());
    expect(scrolled).toHaveBeenCalled();
    expect(within(box as HTMLElement).getByRole('alert')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark as Completed' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, mark as completed' }));
    expect(await screen.findByText('Scenario SC-01 marked as completed.')).toBeInTheDocument();
    expect(await screen.findByText(NO_SCENARIO_FOUND)).toBeInTheDocument();
    expect(screen.queryByText(SCENARIO_COMPLETION_FAILED)).not.toBeInTheDocument();
  });

  it('offers supervisors the progress of each trainee', async () => {
    db.scenarios.rows = [createScenario(), second];
    db.scenarios.completions = {
      trainee1: [
        {
          SCENARIO_ID: 'SC-01',
          HASH: createScenario().HASH,
          NAME1: 'Priya',
          NAME2: 'Shah',
          UCAS_CODE: 'G400',
          COURSE_TITLE: 'Computer Science',
          STATUS: 'O',
          EXPECTED_STATUSES: ['O', 'I'],
          EXPECTED_OUTCOME: true,
          completedAt: '2025-08-14T09:30:00Z',
        },
        {
          SCENARIO_ID: 'SC-02',
          HASH: second.HASH,
          NAME1: 'Tom',
          NAME2: 'Reid',
          UCAS_CODE: 'G400',
          COURSE_TITLE: 'Computer Science',
          STATUS: 'R',
          EXPECTED_STATUSES: ['O', 'I'],
          EXPECTED_OUTCOME: false,
          completedAt: '2025-08-14T09:40:00Z',
        },
      ],
    };
    const { user } = renderApp('/staff/scenarios', { user: supervisor });
    await user.click(await screen.findByRole('link', { name: 'Trainee progress' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Trainee progress' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Completed scenarios per trainee' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['trainee1', '2 of 2', '1 of 2']);
    const own = screen.getByRole('table', { name: 'Scenarios completed by trainee1' });
    expect(within(own).getAllByRole('row')).toHaveLength(3);
    expect(within(own).getByText('Referred')).toBeInTheDocument();
  });

  it('tells a user without view-report that progress is not for them', async () => {
    renderApp('/staff/scenarios/progress', { user: trainee });
    expect(await screen.findByText('Only users with the view-report permission can see trainee progress.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
