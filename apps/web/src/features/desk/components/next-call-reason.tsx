import { WORK_QUEUE_TEXTS, type WorkQueueItem } from '@clearing-desk/contracts';
import { Notice } from '@clearing-desk/ui';

/** Why this application is the adviser's next call (contracts workQueueReason), shown above it while they handle it. */
export function NextCallReason({ item }: { item: WorkQueueItem }) {
  return (
    <Notice title={WORK_QUEUE_TEXTS.REASON_HEADING}>
      <p className="cd-body">{item.reason}</p>
    </Notice>
  );
}
