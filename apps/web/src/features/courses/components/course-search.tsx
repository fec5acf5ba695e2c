import { PageSizeSelect, Pagination, pageCount, Spinner } from '@clearing-desk/ui';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatApiError } from '@/lib/api-client';
import { useCourses } from '../api/get-courses';
import { COURSE_TEXTS, coursesFoundText } from '../texts';
import { courseSearchParams, effectivePageSize, parseCourseSearchParams, type CourseSearchFilters } from '../utils/course-search-params';
import { CourseResults } from './course-results';
import { CourseSearchForm } from './course-search-form';

/**
 * Course search: q, p and page_size live in the URL, so searches can be shared and go back.
 * `showAccess` (the staff search) shows the user's role on each course. While a search loads only
 * the visible 'Loading courses' status shows (aria-busy on the results): the rows of the previous
 * search are never offered, so a quick click cannot open a course of the earlier search.
 */
export function CourseSearch({ showAccess = false }: { showAccess?: boolean }) {
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
      <CourseSearchForm initialQuery={filters.q} onSearch={(q) => update({ ...filters, q, p: 1 })} />

      <div className="cd-search-results" ref={resultsRef} tabIndex={-1} aria-busy={coursesQuery.isFetching}>
        {coursesQuery.isPending ? (
          <Spinner label={COURSE_TEXTS.LOADING_COURSES} showLabel />
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
            <CourseResults rows={coursesQuery.data.rows} showAccess={showAccess} />
            <Pagination
              // A page past the end is answered with the last page: show that one.
              currentPage={coursesQuery.data.p ?? filters.p}
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
