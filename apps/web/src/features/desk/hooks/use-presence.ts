import type { PresenceResponse } from '@clearing-desk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { claimPresence, releasePresence } from '../api/presence';

/** How long to wait before trying again when a heartbeat failed (the network, a restart). */
const RETRY_MS = 15_000;

export type Presence = {
  /** Who holds the application as last heard (null before the first answer, or while not open). */
  presence: PresenceResponse | null;
  /** Claims the application from its holder (after the adviser confirmed); rejects with the API error. */
  takeOver: () => Promise<void>;
};

/**
 * Presence of an open application (contracts applications/presence.ts): while `open`, claims it at
 * once and again every `heartbeat_ms` the service asks for, so the hold stays while the form is
 * open and others see who has it; a holder who took it over meanwhile shows at the next
 * heartbeat. When `open` turns false (an outcome was recorded), the screen closes or the page
 * is left (pagehide: a tab closed), the hold is released. A failed heartbeat is tried again later; the service's own check still refuses a save
 * over someone else's hold.
 */
export function usePresence(studentId: string, ucasCode: string, open: boolean): Presence {
  const [presence, setPresence] = useState<PresenceResponse | null>(null);
  // The running heartbeat's restart: a take-over answers at once, then beats on from there.
  const restart = useRef<((answer: PresenceResponse) => void) | null>(null);

  useEffect(() => {
    if (!open) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = (answer: PresenceResponse) => {
      if (stopped) return;
      setPresence(answer);
      clearTimeout(timer);
      timer = setTimeout(beat, answer.heartbeat_ms);
    };
    const beat = () => {
      claimPresence(studentId, ucasCode).then(next, () => {
        if (!stopped) timer = setTimeout(beat, RETRY_MS);
      });
    };
    restart.current = next;
    beat();
    // A tab closed (or left for another page) unmounts nothing: the release goes out with the
    // page (fetch keepalive), so the application and its 'Next call' item are free at once rather
    // than when the hold and the claim run out.
    const onPageHide = () => void releasePresence(studentId, ucasCode, true).catch(() => undefined);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      stopped = true;
      restart.current = null;
      window.removeEventListener('pagehide', onPageHide);
      clearTimeout(timer);
      setPresence(null);
      void releasePresence(studentId, ucasCode).catch(() => undefined);
    };
  }, [studentId, ucasCode, open]);

  const takeOver = useCallback(async () => {
    const answer = await claimPresence(studentId, ucasCode, true);
    if (restart.current) restart.current(answer);
    else setPresence(answer);
  }, [studentId, ucasCode]);

  return { presence, takeOver };
}
