import { API_ROUTES, type UcasImport, type UcasOverview } from '@clearing-desk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/api-url';
import { server } from '@/testing/mocks/server';
import { createAdminUser, createStaffUser, renderApp } from '@/testing/test-utils';

const admin = createAdminUser({ username: 'admin1', name: 'Ada Administrator' });
const lapsed = {
  APPLICATION_ID: '17',
  STUDENT_ID: '2600017',
  UCAS_CODE: 'G400',
  NAME: 'Ann Smith',
  DEADLINE: '2026-08-19T22:59:00.000Z',
  REMINDED_AT: '2026-08-19T11:00:00.000Z',
};
const empty: UcasOverview = { imports: [], unmatched: [], unmatched_dealt_with: [], lapsing: [], lapsed: [] };
const unmatchedRow = {
  ID: 5,
  FILE_NAME: 'choices.csv',
  LINE: 5,
  UCAS_PERSONAL_ID: '9999999999',
  COURSE_CODE: 'G400',
  REASON: 'No application with this UCAS Personal ID and course code.',
  DEALT_WITH_AT: null,
  DEALT_WITH_BY: null,
  DEALT_WITH_NOTE: null,
};
const dealtWithRow = {
  ...unmatchedRow,
  DEALT_WITH_AT: '2026-08-19T12:30:00.000Z',
  DEALT_WITH_BY: 'admin1',
  DEALT_WITH_NOTE: 'Applicant phoned: applied elsewhere.',
};
const imported: UcasImport = {
  ID: '0b9f6c1e-4d0f-4f43-9a51-2ef0b1b6f001',
  FILE_NAME: 'choices.csv',
  SOURCE: 'upload',
  IMPORTED_BY: 'admin1',
  IMPORTED_AT: '2026-08-19T11:00:00.000Z',
  ROWS: 6,
  MATCHED: 2,
  ALREADY_ADDED: 1,
  UNMATCHED: 3,
  LAPSING: 2,
};

describe('/staff/ucas', () => {
  it('refuses to send no file, imports the chosen CSV and says its counts', async () => {
    let sent: unknown = null;
    server.use(
      http.get(apiUrl(API_ROUTES.deskUcasOverview.path), () => HttpResponse.json(sent ? { ...empty, imports: [imported] } : empty)),
      http.post(apiUrl(API_ROUTES.deskUcasImport.path), async ({ request }) => {
        sent = ((await request.json()) as { data: unknown }).data;
        return HttpResponse.json(imported);
      }),
    );
    const { user } = renderApp('/staff/ucas', { user: admin });
    await screen.findByRole('heading', { level: 1, name: 'UCAS reconciliation' });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Select the CSV file exported from UCAS.' })).toHaveAttribute('href', '#ucas-file');
    expect(summary).toHaveFocus();

    await user.upload(
      screen.getByLabelText('UCAS export (CSV)'),
      new File(['Personal ID,Course code\n6400000001,G400\n'], 'choices.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported choices.csv: 6 rows, 2 matched, 1 already added, 3 not matched, 2 offers lapsing.')).toBeInTheDocument();
    expect(sent).toEqual({ FILE_NAME: 'choices.csv', CSV: 'Personal ID,Course code\n6400000001,G400\n' });
    await waitFor(() => expect(screen.getByRole('table', { name: 'Recent imports' })).toBeInTheDocument());
  });

  it("shows the server's refusal in the error summary", async () => {
    server.use(
      http.get(apiUrl(API_ROUTES.deskUcasOverview.path), () => HttpResponse.json(empty)),
      http.post(apiUrl(API_ROUTES.deskUcasImport.path), () =>
        HttpResponse.json(
          { message: "The file has no column 'Personal ID': check the export or the configured column names (UCAS_CSV_COLUMNS)." },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/staff/ucas', { user: admin });
    await user.upload(await screen.findByLabelText('UCAS export (CSV)'), new File(['a,b\n1,2\n'], 'bad.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      within(await screen.findByRole('alert')).getByRole('link', {
        name: "The file has no column 'Personal ID': check the export or the configured column names (UCAS_CSV_COLUMNS).",
      }),
    ).toBeInTheDocument();
  });

  it('lists a lapsed offer and confirms it in one action', async () => {
    let confirmed: unknown = null;
    server.use(
      http.get(apiUrl(API_ROUTES.deskUcasOverview.path), () => HttpResponse.json({ ...empty, lapsed: [lapsed] })),
      http.post(apiUrl(API_ROUTES.deskUcasConfirmLapse.path), async ({ request, params }) => {
        confirmed = { params, data: ((await request.json()) as { data: unknown }).data };
        return HttpResponse.json(empty);
      }),
    );
    const { user } = renderApp('/staff/ucas', { user: admin });
    const table = await screen.findByRole('table', { name: 'Offers lapsed: not added in UCAS by their deadline' });
    expect(within(table).getByRole('link', { name: 'Ann Smith' })).toHaveAttribute('href', '/applications/2600017/G400');
    expect(within(table).getByText('23:59 on Wednesday 19 August 2026')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Confirm lapsed: Ann Smith, G400' }));
    expect(
      await screen.findByText('The offer to Ann Smith on G400 is withdrawn as lapsed: the place is returned and the applicant is emailed.'),
    ).toBeInTheDocument();
    expect(confirmed).toEqual({ params: { applicationId: '17' }, data: { UCAS_CODE: 'G400' } });
    expect(screen.getByText('No offer has lapsed.')).toBeInTheDocument();
  });

  it('marks a row not matched dealt with, with a note, and shows the rows dealt with on request', async () => {
    let sent: unknown = null;
    const other = { ...unmatchedRow, ID: 6, LINE: 6, UCAS_PERSONAL_ID: 'abc', REASON: 'The UCAS Personal ID is not 10 digits.' };
    server.use(
      http.get(apiUrl(API_ROUTES.deskUcasOverview.path), () => HttpResponse.json({ ...empty, unmatched: [unmatchedRow, other] })),
      http.post(apiUrl(API_ROUTES.deskUcasUnmatchedDealtWith.path), async ({ request, params }) => {
        sent = { params, data: ((await request.json()) as { data: unknown }).data };
        return HttpResponse.json({ ...empty, unmatched: [other], unmatched_dealt_with: [dealtWithRow] });
      }),
    );
    const { user } = renderApp('/staff/ucas', { user: admin });
    const table = await screen.findByRole('table', { name: 'Rows not matched to an application' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show rows dealt with' })).not.toBeInTheDocument();

    await user.type(within(table).getByLabelText('Note (optional): choices.csv, line 5'), 'Applicant phoned: applied elsewhere.');
    await user.click(within(table).getByRole('button', { name: 'Mark dealt with: choices.csv, line 5' }));
    expect(await screen.findByText('choices.csv, line 5, is marked dealt with.')).toBeInTheDocument();
    expect(sent).toEqual({ params: { id: '5' }, data: { NOTE: 'Applicant phoned: applied elsewhere.' } });
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Rows not matched to an application' })).toHaveFocus());
    expect(within(screen.getByRole('table', { name: 'Rows not matched to an application' })).queryByText('choices.csv, line 5')).not.toBeInTheDocument();

    const show = screen.getByRole('button', { name: 'Show rows dealt with' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const dealt = screen.getByRole('table', { name: 'Rows not matched, dealt with' });
    expect(within(dealt).getByText('13:30 on Wednesday 19 August 2026 by admin1')).toBeInTheDocument();
    expect(within(dealt).getByText('Applicant phoned: applied elsewhere.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide rows dealt with' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('tells anyone but an Administrator who may use it', async () => {
    renderApp('/staff/ucas', { user: createStaffUser() });
    expect(await screen.findByText('Only an Administrator can import UCAS choices or confirm lapsed offers.')).toBeInTheDocument();
  });
});
