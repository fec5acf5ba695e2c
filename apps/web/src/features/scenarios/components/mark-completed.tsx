import { SCENARIO_COMPLETION_FAILED, SCENARIO_TEXTS, type ApplicationStatus, type ScenarioCompletion } from '@clearing-desk/contracts';
import { Button, ConfirmDialog, Notice, Spinner } from '@clearing-desk/ui';
import { useLayoutEffect, useRef, useState } from 'react';
import { useCompleteScenario } from '../api/complete-scenario';
import { SCENARIO_SCREEN_TEXTS as T } from '../texts';

type MarkCompletedProps = {
  /** The scenario's HASH (sent as applicationHash). */
  hash: string;
  /** The status chosen in a training call, recorded with the completion. */
  status?: ApplicationStatus;
  onCompleted: (completion: ScenarioCompletion) => void;
};

/**
 * 'Mark as Completed' with its confirmation (spec section 2). A failure shows
 * SCENARIO_COMPLETION_FAILED in an error box that the page scrolls to and focuses (spec section 8);
 * the button stays, so the trainee can try again.
 */
export function MarkCompleted({ hash, status, onCompleted }: MarkCompletedProps) {
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(0);
  const errorRef = useRef<HTMLDivElement>(null);
  const mutation = useCompleteScenario();

  // Each failure (also a repeated one) brings the error box into view and focus.
  useLayoutEffect(() => {
    if (failed === 0) return;
    errorRef.current?.scrollIntoView?.({ block: 'center' });
    errorRef.current?.focus();
  }, [failed]);

  const complete = () => {
    setConfirming(false);
    mutation.mutate(
      { applicationHash: hash, ...(status ? { STATUS: status } : {}) },
      { onSuccess: (completion) => onCompleted(completion), onError: () => setFailed((n) => n + 1) },
    );
  };

  return (
    <div className="cd-scenario__complete">
      {failed > 0 && !mutation.isPending && (
        <div ref={errorRef} tabIndex={-1} className="cd-scenario__error">
          <Notice variant="error" live>
            <p className="cd-body">{SCENARIO_COMPLETION_FAILED}</p>
          </Notice>
        </div>
      )}
      {mutation.isPending && <Spinner label={T.COMPLETING} showLabel />}
      <Button onClick={() => setConfirming(true)} disabled={mutation.isPending}>
        {SCENARIO_TEXTS.MARK_COMPLETED}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={T.CONFIRM_COMPLETE}
        confirmLabel={T.CONFIRM_YES}
        cancelLabel={T.CONFIRM_NO}
        onConfirm={complete}
        onCancel={() => setConfirming(false)}
      >
        <p className="cd-body">{T.CONFIRM_COMPLETE_BODY}</p>
      </ConfirmDialog>
    </div>
  );
}
