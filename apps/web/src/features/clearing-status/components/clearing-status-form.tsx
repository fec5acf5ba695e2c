import { CLOSING_MESSAGE_MAX, type ClearingStatusResponse } from '@clearing-desk/contracts';
import { Button, Radios, Textarea } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { CLEARING_STATUS_TEXTS } from '../texts';

export const STATE_ID = 'clearing-state';
export const MESSAGE_ID = 'closing-message';

export type ClearingStatusValues = { state: string; message: string };

type ClearingStatusFormProps = {
  initial: ClearingStatusResponse;
  saving: boolean;
  messageError: string | null;
  /** `saved` is called with the stored setting, so the boxes show what was kept (the trimmed message). */
  onSubmit: (values: ClearingStatusValues, saved: (status: ClearingStatusResponse) => void) => void;
  /** Any change hides the last 'Settings saved.'. */
  onEdit: () => void;
};

/** Radios 'Open' / 'Closed' for Clearing, the 'Closing message' box and 'Save settings'. */
export function ClearingStatusForm({ initial, saving, messageError, onSubmit, onEdit }: ClearingStatusFormProps) {
  const [state, setState] = useState(String(initial.state));
  const [message, setMessage] = useState(initial.closing_message ?? '');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    onSubmit({ state, message }, (status) => {
      setState(String(status.state));
      setMessage(status.closing_message ?? '');
    });
  };

  return (
    <form className="cd-settings-form" onSubmit={submit} noValidate>
      <Radios
        id={STATE_ID}
        name="state"
        legend={CLEARING_STATUS_TEXTS.STATE_LEGEND}
        options={[
          { value: '1', label: CLEARING_STATUS_TEXTS.OPEN },
          { value: '0', label: CLEARING_STATUS_TEXTS.CLOSED },
        ]}
        value={state}
        onChange={(value) => {
          setState(value);
          onEdit();
        }}
        inline
      />
      <Textarea
        id={MESSAGE_ID}
        name="closing_message"
        label={CLEARING_STATUS_TEXTS.MESSAGE_LABEL}
        hint={CLEARING_STATUS_TEXTS.MESSAGE_HINT}
        error={messageError}
        value={message}
        maxLength={CLOSING_MESSAGE_MAX}
        rows={4}
        onChange={(event) => {
          setMessage(event.target.value);
          onEdit();
        }}
      />
      <Button type="submit" disabled={saving}>
        {CLEARING_STATUS_TEXTS.SAVE}
      </Button>
    </form>
  );
}
