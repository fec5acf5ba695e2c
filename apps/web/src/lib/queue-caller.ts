import type { WorkQueueItem } from '@clearing-desk/contracts';
import { clearDraft, readDraft, writeDraft } from './drafts';

/**
 * A booked call without an application that 'Next call' handed out, on its way from the queue to
 * the phone-entry form (/apply/{course}): kept in the tab with the form's drafts (lib/drafts), so a
 * reload in the middle of the call keeps the reason and the call the saved application closes.
 * Read without zod: the course page's route must not load the schemas.
 */
const callerKey = (ucasCode: string) => `apply:${ucasCode}:caller`;

/** Starts the phone entry for the item's caller: a new form (the course's drafts in this tab go) and the item kept for it. */
export function handOverCaller(item: WorkQueueItem): void {
  clearDraft(`apply:${item.UCAS_CODE}`);
  clearDraft(`apply:${item.UCAS_CODE}:student`);
  writeDraft(callerKey(item.UCAS_CODE), item);
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** The caller handed over for the course's phone entry, if any (what this tab stored itself, checked field by field). */
export function readCaller(ucasCode: string): WorkQueueItem | null {
  const item = readDraft<Partial<WorkQueueItem>>(callerKey(ucasCode));
  const caller = item?.CALLER;
  if (!item || !isText(item.reason) || item.UCAS_CODE !== ucasCode || !caller) return null;
  if (![caller.CALLBACK_ID, caller.NAME, caller.TEL, caller.EMAIL].every(isText)) return null;
  return item as WorkQueueItem;
}

/** The phone entry is saved (the call closed with it) or discarded. */
export function clearCaller(ucasCode: string): void {
  clearDraft(callerKey(ucasCode));
}
