import { z } from 'zod';
import { LIMITS } from '../common/limits';
import { pageNumberSchema, pageSizeSchema } from '../common/pagination';
import { accessSchema } from '../auth/roles';
import { courseRowSchema } from './course';
import { timestampQuerySchema } from '../common/timestamp-query';

/**
 * GET /api/courses query (spec section 7): keyword `q`, 1-based page `p`, `page_size`
 * (20 when missing, spec section 9), optional `school` code. `_` is the client's cache-busting timestamp.
 */
export const courseSearchQuerySchema = timestampQuerySchema.extend({
  q: z.string().trim().max(LIMITS.TEXT_MAX, { message: "'q' max length is 256." }).default(''),
  p: pageNumberSchema.default(1),
  page_size: pageSizeSchema(LIMITS.COURSE_SEARCH_PAGE_SIZE_DEFAULT),
  /** Only courses of this school code (exact), e.g. for alternatives in the same school. */
  school: z.string().trim().toUpperCase().max(16).optional(),
});
export type CourseSearchQuery = z.infer<typeof courseSearchQuerySchema>;

/** A search result: the course row plus, for a signed-in staff user (the /staff search), their role on it. */
export const courseSearchRowSchema = courseRowSchema.extend({ access: accessSchema.optional() });
export type CourseSearchRow = z.infer<typeof courseSearchRowSchema>;

export const courseSearchResponseSchema = z.object({
  rows: z.array(courseSearchRowSchema),
  total: z.number().int().nonnegative(),
  /** The page answered: `p` itself, or the last page when `p` was past the end. */
  p: z.number().int().positive().optional(),
});
export type CourseSearchResponse = z.infer<typeof courseSearchResponseSchema>;
