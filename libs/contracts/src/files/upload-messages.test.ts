import { ACCEPTED_FILE_FORMATS_TEXT, ACCEPTED_FILE_INPUT_ACCEPT } from './accepted-types';
import { claimFilesBodySchema, uploadResponseSchema } from './file-routes';
import { createEicarTestFile, createSampleDocument } from '../testing/sample-documents';
import {
  documentNotAttachedText,
  fileFormatsMessage,
  fileSizeMessage,
  fileVirusText,
  uploadErrorText,
  uploadUnexpectedErrorText,
  UPLOAD_ERRORS,
} from './upload-messages';

describe('upload texts (spec sections 5 and 8)', () => {
  it('words the validation messages as the spec does', () => {
    expect(ACCEPTED_FILE_FORMATS_TEXT).toBe('PDF, PNG, BMP, JPEG, JPG, DOC, DOCX');
    expect(fileFormatsMessage('A levels 1')).toBe("'A levels 1' allowed file formats: PDF, PNG, BMP, JPEG, JPG, DOC, DOCX.");
    expect(fileSizeMessage('A levels 1')).toBe("'A levels 1' max size is 5 MB.");
    expect(ACCEPTED_FILE_INPUT_ACCEPT).toBe('.pdf,.png,.bmp,.jpeg,.jpg,.doc,.docx');
  });

  it('turns the server message into the upload error of spec section 8', () => {
    expect(fileVirusText('GCSE 2')).toBe(
      "'GCSE 2' - The document you provided could not be uploaded because it contained a virus. Please check the document and try again.",
    );
    expect(uploadUnexpectedErrorText('GCSE 2')).toBe("'GCSE 2' - An unexpected error occurred. Please try again.");
    expect(uploadErrorText('GCSE 2', UPLOAD_ERRORS.VIRUS)).toBe(fileVirusText('GCSE 2'));
    expect(uploadErrorText('GCSE 2', UPLOAD_ERRORS.SCAN_UNAVAILABLE)).toBe(uploadUnexpectedErrorText('GCSE 2'));
    expect(uploadErrorText('GCSE 2', undefined)).toBe(uploadUnexpectedErrorText('GCSE 2'));
  });

  it('names the document a submission could not bind', () => {
    expect(documentNotAttachedText('GCSE document 1')).toBe(
      "'GCSE document 1' - This document cannot be used for this application. Please remove it and upload it again.",
    );
  });
});

describe('file contracts', () => {
  it('accepts 43-character base64url tokens only', () => {
    expect(uploadResponseSchema.safeParse({ token: 'a'.repeat(43) }).success).toBe(true);
    expect(uploadResponseSchema.safeParse({ token: '../etc/passwd' }).success).toBe(false);
    expect(claimFilesBodySchema.safeParse({ tokens: ['a'.repeat(43)], owner: ' sub-1 ' }).data?.owner).toBe('sub-1');
    expect(claimFilesBodySchema.safeParse({ tokens: ['a'.repeat(43)], owner: 'a\nb' }).success).toBe(false);
  });

  it('builds the EICAR test file and padded samples', () => {
    expect(createEicarTestFile()).toHaveLength(68);
    expect(createSampleDocument('jpeg', { minBytes: 70_000 }).length).toBeGreaterThanOrEqual(70_000);
  });
});
