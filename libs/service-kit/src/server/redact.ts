import type { FastifyServerOptions } from 'fastify';

/** What stands in a log line for a value that may be personal data. */
export const REDACTED = '[redacted]';

/**
 * A URL as it may be logged: the path, and each query parameter's name with its value replaced
 * by REDACTED ('/api/applications/G400/applied?email=[redacted]&_=[redacted]'). Query strings
 * carry personal data (the applied check's email and UCAS Personal ID, the staff search's names),
 * and spec section 7 keeps those URLs as they are, so they are redacted where they are logged.
 * Paths are kept: they carry codes and opaque ids only.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return `${name}=${REDACTED}`;
    });
  return `${url.slice(0, at)}?${names.join('&')}`;
}

const EMAIL = /[^\s<>()"',;:@]+@[^\s<>()"',;:@]+\.[^\s<>()"',;:@]+/g;
/** A UCAS Personal ID: ten digits standing alone. */
const UCAS_ID = /(?<![\d.:-])\d{10}(?![\d.:-])/g;

/** Text (an error message, an SMTP answer) with e-mail addresses and UCAS Personal IDs replaced by REDACTED. */
export function redactPersonalText(text: string): string {
  return text.replace(EMAIL, REDACTED).replace(UCAS_ID, REDACTED);
}

/** Keys of logged objects that always hold personal data or free text: their values are never written. */
export const PERSONAL_LOG_KEYS = [
  'email',
  'EMAIL',
  'recipient',
  'to',
  'NAME1',
  'NAME2',
  'name',
  'UCAS_PERSONAL_ID',
  'ucasPersonalId',
  'ucas_personal_id',
  'body',
  'payload',
  'query',
  'q',
] as const;

type SerializedError = { type?: string; message?: string; stack?: string; [key: string]: unknown };

/** pino's error serializer, its message and stack passed through redactPersonalText. */
function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return typeof err === 'string' ? redactPersonalText(err) : err;
  const out: SerializedError = { type: err.name, message: redactPersonalText(err.message), stack: err.stack ? redactPersonalText(err.stack) : undefined };
  const code = (err as { code?: unknown }).code;
  if (code !== undefined) out.code = code;
  const statusCode = (err as { statusCode?: unknown }).statusCode;
  if (statusCode !== undefined) out.statusCode = statusCode;
  return out;
}

/**
 * The logger options every service and the gateway use (architecture.md: logs carry no personal
 * data): `req` logged as method and redacted URL only (no headers, no body), errors with e-mail
 * addresses and UCAS Personal IDs taken out of their message and stack, the values of
 * PERSONAL_LOG_KEYS (at the top level and one level down) censored, and every message string
 * passed through redactPersonalText. `given` (a test's stream, a level) is kept; `false` stays off.
 */
export function personalDataSafeLogger(given: FastifyServerOptions['logger'], defaults: { level: string; name: string }): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const base = typeof given === 'object' && given !== null ? (given as Record<string, unknown>) : defaults;
  return {
    ...base,
    redact: { paths: PERSONAL_LOG_KEYS.flatMap((k) => [k, `*.${k}`]), censor: REDACTED },
    serializers: {
      req: (req: { method?: string; url?: string; id?: string }) => ({ method: req.method, url: redactUrl(req.url ?? ''), id: req.id }),
      err: serializeError,
    },
    hooks: {
      logMethod(args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? redactPersonalText(a) : a)),
        );
      },
    },
  } as FastifyServerOptions['logger'];
}
