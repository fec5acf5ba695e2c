import type { ReactNode } from 'react';

export type FactListRow = { key: string; label: string; value: ReactNode };

/**
 * A summary list of facts, each row marked with `attribute` = its key (e.g. a decision's facts,
 * `data-decision-fact="reference"`), so every screen that lists the same facts can be read alike.
 */
export function FactList({ rows, attribute }: { rows: readonly FactListRow[]; attribute: string }) {
  return (
    <dl className="cd-summary-list cd-fact-list">
      {rows.map((row) => (
        <div key={row.key} className="cd-summary-list__row" {...{ [attribute]: row.key }}>
          <dt className="cd-summary-list__key">{row.label}</dt>
          <dd className="cd-summary-list__value">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
