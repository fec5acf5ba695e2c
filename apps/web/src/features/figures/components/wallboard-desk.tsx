import { WALLBOARD_TEXTS as W, type WallboardAdviser, type WallboardResponse } from '@clearing-desk/contracts';
import { Table, type TableColumn } from '@clearing-desk/ui';
import type { ReactNode } from 'react';
import { WALLBOARD_SCREEN_TEXTS as T } from '../texts';

const time = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short', timeZone: 'Europe/London' });

/** One figure of a panel: red (border and words) when at or over its limit (`limit`: how the limit reads). */
function Tile({ figure, label, red, limit }: { figure: ReactNode; label: string; red: boolean; limit: string }) {
  return (
    <li className={red ? 'cd-wallboard__tile cd-wallboard__tile--red' : 'cd-wallboard__tile'}>
      <span className="cd-wallboard__figure">{figure}</span> {label}
      {red && <span className="cd-block cd-wallboard__alert">{W.overLimit(limit)}</span>}
    </li>
  );
}

const adviserColumns: TableColumn<WallboardAdviser>[] = [
  { id: 'name', header: 'Adviser', cell: (a) => a.name },
  {
    id: 'open',
    header: 'Open now',
    cell: (a) =>
      a.open.length === 0
        ? W.NOTHING_OPEN
        : a.open.map((o) => (
            <span key={o.APPLICATION_ID} className="cd-block">
              {W.openItem(o.COURSE_TITLE, o.UCAS_CODE, time.format(new Date(o.since)))}
            </span>
          )),
  },
  { id: 'decisions', header: T.DECISIONS_TODAY, cell: (a) => a.decisions_today },
];

/**
 * The wallboard's desk panels (docs/domain/wallboard.md "The desk"): the queue (calls waiting,
 * the oldest wait), the callbacks (due, at risk, missed today) and the advisers signed in with
 * what they have open and their decisions today. A figure at or over its configured limit is red,
 * said in words beside it.
 */
export function WallboardDesk({ board }: { board: WallboardResponse }) {
  const { queue, callbacks, thresholds, red } = board;
  return (
    <>
      <h2 className="cd-heading-m">{W.QUEUE_HEADING}</h2>
      <ul className="cd-wallboard__tiles" aria-label={W.QUEUE_HEADING}>
        <Tile figure={queue.length} label={W.queueLength(queue.length)} red={red.queue_length} limit={String(thresholds.queue_length)} />
        <Tile
          figure={queue.oldest_wait_minutes ?? '–'}
          label={W.oldestWait(queue.oldest_wait_minutes)}
          red={red.oldest_wait}
          limit={T.MINUTES(thresholds.oldest_wait_minutes)}
        />
      </ul>
      <h2 className="cd-heading-m">{W.CALLBACKS_HEADING}</h2>
      <ul className="cd-wallboard__tiles" aria-label={W.CALLBACKS_HEADING}>
        <Tile figure={callbacks.due} label={W.CALLBACKS_DUE} red={false} limit="" />
        <Tile figure={callbacks.at_risk} label={W.CALLBACKS_AT_RISK} red={red.callbacks_at_risk} limit={String(thresholds.callbacks_at_risk)} />
        <Tile figure={callbacks.missed} label={W.CALLBACKS_MISSED} red={red.callbacks_missed} limit={String(thresholds.callbacks_missed)} />
      </ul>
      <div className="cd-table-container">
        {board.advisers.length === 0 ? (
          <p className="cd-body">{W.ADVISERS_NONE}</p>
        ) : (
          <Table caption={W.ADVISERS_CAPTION} columns={adviserColumns} rows={board.advisers} rowKey={(a) => a.username} />
        )}
      </div>
    </>
  );
}
