import { CALLBACK_SHIFT_HOURS, CALLBACK_TEXTS, formatCallbackDay, londonWallClock, type CallbackCapacityRow } from '@clearing-desk/contracts';
import { Button, ErrorSummary, Notice, Spinner } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { formatApiError } from '@/lib/api-client';
import { useCallbackCapacity, useSaveCallbackCapacity } from '../api/callbacks';

const cellKey = (date: string, hour: number) => `${date}:${hour}`;

/**
 * The Administrator's advisers on shift per hour for booked calls (Settings page): a table of the
 * team's hours (rows) over today and the next days (columns), one number input per hour, saved
 * together. Empty means nobody on shift. The days are the service's answer (its Clearing clock's
 * today), so the table shows the days applicants will be offered whatever the browser's clock says.
 */
export function AdviserShifts() {
  const query = useCallbackCapacity();
  const save = useSaveCallbackCapacity();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const dates = query.data?.days ?? [];
  const dayName = (date: string) => formatCallbackDay(londonWallClock(date, '12:00'));

  const stored = new Map((query.data?.rows ?? []).map((r) => [cellKey(r.DATE, r.HOUR), String(r.ADVISERS)]));
  const valueOf = (date: string, hour: number) => edits[cellKey(date, hour)] ?? stored.get(cellKey(date, hour)) ?? '';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const rows: CallbackCapacityRow[] = [];
    for (const [key, raw] of Object.entries(edits)) {
      const [date, hour] = key.split(':') as [string, string];
      const advisers = raw.trim() === '' ? 0 : Number(raw);
      if (!Number.isInteger(advisers) || advisers < 0 || advisers > 500) {
        setError(`${CALLBACK_TEXTS.shiftLabel(dayName(date), Number(hour))}: enter a whole number from 0 to 500`);
        return;
      }
      rows.push({ DATE: date, HOUR: Number(hour), ADVISERS: advisers });
    }
    setError(null);
    save.mutate({ rows }, { onSuccess: () => setEdits({}), onError: (err) => setError(formatApiError(err)) });
  };

  return (
    <section aria-labelledby="adviser-shifts-heading">
      <h2 className="cd-heading-m" id="adviser-shifts-heading">
        {CALLBACK_TEXTS.SHIFTS_HEADING}
      </h2>
      <p className="cd-body">{CALLBACK_TEXTS.SHIFTS_HINT}</p>
      {query.isPending && <Spinner label={CALLBACK_TEXTS.SHIFTS_HEADING} />}
      {save.isSuccess && Object.keys(edits).length === 0 && (
        <Notice variant="success" live>
          <p className="cd-body">{CALLBACK_TEXTS.SHIFTS_SAVED}</p>
        </Notice>
      )}
      {query.data && (
        <form onSubmit={onSubmit} noValidate>
          {error && <ErrorSummary errors={[{ message: error }]} />}
          <table className="cd-table">
            <caption className="cd-table__caption">{CALLBACK_TEXTS.SHIFTS_HEADING}</caption>
            <thead className="cd-table__head">
              <tr className="cd-table__row">
                <th scope="col" className="cd-table__header">
                  Hour
                </th>
                {dates.map((date) => (
                  <th key={date} scope="col" className="cd-table__header">
                    {dayName(date)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="cd-table__body">
              {CALLBACK_SHIFT_HOURS.map((hour) => (
                <tr key={hour} className="cd-table__row">
                  <th scope="row" className="cd-table__header">{`${String(hour).padStart(2, '0')}:00`}</th>
                  {dates.map((date) => (
                    <td key={date} className="cd-table__cell">
                      <input
                        className="cd-input cd-input--width-3"
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={500}
                        aria-label={CALLBACK_TEXTS.shiftLabel(dayName(date), hour)}
                        value={valueOf(date, hour)}
                        onChange={(e) => setEdits((prev) => ({ ...prev, [cellKey(date, hour)]: e.target.value }))}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <Button type="submit" disabled={save.isPending}>
            {CALLBACK_TEXTS.SHIFTS_SAVE}
          </Button>
        </form>
      )}
    </section>
  );
}
