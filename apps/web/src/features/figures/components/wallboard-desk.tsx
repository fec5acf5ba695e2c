import {
  alertClockTime,
  WALLBOARD_TEXTS as W,
  wallboardAlertText,
  type WallboardAdviser,
  type WallboardAlert,
  type WallboardResponse,
} from '@clearing-desk/contracts';
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
 * The alerts on the floor (docs/domain/wallboard.md "Alerts"): the stored alerts standing, the
 * latest first, each in the words of its email ('Full: Computer Science (G400)') and when it was
 * raised; the same list on every supervisor's board. A polite live region: an alert the stream
 * brings is read out without taking the reader's place.
 */
export function WallboardAlerts({ alerts }: { alerts: readonly WallboardAlert[] }) {
  return (
    <section aria-labelledby="wallboard-alerts-heading">
      <h2 className="cd-heading-m" id="wallboard-alerts-heading">
        {W.ALERTS_HEADING}
      </h2>
      <div aria-live="polite">
        {alerts.length === 0 ? (
          <p className="cd-body">{W.ALERTS_NONE}</p>
        ) : (
          <ul className="cd-wallboard__alerts" aria-label={W.ALERTS_HEADING}>
            {alerts.map((a) => (
              <li key={a.ID} className="cd-wallboard__tile cd-wallboard__tile--red">
                <span className="cd-wallboard__alert">{wallboardAlertText(a)}</span>{' '}
                <span className="cd-secondary-text">{W.alertRaised(alertClockTime(a.RAISED_AT))}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * The wallboard's desk panels (docs/domain/wallboard.md "The desk"): the queue (calls waiting,
 * the oldest wait), the callbacks (due, at risk, missed today) and the advisers signed in with
 * what they have open and their decisions today, after the alerts on the floor. A figure at or
 * over its configured limit is red, said in words beside it.
 */
export function WallboardDesk({ board }: { board: WallboardResponse }) {
  const { queue, callbacks, thresholds, red } = board;
  return (
    <>
      <WallboardAlerts alerts={board.alerts} />
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
