import { APPLICATION_EVENT_TYPES, EVENT_TYPE_LABELS, webhookEndpointCreateSchema, type WebhookEndpoint } from '@clearing-desk/contracts';
import { Button, Checkboxes, ErrorSummary, Notice, Spinner, Table, TextInput, type ErrorSummaryItem, type TableColumn } from '@clearing-desk/ui';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { formatApiError } from '@/lib/api-client';
import { formatLondonDateTime } from '@/lib/format-date-time';
import { useRegisterWebhook, useResumeWebhook, useWebhooks } from '../api/webhooks';
import { attemptsLabel, pausedText, resumeLabel, WEBHOOK_SCREEN_TEXTS as T } from '../texts';
import { WebhookAttempts } from './webhook-attempts';

const URL_ID = 'webhook-url';
const TYPES_ID = 'webhook-types';
const TYPE_OPTIONS = Object.values(APPLICATION_EVENT_TYPES).map((value) => ({ value, label: EVENT_TYPE_LABELS[value] }));

/**
 * 'Webhooks' (Administrators over all courses): the record systems' endpoints
 * (GET /api/admin/webhooks) with their status and backlog, a form registering one (URL and
 * event types, checked with contracts' webhookEndpointCreateSchema; the signing secret then
 * shown once in a notice that takes focus), 'Resume' on a paused endpoint and each endpoint's
 * latest attempts on demand (a disclosure button).
 */
export function Webhooks() {
  const webhooks = useWebhooks();
  const register = useRegisterWebhook();
  const resume = useResumeWebhook();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ url?: string; types?: string }>({});
  const [registered, setRegistered] = useState<{ url: string; secret: string } | null>(null);
  const [resumed, setResumed] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const registeredRef = useRef<HTMLDivElement>(null);

  // The secret is shown once: focus goes to it so a screen reader reads it.
  useLayoutEffect(() => {
    if (registered) registeredRef.current?.focus();
  }, [registered]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = webhookEndpointCreateSchema.safeParse({ url, eventTypes: types });
    if (!parsed.success) {
      const found: { url?: string; types?: string } = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'url') found.url ??= issue.message;
        if (issue.path[0] === 'eventTypes') found.types ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setRegistered(null);
    setResumed(false);
    register.mutate(parsed.data, {
      onSuccess: (answer) => {
        setRegistered({ url: answer.endpoint.url, secret: answer.secret });
        setUrl('');
        setTypes([]);
      },
    });
  };

  const summary: ErrorSummaryItem[] = [
    ...(errors.url ? [{ fieldId: URL_ID, message: errors.url }] : []),
    ...(errors.types ? [{ fieldId: TYPES_ID, message: errors.types }] : []),
  ];

  const columns: TableColumn<WebhookEndpoint>[] = [
    { id: 'url', header: T.COLUMN_URL, cell: (row) => <span className="cd-secret">{row.url}</span> },
    { id: 'types', header: T.COLUMN_TYPES, cell: (row) => row.eventTypes.map((t) => EVENT_TYPE_LABELS[t]).join(', ') },
    {
      id: 'status',
      header: T.COLUMN_STATUS,
      cell: (row) => (row.status === 'paused' ? pausedText(row.consecutiveFailures, row.pausedAt && formatLondonDateTime(row.pausedAt)) : T.ACTIVE),
    },
    { id: 'pending', header: T.COLUMN_PENDING, cell: (row) => String(row.pending) },
    { id: 'last', header: T.COLUMN_LAST, cell: (row) => (row.lastDeliveredAt ? formatLondonDateTime(row.lastDeliveredAt) : T.NEVER) },
    {
      id: 'action',
      header: T.COLUMN_ACTION,
      cell: (row) => (
        <div className="cd-button-group">
          {row.status === 'paused' && (
            <Button
              variant="secondary"
              aria-label={resumeLabel(row.url)}
              disabled={resume.isPending}
              onClick={() => {
                setResumed(false);
                setRegistered(null);
                resume.mutate(row.id, { onSuccess: () => setResumed(true) });
              }}
            >
              {T.RESUME}
            </Button>
          )}
          <Button
            variant="secondary"
            aria-label={attemptsLabel(shown === row.id, row.url)}
            aria-expanded={shown === row.id}
            aria-controls={shown === row.id ? `webhook-attempts-${row.id}` : undefined}
            onClick={() => setShown(shown === row.id ? null : row.id)}
          >
            {shown === row.id ? T.HIDE_ATTEMPTS : T.SHOW_ATTEMPTS}
          </Button>
        </div>
      ),
    },
  ];
  const shownEndpoint = webhooks.data?.endpoints.find((e) => e.id === shown);

  return (
    <section className="cd-audit" aria-labelledby="webhooks-heading">
      <h2 className="cd-heading-m" id="webhooks-heading">
        {T.HEADING}
      </h2>
      <p className="cd-body">{T.INTRO}</p>
      {registered && (
        <div ref={registeredRef} tabIndex={-1}>
          <Notice variant="success" title={T.REGISTERED_TITLE}>
            <p className="cd-body">{T.REGISTERED_BODY}</p>
            <p className="cd-body">
              {T.SECRET_LABEL} {registered.url}: <code className="cd-secret">{registered.secret}</code>
            </p>
          </Notice>
        </div>
      )}
      <div role="status">
        {resumed && (
          <Notice variant="success">
            <p className="cd-notice__heading">{T.RESUMED}</p>
          </Notice>
        )}
      </div>
      {summary.length > 0 && <ErrorSummary errors={summary} />}
      {(register.isError || resume.isError) && (
        <p className="cd-error-message" role="alert">
          {formatApiError(register.error ?? resume.error)}
        </p>
      )}
      <form noValidate onSubmit={onSubmit}>
        <TextInput
          id={URL_ID}
          type="url"
          label={T.URL_LABEL}
          hint={T.URL_HINT}
          value={url}
          maxLength={2000}
          autoComplete="off"
          spellCheck={false}
          error={errors.url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Checkboxes
          id={TYPES_ID}
          name="webhookEventTypes"
          legend={T.TYPES_LEGEND}
          options={TYPE_OPTIONS}
          values={types}
          error={errors.types}
          onChange={setTypes}
        />
        <Button type="submit" disabled={register.isPending}>
          {T.REGISTER}
        </Button>
      </form>
      {webhooks.isPending ? (
        <Spinner label={T.LOADING} />
      ) : webhooks.isError ? (
        <p className="cd-error-message" role="alert">
          {formatApiError(webhooks.error)}
        </p>
      ) : webhooks.data.endpoints.length === 0 ? (
        <p className="cd-body">{T.EMPTY}</p>
      ) : (
        <div className="cd-table-container">
          <Table caption={T.HEADING} captionHidden columns={columns} rows={webhooks.data.endpoints} rowKey={(row) => row.id} />
        </div>
      )}
      {shownEndpoint && (
        <div id={`webhook-attempts-${shownEndpoint.id}`}>
          <WebhookAttempts id={shownEndpoint.id} url={shownEndpoint.url} headingId={`webhook-attempts-heading-${shownEndpoint.id}`} />
        </div>
      )}
    </section>
  );
}
