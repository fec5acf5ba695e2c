import { PageSizeSelect, Pagination, pageCount, Spinner } from '@clearing-desk/ui';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatApiError } from '@/lib/api-client';
import { useCourses } from '../api/get-courses';
import { COURSE_TEXTS, coursesFoundText } from '../texts';
import {
  courseSearchParams,
  effectivePageSize,
  parseCourseSearchParams,
  type CourseSearchFilters,
} from '../utils/course-search-params';
import { CourseResults } from './course-results';
import { CourseSearchForm } from './course-search-form';

/** Course search: q, p and page_size live in the URL, so searches can be shared and go back. */
export function CourseSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseCourseSearchParams(searchParams);
  const pageSize = effectivePageSize(filters);
  const coursesQuery = useCourses(filters);
  const resultsRef = useRef<HTMLDivElement>(null);

  const update = (next: CourseSearchFilters) => setSearchParams(courseSearchParams(next));

  const goToPage = (p: number) => {
    update({ ...filters, p });
    resultsRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView?.({ block: 'start' });
  };

  const total = coursesQuery.data?.total ?? 0;
  const totalPages = pageCount(total, pageSize);

  return (
    <>
      {/* key: a new q in the URL (back button) resets the box to it */}
      <CourseSearchForm key={filters.q} initialQuery={filters.q} onSearch={(q) => update({ ...filters, q, p: 1 })} />

      <div className="cd-search-results" ref={resultsRef} tabIndex={-1} aria-busy={coursesQuery.isFetching}>
        {coursesQuery.isPending ? (
          <Spinner label={COURSE_TEXTS.LOADING_COURSES} />
        ) : coursesQuery.isError ? (
          <p className="cd-error-message" role="alert">
            {formatApiError(coursesQuery.error)}
          </p>
        ) : (
          <>
            <div className="cd-search-results__bar">
              <p className="cd-body cd-search-results__count" role="status">
                {coursesFoundText(total)}
              </p>
              <PageSizeSelect value={pageSize} onChange={(size) => update({ ...filters, p: 1, page_size: size })} />
            </div>
            <CourseResults rows={coursesQuery.data.rows} />
            <Pagination
              currentPage={filters.p}
              totalPages={totalPages}
              getHref={(p) => `?${courseSearchParams({ ...filters, p }).toString()}`}
              onPageChange={goToPage}
            />
          </>
        )}
      </div>
    </>
  );
}
