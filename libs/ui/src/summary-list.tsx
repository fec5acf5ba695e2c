import type { ReactNode } from 'react';

export type SummaryListRow = { key: string; value: ReactNode };

/** Key/value list (GOV.UK summary list) for showing a record's details. Empty values are skipped. */
export function SummaryList({ rows }: { rows: readonly SummaryListRow[] }) {
  const shown = rows.filter((row) => row.value !== null && row.value !== undefined && row.value !== '');
  return (
    <dl className="cd-summary-list">
      {shown.map((row) => (
        <div key={row.key} className="cd-summary-list__row">
          <dt className="cd-summary-list__key">{row.key}</dt>
          <dd className="cd-summary-list__value">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
