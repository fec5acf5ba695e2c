import { clearingLabel, CYCLE_ROLL_MESSAGES, formatLongDate, type CycleRollEntry } from '@clearing-desk/contracts';
import { Button, ConfirmDialog, Notice, Spinner, SummaryList, Table, type TableColumn } from '@clearing-desk/ui';
import { useState } from 'react';
import { formatApiError } from '@/lib/api-client';
import { formatLondonDateTime } from '@/lib/format-date-time';
import { useRecruitmentCycle, useRollRecruitmentCycle } from '../api/recruitment-cycle';
import { CLEARING_STATUS_TEXTS as T } from '../texts';

const rollColumns: TableColumn<CycleRollEntry>[] = [
  { id: 'at', header: T.AUDIT_WHEN, cell: (row) => <time dateTime={row.at}>{formatLondonDateTime(row.at)}</time> },
  { id: 'who', header: T.AUDIT_WHO, cell: (row) => row.username },
  { id: 'from', header: T.CYCLE_ROLLS_FROM, cell: (row) => row.FROM },
  { id: 'to', header: T.CYCLE_ROLLS_TO, cell: (row) => row.TO },
];

/**
 * The settings page's 'Recruitment cycle' (domain.md "Recruitment cycles"): the current cycle's
 * name, Clearing window, results day, default course start and Tariff version (the staff pages'
 * banner warns when today is outside the window), and 'Roll to the next cycle' behind a confirmation that names the
 * next cycle and its dates. The outcome (the new cycle, or the server's message) is announced in
 * a status region that is always on the page; the rolls so far follow.
 */
export function RecruitmentCycleSection() {
  const cycle = useRecruitmentCycle();
  const roll = useRollRecruitmentCycle();
  const [confirming, setConfirming] = useState(false);

  return (
    <section className="cd-settings__cycle" aria-labelledby="recruitment-cycle-heading">
      <h2 className="cd-heading-m" id="recruitment-cycle-heading">
        {T.CYCLE_HEADING}
      </h2>
      <div role="status">
        {roll.isSuccess && (
          <Notice variant="success">
            <p className="cd-notice__heading">{CYCLE_ROLL_MESSAGES.ROLLED(roll.data.current)}</p>
          </Notice>
        )}
      </div>
      {roll.isError && (
        <p className="cd-error-message" role="alert">
          {formatApiError(roll.error)}
        </p>
      )}
      {cycle.isPending ? (
        <Spinner label={T.CYCLE_LOADING} />
      ) : cycle.isError ? (
        <p className="cd-error-message" role="alert">
          {formatApiError(cycle.error)}
        </p>
      ) : (
        <>
          <SummaryList
            rows={[
              { key: T.CYCLE_NAME, value: clearingLabel(cycle.data.current) },
              {
                key: T.CYCLE_WINDOW,
                value: T.CYCLE_WINDOW_VALUE(formatLongDate(cycle.data.current.CLEARING_OPENS), formatLongDate(cycle.data.current.CLEARING_CLOSES)),
              },
              { key: T.CYCLE_RESULTS_DAY, value: formatLongDate(cycle.data.current.RESULTS_DAY) },
              { key: T.CYCLE_COURSE_START, value: formatLongDate(cycle.data.current.COURSE_START_DATE) },
              { key: T.CYCLE_TARIFF, value: cycle.data.current.TARIFF_VERSION },
            ]}
          />
          <Button
            variant="secondary"
            disabled={roll.isPending}
            onClick={() => {
              roll.reset();
              setConfirming(true);
            }}
          >
            {T.CYCLE_ROLL}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={CYCLE_ROLL_MESSAGES.CONFIRM_TITLE(cycle.data.next)}
            confirmLabel={CYCLE_ROLL_MESSAGES.CONFIRM_ACTION(cycle.data.next)}
            onConfirm={() => {
              setConfirming(false);
              roll.mutate({ FROM: cycle.data.current.NAME });
            }}
            onCancel={() => setConfirming(false)}
          >
            <p className="cd-body">{CYCLE_ROLL_MESSAGES.CONFIRM_BODY(cycle.data.current, cycle.data.next)}</p>
          </ConfirmDialog>
          {cycle.data.rolls.length > 0 && (
            <div className="cd-table-container">
              <Table caption={T.CYCLE_ROLLS_CAPTION} columns={rollColumns} rows={cycle.data.rolls} rowKey={(row) => `${row.at}-${row.FROM}`} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
