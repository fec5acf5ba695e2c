import { z } from 'zod';
import { LIMITS } from '../common/limits';
import { fileMetadataSchema, fileOwnerSchema, fileTokenSchema } from './file-metadata';

/** POST /api/file/upload (spec section 7): the token that becomes the document's file_token. */
export const uploadResponseSchema = z.object({ token: fileTokenSchema });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** Most tokens one claim may bind: every document slot of every category. */
export const CLAIM_MAX_TOKENS = 4 * LIMITS.DOCUMENT_SLOTS + LIMITS.GCSE2_DOCUMENT_SLOTS;

/**
 * POST /files/claim (internal): binds clean, unclaimed uploads to an owner (an application's
 * submission id) in one transaction; claiming again for the same owner is a no-op.
 */
export const claimFilesBodySchema = z.object({
  tokens: z.array(fileTokenSchema).min(1).max(CLAIM_MAX_TOKENS),
  owner: fileOwnerSchema,
});
export type ClaimFilesBody = z.infer<typeof claimFilesBodySchema>;

/**
 * Why files-svc refused a claim (409), as a code the gateway acts on, never a
 * text to parse: the token is unknown (or swept), not clean (still quarantined, or infected),
 * or already bound to another owner.
 */
export const FILE_CLAIM_ERROR_CODES = ['FILE_NOT_FOUND', 'FILE_NOT_CLEAN', 'FILE_ALREADY_CLAIMED'] as const;
export const fileClaimErrorCodeSchema = z.enum(FILE_CLAIM_ERROR_CODES);
export type FileClaimErrorCode = z.infer<typeof fileClaimErrorCodeSchema>;

/** 409 answer of POST /files/claim: the message (for logs), the code and the index of the refused token in `tokens`. */
export const fileClaimErrorSchema = z.object({ message: z.string(), code: fileClaimErrorCodeSchema, index: z.number().int().nonnegative() });
export type FileClaimError = z.infer<typeof fileClaimErrorSchema>;

/**
 * POST /files/release (internal): unbinds every file of `owner` (a submission whose store was
 * then refused), so the applicant may use them again; the sweeper deletes them once they are
 * older than FILES_UNCLAIMED_TTL_MS and still unclaimed. Answers the released files.
 */
export const releaseFilesBodySchema = z.object({ owner: fileOwnerSchema });
export type ReleaseFilesBody = z.infer<typeof releaseFilesBodySchema>;

/** Answer of POST /files/claim and GET /files: the owner's files, oldest first. */
export const fileListResponseSchema = z.object({ files: z.array(fileMetadataSchema) });
export type FileListResponse = z.infer<typeof fileListResponseSchema>;

/** GET /files?owner= (internal, review page and adviser screens). */
export const fileListQuerySchema = z.object({ owner: fileOwnerSchema });

/** GET /files/:fileId/content?owner= (internal): the bytes, only to the file's owner. */
export const fileContentParamsSchema = z.object({ fileId: z.string().uuid() });
export const fileContentQuerySchema = z.object({ owner: fileOwnerSchema });
