import {
  API_ENDPOINTS,
  errorResponseSchema,
  FILES_SVC,
  fileSizeMessage,
  LIMITS,
  routeOf,
  UPLOAD_ERRORS,
  UPLOAD_FILE_FIELD,
  uploadResponseSchema,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';

/** Multipart framing allowed on top of the file before the gateway refuses by Content-Length. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * POST /api/file/upload (spec section 7): multipart `document` + `document_type`, streamed to
 * files-svc unparsed (files-svc limits, checks and scans it) and answered with its verdict:
 * `{ token }`, or `{ message }` with files-svc's status (422 file_virus, 400, 413, 415, 503).
 * CSRF: a multipart body has no JSON `token`, so the web app sends the XSRF-TOKEN cookie's value
 * in the `x-xsrf-token` header, which `fastify.csrfProtection` reads (plugins/external/xsrf.ts).
 */
export const fileApiRoutes: FastifyPluginAsync = async (fastify) => {
  // Scoped to this plugin: the body stays the raw request stream.
  fastify.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));

  fastify.route({
    ...routeOf(API_ENDPOINTS.fileUpload),
    config: fastify.publicRateLimit('upload'),
    preHandler: fastify.csrfProtection,
    handler: async (request, reply) => {
      if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) throw new HttpError(415, UPLOAD_ERRORS.NOT_MULTIPART);
      const length = Number(request.headers['content-length'] ?? NaN);
      if (length > LIMITS.FILE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw new HttpError(413, fileSizeMessage(UPLOAD_FILE_FIELD));
      return forward(request, reply, request.body as Readable);
    },
  });

  async function forward(request: FastifyRequest, reply: FastifyReply, body: Readable) {
    const headers: Record<string, string> = { 'content-type': request.headers['content-type'] as string };
    if (request.headers['content-length']) headers['content-length'] = request.headers['content-length'];
    let res;
    try {
      res = await fastify.services.files.stream(request, FILES_SVC.upload, { headers, body });
    } catch (err) {
      const name = `${(err as Error).name} ${(err as { code?: string }).code ?? ''}`;
      if (/ContentLength|UND_ERR_REQ_CONTENT_LENGTH_MISMATCH|RequestAborted|ECONNRESET/i.test(name) && request.raw.readableAborted) {
        throw new HttpError(400, UPLOAD_ERRORS.MALFORMED); // the client went away mid-upload
      }
      request.log.error({ err, service: 'files' }, 'service call failed');
      throw new HttpError(/Timeout/i.test(name) ? 504 : 503, 'files service is unavailable');
    }
    const text = await res.body.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (res.statusCode === 200) {
      const parsed = uploadResponseSchema.safeParse(json);
      if (parsed.success) return reply.send(parsed.data);
      request.log.error({ service: 'files', issues: parsed.error.issues }, 'service answer broke its contract');
      throw new HttpError(502, 'files service gave an invalid answer');
    }
    const message = errorResponseSchema.safeParse(json);
    // 503 (scanning unavailable) keeps its message for the applicant; other 5xx become 502.
    const status = res.statusCode === 503 || res.statusCode < 500 ? res.statusCode : 502;
    return reply.status(status).send({ message: message.success ? message.data.message : `files service answered ${res.statusCode}` });
  }
};
