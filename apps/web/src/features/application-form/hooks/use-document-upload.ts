import { isAcceptedFileFormat, LIMITS, uploadErrorText, type DocumentField, type FormDocument } from '@clearing-desk/contracts';
import { useCallback } from 'react';
import { ApiError } from '@/lib/api-client';
import { uploadDocument } from '../api/upload-document';
import { useApplicationForm } from '../components/application-form-provider';
import { isRecompressedImage, recompressImage, UPLOAD_IMAGE_QUALITY } from '../utils/recompress-image';
import { createSubmissionId } from '../utils/submission-id';

/** The document a chosen file becomes, before it has a token. */
const chosenDocument = (file: File, field: DocumentField): FormDocument => ({
  file_id: createSubmissionId(),
  file_type: file.type,
  file_name: file.name || 'document',
  file_size: file.size,
  document_type: field.type,
  file_token: '',
});

/**
 * Puts a chosen file in a document slot (spec sections 3, 5 and 8). A file of another format
 * stays unsent (the slot shows the formats message of spec section 5); an image (JPEG, PNG, BMP)
 * is recompressed at quality 0.6 first; a file still over 5 MB stays unsent (the size message);
 * anything else goes to POST /api/file/upload with its progress shown. The slot then holds the
 * document with its token, or with the spec section 8 text as its custom_error (file_virus, or
 * any other failure). The state lives in the form's provider, so an upload carries on across steps.
 */
export function useDocumentUpload() {
  const { dispatch } = useApplicationForm();
  return useCallback(
    async (field: DocumentField, file: File) => {
      const { name } = field;
      const chosen = chosenDocument(file, field);
      if (!isAcceptedFileFormat(chosen)) return dispatch({ type: 'set-document', name, document: chosen });

      dispatch({ type: 'upload-progress', name, upload: { fileName: chosen.file_name, progress: 0 } });
      const prepared = isRecompressedImage(file) ? await recompressImage(file, UPLOAD_IMAGE_QUALITY) : file;
      const document = { ...chosen, file_name: prepared.name || chosen.file_name, file_type: prepared.type, file_size: prepared.size };
      if (prepared.size > LIMITS.FILE_MAX_BYTES) return dispatch({ type: 'upload-settled', name, document });

      try {
        const { token } = await uploadDocument(prepared, field.type, {
          onProgress: (progress) => dispatch({ type: 'upload-progress', name, upload: { fileName: document.file_name, progress } }),
        });
        dispatch({ type: 'upload-settled', name, document: { ...document, file_token: token } });
      } catch (error) {
        const message = error instanceof ApiError ? error.message : undefined;
        dispatch({ type: 'upload-settled', name, document: { ...document, custom_error: uploadErrorText(field.label, message) } });
      }
    },
    [dispatch],
  );
}
