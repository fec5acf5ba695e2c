import { BACK_TO_LISTING, VISA_DECISION_OPTIONS, VISA_FIELD_LABELS, VISA_MOVED, visaStateDataSchema, visaStateLabel } from '@clearing-desk/contracts';
import { Button, buttonClassName, ErrorSummary, Notice, Radios, Spinner } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSetVisaState, useVisa } from '@/features/desk/api/visa-state';
import { DESK_TEXTS } from '@/features/desk/texts';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatApiError } from '@/lib/api-client';

/** The listing the Visa button was pressed on (its query string), else the Visa Team's own list (filter v). */
const listingHref = (state: unknown): string => {
  const search = (state as { listingSearch?: unknown } | null)?.listingSearch;
  return `${paths.applications.getHref()}${typeof search === 'string' && search.startsWith('?') ? search : '?s=v'}`;
};

/**
 * /visa/:studentId/:ucasCode (staff): visa assessment has moved to a separate admin portal, so the
 * page's heading is the sentence of spec sections 1 and 2. Below it the Visa Team sets the visa
 * state the listing shows (domain.md "Call scripts": Pending, Approved, Deferred or Denied), and
 * a link leads back to the listing it came from.
 */
export function VisaRoute() {
  const location = useLocation();
  const { studentId = '', ucasCode = '' } = useParams();
  useDocumentTitle(VISA_MOVED);
  return (
    <>
      <h1 className="cd-heading-l" tabIndex={-1}>
        {VISA_MOVED}
      </h1>
      <VisaStateForm studentId={studentId} ucasCode={ucasCode} />
      <p className="cd-body">
        <Link className={buttonClassName('secondary')} to={listingHref(location.state)}>
          {BACK_TO_LISTING}
        </Link>
      </p>
    </>
  );
}

/** The visa state as a radio question with a Save button; the saved state is announced (role status). */
function VisaStateForm({ studentId, ucasCode }: { studentId: string; ucasCode: string }) {
  const visa = useVisa(studentId, ucasCode);
  const mutation = useSetVisaState(studentId, ucasCode);
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  if (visa.isPending) return <Spinner label={DESK_TEXTS.LOADING_VISA} />;
  if (visa.isError)
    return (
      <Notice variant="error" live>
        {formatApiError(visa.error)}
      </Notice>
    );
  const current = visa.data.VISA_STATUS;
  const value = choice ?? current ?? '';
  const { NAME1, NAME2, UCAS_CODE } = visa.data.applicationData;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const body = visaStateDataSchema.safeParse({ VISA_STATUS: value || undefined });
    if (!body.success) {
      setError(body.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    mutation.mutate(body.data, {
      onSuccess: (answer) => {
        setChoice(answer.VISA_STATUS);
        setSaved(visaStateLabel(answer.VISA_STATUS));
      },
      onError: (e) => setError(formatApiError(e)),
    });
  };

  return (
    <form className="cd-visa-state" aria-labelledby="visa-state-heading" noValidate onSubmit={submit}>
      <h2 className="cd-heading-m" id="visa-state-heading">
        {DESK_TEXTS.VISA_STATE_HEADING}
      </h2>
      <p className="cd-body">
        {NAME1} {NAME2} ({UCAS_CODE}){current ? '' : `. ${DESK_TEXTS.VISA_STATE_NONE}`}
      </p>
      {error && <ErrorSummary errors={[{ fieldId: 'visa-state', message: error }]} />}
      <Radios
        id="visa-state"
        name="VISA_STATUS"
        legend={VISA_FIELD_LABELS.VISA_STATUS}
        options={VISA_DECISION_OPTIONS}
        value={value}
        onChange={(next) => {
          setChoice(next);
          setSaved(null);
        }}
        error={error}
      />
      <Button type="submit" disabled={mutation.isPending}>
        {DESK_TEXTS.VISA_STATE_SAVE}
      </Button>
      <p className="cd-body" role="status">
        {saved ? DESK_TEXTS.VISA_STATE_SAVED(saved) : ''}
      </p>
    </form>
  );
}

export { VisaRoute as Component };
