import { CourseSearch } from '@/features/courses/components/course-search';
import { COURSE_TEXTS } from '@/features/courses/texts';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /staff: the staff course search, with the user's role on each course; Apply goes to /apply/{code}. */
export function StaffCourseSearchRoute() {
  useDocumentTitle(COURSE_TEXTS.STAFF_SEARCH_HEADING);
  return (
    <>
      <h1 className="cd-heading-xl">{COURSE_TEXTS.STAFF_SEARCH_HEADING}</h1>
      <p className="cd-body-l">{COURSE_TEXTS.STAFF_SEARCH_INTRO}</p>
      <CourseSearch showAccess />
    </>
  );
}

export { StaffCourseSearchRoute as Component };
