import { API_ROUTES, buildFigures, FIGURES_TEXTS, type FiguresCountResponse } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/api-url';
import { server } from '@/testing/mocks/server';
import { createStaffUser, renderApp } from '@/testing/test-utils';

const editor = createStaffUser({ username: 'editor', name: 'Eddie Editor', roles: [{ role: 'Editor', scope: 'all' }] });
const frontOffice = createStaffUser({ roles: [{ role: 'Front Office', scope: 'all' }] });

const status = (applications: number, offered = 0, invited = 0, waiting = 0) => ({
  applications,
  offered,
  invited,
  referred: 0,
  pooled: 0,
  rejected: 0,
  waiting,
});
/** A course whose ledger has no Clearing place left while the public search still shows 12 vacancies. */
const ledger = {
  UCAS_CODE: 'G400',
  CLEARING_PLACES: 2,
  OFFER_ALLOWANCE: 1.5,
  OFFERS: 3,
  VACANCIES_INTERNAL: 0,
  GUARD_CLOSED: true,
  LAST_GUARD_CLOSE: null,
  LAST_GUARD_REOPEN: null,
  VERSION: 4,
};
const counts: FiguresCountResponse = {
  FILLS_FAST_MINUTES: 30,
  rows: [{ UCAS_CODE: 'G400', today: status(3, 1, 1, 1), total: status(6, 3, 1, 1), automatic: 2, adviser: 2, outboundCalls: 4, places: ledger }],
  perHour: Array.from({ length: 24 }, (_, h) => (h === 9 ? 3 : 0)),
};
const course = createCourse({ VACANCIES_EXTERNAL: 12 });

function figuresServer(margins: string[]) {
  server.use(
    http.get(apiUrl(API_ROUTES.figures.path), ({ request }) => {
      const margin = new URL(request.url).searchParams.get('margin') ?? '0';
      margins.push(margin);
      const emails = margin === '0' ? { queued: 1, sent: 12, failed: 2 } : null;
      return HttpResponse.json(buildFigures([course], counts, { margin: Number(margin), now: new Date('2025-08-14T09:30:00Z'), emails }));
    }),
  );
}

describe('/staff/figures', () => {
  it('shows the figures, the over-offer warning, the chart with its table and the CSV link', async () => {
    const margins: string[] = [];
    figuresServer(margins);
    renderApp('/staff/figures', { user: editor });
    expect(await screen.findByRole('heading', { level: 1, name: 'Results-day figures' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Figures' })).toBeInTheDocument();
    expect(await screen.findByText('1 course has more offers than places allow.')).toBeInTheDocument();
    expect(screen.getByText(FIGURES_TEXTS.OVER_OFFER(0))).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /Applications per hour today 3 applications today; the busiest hour so far is 09:00 with 3\./ }),
    ).toBeInTheDocument();
    const hours = screen.getByRole('table', { name: 'Applications per hour today' });
    expect(within(hours).getByRole('row', { name: '09:00 to 10:00 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download these figures (CSV)' })).toHaveAttribute('href', '/api/admin/figures.csv?margin=0');
    // Places left are the ledger's (0), public vacancies their own (12); the invitation is not an offer.
    const summary = (key: string) => screen.getByText(key, { selector: 'dt' }).nextElementSibling;
    expect(summary('Offered')).toHaveTextContent(/^3$/);
    expect(summary('Invited')).toHaveTextContent(/^1$/);
    expect(summary('Places left')).toHaveTextContent(/^0$/);
    expect(summary('Public vacancies')).toHaveTextContent(/^12$/);
    for (const name of ['Figures per course', 'Figures per school']) {
      const table = screen.getByRole('table', { name });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
      const cell = (header: string) => within(table).getAllByRole('row')[1]?.querySelectorAll('td, th')[headers.indexOf(header)]?.textContent;
      expect([cell('Offered'), cell('Invited'), cell('Places left'), cell('Public vacancies')]).toEqual(['3', '1', '0', '12']);
    }
    // Failed decision emails, from notifications-svc.
    expect(screen.getByText('Emails that failed').nextElementSibling).toHaveTextContent(/^2$/);
    expect(screen.getByRole('link', { name: '2 emails that failed: see them and resend' })).toHaveAttribute('href', '/staff/figures/failed-emails');
    expect(screen.getByText('Emails waiting to be sent').nextElementSibling).toHaveTextContent('1');
  });

  it('asks again with the margin the manager sets, and the warning goes when offers are within it', async () => {
    const margins: string[] = [];
    figuresServer(margins);
    const user = userEvent.setup();
    renderApp('/staff/figures', { user: editor });
    const margin = await screen.findByRole('textbox', { name: 'Over-offer warning margin (%)' });
    await user.clear(margin);
    await user.type(margin, '50');
    await user.click(screen.getByRole('button', { name: 'Apply margin' }));
    expect(await screen.findByRole('link', { name: 'Download these figures (CSV)' })).toHaveAttribute('href', '/api/admin/figures.csv?margin=50');
    // notifications-svc did not answer this time: the figures still show, and say so.
    expect(screen.getByText('Emails that failed').nextElementSibling).toHaveTextContent('Email figures are not available just now.');
    expect(screen.queryByText(/more offers than places allow/)).not.toBeInTheDocument();
    expect(margins).toContain('50');
  });

  it('refuses a margin that is not a whole number from 0 to 500', async () => {
    figuresServer([]);
    const user = userEvent.setup();
    renderApp('/staff/figures', { user: editor });
    const margin = await screen.findByRole('textbox', { name: 'Over-offer warning margin (%)' });
    await user.clear(margin);
    await user.type(margin, '501');
    await user.click(screen.getByRole('button', { name: 'Apply margin' }));
    expect(within(await screen.findByRole('alert')).getByRole('link', { name: 'Enter a whole number from 0 to 500' })).toBeInTheDocument();
  });

  it('forecasts each course, filters the full and the filling-fast ones, sorts by time to full and searches by course', async () => {
    const now = new Date('2025-08-14T09:30:00Z');
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
    const physics = createCourse({ UCAS_CODE: 'F300', COURSE_TITLE: 'Physics', VACANCIES_INTERNAL: 5 });
    const economics = createCourse({ UCAS_CODE: 'L100', COURSE_TITLE: 'Economics', VACANCIES_INTERNAL: 20 });
    const zero = { today: status(0), total: status(0), automatic: 0, adviser: 0, outboundCalls: 0 };
    const forecastCounts: FiguresCountResponse = {
      ...counts,
      rows: [
        ...counts.rows,
        // Physics: an offer every 3 minutes for the hour (20 an hour) against 5 places: 15 min.
        { UCAS_CODE: 'F300', ...zero, offerTimes: Array.from({ length: 20 }, (_, i) => minutesAgo(1 + 3 * i)) },
        // Economics: one offer in the hour against 20 places: 20 / (1/4 x 1/15 + 3/4 x 1/60 per minute) = 11 h 26 min.
        { UCAS_CODE: 'L100', ...zero, offerTimes: [minutesAgo(10)] },
      ],
    };
    server.use(
      http.get(apiUrl(API_ROUTES.figures.path), () =>
        HttpResponse.json(buildFigures([economics, course, physics], forecastCounts, { margin: 0, now, fastMinutes: 30 })),
      ),
    );
    const user = userEvent.setup();
    renderApp('/staff/figures', { user: editor });
    const table = await screen.findByRole('table', { name: 'Figures per course' });
    const shown = () =>
      within(screen.getByRole('table', { name: 'Figures per course' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => [row.querySelectorAll('td, th')[0]?.querySelector('.cd-block')?.textContent, row.querySelectorAll('td, th')[1]?.textContent]);
    expect(within(table).getByRole('columnheader', { name: 'Time to full' })).toBeInTheDocument();
    expect(shown()).toEqual([
      ['Economics BSc (Hons)', '11 h 26 min1 offers in the last hour, 1 in 15 min'],
      ['Computer Science BSc (Hons)', 'Full0 offers in the last hour, 0 in 15 min'],
      ['Physics BSc (Hons)', '15 minFilling fast20 offers in the last hour, 5 in 15 min'],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Showing all 3 courses');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Filling fast');
    expect(shown().map(([title]) => title)).toEqual(['Physics BSc (Hons)']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1 of 3 courses');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Full');
    expect(shown().map(([title]) => title)).toEqual(['Computer Science BSc (Hons)']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'All courses');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Time to full (soonest first)');
    expect(shown().map(([title]) => title)).toEqual(['Computer Science BSc (Hons)', 'Physics BSc (Hons)', 'Economics BSc (Hons)']);

    await user.type(screen.getByRole('searchbox', { name: /Search by course/ }), 'l100');
    expect(shown().map(([title]) => title)).toEqual(['Economics BSc (Hons)']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1 of 3 courses');
  });

  it('tells a user without view-report that they cannot, with no Figures link', async () => {
    renderApp('/staff/figures', { user: frontOffice });
    expect(await screen.findByText(FIGURES_TEXTS.FORBIDDEN)).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Figures' })).not.toBeInTheDocument();
  });
});
