import { PRESENCE_TEXTS, type PresenceResponse } from '@clearing-desk/contracts';
import { Button, ConfirmDialog, Notice } from '@clearing-desk/ui';
import { useEffect, useRef, useState } from 'react';
import { formatApiError } from '@/lib/api-client';

type PresenceNoticeProps = {
  presence: PresenceResponse | null;
  /** Claims the application from its holder (usePresence's takeOver). */
  onTakeOver: () => Promise<void>;
};

/**
 * Who else has this application open (contracts PRESENCE_TEXTS): 'Open by Sam Patel since 10:42',
 * why saving is blocked, and 'Take over' behind a confirmation. Shown only while someone else
 * holds it (announced at once when it was this adviser's and was taken over); after a take-over a
 * status message says the application is now the adviser's and focus moves to it (the button that
 * had it is gone).
 */
export function PresenceNotice({ presence, onTakeOver }: PresenceNoticeProps) {
  const [asking, setAsking] = useState(false);
  const [takenOver, setTakenOver] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const takenRef = useRef<HTMLParagraphElement>(null);
  const holder = presence && !presence.mine ? presence.holder : null;
  // The adviser held it and someone took it over meanwhile: announced at once (an alert), since
  // their save buttons just stopped working; a notice there on opening is simply read in place.
  const wasMine = useRef(false);
  const lost = holder !== null && wasMine.current;
  // The notice and its button are gone after a take-over: focus goes to the sentence that
  // replaced them, once it is on screen (after the dialog has handed focus back).
  const showTaken = takenOver && presence?.mine === true;
  useEffect(() => {
    if (showTaken) takenRef.current?.focus();
  }, [showTaken]);
  useEffect(() => {
    if (presence) wasMine.current = presence.mine || (wasMine.current && holder !== null);
  }, [presence, holder]);

  const confirm = () => {
    setAsking(false);
    setError(null);
    onTakeOver().then(
      () => setTakenOver(true),
      (e: unknown) => setError(formatApiError(e)),
    );
  };

  if (!holder) {
    return showTaken ? (
      <p className="cd-body cd-presence-taken" role="status" tabIndex={-1} ref={takenRef}>
        {PRESENCE_TEXTS.TAKEN_OVER}
      </p>
    ) : null;
  }
  return (
    <div className="cd-presence">
      <Notice title={PRESENCE_TEXTS.openBy(holder)} live={lost}>
        <p className="cd-body">{PRESENCE_TEXTS.held(holder.name)}</p>
        {error && (
          <p className="cd-error-message" role="alert">
            {error}
          </p>
        )}
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {PRESENCE_TEXTS.TAKE_OVER}
        </Button>
      </Notice>
      <ConfirmDialog
        open={asking}
        title={PRESENCE_TEXTS.takeOverTitle(holder.name)}
        confirmLabel={PRESENCE_TEXTS.TAKE_OVER}
        cancelLabel={PRESENCE_TEXTS.TAKE_OVER_CANCEL}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p className="cd-body">{PRESENCE_TEXTS.TAKE_OVER_BODY}</p>
      </ConfirmDialog>
    </div>
  );
}
