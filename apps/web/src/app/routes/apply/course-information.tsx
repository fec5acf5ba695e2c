import { CourseInformation, courseHeading } from '@/features/courses/components/course-information';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCourseContext } from './course-context';

/** /apply/:ucasCode (index): the course information page before the form. */
export function CourseInformationRoute() {
  const { detail, canApply, staffApplication } = useCourseContext();
  const course = detail.courseData;
  useDocumentTitle(courseHeading(course));
  return (
    <CourseInformation
      course={course}
      canApply={canApply}
      startHref={paths.apply.step.getHref(course.UCAS_CODE, 'personal-details')}
      staff={Boolean(staffApplication)}
    />
  );
}

export { CourseInformationRoute as Component };
