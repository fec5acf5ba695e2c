import { LIMITS } from '@clearing-desk/contracts';

export type PaginationItem = { type: 'page'; page: number; current: boolean } | { type: 'ellipsis'; key: string };

/** Number of pages needed for `total` items, `pageSize` per page (0 items -> 0 pages). */
export const pageCount = (total: number, pageSize: number): number => (total > 0 && pageSize > 0 ? Math.ceil(total / pageSize) : 0);

/**
 * The page links to show (spec section 9: up to 5 page numbers with ellipses), GOV.UK style:
 * the first and last pages always, the current page with its neighbours between them, and an
 * ellipsis wherever pages are skipped. Near either end the window slides so that `maxNumbers`
 * numbers are still shown, e.g. for 10 pages:
 *   page 1 -> 1 2 3 4 … 10;  page 5 -> 1 … 4 5 6 … 10;  page 10 -> 1 … 7 8 9 10.
 * `current` outside 1..totalPages is clamped; `maxNumbers` below 3 is treated as 3.
 */
export function paginationItems(current: number, totalPages: number, maxNumbers: number = LIMITS.PAGE_NUMBERS_SHOWN): PaginationItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const page = Math.min(Math.max(1, Math.floor(current) || 1), total);
  const max = Math.max(3, Math.floor(maxNumbers));
  const pageItem = (n: number): PaginationItem => ({ type: 'page', page: n, current: n === page });

  if (total <= max) return Array.from({ length: total }, (_, i) => pageItem(i + 1));

  // Pages between the first and the last: a window of max - 2 numbers around the current page.
  const inner = max - 2;
  let start = page - Math.floor((inner - 1) / 2);
  start = Math.min(Math.max(start, 2), total - inner);
  const end = start + inner - 1;

  const items: PaginationItem[] = [pageItem(1)];
  if (start > 2) items.push({ type: 'ellipsis', key: 'start' });
  for (let n = start; n <= end; n += 1) items.push(pageItem(n));
  if (end < total - 1) items.push({ type: 'ellipsis', key: 'end' });
  items.push(pageItem(total));
  return items;
}
