/**
 * File formats a document upload may have (spec sections 3 and 5), judged by the file's content,
 * never by its name. JPEG and JPG are one format with two names; the spec lists both.
 * `extension` is the one a stored name gets when its own does not name the detected format
 *; `extensions` are every name of the format a stored name may keep.
 */
export const ACCEPTED_FILE_KINDS = {
  pdf: { mime: 'application/pdf', extension: 'pdf', extensions: ['pdf'] },
  png: { mime: 'image/png', extension: 'png', extensions: ['png'] },
  bmp: { mime: 'image/bmp', extension: 'bmp', extensions: ['bmp'] },
  jpeg: { mime: 'image/jpeg', extension: 'jpg', extensions: ['jpg', 'jpeg'] },
  doc: { mime: 'application/msword', extension: 'doc', extensions: ['doc'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx', extensions: ['docx'] },
} as const;
export type AcceptedFileKind = keyof typeof ACCEPTED_FILE_KINDS;
export type AcceptedMimeType = (typeof ACCEPTED_FILE_KINDS)[AcceptedFileKind]['mime'];

/** The spec's labels in its order, as shown in the file-format message. */
export const ACCEPTED_FILE_FORMAT_LABELS = ['PDF', 'PNG', 'BMP', 'JPEG', 'JPG', 'DOC', 'DOCX'] as const;
/** 'PDF, PNG, BMP, JPEG, JPG, DOC, DOCX' (spec section 5 `{list}`). */
export const ACCEPTED_FILE_FORMATS_TEXT = ACCEPTED_FILE_FORMAT_LABELS.join(', ');
/** For an `<input type="file" accept>`: a hint to the browser only; the server checks content. */
export const ACCEPTED_FILE_INPUT_ACCEPT = ACCEPTED_FILE_FORMAT_LABELS.map((l) => `.${l.toLowerCase()}`).join(',');
/** Every MIME type stored as `file_type`. */
export const ACCEPTED_MIME_TYPES = Object.values(ACCEPTED_FILE_KINDS).map((k) => k.mime) as [AcceptedMimeType, ...AcceptedMimeType[]];
