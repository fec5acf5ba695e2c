/**
 * Drafts of application forms kept in the tab: sessionStorage, so a reload of the page resumes a
 * phone call (or an applicant's form) where it was, and nothing outlives the tab. JSON values
 * under one prefix; storage that is full or blocked (private modes) is skipped: a draft is a
 * convenience, never needed to save. Whose form a draft is (staff or public): docs/domain/sessions.md.
 *
 * Whose form it is belongs to the form (domain.md 'Staff sessions on results day'): a form's mark
 * (`FormMark`, beside its draft) says whether it was opened as staff or public, and that, not the
 * session of the moment, decides how it renders. A deliberate sign-out ends every staff draft of
 * the browser: the signing-out tab's at once, the other tabs' through a sign-out time in
 * localStorage (`noteSignOut`), read when a staff form loads or the tab regains focus, and
 * announced live by the storage event (`onSignOutElsewhere`). Public drafts stay: they are the
 * applicant's, not the session's.
 */
const PREFIX = 'clearing-desk:draft:';
/** Public forms' drafts: kept over a staff sign-out. */
const PUBLIC_PREFIX = `${PREFIX}public:`;
const MARK_PREFIX = 'clearing-desk:form-mark:';
/** localStorage: when a staff user last signed out in this browser (ms since the epoch). */
export const SIGNED_OUT_AT_KEY = 'clearing-desk:signed-out-at';
/** localStorage: one entry per tab with a staff call in progress (a staff draft open), its tab id. */
const OPEN_CALL_PREFIX = 'clearing-desk:open-call:';

/** A form's mark in the tab: whose form it is, who opened it (staff), and when (ms). */
export type FormMark = {
  audience: 'staff' | 'public';
  user: string | null;
  openedAt: number;
  /** A sign-out discarded this staff form's draft: it asks to sign in, saying so. */
  discarded?: boolean;
};

/** sessionStorage: since when this tab holds staff drafts (ms): a sign-out after it ends them. */
const STAFF_SINCE_KEY = 'clearing-desk:staff-calls-since';

/** The key of a public form's draft for `key` (kept over sign-outs). */
export const publicDraftKey = (key: string): string => `public:${key}`;

const storage = (kind: 'session' | 'local'): Storage | null => {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
};

function readJson<T>(store: Storage | null, key: string): T | null {
  try {
    const text = store?.getItem(key) ?? null;
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

function writeJson(store: Storage | null, key: string, value: unknown): void {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the form goes on without it.
  }
}

function remove(store: Storage | null, key: string): void {
  try {
    store?.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

function keysOf(store: Storage | null): string[] {
  try {
    if (!store) return [];
    return Array.from({ length: store.length }, (_, i) => store.key(i)).filter((key): key is string => key !== null);
  } catch {
    return [];
  }
}

/** The draft stored under `key`, or null (none, unreadable). */
export function readDraft<T>(key: string): T | null {
  return readJson<T>(storage('session'), PREFIX + key);
}

/** Stores the draft (a JSON value) under `key`; a staff draft (any but publicDraftKey's) notes since when the tab holds one. */
export function writeDraft(key: string, value: unknown): void {
  const store = storage('session');
  if (!(PREFIX + key).startsWith(PUBLIC_PREFIX) && readJson<number>(store, STAFF_SINCE_KEY) === null) writeJson(store, STAFF_SINCE_KEY, Date.now());
  writeJson(store, PREFIX + key, value);
}

/** Removes the draft under `key`. */
export function clearDraft(key: string): void {
  remove(storage('session'), PREFIX + key);
}

/** The mark of the form under `key` in this tab, or null (none yet). */
export function readFormMark(key: string): FormMark | null {
  const mark = readJson<FormMark>(storage('session'), MARK_PREFIX + key);
  return mark && (mark.audience === 'staff' || mark.audience === 'public') && typeof mark.openedAt === 'number' ? mark : null;
}

/** Marks the form under `key` as `mark.audience`'s. */
export function writeFormMark(key: string, mark: FormMark): void {
  writeJson(storage('session'), MARK_PREFIX + key, mark);
}

/** Removes the mark of the form under `key` (stored, or discarded). */
export function clearFormMark(key: string): void {
  remove(storage('session'), MARK_PREFIX + key);
}

/** Removes every draft and mark of this tab, public ones included (the next user starts with none). */
export function clearDrafts(): void {
  const store = storage('session');
  for (const key of keysOf(store)) if (key.startsWith(PREFIX) || key.startsWith(MARK_PREFIX)) remove(store, key);
  remove(store, STAFF_SINCE_KEY);
}

/**
 * Removes this tab's staff drafts (public ones stay). Staff marks stay staff, marked `discarded`:
 * the form asks to sign in, never turns public.
 */
export function discardStaffDrafts(): void {
  const store = storage('session');
  const now = Date.now();
  for (const key of keysOf(store)) {
    if (key.startsWith(PREFIX) && !key.startsWith(PUBLIC_PREFIX)) remove(store, key);
    if (key.startsWith(MARK_PREFIX) && readJson<FormMark>(store, key)?.audience === 'staff') {
      writeJson(store, key, { audience: 'staff', user: null, openedAt: now, discarded: true } satisfies FormMark);
    }
  }
  remove(store, STAFF_SINCE_KEY);
}

/**
 * Discards this tab's staff drafts when a sign-out in this browser came after they were begun (a
 * restored tab, a tab that did not hear it): run when the app loads and when the tab regains
 * focus. True when it discarded some.
 */
export function discardDraftsSignedOutSince(): boolean {
  const since = readJson<number>(storage('session'), STAFF_SINCE_KEY);
  if (typeof since !== 'number' || !signedOutSince(since)) return false;
  discardStaffDrafts();
  return true;
}

/** When a staff user last signed out in this browser (ms), or null. */
export function lastSignOutAt(): number | null {
  const at = readJson<number>(storage('local'), SIGNED_OUT_AT_KEY);
  return typeof at === 'number' ? at : null;
}

/** Whether a sign-out in this browser came after `openedAt`: then a staff form opened then is over. */
export const signedOutSince = (openedAt: number): boolean => (lastSignOutAt() ?? -Infinity) > openedAt;

const signOutHereListeners = new Set<() => void>();

/**
 * A deliberate sign-out: every tab's staff drafts end (this tab's now, the others' when they see
 * the time), and this tab's open calls are no longer in progress.
 */
export function noteSignOut(): void {
  writeJson(storage('local'), SIGNED_OUT_AT_KEY, Date.now());
  clearDrafts();
  for (const listener of [...signOutHereListeners]) listener();
}

/** Calls `listener` when a staff user signs out in this tab (noteSignOut); answers the unsubscribe. */
export function onSignOutHere(listener: () => void): () => void {
  signOutHereListeners.add(listener);
  return () => {
    signOutHereListeners.delete(listener);
  };
}

/**
 * Calls `listener` when a staff user signs out in another tab of this browser (the storage event
 * of SIGNED_OUT_AT_KEY); answers the unsubscribe.
 */
export function onSignOutElsewhere(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === SIGNED_OUT_AT_KEY && event.newValue !== null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** This tab's id for the open-call entries: one per page load. */
const TAB_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
let openCalls = 0;

/**
 * Registers a staff call in progress in this tab (a staff draft open) in localStorage, so a
 * sign-out in another tab asks first; answers the function that ends it. Entries go when the
 * page is left (pagehide), so a closed tab leaves none behind.
 */
export function registerOpenCall(): () => void {
  openCalls += 1;
  const local = storage('local');
  writeJson(local, OPEN_CALL_PREFIX + TAB_ID, Date.now());
  const onPageHide = () => remove(local, OPEN_CALL_PREFIX + TAB_ID);
  const onPageShow = () => {
    if (openCalls > 0) writeJson(local, OPEN_CALL_PREFIX + TAB_ID, Date.now());
  };
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    openCalls -= 1;
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
    if (openCalls === 0) remove(local, OPEN_CALL_PREFIX + TAB_ID);
  };
}

/** Whether a staff call is in progress in this tab (registerOpenCall). */
export const callInProgressHere = (): boolean => openCalls > 0;

/** Whether a staff call is in progress in another tab of this browser (registerOpenCall). */
export function callInProgressElsewhere(): boolean {
  return keysOf(storage('local')).some((key) => key.startsWith(OPEN_CALL_PREFIX) && key !== OPEN_CALL_PREFIX + TAB_ID);
}
