import {
  ACCEPTED_FILE_INPUT_ACCEPT,
  DOCUMENT_TYPE_SLOTS,
  DOCUMENT_TYPE_TITLES,
  documentFieldsOf,
  type DocumentField,
  type DocumentType,
} from '@clearing-desk/contracts';
import { Button, ErrorMessage, FileUpload, ProgressBar, Tag, VisuallyHidden } from '@clearing-desk/ui';
import { useDocumentUpload } from '../hooks/use-document-upload';
import { useFocusAfterRender } from '../hooks/use-focus-after-render';
import { documentsHeading, documentsLimitHint, documentsLimitReached, FORM_TEXTS, uploadingLabel } from '../texts';
import { fieldId } from '../utils/field-ids';
import { formatFileSize } from '../utils/file-size';
import { documentOf } from '../utils/form-values';
import { useApplicationForm } from './application-form-provider';

const inputId = (type: DocumentType) => `${type}-DOCUMENT-upload`;

/** One filled (or filling) slot: the file, its progress while it uploads, then Uploaded or its error, and Remove. */
function DocumentSlot({ field, onRemove }: { field: DocumentField; onRemove: () => void }) {
  const { values, state, errorAt } = useApplicationForm();
  const document = documentOf(values, field.name);
  const upload = state.uploads[field.name];
  const id = fieldId(field.name);
  const error = errorAt(field.name);
  return (
    <li className="cd-document" id={id} tabIndex={-1}>
      <p className="cd-document__name">
        <span className="cd-document__label">{field.label}:</span> {upload?.fileName ?? document?.file_name}
        {!upload && document && <span className="cd-secondary-text"> ({formatFileSize(document.file_size)})</span>}
      </p>
      {upload && <ProgressBar id={`${id}-progress`} label={uploadingLabel(upload.fileName)} value={upload.progress} />}
      {/* Announces the outcome once the upload settles (the region exists from the start). */}
      <div className="cd-document__status" aria-live="polite">
        {!upload && document && (error ? <ErrorMessage id={`${id}-error`}>{error}</ErrorMessage> : <Tag colour="green">{FORM_TEXTS.DOCUMENT_UPLOADED}</Tag>)}
      </div>
      {!upload && document && (
        <Button variant="secondary" className="cd-button--small" id={`${id}-remove`} onClick={onRemove}>
          {FORM_TEXTS.REMOVE}
          <VisuallyHidden> {field.label}</VisuallyHidden>
        </Button>
      )}
    </li>
  );
}

/**
 * The uploads of one category: its filled slots, then one file input labelled with the next free
 * slot ('A levels / BTEC / IB document 2') until the category's 5 slots (2 for GCSE2) are used.
 * A removed file frees its slot; the others keep their numbers.
 */
function DocumentCategory({ type }: { type: DocumentType }) {
  const { values, state, dispatch } = useApplicationForm();
  const upload = useDocumentUpload();
  const focusAfterRender = useFocusAfterRender();
  const fields = documentFieldsOf([type]);
  const used = fields.filter((f) => documentOf(values, f.name) !== undefined || state.uploads[f.name] !== undefined);
  const next = fields.find((f) => !used.includes(f));
  const slots = DOCUMENT_TYPE_SLOTS[type];
  const headingId = `${type}-DOCUMENT-heading`;

  const remove = (field: DocumentField) => {
    dispatch({ type: 'set-document', name: field.name, document: null });
    focusAfterRender(inputId(type));
  };

  return (
    <div className="cd-document-category" role="group" aria-labelledby={headingId}>
      <h3 className="cd-heading-s" id={headingId}>
        {documentsHeading(DOCUMENT_TYPE_TITLES[type])}
      </h3>
      {used.length > 0 && (
        <ul className="cd-document-list">
          {used.map((field) => (
            <DocumentSlot key={field.name} field={field} onRemove={() => remove(field)} />
          ))}
        </ul>
      )}
      {next ? (
        <FileUpload
          id={inputId(type)}
          label={next.label}
          hint={documentsLimitHint(slots)}
          accept={ACCEPTED_FILE_INPUT_ACCEPT}
          onFileChosen={(file) => void upload(next, file)}
        />
      ) : (
        <p className="cd-body" id={inputId(type)} tabIndex={-1}>
          {documentsLimitReached(slots)}
        </p>
      )}
    </div>
  );
}

/**
 * Step 2's document uploads (spec section 3 "Document uploads"): one block per category of the
 * course's DOCUMENT_TYPES; nothing when the course takes none. Documents are optional.
 */
export function DocumentUploads() {
  const { documentTypes } = useApplicationForm();
  if (documentTypes.length === 0) return null;
  return (
    <section className="cd-group cd-documents" aria-labelledby="documents-heading">
      <h2 className="cd-heading-m" id="documents-heading">
        {FORM_TEXTS.DOCUMENTS_HEADING}
        <span className="cd-secondary-text"> {FORM_TEXTS.OPTIONAL}</span>
      </h2>
      <p className="cd-hint">{FORM_TEXTS.DOCUMENTS_HINT}</p>
      {documentTypes.map((type) => (
        <DocumentCategory key={type} type={type} />
      ))}
    </section>
  );
}
