import { z } from 'zod';
import { LIMITS } from './limits';
import { pageNumberOf, pageSizeOf } from './page-params';

/** Page number `p` (1-based), as `pageNumberOf` reads it. */
export const pageNumberSchema = z.preprocess(pageNumberOf, z.number().int().min(1));

/** `page_size`, as `pageSizeOf` reads it with `fallback` for a missing value. */
export const pageSizeSchema = (fallback: number) => z.preprocess((v) => pageSizeOf(v, fallback), z.number().int().min(1).max(LIMITS.PAGE_SIZE_MAX));
