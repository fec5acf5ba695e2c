import {
  API_ROUTES,
  buildFigures,
  WALLBOARD_SSE_EVENT,
  wallboardRed,
  type FiguresCountResponse,
  type WallboardAlert,
  type WallboardEvent,
  type WallboardResponse,
} from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/api-url';
import { server } from '@/testing/mocks/server';
import { createStaffUser, renderApp } from '@/testing/test-utils';
import { LARGE_TYPE_KEY } from '../components/wallboard';
import { INITIAL_LIVE_STATE, liveReducer, liveText } from '../lib/wallboard-live';

const editor = createStaffUser({ username: 'editor', name: 'Eddie Editor', roles: [{ role: 'Editor', scope: 'all' }] });
const frontOffice = createStaffUser({ roles: [{ role: 'Front Office', scope: 'all' }] });

const NOW = new Date('2025-08-14T09:30:00Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000).toISOString();
const zero = { applications: 0, offered: 0, invited: 0, referred: 0, pooled: 0, rejected: 0, waiting: 0 };
const counts = (physicsOffers: number): FiguresCountResponse => ({
  FILLS_FAST_MINUTES: 30,
  rows: [
    // Physics: 5 places left, an offer every 3 minutes: 15 min to full (filling fast).
    {
      UCAS_CODE: 'F300',
      today: zero,
      total: zero,
      automatic: 0,
      adviser: 0,
      outboundCalls: 0,
      offerTimes: Array.from({ length: physicsOffers }, (_, i) => minutesAgo(1 + 3 * i)),
    },
    { UCAS_CODE: 'L100', today: zero, total: zero, automatic: 0, adviser: 0, outboundCalls: 0, offerTimes: [] },
  ],
  perHour: Array.from({ length: 24 }, () => 0),
});
const courses = [
  createCourse({ UCAS_CODE: 'L100', COURSE_TITLE: 'Economics', VACANCIES_INTERNAL: 20 }),
  createCourse({ UCAS_CODE: 'F300', COURSE_TITLE: 'Physics', VACANCIES_INTERNAL: 5 }),
];

const THRESHOLDS = { queue_length: 20, oldest_wait_minutes: 30, callbacks_at_risk: 1, callbacks_missed: 1 };
/** The fake gateway's desk panels: a queue of `queue` calls, the oldest 42 min, one callback at risk, Sam deciding `decisions`. */
const boardOf = (queue: number, decisions: number, alerts: WallboardAlert[] = []): WallboardResponse => {
  const figures = { queue: { length: queue, oldest_wait_minutes: 42 }, callbacks: { due: 2, at_risk: 1, missed: 0 } };
  return {
    generatedAt: NOW.toISOString(),
    ...figures,
    advisers: [
      {
        username: 'sam',
        name: 'Sam Patel',
        open: [{ APPLICATION_ID: '7', UCAS_CODE: 'F300', COURSE_TITLE: 'Physics', since: minutesAgo(12) }],
        decisions_today: decisions,
      },
      { username: 'editor', name: 'Eddie Editor', open: [], decisions_today: 0 },
    ],
    // Two of Physics's offers made in the hour from 09:00 London (08:00 UTC), one in the hour before.
    offers_today: [
      { UCAS_CODE: 'F300', hour: 9, offers: 2 },
      { UCAS_CODE: 'F300', hour: 8, offers: 1 },
    ],
    alerts,
    thresholds: THRESHOLDS,
    red: wallboardRed(figures, THRESHOLDS),
  };
};

/** The fake gateway's figures: Physics's offers as the test sets them; the desk panels as `state.queue` and `state.decisions`. */
function figuresServer(state: { physicsOffers: number; asked: number; queue?: number; decisions?: number; boardAsked?: number; alerts?: WallboardAlert[] }) {
  server.use(
    http.get(apiUrl(API_ROUTES.figures.path), () => {
      state.asked += 1;
      return HttpResponse.json(buildFigures(courses, counts(state.physicsOffers), { margin: 0, now: NOW, fastMinutes: 30 }));
    }),
    http.get(apiUrl(API_ROUTES.wallboard.path), () => {
      state.boardAsked = (state.boardAsked ?? 0) + 1;
      return HttpResponse.json(boardOf(state.queue ?? 3, state.decisions ?? 4, state.alerts));
    }),
  );
  courseControlServer('Editor');
}

/** The fake gateway's course control for the wallboard's chosen course: Physics with 10 external vacancies, closed and reopened. */
function courseControlServer(access: 'Administrator' | 'Editor' | null) {
  const physics = courses[1]!;
  let open = true;
  const detail = () => ({
    courseData: { ...physics, VACANCIES_EXTERNAL: open ? 10 : 0 },
    qualOptions: [],
    access,
    reopenVacancies: open ? null : 10,
  });
  server.use(
    http.get(apiUrl(API_ROUTES.deskCourse.path), () => HttpResponse.json(detail())),
    http.post(apiUrl(API_ROUTES.deskCourseClose.path), () => {
      open = false;
      return HttpResponse.json(detail());
    }),
    http.post(apiUrl(API_ROUTES.deskCourseReopen.path), () => {
      open = true;
      return HttpResponse.json(detail());
    }),
  );
}

/** The figure and words of each tile of a list, and whether it is red. */
const tilesOf = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => [li.textContent, li.classList.contains('cd-wallboard__tile--red')]);

/** A minimal EventSource the test drives (jsdom has none): the wallboard's only source. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly url: string;
  private listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {}
  emit(name: string, data: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

afterEach(() => {
  window.localStorage.removeItem(LARGE_TYPE_KEY);
  delete (globalThis as { EventSource?: unknown }).EventSource;
  FakeEventSource.last = null;
});

describe('liveReducer', () => {
  it('is live once open or on an event, reconnecting after an error, and counts the decisions heard', () => {
    const event: WallboardEvent = { type: 'decision', UCAS_CODE: 'F300', STATUS: 'O', AT: NOW.toISOString() };
    const open = liveReducer(INITIAL_LIVE_STATE, { type: 'open' });
    expect(liveText(INITIAL_LIVE_STATE)).toBeNull();
    expect(liveText(open)).toBe('Live: updates as decisions are made');
    const failed = liveReducer(open, { type: 'error' });
    expect(liveText(failed)).toBe('Reconnecting to live updates…');
    expect(liveReducer(failed, { type: 'event', event })).toEqual({ status: 'live', updates: 1, last: event });
    expect(liveReducer(INITIAL_LIVE_STATE, { type: 'unsupported' }).status).toBe('unavailable');
  });
});

describe('/staff/wallboard', () => {
  it('shows offers against places soonest-full first, red when filling fast, and follows a decision from the stream', async () => {
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
    const state = { physicsOffers: 20, asked: 0 };
    figuresServer(state);
    renderApp('/staff/wallboard', { user: editor });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallboard' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Courses by time to full, soonest first' });
    const rows = () =>
      within(screen.getByRole('table', { name: 'Courses by time to full, soonest first' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Course', 'Offers against places', 'Places left', 'Offers: last 15 min / hour', 'Time to full']);
    expect(rows()).toEqual([
      ['PhysicsF300', '0 of 5', '5', '5 / 20', 'Filling fast: 15 min'],
      ['EconomicsL100', '0 of 20', '20', '0 / 0', 'Not filling'],
    ]);
    expect(tilesOf('Courses')).toEqual([
      ['0 courses full', false],
      ['1 course filling fast', true],
      ['20 offers in the last hour', false],
    ]);

    // The stream opens, then a decision on Physics: the wallboard asks again and shows the new pace.
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/admin/wallboard/events');
    act(() => source.onopen?.());
    expect(screen.getByText('Live: updates as decisions are made')).toBeInTheDocument();
    state.physicsOffers = 2;
    const askedBefore = state.asked;
    act(() => source.emit(WALLBOARD_SSE_EVENT, { type: 'decision', UCAS_CODE: 'F300', STATUS: 'O', AT: NOW.toISOString() }));
    expect(await screen.findByText('2 / 2')).toBeInTheDocument();
    expect(state.asked).toBe(askedBefore + 1);
  });

  it('shows the queue, callbacks and advisers, red at their limits in words, and follows a decision on the desk', async () => {
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
    const state = { physicsOffers: 3, asked: 0, queue: 25, decisions: 4, boardAsked: 0 };
    figuresServer(state);
    renderApp('/staff/wallboard', { user: editor });
    const advisers = await screen.findByRole('table', { name: 'Advisers signed in' });
    expect(tilesOf('Queue')).toEqual([
      ['25 calls waitingAt or over the limit of 20', true],
      ['42 Oldest waiting 42 minAt or over the limit of 30 min', true],
    ]);
    expect(tilesOf('Callbacks')).toEqual([
      ['2 due now', false],
      ['1 at riskAt or over the limit of 1', true],
      ['0 missed today', false],
    ]);
    const adviserRows = () =>
      within(screen.getByRole('table', { name: 'Advisers signed in' }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent));
    expect(
      within(advisers)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Adviser', 'Open now', 'Decisions today']);
    expect(adviserRows()).toEqual([
      ['Sam Patel', 'Physics (F300) since 10:18', '4'],
      ['Eddie Editor', 'Nothing open', '0'],
    ]);

    // Sam decides: the stream says so and the board is asked again at once.
    const source = FakeEventSource.last!;
    act(() => source.onopen?.());
    state.decisions = 5;
    state.queue = 2;
    const boardAskedBefore = state.boardAsked;
    act(() => source.emit(WALLBOARD_SSE_EVENT, { type: 'desk', AT: NOW.toISOString() }));
    await waitFor(() => expect(tilesOf('Queue')[0]).toEqual(['2 calls waiting', false]));
    expect(adviserRows()[0]).toEqual(['Sam Patel', 'Physics (F300) since 10:18', '5']);
    expect(state.boardAsked).toBe(boardAskedBefore + 1);
  });

  it('lists the stored alerts, the latest first, in the words of their email with the time raised, and follows the stream', async () => {
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
    const fast: WallboardAlert = {
      ID: 'a1',
      THRESHOLD: 'filling-fast',
      MINUTES: 30,
      UCAS_CODE: 'F300',
      COURSE_TITLE: 'Physics',
      CYCLE: '2025/26',
      RAISED_AT: minutesAgo(20),
    };
    const state = { physicsOffers: 3, asked: 0, alerts: [fast] };
    figuresServer(state);
    renderApp('/staff/wallboard', { user: editor });
    const region = await screen.findByRole('region', { name: 'Alerts' });
    const items = () =>
      within(within(region).getByRole('list', { name: 'Alerts' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items()).toEqual(['Fills in under 30 minutes: Physics (F300) raised 10:10']);

    // An offer fills Physics: the stream's event brings the new alert at the top.
    const source = FakeEventSource.last!;
    act(() => source.onopen?.());
    state.alerts = [{ ...fast, ID: 'a2', THRESHOLD: 'full', MINUTES: null, RAISED_AT: minutesAgo(1) }, fast];
    act(() => source.emit(WALLBOARD_SSE_EVENT, { type: 'decision', UCAS_CODE: 'F300', STATUS: 'O', AT: NOW.toISOString() }));
    await waitFor(() => expect(items()).toEqual(['Full: Physics (F300) raised 10:29', 'Fills in under 30 minutes: Physics (F300) raised 10:10']));
  });

  it('says when no course is filling fast or full', async () => {
    figuresServer({ physicsOffers: 3, asked: 0 });
    renderApp('/staff/wallboard', { user: editor });
    const region = await screen.findByRole('region', { name: 'Alerts' });
    expect(region).toHaveTextContent('AlertsNo alert raised. A course is alerted when an offer or a change to its places leaves it filling fast or full.');
  });

  it('charts offers against places through the day for the course chosen, with the numbers as a table', async () => {
    const user = userEvent.setup();
    figuresServer({ physicsOffers: 3, asked: 0 });
    // Physics's ledger: 8 Clearing places, 3 offers standing, 5 left.
    const ledger = {
      UCAS_CODE: 'F300',
      CLEARING_PLACES: 8,
      OFFER_ALLOWANCE: 8,
      OFFERS: 3,
      VACANCIES_INTERNAL: 5,
      GUARD_CLOSED: false,
      LAST_GUARD_CLOSE: null,
      LAST_GUARD_REOPEN: null,
      VERSION: 1,
    };
    server.use(
      http.get(apiUrl(API_ROUTES.figures.path), () => {
        const withLedger = counts(3);
        withLedger.rows[0] = { ...withLedger.rows[0]!, places: ledger };
        return HttpResponse.json(buildFigures(courses, withLedger, { margin: 0, now: NOW, fastMinutes: 30 }));
      }),
    );
    renderApp('/staff/wallboard', { user: editor });
    const course = await screen.findByRole('combobox', { name: 'Course' });
    // Soonest to fill first: Physics (3 offers standing, 2 of them made after 09:00 London, 1 between 08:00 and 09:00).
    expect(course).toHaveValue('F300');
    const table = screen.getByRole('table', { name: 'Offers against places today: Physics (F300)' });
    const last = within(table)
      .getAllByRole('row')
      .slice(-4)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    // Hours ending 08:00 to 11:00 London (now is 10:30): none yet, 1 in the hour from 08:00, 2 more in the hour from 09:00.
    expect(last).toEqual([
      ['08:00', '0', '8'],
      ['09:00', '1', '8'],
      ['10:00', '3', '8'],
      ['11:00', '3', '8'],
    ]);
    expect(await screen.findByRole('img', { name: 'Physics (F300): 3 offers against 8 places now.' })).toBeInTheDocument();
    await user.selectOptions(course, 'L100');
    expect(screen.getByRole('table', { name: 'Offers against places today: Economics (L100)' })).toBeInTheDocument();
  });

  it('closes and reopens the chosen course after a confirmation naming it', async () => {
    const user = userEvent.setup();
    figuresServer({ physicsOffers: 3, asked: 0 });
    courseControlServer('Administrator');
    renderApp('/staff/wallboard', { user: editor });
    const close = await screen.findByRole('button', { name: 'Close course: Physics (F300)' });
    await user.click(close);
    const dialog = screen.getByRole('dialog', { name: 'Close Physics (F300) to new applications?' });
    expect(within(dialog).getByText('Its 10 external vacancies are set to 0, so the public sees it as Closed. Reopening restores them.')).toBeInTheDocument();
    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(close);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close course' }));
    expect(await screen.findByText('Physics (F300) is closed.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Reopen course: Physics (F300)' }));
    const reopen = screen.getByRole('dialog', { name: 'Reopen Physics (F300)?' });
    expect(within(reopen).getByText('Its 10 external vacancies from before it was closed are restored, and the public can apply again.')).toBeInTheDocument();
    await user.click(within(reopen).getByRole('button', { name: 'Reopen course' }));
    expect(await screen.findByText('Physics (F300) is open again with 10 external vacancies.')).toBeInTheDocument();
  });

  it('switches to large type and remembers it in this browser', async () => {
    figuresServer({ physicsOffers: 0, asked: 0 });
    const user = userEvent.setup();
    const { unmount } = renderApp('/staff/wallboard', { user: editor });
    const toggle = await screen.findByRole('button', { name: 'Large type for a wall screen' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Wallboard' }).closest('.cd-wallboard')).toHaveClass('cd-wallboard--large');
    unmount();
    renderApp('/staff/wallboard', { user: editor });
    expect(await screen.findByRole('button', { name: 'Large type for a wall screen' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('tells a user without view-report that they cannot', async () => {
    renderApp('/staff/wallboard', { user: frontOffice });
    expect(await screen.findByText('Your roles do not include viewing reports on any course.')).toBeInTheDocument();
  });
});
