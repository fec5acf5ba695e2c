import { randomBytes, randomUUID } from 'node:crypto';
import {
  ACCEPTED_FILE_KINDS,
  DOCUMENT_TYPE_SLOTS,
  documentTypeSchema,
  ERROR_CODES,
  UPLOAD_ERRORS,
  UPLOAD_FILE_FIELD,
  UPLOAD_TYPE_FIELD,
  unknownDocumentTypeMessage,
  type DocumentType,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { detectDocumentType } from '../../detect/detect-document-type';
import { scanJobOptions } from '../../scanning/scan-queue';
import type { FilesConfig } from '../../config';
import { nameWithDetectedExtension, sanitiseFileName } from '../../storage/file-name';
import { awaitVerdict } from './await-verdict';

/** 256 random bits, base64url: the applicant's only handle on the upload. */
export const newFileToken = () => randomBytes(32).toString('base64url');

type ReceivedUpload = { documentType: string | undefined; file: { size: number; truncated: boolean; fileName: string } | null; extraFiles: boolean };

/** Multipart errors of @fastify/multipart and busboy as the caller's fault, with a clear message. */
function multipartError(err: unknown): Error {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code ?? '';
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, UPLOAD_ERRORS.ONE_FILE_ONLY);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, UPLOAD_ERRORS.NOT_MULTIPART);
  if (code.startsWith('FST_')) {
    const status = (err as { statusCode?: number }).statusCode ?? 400;
    return new HttpError(status >= 400 && status < 500 ? status : 400, `${UPLOAD_ERRORS.MALFORMED} (${(err as Error).message})`);
  }
  // File-system trouble is ours (500); anything else came from a broken or cut-off body.
  if (/^E[A-Z]+$/.test(code) && code !== 'ECONNRESET' && code !== 'EPIPE') return err as Error;
  return new HttpError(400, UPLOAD_ERRORS.MALFORMED);
}

/** Reads the multipart body: the `document` file straight into quarantine, the fields into memory. */
async function receive(fastify: FastifyInstance, request: FastifyRequest, fileId: string): Promise<ReceivedUpload> {
  const received: ReceivedUpload = { documentType: undefined, file: null, extraFiles: false };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== UPLOAD_FILE_FIELD || received.file) {
        received.extraFiles = true;
        part.file.resume();
        continue;
      }
      const size = await fastify.blobs.writeQuarantined(fileId, part.file);
      received.file = { size, truncated: part.file.truncated, fileName: part.filename };
    } else if (part.fieldname === UPLOAD_TYPE_FIELD) {
      received.documentType = String(part.value);
    }
  }
  return received;
}

/** Checks what needs no scan: one file, a known document type, the size. */
function validate(received: ReceivedUpload) {
  if (received.extraFiles) throw new HttpError(400, UPLOAD_ERRORS.ONE_FILE_ONLY);
  const documentType = documentTypeSchema.safeParse(received.documentType);
  if (!documentType.success) throw new HttpError(400, unknownDocumentTypeMessage(Object.keys(DOCUMENT_TYPE_SLOTS)));
  if (!received.file) throw new HttpError(400, UPLOAD_ERRORS.MISSING_FILE);
  if (received.file.truncated) throw new HttpError(413, UPLOAD_ERRORS.TOO_LARGE);
  return { documentType: documentType.data as DocumentType, file: received.file };
}

/**
 * A file refused for its format is still scanned, so that an infected one (the EICAR test file,
 * a renamed executable) is reported as file_virus; either way it is deleted and never recorded.
 * When no verdict comes, the format refusal stands.
 */
async function refuseFormat(fastify: FastifyInstance, config: FilesConfig, request: FastifyRequest, fileId: string): Promise<never> {
  const { blobs, scanQueue } = fastify;
  try {
    const job = await scanQueue.add({ fileId, record: false }, scanJobOptions(config, fileId), config.SCAN_TIMEOUT_MS);
    const outcome = await awaitVerdict(job, scanQueue.events, config.SCAN_TIMEOUT_MS);
    if (outcome.kind === 'finished' && outcome.result.verdict === 'infected') {
      request.log.warn({ fileId, signatures: outcome.result.signatures }, 'upload refused: virus found');
      throw new HttpError(422, ERROR_CODES.FILE_VIRUS);
    }
    if (outcome.kind !== 'finished') request.log.warn({ fileId, outcome }, 'no scan verdict for a file refused for its format');
  } catch (err) {
    if (err instanceof HttpError) throw err;
    request.log.warn({ err, fileId }, 'could not scan a file refused for its format');
  } finally {
    await blobs.remove(fileId);
  }
  throw new HttpError(415, UPLOAD_ERRORS.UNSUPPORTED_TYPE);
}

/**
 * POST /files (gateway: POST /api/file/upload): stores the upload in quarantine, enqueues its
 * scan and answers only with the verdict: 200 `{ token }` once ClamAV says clean, 422 file_virus
 * (the worker has deleted the blob and logged the signature), 503 when scanning is unavailable
 * or took longer than SCAN_TIMEOUT_MS (the upload is discarded: nothing passes unscanned).
 * Refused input (400, 413, 415) leaves nothing behind.
 */
export async function handleUpload(fastify: FastifyInstance, config: FilesConfig, request: FastifyRequest): Promise<{ token: string }> {
  if (!request.isMultipart()) throw new HttpError(415, UPLOAD_ERRORS.NOT_MULTIPART);
  const fileId = randomUUID();
  const { blobs, filesRepository: repository, scanQueue } = fastify;

  let upload;
  let kind;
  try {
    upload = validate(await receive(fastify, request, fileId));
    kind = upload.file.size > 0 ? detectDocumentType(await blobs.readQuarantined(fileId)) : null;
  } catch (err) {
    await blobs.remove(fileId);
    throw multipartError(err);
  }
  if (!kind) return refuseFormat(fastify, config, request, fileId);

  const fileToken = newFileToken();
  try {
    await repository.insertQuarantined({
      fileId,
      fileToken,
      fileName: nameWithDetectedExtension(sanitiseFileName(upload.file.fileName), kind),
      fileType: ACCEPTED_FILE_KINDS[kind].mime,
      fileSize: upload.file.size,
      documentType: upload.documentType,
    });
  } catch (err) {
    await blobs.remove(fileId);
    throw err;
  }

  const discard = async () => {
    const current = await repository.discardQuarantined(fileId);
    if (!current) await blobs.remove(fileId);
    return current;
  };

  let job;
  try {
    job = await scanQueue.add({ fileId, record: true }, scanJobOptions(config, fileId), config.SCAN_TIMEOUT_MS);
  } catch (err) {
    request.log.error({ err, fileId }, 'could not enqueue the scan');
    await discard();
    throw new HttpError(503, UPLOAD_ERRORS.SCAN_UNAVAILABLE);
  }

  const outcome = await awaitVerdict(job, scanQueue.events, config.SCAN_TIMEOUT_MS);
  // The record, not the message, decides: only a record a worker marked clean yields its token.
  const row = outcome.kind === 'finished' ? await repository.findById(fileId) : await discard();
  if (row?.status === 'clean') return { token: row.fileToken };
  if (row?.status === 'infected') {
    request.log.warn({ fileId, signatures: row.signature, documentType: row.documentType }, 'upload refused: virus found');
    throw new HttpError(422, ERROR_CODES.FILE_VIRUS);
  }
  if (row) await discard();
  if (outcome.kind === 'timeout') {
    // The job stays: the worker holding it finds the record gone and drops the blob.
    request.log.error({ fileId, timeoutMs: config.SCAN_TIMEOUT_MS }, 'no scan verdict in time; upload discarded');
    throw new HttpError(503, UPLOAD_ERRORS.SCAN_TIMEOUT);
  }
  request.log.error({ fileId, outcome }, 'scan failed; upload discarded');
  throw new HttpError(503, UPLOAD_ERRORS.SCAN_UNAVAILABLE);
}
