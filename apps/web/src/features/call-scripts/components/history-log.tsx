import { APPLICATION_STATUSES, SCRIPT_HEADINGS, type LogItem } from '@clearing-desk/contracts';

// UK time as advisers read it ('14/08/2025, 10:00:00'); the ISO time stays in the dateTime attribute.
const LOG_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'medium', timeZone: 'Europe/London' });
const logTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : LOG_TIME.format(date);
};

/** The numbered history LOG of spec section 2 (domain.md "Statuses": time, user, message). */
export function HistoryLog({ log }: { log: readonly LogItem[] }) {
  return (
    <>
      <h3 className="cd-heading-s" id="call-script-history-heading">
        {SCRIPT_HEADINGS.HISTORY}
      </h3>
      {log.length === 0 ? (
        <p className="cd-body">{SCRIPT_HEADINGS.NO_HISTORY}</p>
      ) : (
        <ol className="cd-list cd-call-script__history" aria-labelledby="call-script-history-heading">
          {log.map((item, i) => (
            <li key={i}>
              <time dateTime={item.TIME}>{logTime(item.TIME)}</time> {item.USER}: {item.MESSAGE}
              {item.STATUS && ` (${APPLICATION_STATUSES[item.STATUS]})`}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
