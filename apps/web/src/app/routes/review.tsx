import { useParams } from 'react-router-dom';
import { ApplicationReview } from '@/features/application-form/components/application-review';

/** /review/:applicationHash: a submitted application's details (spec section 2 review page). */
export function ReviewRoute() {
  const { applicationHash = '' } = useParams();
  return <ApplicationReview applicationHash={applicationHash} />;
}

export { ReviewRoute as Component };
