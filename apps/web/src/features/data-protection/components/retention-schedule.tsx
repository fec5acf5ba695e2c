import { RETENTION_SCREEN_TEXTS, type RetentionRun } from '@clearing-desk/contracts';
import { Button, Notice, Spinner, Table, type TableColumn } from '@clearing-desk/ui';
import { useState } from 'react';
import { formatApiError } from '@/lib/api-client';
import { formatLondonDateTime } from '@/lib/format-date-time';
import { useRetentionRuns, useRetentionSchedule, useRunRetention } from '../api/data-protection';

/** A run's counts as one line ('applications.unsuccessful 3, files.deleted 2'), only what it did; 'Nothing past its date' when none. */
export const runCountsText = (counts: RetentionRun['COUNTS']): string => {
  const done = Object.entries(counts).filter(([, n]) => n > 0);
  return done.length ? done.map(([what, n]) => `${what} ${n}`).join(', ') : 'Nothing past its date';
};

/** The schedule's sentences (GET /api/privacy/retention), as the privacy notice prints them. */
export function RetentionScheduleList() {
  const schedule = useRetentionSchedule();
  if (schedule.isPending) return <Spinner label="Loading the retention schedule" />;
  if (schedule.isError)
    return (
      <p className="cd-error-message" role="alert">
        {formatApiError(schedule.error)}
      </p>
    );
  return (
    <>
      <ul className="cd-list cd-list--bullet">
        {schedule.data.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {schedule.data.cycleLines.length > 0 && (
        <ul className="cd-list cd-list--bullet" aria-label={RETENTION_SCREEN_TEXTS.CYCLES}>
          {schedule.data.cycleLines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * 'Retention schedule' for Administrators: the schedule in force, the nightly job's runs with
 * their counts (GET /api/admin/retention/runs) and 'Run retention now' (POST, the same job).
 */
export function RetentionSchedule() {
  const runs = useRetentionRuns();
  const runNow = useRunRetention();
  const [ran, setRan] = useState(false);
  const columns: TableColumn<RetentionRun>[] = [
    { id: 'started', header: 'Started', cell: (r) => <time dateTime={r.STARTED_AT}>{formatLondonDateTime(r.STARTED_AT)}</time> },
    { id: 'trigger', header: 'Run by', cell: (r) => (r.TRIGGER === 'nightly' ? 'Nightly job' : 'An Administrator') },
    { id: 'counts', header: 'Removed or anonymised', cell: (r) => runCountsText(r.COUNTS) },
    { id: 'error', header: 'Problems', cell: (r) => r.ERROR ?? 'None' },
  ];
  return (
    <section aria-labelledby="retention-heading">
      <h2 className="cd-heading-m" id="retention-heading">
        {RETENTION_SCREEN_TEXTS.TITLE}
      </h2>
      <p className="cd-body">{RETENTION_SCREEN_TEXTS.INTRO}</p>
      <RetentionScheduleList />
      <h3 className="cd-heading-s">{RETENTION_SCREEN_TEXTS.RUNS}</h3>
      <div role="status">
        {ran && (
          <Notice variant="success">
            <p className="cd-notice__heading">{RETENTION_SCREEN_TEXTS.RAN}</p>
          </Notice>
        )}
      </div>
      {runNow.isError && (
        <p className="cd-error-message" role="alert">
          {formatApiError(runNow.error)}
        </p>
      )}
      <Button
        variant="secondary"
        disabled={runNow.isPending}
        onClick={() => {
          setRan(false);
          runNow.mutate(undefined, { onSuccess: () => setRan(true) });
        }}
      >
        {RETENTION_SCREEN_TEXTS.RUN_NOW}
      </Button>
      {runs.isPending ? (
        <Spinner label="Loading the retention runs" />
      ) : runs.isError ? (
        <p className="cd-error-message" role="alert">
          {formatApiError(runs.error)}
        </p>
      ) : runs.data.rows.length === 0 ? (
        <p className="cd-body">{RETENTION_SCREEN_TEXTS.RUNS_EMPTY}</p>
      ) : (
        <div className="cd-table-container">
          <Table caption={RETENTION_SCREEN_TEXTS.RUNS} captionHidden columns={columns} rows={runs.data.rows} rowKey={(r) => String(r.ID)} />
        </div>
      )}
    </section>
  );
}
