import { automaticDecisionReasons } from '@clearing-desk/contracts';
import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApplicationConfirmation, confirmationHeading } from '@/features/application-form/components/application-confirmation';
import { useApplicationForm } from '@/features/application-form/components/application-form-provider';
import { AutomaticDecisionNotice } from '@/features/decision-review/components/automatic-decision-notice';
import { courseHeading } from '@/features/courses/components/course-information';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCourseContext } from './course-context';

/**
 * /apply/:ucasCode/confirmation: the outcome of the submission just made. The answer is kept in
 * the form's state only; without one (a reload) the course information page is shown, and the
 * review page (/review/{hash}) is the lasting link.
 */
export function ApplicationConfirmationRoute() {
  const { detail } = useCourseContext();
  const { state, qualOptions } = useApplicationForm();
  const course = detail.courseData;
  useDocumentTitle(state.submitted ? confirmationHeading(state.submitted.response, course) : null, courseHeading(course));

  if (!state.submitted) return <Navigate to={paths.apply.course.getHref(course.UCAS_CODE)} replace />;
  const { response, values } = state.submitted;
  return (
    <ApplicationConfirmation
      response={response}
      course={course}
      values={values}
      qualOptions={qualOptions}
      courseName={courseHeading(course)}
      reviewHref={paths.review.getHref(response.hash)}
      searchHref={paths.apply.search.getHref()}
      getCourseHref={(code) => paths.apply.course.getHref(code)}
      safeguards={
        // A public submission is offered (AO/AR) or rejected (AX) only automatically (domain.md "Public submissions").
        response.confirmed_status === 'O' || response.confirmed_status === 'X' ? (
          <AutomaticDecisionNotice
            reasons={automaticDecisionReasons({
              status: response.confirmed_status,
              rejectionReasons: response.rejection_reasons.map((r) => r.MESSAGE),
              explanation: response.assessment.EXPLANATION,
              points: response.assessment.UCAS_POINTS_EFFECTIVE,
            })}
            reviewRequestHref={paths.reviewRequest.getHref(response.hash)}
          />
        ) : undefined
      }
    />
  );
}

export { ApplicationConfirmationRoute as Component };
