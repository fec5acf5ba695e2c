import {
  compareTimeToFull,
  FIGURES_MARGIN_DEFAULT,
  FILL_STATE_TEXTS,
  timeToFullText,
  WALLBOARD_TEXTS,
  type FiguresCourseRow,
  type FiguresResponse,
  type WallboardResponse,
} from '@clearing-desk/contracts';
import { Button, Notice, Spinner, Table, Tag, type TableColumn } from '@clearing-desk/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatApiError } from '@/lib/api-client';
import { useFigures } from '../api/get-figures';
import { useWallboard } from '../api/get-wallboard';
import { OffersAgainstPlaces } from './offers-against-places';
import { WallboardDesk } from './wallboard-desk';
import { liveText, useWallboardLive } from '../lib/wallboard-live';
import { WALLBOARD_SCREEN_TEXTS as T } from '../texts';

/** Where the large-type choice is remembered (this browser: the wall screen's). */
export const LARGE_TYPE_KEY = 'clearing-desk:wallboard-large-type';

const readLargeType = (): boolean => {
  try {
    return window.localStorage.getItem(LARGE_TYPE_KEY) === '1';
  } catch {
    // Storage refused (private mode, a policy): the toggle still works for this visit.
    return false;
  }
};
const saveLargeType = (on: boolean): void => {
  try {
    window.localStorage.setItem(LARGE_TYPE_KEY, on ? '1' : '0');
  } catch {
    // As above: not remembered, still applied.
  }
};

const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium', timeZone: 'Europe/London' });
const isRed = (r: FiguresCourseRow) => r.FILL_STATE === 'full' || r.FILL_STATE === 'filling-fast';

const columns: TableColumn<FiguresCourseRow>[] = [
  {
    id: 'course',
    header: 'Course',
    cell: (r) => (
      <>
        <span className="cd-block">{r.COURSE_TITLE}</span>
        <span className="cd-block cd-secondary-text">{r.COURSE_CODE_OVERRIDE?.trim() ? r.COURSE_CODE_OVERRIDE : r.UCAS_CODE}</span>
      </>
    ),
  },
  { id: 'offers', header: T.OFFERS_AGAINST_PLACES, cell: (r) => T.OFFERS_OF_PLACES(r.OFFERS_COUNTING, r.CLEARING_PLACES) },
  { id: 'places-left', header: 'Places left', cell: (r) => r.VACANCIES_INTERNAL },
  { id: 'last-hour', header: T.LAST_HOUR, cell: (r) => T.OFFERS_RATE(r.OFFERS_LAST_15, r.OFFERS_LAST_60) },
  {
    id: 'time-to-full',
    header: 'Time to full',
    // Red for the two states a supervisor acts on: the tag's words carry the meaning, colour only repeats it.
    cell: (r) =>
      isRed(r) ? (
        <Tag colour="red">{r.FILL_STATE === 'full' ? FILL_STATE_TEXTS.full : `${FILL_STATE_TEXTS['filling-fast']}: ${timeToFullText(r.MINUTES_TO_FULL)}`}</Tag>
      ) : (
        timeToFullText(r.MINUTES_TO_FULL)
      ),
  },
];

/**
 * /staff/wallboard: the supervisor's wall screen. The desk panels first (queue, callbacks,
 * advisers signed in: WallboardDesk), then per course offers against places, the offers
 * of the last quarter hour and hour and the time-to-full forecast (contracts time-to-full.ts),
 * soonest first, red when full or filling fast; counts of both at the top; the chart of offers
 * against places through today (OffersAgainstPlaces, recharts loaded on its own). Updated live by the
 * wallboard's event stream (each decision refetches the figures) with the figures' polling as a
 * fallback. A large-type toggle for a wall screen, remembered in this browser.
 */
export function Wallboard() {
  useDocumentTitle(WALLBOARD_TEXTS.HEADING);
  const [large, setLarge] = useState(readLargeType);
  const figures = useFigures(FIGURES_MARGIN_DEFAULT);
  const board = useWallboard();
  const live = useWallboardLive();
  const toggle = () => {
    setLarge(!large);
    saveLargeType(!large);
  };
  const said = liveText(live);
  return (
    <div className={large ? 'cd-wallboard cd-wallboard--large' : 'cd-wallboard'}>
      <h1 className="cd-heading-l">{WALLBOARD_TEXTS.HEADING}</h1>
      <div className="cd-wallboard__bar">
        <Button type="button" variant="secondary" aria-pressed={large} onClick={toggle}>
          {WALLBOARD_TEXTS.LARGE_TYPE}
        </Button>
        <Link className="cd-link" to={paths.staffFigures.getHref()}>
          {T.FIGURES_LINK}
        </Link>
      </div>
      {said && <p className="cd-body cd-secondary-text">{said}</p>}
      {figures.isPending && <Spinner label={T.LOADING} />}
      {figures.isError && !figures.data && <Notice variant="error">{formatApiError(figures.error)}</Notice>}
      {board.isError && !board.data && <Notice variant="error">{formatApiError(board.error)}</Notice>}
      {board.data && <WallboardDesk board={board.data} />}
      {figures.data && <WallboardContent figures={figures.data} board={board.data ?? null} large={large} />}
    </div>
  );
}

function WallboardContent({ figures, board, large }: { figures: FiguresResponse; board: WallboardResponse | null; large: boolean }) {
  const rows = [...figures.courses].sort((a, b) => compareTimeToFull(a.MINUTES_TO_FULL, b.MINUTES_TO_FULL));
  const full = rows.filter((r) => r.FILL_STATE === 'full').length;
  const fast = rows.filter((r) => r.FILL_STATE === 'filling-fast').length;
  const lastHour = rows.reduce((n, r) => n + r.OFFERS_LAST_60, 0);
  return (
    <>
      <p className="cd-body cd-secondary-text">{T.UPDATED(time.format(new Date(figures.generatedAt)))}</p>
      <ul className="cd-wallboard__tiles" aria-label={T.COURSE_TILES}>
        <li className={full > 0 ? 'cd-wallboard__tile cd-wallboard__tile--red' : 'cd-wallboard__tile'}>
          <span className="cd-wallboard__figure">{full}</span> {T.FULL_COURSES(full)}
        </li>
        <li className={fast > 0 ? 'cd-wallboard__tile cd-wallboard__tile--red' : 'cd-wallboard__tile'}>
          <span className="cd-wallboard__figure">{fast}</span> {T.FAST_COURSES(fast)}
        </li>
        <li className="cd-wallboard__tile">
          <span className="cd-wallboard__figure">{lastHour}</span> {T.OFFERS_LAST_HOUR(lastHour)}
        </li>
      </ul>
      <div className="cd-table-container">
        <Table caption={T.COURSES_CAPTION} columns={columns} rows={rows} rowKey={(r) => r.UCAS_CODE} />
      </div>
      {board && <OffersAgainstPlaces rows={rows} offersToday={board.offers_today} generatedAt={board.generatedAt} large={large} />}
    </>
  );
}
