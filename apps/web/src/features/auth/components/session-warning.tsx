import { SESSION_WARNING_TEXTS } from '@clearing-desk/contracts';
import { ConfirmDialog } from '@clearing-desk/ui';
import { useEffect, useState } from 'react';
import { formatApiError } from '@/lib/api-client';
import { useSessionState, useStaySignedIn } from '../api/session';

const MINUTE_MS = 60_000;

/**
 * The idle warning: `warnBeforeMs` (two minutes) before the session's idle end
 * an alert dialog offers 'Stay signed in' (PUT /api/admin/auth/session; focus starts on it, and
 * Escape does the same: closing the warning is the adviser being there) or 'Sign out'. The ends
 * come from GET /api/admin/auth/session, asked again when the warning is due (what the adviser did
 * meanwhile may have moved the idle end) and at the idle end (its 401 then ends the session in the
 * app as any staff call's does). Render it only while someone is signed in.
 */
export function SessionWarning({ onSignOut }: { onSignOut: () => void }) {
  const session = useSessionState(true);
  const { refetch } = session;
  const stay = useStaySignedIn();
  const [now, setNow] = useState(() => Date.now());
  const idleEnd = session.data ? Date.parse(session.data.idleEndsAt) : null;
  const warnAt = session.data && idleEnd !== null ? idleEnd - session.data.warnBeforeMs : null;

  useEffect(() => {
    if (idleEnd === null || warnAt === null) return undefined;
    const wakeAt = now < warnAt ? warnAt : now < idleEnd ? idleEnd : null;
    if (wakeAt === null) return undefined;
    const timer = window.setTimeout(
      // The server's answer first: a warning only when it still says so (no flash of one that
      // the adviser's activity has already moved).
      () => void refetch().then(() => setNow(Date.now())),
      Math.max(0, wakeAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [idleEnd, warnAt, now, refetch]);

  const open = idleEnd !== null && warnAt !== null && now >= warnAt && now < idleEnd;
  const minutes = idleEnd === null ? 0 : Math.max(1, Math.ceil((idleEnd - now) / MINUTE_MS));
  const staySignedIn = () => {
    if (!stay.isPending) stay.mutate(undefined, { onSuccess: () => setNow(Date.now()) });
  };

  return (
    <ConfirmDialog
      open={open}
      role="alertdialog"
      title={SESSION_WARNING_TEXTS.TITLE}
      confirmLabel={SESSION_WARNING_TEXTS.STAY}
      cancelLabel={SESSION_WARNING_TEXTS.SIGN_OUT}
      onConfirm={staySignedIn}
      onCancel={onSignOut}
      onEscape={staySignedIn}
    >
      <p className="cd-body">{SESSION_WARNING_TEXTS.BODY(minutes)}</p>
      {stay.isError && <p className="cd-error-message">{formatApiError(stay.error)}</p>}
    </ConfirmDialog>
  );
}
