import type { ReactNode } from 'react';
import { classNames } from './class-names';
import { VisuallyHidden } from './visually-hidden';

export type TableColumn<T> = {
  id: string;
  /** Column heading; also labels each cell when the table stacks on narrow screens. */
  header: string;
  /** Keep the heading for screen readers only (e.g. an actions column). */
  headerHidden?: boolean;
  cell: (row: T) => ReactNode;
  className?: string;
};

export type TableProps<T> = {
  caption: ReactNode;
  captionHidden?: boolean;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  className?: string;
};

/**
 * Data table with a caption and column headings. Below 641 px wide each row becomes a card whose
 * cells are labelled with their heading (the `data-label` attribute, see the styles).
 */
export function Table<T>({ caption, captionHidden = false, columns, rows, rowKey, className }: TableProps<T>) {
  return (
    <table className={classNames('cd-table', 'cd-table--responsive', className)}>
      <caption className="cd-table__caption">{captionHidden ? <VisuallyHidden>{caption}</VisuallyHidden> : caption}</caption>
      <thead className="cd-table__head">
        <tr className="cd-table__row">
          {columns.map((column) => (
            <th key={column.id} scope="col" className={classNames('cd-table__header', column.className)}>
              {column.headerHidden ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="cd-table__body">
        {rows.map((row) => (
          <tr key={rowKey(row)} className="cd-table__row">
            {columns.map((column) => (
              <td key={column.id} className={classNames('cd-table__cell', column.className)} data-label={column.headerHidden ? undefined : column.header}>
                <div className="cd-table__cell-content">{column.cell(row)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
