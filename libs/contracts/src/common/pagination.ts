import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * Page number `p` (1-based): anything missing, non-numeric or below 1 means page 1, so a
 * hand-edited URL never breaks a search.
 */
export const pageNumberSchema = z.preprocess((v) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}, z.number().int().min(1));

/**
 * `page_size`: missing gives `fallback` (20 for the course search, spec section 9); a value that is
 * not a positive whole number gives 10 (spec section 5: 'must be above 0, else 10'); above 200 is
 * capped at 200, the largest size offered.
 */
export const pageSizeSchema = (fallback: number) =>
  z.preprocess((v) => {
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0) return LIMITS.PAGE_SIZE_DEFAULT;
    return Math.min(n, LIMITS.PAGE_SIZE_MAX);
  }, z.number().int().min(1).max(LIMITS.PAGE_SIZE_MAX));
