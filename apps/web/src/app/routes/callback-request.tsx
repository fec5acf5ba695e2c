import { CALLBACK_REQUEST_TEXTS } from '@clearing-desk/contracts';
import { Notice, Spinner } from '@clearing-desk/ui';
import { useParams } from 'react-router-dom';
import { useCallbackRequestSource } from '@/features/callbacks/api/callbacks';
import { CallbackBookingPanel } from '@/features/callbacks/components/callback-booking';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError, formatApiError } from '@/lib/api-client';

/**
 * /call/:token: the private page of a call booked from a course page by someone who has not
 * applied (the link in its email): the booking in words with Cancel and Change, the status page's
 * own panel (CallbackBookingPanel) over the token's requests. An unknown token says so.
 */
export function CallbackRequestRoute() {
  const { token = '' } = useParams();
  const source = useCallbackRequestSource(token);
  useDocumentTitle(CALLBACK_REQUEST_TEXTS.PAGE_HEADING);
  const { query } = source;
  return (
    <>
      <h1 className="cd-heading-l">{CALLBACK_REQUEST_TEXTS.PAGE_HEADING}</h1>
      {query.isPending && <Spinner label={CALLBACK_REQUEST_TEXTS.PAGE_HEADING} />}
      {query.isError && (
        <Notice variant="error">
          <p className="cd-body">
            {query.error instanceof ApiError && query.error.status === 404 ? CALLBACK_REQUEST_TEXTS.NOT_FOUND : formatApiError(query.error)}
          </p>
        </Notice>
      )}
      {query.isSuccess && <CallbackBookingPanel source={source} />}
    </>
  );
}

export { CallbackRequestRoute as Component };
