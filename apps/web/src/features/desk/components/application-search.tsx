import { APPLICATION_LISTING_SORTS, canFilterByNationality, type ApplicationListingSort } from '@clearing-desk/contracts';
import { PageSizeSelect, Pagination, pageCount, Spinner } from '@clearing-desk/ui';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { useApplications } from '../api/get-applications';
import { applicationsFoundText, DESK_TEXTS } from '../texts';
import { applicationSearchParams, parseApplicationSearchParams, type ApplicationSearchFilters } from '../utils/application-search-params';
import { ApplicationResults } from './application-results';
import { ApplicationSearchForm } from './application-search-form';

/**
 * The application listing (spec section 2): q, s, nationality, page, page_size and sort live in the
 * URL, so a search can be shared, reloaded and returned to from the edit screen. The nationality
 * filter is offered (and applied) only to users who see visa records. While a search loads only
 * the spinner shows: the rows of the previous search are never offered.
 */
export function ApplicationSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const showNationality = canFilterByNationality(useUser());
  const parsed = parseApplicationSearchParams(searchParams);
  const filters = showNationality ? parsed : { ...parsed, nationality: '' };
  const query = useApplications(filters);
  const resultsRef = useRef<HTMLDivElement>(null);

  const update = (next: ApplicationSearchFilters) => setSearchParams(applicationSearchParams(next));
  const goToPage = (page: number) => {
    update({ ...filters, page });
    resultsRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView?.({ block: 'start' });
  };

  const total = query.data?.total ?? 0;
  const capped = query.data?.total_capped ?? false;
  const listingSearch = `?${applicationSearchParams(filters).toString()}`;

  return (
    <>
      {/* key: a new search in the URL (back button) resets the form to it */}
      <ApplicationSearchForm
        key={`${filters.q}|${filters.s}|${filters.nationality}`}
        initialQuery={filters.q}
        initialFilter={filters.s}
        initialNationality={filters.nationality}
        showNationality={showNationality}
        onSearch={(search) => update({ ...filters, ...search, page: 1 })}
      />
      <div className="cd-search-results" ref={resultsRef} tabIndex={-1} aria-busy={query.isFetching}>
        {query.isPending ? (
          <Spinner label={DESK_TEXTS.LOADING} showLabel />
        ) : query.isError ? (
          <p className="cd-error-message" role="alert">
            {formatApiError(query.error)}
          </p>
        ) : (
          <>
            <div className="cd-search-results__bar">
              <p className="cd-body cd-search-results__count" role="status">
                {applicationsFoundText(total, capped)}
              </p>
              <div className="cd-search-results__controls">
                <div className="cd-form-group cd-listing-sort">
                  <label className="cd-label" htmlFor="application-sort">
                    {DESK_TEXTS.SORT_LABEL}
                  </label>
                  <select
                    id="application-sort"
                    name="sort"
                    className="cd-select"
                    value={filters.sort}
                    onChange={(event) => update({ ...filters, page: 1, sort: event.target.value as ApplicationListingSort })}
                  >
                    {APPLICATION_LISTING_SORTS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </div>
                <PageSizeSelect value={filters.page_size} onChange={(size) => update({ ...filters, page: 1, page_size: size })} />
              </div>
            </div>
            <ApplicationResults rows={query.data.rows} listingSearch={listingSearch} now={new Date(query.dataUpdatedAt)} />
            <Pagination
              currentPage={filters.page}
              // A capped total (more match than it): one page more, whose own answer counts further.
              totalPages={pageCount(total, filters.page_size) + (capped ? 1 : 0)}
              getHref={(page) => `?${applicationSearchParams({ ...filters, page }).toString()}`}
              onPageChange={goToPage}
            />
          </>
        )}
      </div>
    </>
  );
}
