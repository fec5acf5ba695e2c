import { WORK_QUEUE_TEXTS, type WorkQueueItem } from '@clearing-desk/contracts';
import { Button } from '@clearing-desk/ui';
import { useState } from 'react';
import { formatApiError } from '@/lib/api-client';
import { useNextCall } from '../api/next-call';

type NextCallProps = {
  /** Opens the item taken (the app's edit screen, with the reason). */
  onTaken: (item: WorkQueueItem) => void;
};

/**
 * The 'Next call' button: takes the most urgent item of the work queue the adviser may handle
 * and opens it; when none waits, says so in a status message (announced, focus stays on the button).
 */
export function NextCall({ onTaken }: NextCallProps) {
  const mutation = useNextCall();
  const [message, setMessage] = useState<string | null>(null);
  const take = () => {
    setMessage(null);
    mutation.mutate(undefined, {
      onSuccess: ({ item }) => (item ? onTaken(item) : setMessage(WORK_QUEUE_TEXTS.NONE_WAITING)),
      onError: (error) => setMessage(formatApiError(error)),
    });
  };
  return (
    <div className="cd-next-call">
      <Button onClick={take} disabled={mutation.isPending} aria-describedby={message ? 'next-call-message' : undefined}>
        {WORK_QUEUE_TEXTS.NEXT_CALL}
      </Button>
      <p className="cd-body cd-next-call__message" id="next-call-message" role="status">
        {message}
      </p>
    </div>
  );
}
