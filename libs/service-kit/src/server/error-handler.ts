import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error whose message is safe to show to the caller, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * Throws 403 with `refusal` when there is one: the call site of a contracts rule that answers why
 * something is refused or null (e.g. staffStatusRefusal), so the rule and its text live once.
 */
export function forbidIfRefused(refusal: string | null): void {
  if (refusal !== null) throw new HttpError(403, refusal);
}

/**
 * The one error handler of every service and the gateway (architecture.md "Errors"): answers
 * `{ message }`; schema validation failures become 400 naming the field; 4xx keep their message;
 * 5xx are logged with the request context and hidden behind 'Internal Server Error', except an
 * HttpError's, whose message was written to be shown (e.g. 503 'The staff directory cannot be
 * reached...'). A database that is down or restarting (isDatabaseUnavailable) answers 503 with
 * DATABASE_UNAVAILABLE_MESSAGE and Retry-After: the pool reconnects once it is back.
 */
/** What a request that met a database outage answers (503 with Retry-After: the service reconnects by itself). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not available for a moment. Please try again in a few seconds.';

/**
 * SQLSTATE classes and socket codes of a database that is down or restarting: 08 connection
 * exception, 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now), and the node-postgres
 * socket errors.
 */
const DATABASE_DOWN_CODES = /^(08\d{3}|57P0[123]|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/;
const DATABASE_DOWN_MESSAGES =
  /Connection terminated|connection error|terminating connection|the database system is (starting up|shutting down|in recovery mode)|Client was closed/i;

/** True when `error` (or an error it wraps, as Drizzle's query errors do) says the database is down. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if ((typeof code === 'string' && DATABASE_DOWN_CODES.test(code)) || DATABASE_DOWN_MESSAGES.test(e.message)) return true;
  }
  return false;
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
    const message = `${field}: ${first?.message ?? 'is invalid'}`;
    // Only where and what: a validation error's params may echo the value sent (personal data).
    request.log.info({ validation: error.validation.map((v) => ({ instancePath: v.instancePath, message: v.message })) }, 'request failed validation');
    return reply.status(400).send({ message });
  }
  if (!error.statusCode && isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply.status(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE_MESSAGE });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({ message: error instanceof HttpError ? error.message : 'Internal Server Error' });
  }
  request.log.info({ err: error }, 'request refused');
  return reply.status(status).send({ message: error.message });
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
}
