import {
  API_ROUTES,
  DOCUMENT_TYPES,
  UPLOAD_ERRORS,
  UPLOAD_FILE_FIELD,
  UPLOAD_TYPE_FIELD,
  XSRF_HEADER,
  documentTypeSchema,
  type UploadResponse,
} from '@clearing-desk/contracts';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../api-url';
import { db } from '../db';

let release: () => void = () => undefined;

/** Lets uploads answered 'hold' go on. */
export function releaseUploads(): void {
  release();
}

/** A 43-character token, distinct per upload. */
const tokenFor = (n: number) => `mock-token-${n}`.padEnd(43, 'x');

/**
 * POST /api/file/upload over the mock store: multipart `document_type` and `document`, the XSRF
 * token in its header (recorded, so tests can check it), answered by `db.uploadOutcomes`.
 */
export const filesHandlers = [
  http.post(apiUrl(API_ROUTES.fileUpload.path), async ({ request }) => {
    const form = await request.formData();
    const documentType = documentTypeSchema.safeParse(form.get(UPLOAD_TYPE_FIELD));
    const file = form.get(UPLOAD_FILE_FIELD);
    if (!documentType.success) return HttpResponse.json({ message: `document_type: must be one of ${DOCUMENT_TYPES.join(', ')}` }, { status: 400 });
    if (!(file instanceof File)) return HttpResponse.json({ message: UPLOAD_ERRORS.MISSING_FILE }, { status: 400 });
    const outcome = db.uploadOutcomes.shift() ?? 'clean';
    if (outcome === 'hold') {
      await new Promise<void>((resolve) => (release = resolve));
    } else if (outcome !== 'clean') {
      return HttpResponse.json({ message: outcome.message }, { status: outcome.status });
    }
    const token = tokenFor(db.uploads.length + 1);
    db.uploads.push({
      token,
      fileName: file.name,
      fileType: file.type,
      fileSize: file.size,
      documentType: documentType.data,
      xsrfHeader: request.headers.get(XSRF_HEADER),
      owner: null,
    });
    return HttpResponse.json<UploadResponse>({ token });
  }),
];
