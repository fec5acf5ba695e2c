import { UPLOAD_FILE_FIELD, UPLOAD_TYPE_FIELD, uploadResponseSchema, type DocumentType, type UploadResponse } from '@clearing-desk/contracts';
import { apiPaths } from '@/config/paths';
import { api, type UploadOptions } from '@/lib/api-client';

/**
 * POST /api/file/upload (spec section 7): multipart `document_type` and `document`, the XSRF token
 * in the `x-xsrf-token` header. Answers `{ token }` once the file is scanned clean; 422 file_virus,
 * 400, 413, 415 or 503 `{ message }` otherwise (ApiError).
 */
export function uploadDocument(file: File, documentType: DocumentType, options?: UploadOptions): Promise<UploadResponse> {
  const body = new FormData();
  body.append(UPLOAD_TYPE_FIELD, documentType);
  body.append(UPLOAD_FILE_FIELD, file, file.name);
  return api.upload(apiPaths.fileUpload(), body, uploadResponseSchema, options);
}
