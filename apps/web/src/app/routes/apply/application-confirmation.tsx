import { lazy, Suspense, useEffect } from 'react';
import { automaticDecisionReasons } from '@clearing-desk/contracts';
import { Navigate } from 'react-router-dom';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ApplicationConfirmation, confirmationHeading } from '@/features/application-form/components/application-confirmation';
import { useApplicationForm } from '@/features/application-form/components/application-form-provider';
import { AutomaticDecisionNotice } from '@/features/decision-review/components/automatic-decision-notice';
import { courseHeading } from '@/features/courses/components/course-information';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useCourseContext } from './course-context';

/**
 * 'Ask us to call you' (the status page's), loaded only once a confirmation is shown: /apply's
 * first-load budget (tools/bench/web/first-load.ts) has no room for it.
 */
const CallbackBooking = lazy(() => import('@/features/callbacks/components/callback-booking').then((m) => ({ default: m.CallbackBooking })));

/** The tab's last submission to a course (sessionStorage): its status page's hash, so a reload finds it. */
const confirmationKey = (ucasCode: string) => `clearing-desk:confirmation:${ucasCode}`;
const storage = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
};

/**
 * /apply/:ucasCode/confirmation: the outcome of the submission just made, from the form's state,
 * and 'Ask us to call you' for it (the status page's booking, by the answer's hash).
 * A reload (the state is gone) shows the same decision on its status page (/review/{hash}, kept
 * for this tab); without one, the course information page.
 */
export function ApplicationConfirmationRoute() {
  const { detail } = useCourseContext();
  const { state, qualOptions } = useApplicationForm();
  const course = detail.courseData;
  useDocumentTitle(state.submitted ? confirmationHeading(state.submitted.response, course) : null, courseHeading(course));
  const hash = state.submitted?.response.hash;
  useEffect(() => {
    if (hash) storage()?.setItem(confirmationKey(course.UCAS_CODE), hash);
  }, [hash, course.UCAS_CODE]);

  if (!state.submitted) {
    const kept = storage()?.getItem(confirmationKey(course.UCAS_CODE));
    return <Navigate to={kept ? paths.review.getHref(kept) : paths.apply.course.getHref(course.UCAS_CODE)} replace />;
  }
  const { response, values } = state.submitted;
  return (
    <ApplicationConfirmation
      response={response}
      course={course}
      values={values}
      qualOptions={qualOptions}
      clearingTeamTelephone={env.VITE_CLEARING_TEAM_TELEPHONE}
      courseName={courseHeading(course)}
      reviewHref={paths.review.getHref(response.hash)}
      searchHref={paths.apply.search.getHref()}
      getCourseHref={(code) => paths.apply.course.getHref(code)}
      callback={
        <Suspense fallback={null}>
          <CallbackBooking hash={response.hash} />
        </Suspense>
      }
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
