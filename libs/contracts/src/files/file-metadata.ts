import { z } from 'zod';
import { documentTypeSchema } from '../courses/course';
import { ACCEPTED_MIME_TYPES } from './accepted-types';

/**
 * Lifecycle of an upload in files-svc: stored in quarantine, then clean (servable, claimable)
 * or infected (blob deleted at once, row kept for the audit trail).
 */
export const FILE_STATUSES = ['quarantined', 'clean', 'infected'] as const;
export const fileStatusSchema = z.enum(FILE_STATUSES);
export type FileStatus = z.infer<typeof fileStatusSchema>;

/** Random, unguessable handle the applicant's browser holds (43 base64url characters = 256 bits). */
export const fileTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'is not a file token');

/**
 * Owner a file is bound to: an application's submission id (any opaque id of up to 128
 * characters without control characters).
 */
export const fileOwnerSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters');

/**
 * One stored document (spec section 3 "Document uploads": file_id, file_type, file_name,
 * file_size, document_type, file_token) plus its scan status, owner and upload time. Never
 * carries a storage path. `custom_error` of the spec is a client-side field, not stored.
 */
export const fileMetadataSchema = z.object({
  file_id: z.string().uuid(),
  /** MIME type judged from the content. */
  file_type: z.enum(ACCEPTED_MIME_TYPES),
  /** Name the applicant's file had, sanitised for display; never used as a path. */
  file_name: z.string().min(1).max(255),
  file_size: z.number().int().positive(),
  document_type: documentTypeSchema,
  file_token: fileTokenSchema,
  status: fileStatusSchema,
  owner: z.string().nullable(),
  /** ISO 8601 timestamp. */
  created_at: z.string(),
});
export type FileMetadata = z.infer<typeof fileMetadataSchema>;

/**
 * A document as the review page lists it (GET /api/applications/{hash} `documents`): the stored
 * metadata without token, owner or scan status.
 */
export const documentSummarySchema = fileMetadataSchema.pick({
  file_id: true,
  file_type: true,
  file_name: true,
  file_size: true,
  document_type: true,
  created_at: true,
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;
