import { CALL_OUTCOME_OPTIONS, LIMITS, OUTBOUND_CALL_TEXTS, outboundCallDataSchema } from '@clearing-desk/contracts';
import { Button, ConfirmDialog, Select, Textarea } from '@clearing-desk/ui';
import { useState } from 'react';
import { formatApiError } from '@/lib/api-client';
import { useLogOutboundCall } from '../api/log-outbound-call';
import { DESK_TEXTS } from '../texts';

const OUTCOME_OPTIONS = CALL_OUTCOME_OPTIONS.map((outcome) => ({ value: outcome, label: outcome }));

type OutboundCallProps = {
  studentId: string;
  ucasCode: string;
  /** OUTBOUND_CALL_REMARK of the application: a remark means a call was logged. */
  remark: string | null;
  /** The user may not change this application: the button is shown, disabled. */
  disabled?: boolean;
  /** Called once a call is logged (an outcome: the screen releases its hold on the application). */
  onLogged?: () => void;
};

/**
 * Spec section 4 "Outbound call": a grey 'Outbound Call' button while the application has no
 * remark, a green 'Call Complete' with a tick once it has one. The dialog offers the call-outcome
 * options of spec section 3 and notes of at most 250 characters; saving stores the remark with the
 * current status (OUTBOUND_CALL_FLAG 1) and refreshes the application, whose LOG shows the call.
 */
export function OutboundCall({ studentId, ucasCode, remark, disabled = false, onLogged }: OutboundCallProps) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useLogOutboundCall(studentId, ucasCode);
  const complete = remark !== null && remark !== '';

  const close = () => {
    setOpen(false);
    setError(null);
  };
  const save = () => {
    const body = outboundCallDataSchema.safeParse({ CALL_OUTCOME: outcome || undefined, NOTES: notes });
    if (!body.success) {
      setError(body.error.issues[0]?.message ?? null);
      return;
    }
    mutation.mutate(body.data, {
      onSuccess: () => {
        setOutcome('');
        setNotes('');
        close();
        onLogged?.();
      },
      onError: (e) => setError(formatApiError(e)),
    });
  };

  return (
    <>
      <Button variant={complete ? 'primary' : 'secondary'} disabled={disabled} onClick={() => setOpen(true)} className="cd-outbound-call">
        {complete && <span aria-hidden="true">✓ </span>}
        {complete ? OUTBOUND_CALL_TEXTS.BUTTON_COMPLETE : OUTBOUND_CALL_TEXTS.BUTTON}
      </Button>
      <ConfirmDialog
        open={open}
        title={DESK_TEXTS.OUTBOUND_DIALOG_TITLE}
        confirmLabel={DESK_TEXTS.OUTBOUND_SAVE}
        cancelLabel={DESK_TEXTS.CANCEL}
        onConfirm={save}
        onCancel={close}
      >
        <Select
          id="outbound-outcome"
          label={DESK_TEXTS.OUTBOUND_OUTCOME}
          options={OUTCOME_OPTIONS}
          placeholder=""
          value={outcome}
          onChange={(event) => setOutcome(event.target.value)}
        />
        <Textarea
          id="outbound-notes"
          label={OUTBOUND_CALL_TEXTS.NOTES_LABEL}
          placeholder={OUTBOUND_CALL_TEXTS.NOTES_PLACEHOLDER}
          maxLength={LIMITS.OUTBOUND_CALL_NOTE_MAX}
          rows={3}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          error={error}
        />
      </ConfirmDialog>
    </>
  );
}
