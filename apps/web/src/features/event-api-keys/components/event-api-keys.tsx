import { APPLICATION_EVENT_TYPES, EVENT_TYPE_LABELS, eventApiKeyCreateSchema, type ApplicationEventType, type EventApiKey } from '@clearing-desk/contracts';
import { Button, Checkboxes, ConfirmDialog, ErrorSummary, Notice, Spinner, Table, TextInput, type ErrorSummaryItem, type TableColumn } from '@clearing-desk/ui';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { formatApiError } from '@/lib/api-client';
import { formatLondonDateTime } from '@/lib/format-date-time';
import { useEventApiKeys, useIssueEventApiKey, useRevokeEventApiKey } from '../api/event-api-keys';
import { EVENT_KEY_SCREEN_TEXTS as T, revokedText, revokeLabel } from '../texts';

const NAME_ID = 'event-key-name';
const TYPES_ID = 'event-key-types';
const TYPE_OPTIONS = Object.values(APPLICATION_EVENT_TYPES).map((value) => ({ value, label: EVENT_TYPE_LABELS[value] }));
const typesText = (types: readonly ApplicationEventType[]) => types.map((t) => EVENT_TYPE_LABELS[t]).join(', ');

/**
 * 'Record system API keys' (Administrators over all courses): the keys of the events feed
 * (GET /api/admin/event-keys), a form issuing one (name and event types; the error summary and
 * messages of contracts' eventApiKeyCreateSchema; the key is then shown once, in a notice that
 * takes focus) and a Revoke button on each live key, confirmed in a dialog.
 */
export function EventApiKeys() {
  const keys = useEventApiKeys();
  const issue = useIssueEventApiKey();
  const revoke = useRevokeEventApiKey();
  const [name, setName] = useState('');
  const [types, setTypes] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ name?: string; types?: string }>({});
  const [issued, setIssued] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<EventApiKey | null>(null);
  const [revoked, setRevoked] = useState(false);
  const issuedRef = useRef<HTMLDivElement>(null);

  // The key is shown once: focus goes to it so a screen reader reads it and the keyboard is there.
  useLayoutEffect(() => {
    if (issued) issuedRef.current?.focus();
  }, [issued]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = eventApiKeyCreateSchema.safeParse({ name, eventTypes: types });
    if (!parsed.success) {
      const found: { name?: string; types?: string } = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'name') found.name ??= issue.message;
        if (issue.path[0] === 'eventTypes') found.types ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setIssued(null);
    setRevoked(false);
    issue.mutate(parsed.data, {
      onSuccess: (answer) => {
        setIssued({ name: answer.key.name, secret: answer.secret });
        setName('');
        setTypes([]);
      },
    });
  };

  const summary: ErrorSummaryItem[] = [
    ...(errors.name ? [{ fieldId: NAME_ID, message: errors.name }] : []),
    ...(errors.types ? [{ fieldId: TYPES_ID, message: errors.types }] : []),
  ];

  const columns: TableColumn<EventApiKey>[] = [
    { id: 'name', header: T.COLUMN_NAME, cell: (row) => row.name },
    { id: 'types', header: T.COLUMN_TYPES, cell: (row) => typesText(row.eventTypes) },
    {
      id: 'issued',
      header: T.COLUMN_ISSUED,
      cell: (row) => (
        <>
          {row.createdBy}, <time dateTime={row.createdAt}>{formatLondonDateTime(row.createdAt)}</time>
        </>
      ),
    },
    { id: 'status', header: T.COLUMN_STATUS, cell: (row) => (row.revokedAt ? revokedText(row.revokedBy, formatLondonDateTime(row.revokedAt)) : T.ACTIVE) },
    {
      id: 'action',
      header: T.COLUMN_ACTION,
      cell: (row) =>
        row.revokedAt ? null : (
          <Button variant="warning" aria-label={revokeLabel(row.name)} disabled={revoke.isPending} onClick={() => setRevoking(row)}>
            {T.REVOKE}
          </Button>
        ),
    },
  ];

  return (
    <section className="cd-audit" aria-labelledby="event-api-keys-heading">
      <h2 className="cd-heading-m" id="event-api-keys-heading">
        {T.HEADING}
      </h2>
      <p className="cd-body">{T.INTRO}</p>
      {issued && (
        <div ref={issuedRef} tabIndex={-1}>
          <Notice variant="success" title={T.ISSUED_TITLE}>
            <p className="cd-body">{T.ISSUED_BODY}</p>
            <p className="cd-body">
              {T.ISSUED_KEY_LABEL} {issued.name}: <code className="cd-secret">{issued.secret}</code>
            </p>
          </Notice>
        </div>
      )}
      <div role="status">
        {revoked && (
          <Notice variant="success">
            <p className="cd-notice__heading">{T.REVOKED}</p>
          </Notice>
        )}
      </div>
      {summary.length > 0 && <ErrorSummary errors={summary} />}
      {(issue.isError || revoke.isError) && (
        <p className="cd-error-message" role="alert">
          {formatApiError(issue.error ?? revoke.error)}
        </p>
      )}
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id={NAME_ID}
          label={T.NAME_LABEL}
          hint={T.NAME_HINT}
          value={name}
          maxLength={80}
          autoComplete="off"
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <Checkboxes id={TYPES_ID} name="eventTypes" legend={T.TYPES_LEGEND} options={TYPE_OPTIONS} values={types} error={errors.types} onChange={setTypes} />
        <Button type="submit" disabled={issue.isPending}>
          {T.ISSUE}
        </Button>
      </form>
      {keys.isPending ? (
        <Spinner label={T.LOADING} />
      ) : keys.isError ? (
        <p className="cd-error-message" role="alert">
          {formatApiError(keys.error)}
        </p>
      ) : keys.data.keys.length === 0 ? (
        <p className="cd-body">{T.EMPTY}</p>
      ) : (
        <div className="cd-table-container">
          <Table caption={T.HEADING} captionHidden columns={columns} rows={keys.data.keys} rowKey={(row) => row.id} />
        </div>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={T.REVOKE_CONFIRM_TITLE}
        confirmLabel={revoking ? revokeLabel(revoking.name) : T.REVOKE}
        confirmVariant="warning"
        onCancel={() => setRevoking(null)}
        fallbackFocus={() => document.getElementById('event-api-keys-heading')}
        onConfirm={() => {
          const key = revoking;
          setRevoking(null);
          if (!key) return;
          setRevoked(false);
          setIssued(null);
          revoke.mutate(key.id, { onSuccess: () => setRevoked(true) });
        }}
      >
        <p className="cd-body">{T.REVOKE_CONFIRM_BODY}</p>
      </ConfirmDialog>
    </section>
  );
}
