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
 * reached...').
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
    const message = `${field}: ${first?.message ?? 'is invalid'}`;
    request.log.info({ validation: error.validation }, 'request failed validation');
    return reply.status(400).send({ message });
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
