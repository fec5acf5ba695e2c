import { workQueueItemSchema, type WorkQueueItem } from '@clearing-desk/contracts';
import { clearDraft, readDraft, writeDraft } from './drafts';

/**
 * A booked call without an application that 'Next call' handed out, on its way from the queue to
 * the phone-entry form (/apply/{course}): kept in the tab with the form's drafts (lib/drafts), so a
 * reload in the middle of the call keeps the reason and the call the saved application closes.
 */
const callerKey = (ucasCode: string) => `apply:${ucasCode}:caller`;

/** Starts the phone entry for the item's caller: a new form (the course's drafts in this tab go) and the item kept for it. */
export function handOverCaller(item: WorkQueueItem): void {
  clearDraft(`apply:${item.UCAS_CODE}`);
  clearDraft(`apply:${item.UCAS_CODE}:student`);
  writeDraft(callerKey(item.UCAS_CODE), item);
}

/** The caller handed over for the course's phone entry, if any. */
export function readCaller(ucasCode: string): WorkQueueItem | null {
  const parsed = workQueueItemSchema.safeParse(readDraft(callerKey(ucasCode)));
  return parsed.success && parsed.data.CALLER ? parsed.data : null;
}

/** The phone entry is saved (the call closed with it) or discarded. */
export function clearCaller(ucasCode: string): void {
  clearDraft(callerKey(ucasCode));
}
