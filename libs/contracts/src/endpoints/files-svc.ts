import { z } from 'zod';
import { errorResponseSchema } from '../common/errors';
import {
  claimFilesBodySchema,
  fileClaimErrorSchema,
  fileContentParamsSchema,
  fileContentQuerySchema,
  fileListQuerySchema,
  fileListResponseSchema,
  releaseFilesBodySchema,
  uploadResponseSchema,
} from '../files/file-routes';
import { subjectAccessKeysSchema, subjectAccessPartSchema } from '../privacy/subject-access';
import { erasureKeysSchema, erasurePartSchema } from '../privacy/erasure';
import { retentionPartSchema, retentionRunRequestSchema } from '../privacy/retention';
import { endpoint } from './endpoint';

/** files-svc (document uploads), reached only through the gateway (internal token). */
export const FILES_SVC = {
  /**
   * One upload, a multipart body (UPLOAD_TYPE_FIELD, UPLOAD_FILE_FIELD) the gateway streams on
   * unparsed, so no body schema: the token of the stored, scanned file.
   */
  upload: endpoint({
    method: 'POST',
    path: '/files',
    responses: {
      200: uploadResponseSchema,
      400: errorResponseSchema,
      413: errorResponseSchema,
      415: errorResponseSchema,
      422: errorResponseSchema,
      503: errorResponseSchema,
    },
  }),
  /**
   * Binds clean, unclaimed uploads to an owner in one transaction; a refusal (409) answers a code
   * (FILE_CLAIM_ERROR_CODES) and the refused token's index, never a text to parse.
   */
  claim: endpoint({
    method: 'POST',
    path: '/files/claim',
    body: claimFilesBodySchema,
    responses: { 200: fileListResponseSchema, 400: errorResponseSchema, 409: fileClaimErrorSchema },
  }),
  /** Unbinds the files of a submission whose store was refused. */
  release: endpoint({
    method: 'POST',
    path: '/files/release',
    body: releaseFilesBodySchema,
    responses: { 200: fileListResponseSchema, 400: errorResponseSchema },
  }),
  /** The owner's files, oldest first. */
  list: endpoint({
    method: 'GET',
    path: '/files',
    query: fileListQuerySchema,
    responses: { 200: fileListResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
  }),
  /** A clean file's bytes (a stream, sent unserialised with its own content type), only to its owner. */
  content: endpoint({
    method: 'GET',
    path: '/files/:fileId/content',
    params: fileContentParamsSchema,
    query: fileContentQuerySchema,
    responses: { 200: z.unknown(), 400: errorResponseSchema, 404: errorResponseSchema },
  }),
  /** A person's rows in this service by the keys applications-svc found (subject access; the gateway checks the Administrator). */
  subjectAccess: endpoint({
    method: 'POST',
    path: '/subject-access',
    body: subjectAccessKeysSchema,
    responses: { 200: subjectAccessPartSchema, 400: errorResponseSchema },
  }),
  /** Erasure of a person by the keys applications-svc found: deletes the uploads' rows and stored files; repeating it clears nothing more. */
  erasure: endpoint({ method: 'POST', path: '/erasure', body: erasureKeysSchema, responses: { 200: erasurePartSchema, 400: errorResponseSchema } }),
  /** This service's part of the nightly retention job: what is past its date under the schedule at `now`, with counts. */
  retention: endpoint({
    method: 'POST',
    path: '/retention/run',
    body: retentionRunRequestSchema,
    responses: { 200: retentionPartSchema, 400: errorResponseSchema },
  }),
} as const;
