import { ERROR_CODES } from '../common/error-codes';
import { LIMITS } from '../common/limits';
import { ACCEPTED_FILE_FORMATS_TEXT } from './accepted-types';

/** Name of the multipart file field of POST /api/file/upload (spec section 7). */
export const UPLOAD_FILE_FIELD = 'document';
/** Name of the multipart field carrying the document category (spec section 3). */
export const UPLOAD_TYPE_FIELD = 'document_type';

/** Spec section 5 "File types": `'{label}' allowed file formats: {list}.` */
export const fileFormatsMessage = (label: string, list: string = ACCEPTED_FILE_FORMATS_TEXT) => `'${label}' allowed file formats: ${list}.`;

/** Spec section 5 "File size": `'{label}' max size is {n} MB.` */
export const fileSizeMessage = (label: string, megabytes: number = LIMITS.FILE_MAX_MB) => `'${label}' max size is ${megabytes} MB.`;

/** Spec section 8: the upload answered `file_virus`. */
export const fileVirusText = (label: string) =>
  `'${label}' - The document you provided could not be uploaded because it contained a virus. Please check the document and try again.`;

/** Spec section 8: any other upload failure. */
export const uploadUnexpectedErrorText = (label: string) => `'${label}' - An unexpected error occurred. Please try again.`;

/** What the web app shows for a failed upload of the field `label`, from the server's message. */
export const uploadErrorText = (label: string, message: string | undefined) =>
  message === ERROR_CODES.FILE_VIRUS ? fileVirusText(label) : uploadUnexpectedErrorText(label);

/**
 * 409 of POST /api/apply/{course} when a document's token cannot be bound to this application
 * (unknown, not clean, or already used by another application). The web app shows it on the
 * document as its custom_error; the applicant removes the file and uploads it again.
 */
export const documentNotAttachedText = (label: string) =>
  `'${label}' - This document cannot be used for this application. Please remove it and upload it again.`;

/**
 * `{ message }` of each refused upload (architecture.md "Errors"). Validation answers reuse the
 * spec's texts with the field name as label; `file_virus` is the spec's code.
 */
export const UPLOAD_ERRORS = {
  /** 422: ClamAV found a signature; the file is deleted. */
  VIRUS: ERROR_CODES.FILE_VIRUS,
  /** 413: over LIMITS.FILE_MAX_BYTES. */
  TOO_LARGE: fileSizeMessage(UPLOAD_FILE_FIELD),
  /** 415: content is none of the accepted formats, whatever the name says. */
  UNSUPPORTED_TYPE: fileFormatsMessage(UPLOAD_FILE_FIELD),
  /** 400: no file in the `document` field. */
  MISSING_FILE: `'${UPLOAD_FILE_FIELD}' is required.`,
  /** 400: more than one file, or a file in another field. */
  ONE_FILE_ONLY: `Only one file, in the '${UPLOAD_FILE_FIELD}' field, may be uploaded at a time.`,
  /** 415: the body is not multipart/form-data. */
  NOT_MULTIPART: 'The upload must be sent as multipart/form-data.',
  /** 400: the multipart body could not be read (cut short or malformed). */
  MALFORMED: 'The upload could not be read; please try again.',
  /** 503: ClamAV could not be reached or failed; fail closed. */
  SCAN_UNAVAILABLE: 'Virus scanning is unavailable; the file was not accepted. Please try again later.',
  /** 503: no scan result within SCAN_TIMEOUT_MS; the file is discarded. */
  SCAN_TIMEOUT: 'Virus scanning took too long; the file was not accepted. Please try again.',
} as const;

/** 400 for a `document_type` outside DOCUMENT_TYPE_SLOTS. */
export const unknownDocumentTypeMessage = (allowed: readonly string[]) => `${UPLOAD_TYPE_FIELD}: must be one of ${allowed.join(', ')}`;
