import { CourseSearch } from '@/features/courses/components/course-search';
import { COURSE_TEXTS } from '@/features/courses/texts';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /apply: 'Find a degree' course search. */
export function CourseSearchRoute() {
  useDocumentTitle(COURSE_TEXTS.SEARCH_HEADING);
  return (
    <>
      <h1 className="cd-heading-xl">{COURSE_TEXTS.SEARCH_HEADING}</h1>
      <p className="cd-body-l">Search the courses with Clearing places and apply online.</p>
      <CourseSearch />
    </>
  );
}

export { CourseSearchRoute as Component };
