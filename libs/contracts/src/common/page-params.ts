import { LIMITS } from './limits';

/**
 * The paging parameters' rules as plain functions (the schemas in pagination.ts apply them): the
 * web app reads its URL with these on the first screen, without loading zod (ADR 0003).
 */

/**
 * Page number `p` (1-based): anything missing, non-numeric or below 1 means page 1, so a
 * hand-edited URL never breaks a search.
 */
export function pageNumberOf(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * `page_size`: missing gives `fallback` (20 for the course search, spec section 9); a value that is
 * not a positive whole number gives 10 (spec section 5: 'must be above 0, else 10'); above 200 is
 * capped at 200, the largest size offered.
 */
export function pageSizeOf(value: unknown, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) return LIMITS.PAGE_SIZE_DEFAULT;
  return Math.min(n, LIMITS.PAGE_SIZE_MAX);
}
