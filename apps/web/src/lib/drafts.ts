/**
 * Drafts of staff forms kept in the tab (issue 19 item 1): sessionStorage, so a reload of the page
 * resumes a phone call where it was, and nothing outlives the tab. Cleared when the form is
 * stored and at sign-out (clearDrafts). JSON values under one prefix; storage that is full or
 * blocked (private modes) is skipped: a draft is a convenience, never needed to save.
 */
const PREFIX = 'clearing-desk:draft:';

/** The draft stored under `key`, or null (none, unreadable). */
export function readDraft<T>(key: string): T | null {
  try {
    const text = window.sessionStorage.getItem(PREFIX + key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

/** Stores the draft (a JSON value) under `key`. */
export function writeDraft(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the form goes on without a draft.
  }
}

/** Removes the draft under `key`. */
export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/** Removes every draft of this tab (sign-out: the next user starts with none). */
export function clearDrafts(): void {
  try {
    const keys = Array.from({ length: window.sessionStorage.length }, (_, i) => window.sessionStorage.key(i));
    for (const key of keys) if (key?.startsWith(PREFIX)) window.sessionStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept.
  }
}
