import { ERASURE_TEXTS, erasureRequestSchema, type ErasureRequest } from '@clearing-desk/contracts';
import { Button, ConfirmDialog, ErrorSummary, Notice, Textarea, TextInput, type ErrorSummaryItem } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { useErasePerson } from '../api/data-protection';

const FIELD_IDS: Record<string, string> = {
  EMAIL: 'erasure-email',
  UCAS_PERSONAL_ID: 'erasure-ucas',
  TICKET: 'erasure-ticket',
  REASON: 'erasure-reason',
};

type Fields = { EMAIL: string; UCAS_PERSONAL_ID: string; TICKET: string; REASON: string };
const EMPTY: Fields = { EMAIL: '', UCAS_PERSONAL_ID: '', TICKET: '', REASON: '' };

/**
 * 'Erase a person' (UK GDPR Article 17; Administrators over all courses): the person by email or
 * UCAS Personal ID, the ticket reference and the reason, checked by the contract's schema (errors
 * in a summary that takes the focus and beside each field), then a confirmation dialog naming who
 * is erased; POST /api/admin/erasure. The outcome is announced in a status region; a refusal (a
 * live offer: 409) shows the server's words in the error summary.
 */
export function ErasureForm() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<ErrorSummaryItem[]>([]);
  const [confirming, setConfirming] = useState<ErasureRequest | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const erase = useErasePerson();

  const set = (name: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setDone(null);
  };
  const fieldError = (name: keyof Fields) => errors.find((e) => e.fieldId === FIELD_IDS[name])?.message ?? null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const parsed = erasureRequestSchema.safeParse({
      ...fields,
      EMAIL: fields.EMAIL.trim() || undefined,
      UCAS_PERSONAL_ID: fields.UCAS_PERSONAL_ID.trim() || undefined,
    });
    if (!parsed.success) {
      setErrors(parsed.error.issues.map((i) => ({ fieldId: FIELD_IDS[String(i.path[0])], message: i.message })));
      return;
    }
    setErrors([]);
    setConfirming(parsed.data);
  };

  const onConfirm = () => {
    const request = confirming!;
    setConfirming(null);
    erase.mutate(request, {
      onSuccess: (result) => {
        setFields(EMPTY);
        setDone(ERASURE_TEXTS.done(result.APPLICATIONS, result.EMAILS, result.FILES));
      },
      onError: (error) => setErrors([{ message: error instanceof ApiError ? error.message : String(error) }]),
    });
  };

  const who = confirming
    ? [confirming.EMAIL, confirming.UCAS_PERSONAL_ID && `UCAS Personal ID ${confirming.UCAS_PERSONAL_ID}`].filter(Boolean).join(' and ')
    : '';

  return (
    <section aria-labelledby="erasure-heading">
      <h2 className="cd-heading-m" id="erasure-heading">
        {ERASURE_TEXTS.TITLE}
      </h2>
      <p className="cd-body">{ERASURE_TEXTS.INTRO}</p>
      <div role="status">
        {done && (
          <Notice variant="success">
            <p className="cd-notice__heading">{done}</p>
          </Notice>
        )}
      </div>
      {errors.length > 0 && <ErrorSummary errors={errors} />}
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id={FIELD_IDS.EMAIL!}
          name="EMAIL"
          type="email"
          label="Email address"
          autoComplete="off"
          value={fields.EMAIL}
          error={fieldError('EMAIL')}
          onChange={(e) => set('EMAIL')(e.target.value)}
        />
        <TextInput
          id={FIELD_IDS.UCAS_PERSONAL_ID!}
          name="UCAS_PERSONAL_ID"
          label="UCAS Personal ID"
          inputMode="numeric"
          width="10"
          autoComplete="off"
          value={fields.UCAS_PERSONAL_ID}
          error={fieldError('UCAS_PERSONAL_ID')}
          onChange={(e) => set('UCAS_PERSONAL_ID')(e.target.value)}
        />
        <TextInput
          id={FIELD_IDS.TICKET!}
          name="TICKET"
          label={ERASURE_TEXTS.TICKET_LABEL}
          hint={ERASURE_TEXTS.TICKET_HINT}
          width="20"
          autoComplete="off"
          value={fields.TICKET}
          error={fieldError('TICKET')}
          onChange={(e) => set('TICKET')(e.target.value)}
        />
        <Textarea
          id={FIELD_IDS.REASON!}
          name="REASON"
          label={ERASURE_TEXTS.REASON_LABEL}
          hint={ERASURE_TEXTS.REASON_HINT}
          rows={3}
          value={fields.REASON}
          error={fieldError('REASON')}
          onChange={(e) => set('REASON')(e.target.value)}
        />
        <Button type="submit" variant="warning" disabled={erase.isPending}>
          {ERASURE_TEXTS.SUBMIT}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={ERASURE_TEXTS.CONFIRM_HEADING}
        confirmLabel={ERASURE_TEXTS.CONFIRM}
        cancelLabel={ERASURE_TEXTS.CANCEL}
        confirmVariant="warning"
        onConfirm={onConfirm}
        onCancel={() => setConfirming(null)}
      >
        <p className="cd-body">{ERASURE_TEXTS.confirmBody(who)}</p>
      </ConfirmDialog>
    </section>
  );
}
