import { CALLBACK_TEXTS, callbackCancellation, callbackConfirmation, formatCallbackDay, formatLondonTime, type CallbackSlot } from '@clearing-desk/contracts';
import { Button, ErrorSummary, Notice, Radios, Spinner } from '@clearing-desk/ui';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, formatApiError } from '@/lib/api-client';
import { useBookCallback, useCallbackSlots, useCancelCallback, type CallbackBookingSource } from '../api/callbacks';

const SLOT_ID = 'callback-slot';

/** The service's own sentence for a refusal it explains (409 slot taken, 400 not a slot, 404 none booked); else the generic one. */
const messageOf = (err: unknown) => (err instanceof ApiError && err.status < 500 && err.message ? err.message : formatApiError(err));
const HEADING_ID = 'status-callback-heading';

/** Free slots grouped by their London day ('Monday 17 August'), in order. */
const byDay = (slots: readonly CallbackSlot[]) => {
  const days = new Map<string, CallbackSlot[]>();
  for (const slot of slots) {
    const day = formatCallbackDay(new Date(slot.START));
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days.entries()];
};

/** 'Ask us to call you' on the status page (docs/domain/work-queue.md "Callbacks"), by the application's hash: CallbackBookingPanel. */
export function CallbackBooking({ hash }: { hash: string }) {
  const query = useCallbackSlots(hash);
  const book = useBookCallback(hash);
  const cancel = useCancelCallback(hash);
  return <CallbackBookingPanel source={{ query, book, cancel }} />;
}

/**
 * The booking panel (docs/domain/work-queue.md "Callbacks"): the free times of the next working
 * days as radios grouped by day (a fieldset per day inside the question's), 'Book this time', then
 * the booking in words with Cancel and Change. A slot taken meanwhile answers 409: its message is
 * shown in the error summary and the list is read again. `source` is the status page's (by hash)
 * or a private link's (a call booked from a course page, by token).
 */
export function CallbackBookingPanel({ source }: { source: CallbackBookingSource }) {
  const { query, book, cancel } = source;
  const [chosen, setChosen] = useState('');
  const [changing, setChanging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onBook = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!chosen) {
      setError(CALLBACK_TEXTS.NOT_A_SLOT);
      return;
    }
    setError(null);
    book.mutate(chosen, {
      onSuccess: () => {
        setChanging(false);
        setChosen('');
        headingRef.current?.focus();
      },
      onError: (err) => setError(messageOf(err)),
    });
  };
  const onCancel = () => {
    setError(null);
    const cancelling = query.data?.booking;
    cancel.mutate(undefined, {
      onSuccess: () => {
        // The same sentence as the cancellation email.
        if (cancelling) setNotice(`${callbackCancellation(new Date(cancelling.START), new Date(cancelling.END))}.`);
        headingRef.current?.focus();
      },
      onError: (err) => setError(messageOf(err)),
    });
  };

  const booking = query.data?.booking ?? null;
  return (
    <section aria-labelledby={HEADING_ID}>
      <h2 className="cd-heading-m" id={HEADING_ID} ref={headingRef} tabIndex={-1}>
        {CALLBACK_TEXTS.HEADING}
      </h2>
      {query.isPending && <Spinner label={CALLBACK_TEXTS.HEADING} />}
      {query.isError && (
        <Notice variant="error">
          <p className="cd-body">{formatApiError(query.error)}</p>
        </Notice>
      )}
      {notice && (
        <Notice variant="success" live>
          <p className="cd-body">{notice}</p>
        </Notice>
      )}
      {booking && !changing && (
        <>
          <Notice variant="success" live>
            <p className="cd-body">{callbackConfirmation(new Date(booking.START), new Date(booking.END))}</p>
          </Notice>
          <div className="cd-button-group">
            <Button variant="secondary" onClick={() => setChanging(true)}>
              {CALLBACK_TEXTS.CHANGE}
            </Button>
            <Button variant="warning" onClick={onCancel} disabled={cancel.isPending}>
              {CALLBACK_TEXTS.CANCEL}
            </Button>
          </div>
        </>
      )}
      {query.data && (!booking || changing) && (
        <form onSubmit={onBook} noValidate>
          {error && <ErrorSummary errors={[{ fieldId: SLOT_ID, message: error }]} />}
          {query.data.slots.length === 0 ? (
            <p className="cd-body">{CALLBACK_TEXTS.NONE_FREE}</p>
          ) : (
            <fieldset className="cd-fieldset">
              <legend className="cd-fieldset__legend cd-fieldset__legend--m">{CALLBACK_TEXTS.LEGEND}</legend>
              {byDay(query.data.slots).map(([day, slots], i) => (
                <Radios
                  key={day}
                  id={i === 0 ? SLOT_ID : `${SLOT_ID}-${i}`}
                  name={SLOT_ID}
                  legend={day}
                  options={slots.map((s) => ({ value: s.START, label: `${formatLondonTime(new Date(s.START))} to ${formatLondonTime(new Date(s.END))}` }))}
                  value={chosen}
                  onChange={setChosen}
                />
              ))}
              <Button type="submit" disabled={book.isPending}>
                {CALLBACK_TEXTS.BOOK}
              </Button>
            </fieldset>
          )}
        </form>
      )}
    </section>
  );
}
