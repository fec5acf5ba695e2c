import {
  CALLBACK_REQUEST_TEXTS,
  CALLBACK_TEXTS,
  callbackCallerSchema,
  formatCallbackDay,
  formatLondonTime,
  type CallbackRequestBooked,
  type CallbackSlot,
} from '@clearing-desk/contracts';
import { Button, ErrorSummary, Notice, Radios, Spinner, TextInput } from '@clearing-desk/ui';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, formatApiError } from '@/lib/api-client';
import { useBookCallbackRequest, useFreeCallbackSlots } from '../api/callbacks';

const IDS = { NAME: 'callback-name', TEL: 'callback-tel', EMAIL: 'callback-email', SLOT: 'callback-request-slot' } as const;
type Field = keyof typeof IDS;
type FieldErrors = Partial<Record<Field, string>>;

/** Free slots grouped by their London day ('Monday 17 August'), in order. */
const byDay = (slots: readonly CallbackSlot[]) => {
  const days = new Map<string, CallbackSlot[]>();
  for (const slot of slots) {
    const day = formatCallbackDay(new Date(slot.START));
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days.entries()];
};

/**
 * 'Ask us to call you' on the course page for someone who has not applied (docs/domain/
 * work-queue.md "Callbacks"): their name, telephone and email (checked with the contracts'
 * callbackCallerSchema, the service's own rule), a free time, 'Book this time'; then the booking in
 * the status page's words (callbackConfirmation) and where its email went. Errors go in the error
 * summary (focused, each linked to its field) and beside each field; a time taken meanwhile (409)
 * is the time's error and the list is read again. Loaded only when the applicant opens the section.
 */
export function CallbackRequestForm({ ucasCode }: { ucasCode: string }) {
  const slots = useFreeCallbackSlots();
  const book = useBookCallbackRequest();
  const [values, setValues] = useState({ NAME: '', TEL: '', EMAIL: '' });
  const [chosen, setChosen] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [booked, setBooked] = useState<(CallbackRequestBooked & { EMAIL: string }) | null>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);

  const set = (field: 'NAME' | 'TEL' | 'EMAIL') => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const checked = callbackCallerSchema.safeParse(values);
    const found: FieldErrors = {};
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
    }
    if (!chosen) found.SLOT = CALLBACK_REQUEST_TEXTS.START_MISSING;
    setErrors(found);
    if (!checked.success || !chosen) return;
    book.mutate(
      { ...checked.data, UCAS_CODE: ucasCode, START: chosen },
      {
        onSuccess: (answer) => {
          setBooked({ ...answer, EMAIL: checked.data.EMAIL });
          // The confirmation replaces the form: focus moves to it so it is read at once.
          requestAnimationFrame(() => confirmationRef.current?.focus());
        },
        onError: (err) => {
          const message = err instanceof ApiError && err.status < 500 && err.message ? err.message : formatApiError(err);
          if (err instanceof ApiError && (err.status === 409 || message === CALLBACK_TEXTS.NOT_A_SLOT)) {
            setChosen('');
            setErrors({ SLOT: message });
          } else setRefusal(message);
        },
      },
    );
  };

  if (booked) {
    return (
      <div ref={confirmationRef} tabIndex={-1} className="cd-callback-request__confirmation">
        <Notice variant="success" live>
          <p className="cd-body">{booked.CONFIRMATION}</p>
        </Notice>
        <p className="cd-body">{CALLBACK_REQUEST_TEXTS.emailSent(booked.EMAIL)}</p>
      </div>
    );
  }

  const summary = [
    ...(['NAME', 'TEL', 'EMAIL', 'SLOT'] as const).flatMap((field) => (errors[field] ? [{ fieldId: IDS[field], message: errors[field] }] : [])),
    ...(refusal ? [{ message: refusal }] : []),
  ];
  return (
    <form onSubmit={onSubmit} noValidate className="cd-callback-request">
      {summary.length > 0 && <ErrorSummary title={CALLBACK_REQUEST_TEXTS.ERROR_SUMMARY} errors={summary} />}
      <p className="cd-body">{CALLBACK_REQUEST_TEXTS.INTRO}</p>
      <TextInput
        id={IDS.NAME}
        name="NAME"
        label={CALLBACK_REQUEST_TEXTS.NAME_LABEL}
        autoComplete="name"
        value={values.NAME}
        onChange={set('NAME')}
        error={errors.NAME}
      />
      <TextInput
        id={IDS.TEL}
        name="TEL"
        type="tel"
        label={CALLBACK_REQUEST_TEXTS.TEL_LABEL}
        hint={CALLBACK_REQUEST_TEXTS.TEL_HINT}
        autoComplete="tel"
        width="20"
        value={values.TEL}
        onChange={set('TEL')}
        error={errors.TEL}
      />
      <TextInput
        id={IDS.EMAIL}
        name="EMAIL"
        type="email"
        label={CALLBACK_REQUEST_TEXTS.EMAIL_LABEL}
        hint={CALLBACK_REQUEST_TEXTS.EMAIL_HINT}
        autoComplete="email"
        spellCheck={false}
        value={values.EMAIL}
        onChange={set('EMAIL')}
        error={errors.EMAIL}
      />
      {slots.isPending && <Spinner label={CALLBACK_TEXTS.LEGEND} />}
      {slots.isError && (
        <Notice variant="error">
          <p className="cd-body">{formatApiError(slots.error)}</p>
        </Notice>
      )}
      {slots.data &&
        (slots.data.slots.length === 0 ? (
          <p className="cd-body">{CALLBACK_TEXTS.NONE_FREE}</p>
        ) : (
          <fieldset className="cd-fieldset">
            <legend className="cd-fieldset__legend cd-fieldset__legend--m">{CALLBACK_TEXTS.LEGEND}</legend>
            {byDay(slots.data.slots).map(([day, daySlots], i) => (
              <Radios
                key={day}
                id={i === 0 ? IDS.SLOT : `${IDS.SLOT}-${i}`}
                name={IDS.SLOT}
                legend={day}
                options={daySlots.map((s) => ({ value: s.START, label: `${formatLondonTime(new Date(s.START))} to ${formatLondonTime(new Date(s.END))}` }))}
                value={chosen}
                onChange={setChosen}
                error={i === 0 ? errors.SLOT : undefined}
              />
            ))}
            <Button type="submit" disabled={book.isPending}>
              {CALLBACK_TEXTS.BOOK}
            </Button>
          </fieldset>
        ))}
    </form>
  );
}

export default CallbackRequestForm;
