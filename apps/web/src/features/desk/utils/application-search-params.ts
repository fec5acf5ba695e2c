import {
  applicationListingFilterSchema,
  applicationListingSortSchema,
  DEFAULT_LISTING_SORT,
  isCountryCode,
  LIMITS,
  listingNationalitySchema,
  pageNumberSchema,
  pageSizeSchema,
  type ApplicationListingFilter,
  type ApplicationListingSort,
} from '@clearing-desk/contracts';

/**
 * The listing's search as its URL holds it (spec section 2): text q, status filter s ('' for All),
 * nationality (an alpha-3 country code, '' for any), page and page_size (10 when missing or not
 * positive, spec section 5), sort (newest or oldest first; newest when missing).
 */
export type ApplicationSearchFilters = {
  q: string;
  s: ApplicationListingFilter;
  nationality: string;
  page: number;
  page_size: number;
  sort: ApplicationListingSort;
};

const pageSize = pageSizeSchema(LIMITS.PAGE_SIZE_DEFAULT);

/** Reads q, s, nationality, page, page_size and sort from the URL with the contract rules: bad values fall back, never throw. */
export function parseApplicationSearchParams(params: URLSearchParams): ApplicationSearchFilters {
  const q = (params.get('q') ?? '').trim().slice(0, LIMITS.TEXT_MAX);
  const s = applicationListingFilterSchema.safeParse(params.get('s') ?? '');
  const nationality = listingNationalitySchema.safeParse(params.get('nationality') ?? '');
  const sort = applicationListingSortSchema.safeParse(params.get('sort') ?? DEFAULT_LISTING_SORT);
  return {
    q,
    s: s.success ? s.data : '',
    nationality: nationality.success && isCountryCode(nationality.data) ? nationality.data : '',
    page: pageNumberSchema.parse(params.get('page') ?? undefined),
    page_size: pageSize.parse(params.get('page_size') ?? undefined),
    sort: sort.success ? sort.data : DEFAULT_LISTING_SORT,
  };
}

/** URL query of a search: empty q, s and nationality and the default sort are left out; page and page_size are written out. */
export function applicationSearchParams(filters: ApplicationSearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.s) params.set('s', filters.s);
  if (filters.nationality) params.set('nationality', filters.nationality);
  params.set('page', String(filters.page));
  params.set('page_size', String(filters.page_size));
  if (filters.sort !== DEFAULT_LISTING_SORT) params.set('sort', filters.sort);
  return params;
}
