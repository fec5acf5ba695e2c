import { COURSE_PAGE_ERRORS, coursePageState, type ApplyResponse } from '@clearing-desk/contracts';
import { Notice, Spinner } from '@clearing-desk/ui';
import { useCallback } from 'react';
import { Link, Outlet, useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApplicationFormProvider } from '@/features/application-form/components/application-form-provider';
import { LeaveApplicationGuard } from '@/features/application-form/components/leave-application-guard';
import { useCourse } from '@/features/courses/api/get-course';
import { COURSE_TEXTS } from '@/features/courses/texts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { CourseOutletContext } from './course-context';

function CourseError({ message }: { message: string }) {
  useDocumentTitle(message);
  return (
    <>
      <h1 className="cd-heading-l">{COURSE_TEXTS.COURSE_PAGE_HEADING_ERROR}</h1>
      <Notice variant="error">
        <p className="cd-notice__heading">{message}</p>
      </Notice>
      <p className="cd-body">
        <Link className="cd-link" to={paths.apply.search.getHref()}>
          {COURSE_TEXTS.BACK_TO_SEARCH}
        </Link>
      </p>
    </>
  );
}

/**
 * /apply/:ucasCode: the application wrapper (spec section 2). It loads the course once and shows
 * the course page states of spec section 4; when the course can be shown, its child route
 * renders: the information page (index), a form step or the confirmation. The application form's
 * state lives here, around every child, so switching steps keeps the answers; its key is the code
 * in the URL, so another course starts a new form.
 */
export function CourseRoute() {
  const { ucasCode = '' } = useParams();
  const navigate = useNavigate();
  const courseQuery = useCourse(ucasCode);
  const applicationHref = paths.apply.course.getHref(ucasCode);
  const isInsideApplication = useCallback(
    (pathname: string) => pathname === applicationHref || pathname.startsWith(`${applicationHref}/`),
    [applicationHref],
  );
  const onSubmitted = useCallback(
    (_response: ApplyResponse) => navigate(paths.apply.confirmation.getHref(ucasCode)),
    [navigate, ucasCode],
  );

  if (courseQuery.isPending) return <Spinner label={COURSE_TEXTS.LOADING_COURSE} />;
  if (courseQuery.isError) return <CourseError message={COURSE_PAGE_ERRORS.FETCH_FAILED} />;

  const state = coursePageState(courseQuery.data.courseData);
  if (state.kind === 'error') return <CourseError message={state.message} />;

  const context: CourseOutletContext = {
    detail: courseQuery.data,
    canApply: state.canApply,
    canStart: state.canApply && courseQuery.data.courseData.VACANCIES_EXTERNAL > 0,
  };
  return (
    <ApplicationFormProvider key={ucasCode} course={courseQuery.data} onSubmitted={onSubmitted}>
      <LeaveApplicationGuard isInsideApplication={isInsideApplication} />
      <Outlet context={context} />
    </ApplicationFormProvider>
  );
}

export { CourseRoute as Component };
