import type { MouseEvent } from 'react';
import { classNames } from './class-names';
import { paginationItems } from './pagination-items';
import { VisuallyHidden } from './visually-hidden';

export type PaginationProps = {
  currentPage: number;
  totalPages: number;
  /** Link target of a page (e.g. '?q=law&p=3'): pages stay real links (open in new tab, no JS). */
  getHref: (page: number) => string;
  /** Called instead of following the link on a plain click (client-side navigation). */
  onPageChange?: (page: number) => void;
  /** Name of the navigation landmark. */
  label?: string;
  maxNumbers?: number;
};

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** Page navigation: Previous, at most 5 page numbers with ellipses, Next. Nothing for one page. */
export function Pagination({ currentPage, totalPages, getHref, onPageChange, label = 'Pagination', maxNumbers }: PaginationProps) {
  if (totalPages <= 1) return null;
  const page = Math.min(Math.max(1, currentPage), totalPages);

  const linkProps = (target: number) => ({
    href: getHref(target),
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (!onPageChange || !isPlainClick(event)) return;
      event.preventDefault();
      onPageChange(target);
    },
  });

  return (
    <nav className="cd-pagination" aria-label={label}>
      {page > 1 && (
        <div className="cd-pagination__prev">
          <a className="cd-pagination__link" rel="prev" {...linkProps(page - 1)}>
            <span aria-hidden="true">‹ </span>Previous<VisuallyHidden> page</VisuallyHidden>
          </a>
        </div>
      )}
      <ul className="cd-pagination__list">
        {paginationItems(page, totalPages, maxNumbers).map((item) =>
          item.type === 'ellipsis' ? (
            <li key={item.key} className="cd-pagination__item cd-pagination__item--ellipsis">
              …
            </li>
          ) : (
            <li key={item.page} className={classNames('cd-pagination__item', item.current && 'cd-pagination__item--current')}>
              <a className="cd-pagination__link" aria-label={`Page ${item.page}`} aria-current={item.current ? 'page' : undefined} {...linkProps(item.page)}>
                {item.page}
              </a>
            </li>
          ),
        )}
      </ul>
      {page < totalPages && (
        <div className="cd-pagination__next">
          <a className="cd-pagination__link" rel="next" {...linkProps(page + 1)}>
            Next<VisuallyHidden> page</VisuallyHidden>
            <span aria-hidden="true"> ›</span>
          </a>
        </div>
      )}
    </nav>
  );
}
