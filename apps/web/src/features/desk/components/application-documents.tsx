import { DOCUMENT_TYPE_TITLES, type DocumentSummary } from '@clearing-desk/contracts';
import { apiPaths } from '@/config/paths';
import { DESK_TEXTS, downloadLabel } from '../texts';

type ApplicationDocumentsProps = {
  studentId: string;
  ucasCode: string;
  /** The application's clean documents (GET /api/admin/applications/{s}/{c}). */
  documents: readonly DocumentSummary[];
  /** How a size reads ('1.4 MB'); the route passes the form's formatter (features never import each other). */
  formatSize: (bytes: number) => string;
};

/**
 * The application's documents with name, type and size, each with a download
 * link (the gateway streams it from files-svc as an attachment and logs the download).
 */
export function ApplicationDocuments({ studentId, ucasCode, documents, formatSize }: ApplicationDocumentsProps) {
  return (
    <section className="cd-application-documents" aria-labelledby="application-documents-heading">
      <h2 className="cd-heading-m" id="application-documents-heading">
        {DESK_TEXTS.DOCUMENTS_HEADING}
      </h2>
      {documents.length === 0 ? (
        <p className="cd-body">{DESK_TEXTS.NO_DOCUMENTS}</p>
      ) : (
        <ul className="cd-list cd-document-list">
          {documents.map((document) => (
            <li key={document.file_id} className="cd-document">
              <a
                className="cd-link"
                href={apiPaths.deskDocument(studentId, ucasCode, document.file_id)}
                download={document.file_name}
                aria-label={downloadLabel(document.file_name)}
              >
                {document.file_name}
              </a>{' '}
              <span className="cd-secondary-text">
                {DOCUMENT_TYPE_TITLES[document.document_type]}, {formatSize(document.file_size)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
