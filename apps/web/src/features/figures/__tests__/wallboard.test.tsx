import { API_ROUTES, buildFigures, WALLBOARD_SSE_EVENT, type FiguresCountResponse, type WallboardEvent } from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import { act, screen, within } from '@testing-library/react';
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

/** The fake gateway's figures: Physics's offers as the test sets them. */
function figuresServer(state: { physicsOffers: number; asked: number }) {
  server.use(
    http.get(apiUrl(API_ROUTES.figures.path), () => {
      state.asked += 1;
      return HttpResponse.json(buildFigures(courses, counts(state.physicsOffers), { margin: 0, now: NOW, fastMinutes: 30 }));
    }),
  );
}

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
    const tiles = screen.getAllByRole('listitem').filter((li) => li.classList.contains('cd-wallboard__tile'));
    expect(tiles.map((li) => [li.textContent, li.classList.contains('cd-wallboard__tile--red')])).toEqual([
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
