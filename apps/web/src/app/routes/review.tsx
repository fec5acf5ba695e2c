import { automaticDecisionReasons, isAutomaticDecision, STATUS_PAGE_TEXTS } from '@clearing-desk/contracts';
import { Notice, Spinner } from '@clearing-desk/ui';
import { useParams } from 'react-router-dom';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { ApplicationReviewDetails } from '@/features/application-form/components/application-review';
import { useApplicationStatus } from '@/features/application-status/api/get-application-status';
import { ApplicationStatus } from '@/features/application-status/components/application-status';
import { CallbackBooking } from '@/features/callbacks/components/callback-booking';
import { AutomaticDecisionNotice } from '@/features/decision-review/components/automatic-decision-notice';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';

/** The page when the application cannot be shown: unknown (404), or its cycle has ended (410, the server's reason). */
function StatusUnavailable({ error }: { error: unknown }) {
  useDocumentTitle(STATUS_PAGE_TEXTS.TITLE);
  const message = error instanceof ApiError && error.status === 410 ? error.message : STATUS_PAGE_TEXTS.NOT_FOUND;
  return (
    <>
      <h1 className="cd-heading-l">{STATUS_PAGE_TEXTS.TITLE}</h1>
      <Notice variant="error">
        <p className="cd-body">{message}</p>
      </Notice>
    </>
  );
}

/**
 * /review/:applicationHash: the applicant's status page (spec section 2's review
 * page by hash), the link of every decision email: the decision and what to do next (feature
 * application-status), then the application read back (feature application-form), composed here
 * because features never import each other. Outside the Clearing gate (router.tsx): an applicant
 * with an offer must reach their deadline after Clearing closes, until the cycle ends.
 */
export function ReviewRoute() {
  const { applicationHash = '' } = useParams();
  const query = useApplicationStatus(applicationHash);
  if (query.isPending) return <Spinner label={STATUS_PAGE_TEXTS.LOADING} />;
  if (query.isError) return <StatusUnavailable error={query.error} />;
  return (
    <ApplicationStatus
      review={query.data}
      clearingTeamTelephone={env.VITE_CLEARING_TEAM_TELEPHONE}
      getCourseHref={(ucasCode) => paths.apply.course.getHref(ucasCode)}
      details={<ApplicationReviewDetails review={query.data} />}
      callback={<CallbackBooking hash={applicationHash} />}
      safeguards={
        isAutomaticDecision(query.data.decision.SUB_STATUS) ? (
          <AutomaticDecisionNotice
            reasons={automaticDecisionReasons({
              status: query.data.decision.STATUS,
              rejectionReasons: query.data.applicationData.REJECTION_REASONS.map((r) => r.MESSAGE),
              explanation: query.data.assessment.EXPLANATION,
              points: query.data.assessment.UCAS_POINTS_EFFECTIVE,
            })}
            reviewRequestHref={paths.reviewRequest.getHref(applicationHash)}
          />
        ) : undefined
      }
    />
  );
}

export { ReviewRoute as Component };
