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

/** Answer of POST /files/claim and GET /files: the owner's files, oldest first. */
export const fileListResponseSchema = z.object({ files: z.array(fileMetadataSchema) });
export type FileListResponse = z.infer<typeof fileListResponseSchema>;

/** GET /files?owner= (internal, review page and adviser screens). */
export const fileListQuerySchema = z.object({ owner: fileOwnerSchema });

/** GET /files/:fileId/content?owner= (internal): the bytes, only to the file's owner. */
export const fileContentParamsSchema = z.object({ fileId: z.string().uuid() });
export const fileContentQuerySchema = z.object({ owner: fileOwnerSchema });
