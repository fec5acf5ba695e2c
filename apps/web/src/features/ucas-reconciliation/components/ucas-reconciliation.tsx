import {
  formatLondonDateTime,
  UCAS_CSV_MAX_CHARS,
  UCAS_TEXTS,
  ucasImportSummary,
  ucasLapseConfirmed,
  ucasUnmatchedDealtWith,
  type UcasImport,
  type UcasOffer,
  type UcasUnmatchedRow,
} from '@clearing-desk/contracts';
import { Button, ErrorSummary, FileUpload, Notice, Spinner, Table, TextInput, VisuallyHidden } from '@clearing-desk/ui';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApiError, formatApiError } from '@/lib/api-client';
import { useConfirmLapse, useUcasImport, useUcasOverview, useUnmatchedDealtWith } from '../api/ucas';

const FILE_ID = 'ucas-file';

/** The upload: one CSV file, checked before it is sent; the server's refusal (missing columns) shown in the error summary. */
function ImportForm() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<UcasImport | null>(null);
  const mutation = useUcasImport();
  const statusRef = useRef<HTMLDivElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (!file) {
      setError(UCAS_TEXTS.FILE_REQUIRED);
      return;
    }
    const csv = await file.text();
    if (csv.length > UCAS_CSV_MAX_CHARS) {
      setError(UCAS_TEXTS.FILE_TOO_LARGE);
      return;
    }
    setError(null);
    mutation.mutate(
      { FILE_NAME: file.name, CSV: csv },
      {
        onSuccess: (result) => {
          setDone(result);
          setFile(null);
          // The result replaces the form's state: focus it so a screen reader reads the counts.
          requestAnimationFrame(() => statusRef.current?.focus());
        },
        // A refusal of the file (400: its columns, no rows) is said as the server words it, beside the field.
        onError: (err) => setError(err instanceof ApiError && err.status === 400 ? err.message : formatApiError(err)),
      },
    );
  };

  return (
    <section aria-labelledby="ucas-import-heading">
      <h2 className="cd-heading-m" id="ucas-import-heading">
        {UCAS_TEXTS.UPLOAD_HEADING}
      </h2>
      {error && <ErrorSummary errors={[{ fieldId: FILE_ID, message: error }]} />}
      <div ref={statusRef} tabIndex={-1}>
        {done && (
          <Notice variant="success">
            <p className="cd-body">{ucasImportSummary(done)}</p>
          </Notice>
        )}
      </div>
      <form noValidate onSubmit={(e) => void onSubmit(e)} aria-label={UCAS_TEXTS.UPLOAD_HEADING}>
        <FileUpload
          id={FILE_ID}
          label={UCAS_TEXTS.FILE_LABEL}
          hint={UCAS_TEXTS.UPLOAD_HINT}
          accept=".csv,text/csv"
          error={error}
          onFileChosen={(chosen) => {
            setFile(chosen);
            setError(null);
          }}
        />
        {file && (
          <p className="cd-body" aria-live="polite">
            {`Chosen: ${file.name}`}
          </p>
        )}
        <Button type="submit" disabled={mutation.isPending}>
          {UCAS_TEXTS.IMPORT_BUTTON}
        </Button>
      </form>
    </section>
  );
}

/** An offer's row: the applicant (a link to their application), course and deadline. */
const offerColumns = [
  {
    id: 'name',
    header: 'Applicant',
    cell: (o: UcasOffer) => <Link to={paths.applicationEdit.getHref(o.STUDENT_ID, o.UCAS_CODE)}>{o.NAME || o.STUDENT_ID}</Link>,
  },
  { id: 'course', header: 'Course', cell: (o: UcasOffer) => o.UCAS_CODE },
  { id: 'deadline', header: 'Deadline', cell: (o: UcasOffer) => formatLondonDateTime(new Date(o.DEADLINE)) },
  { id: 'reminded', header: 'Reminder emailed', cell: (o: UcasOffer) => (o.REMINDED_AT ? formatLondonDateTime(new Date(o.REMINDED_AT)) : '') },
];

/** Offers past their deadline not added in UCAS: each confirmed by a person in one action. */
function LapsedOffers({ offers }: { offers: UcasOffer[] }) {
  const confirm = useConfirmLapse();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  return (
    <section aria-labelledby="ucas-lapsed-heading">
      <h2 className="cd-heading-m" id="ucas-lapsed-heading">
        {UCAS_TEXTS.LAPSED_HEADING}
      </h2>
      {confirmed && (
        <Notice variant="success" live>
          <p className="cd-body">{confirmed}</p>
        </Notice>
      )}
      {confirm.isError && (
        <Notice variant="error" live>
          <p className="cd-body">{formatApiError(confirm.error)}</p>
        </Notice>
      )}
      {offers.length === 0 ? (
        <p className="cd-body">{UCAS_TEXTS.LAPSED_NONE}</p>
      ) : (
        <Table
          caption={UCAS_TEXTS.LAPSED_HEADING}
          captionHidden
          rowKey={(o) => o.APPLICATION_ID}
          rows={offers}
          columns={[
            ...offerColumns.slice(0, 3),
            {
              id: 'confirm',
              header: 'Action',
              cell: (o) => (
                <Button
                  variant="warning"
                  disabled={confirm.isPending}
                  aria-label={`${UCAS_TEXTS.CONFIRM_LAPSE}: ${o.NAME || o.STUDENT_ID}, ${o.UCAS_CODE}`}
                  onClick={() =>
                    confirm.mutate(
                      { applicationId: o.APPLICATION_ID, ucasCode: o.UCAS_CODE },
                      { onSuccess: () => setConfirmed(ucasLapseConfirmed(o.NAME || o.STUDENT_ID, o.UCAS_CODE)) },
                    )
                  }
                >
                  {UCAS_TEXTS.CONFIRM_LAPSE}
                </Button>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}

/** One open row's action: an optional note and 'Mark dealt with' (the row named in the label, for a screen reader). */
function DealtWithAction({ row, onDone }: { row: UcasUnmatchedRow; onDone: (row: UcasUnmatchedRow) => void }) {
  const [note, setNote] = useState('');
  const mark = useUnmatchedDealtWith();
  const name = `${row.FILE_NAME}, line ${row.LINE}`;
  const noteId = `ucas-unmatched-note-${row.ID}`;
  const tooLong = note.trim().length > 500 ? UCAS_TEXTS.DEALT_WITH_NOTE_TOO_LONG : null;
  return (
    <form
      className="cd-ucas-dealt-with"
      noValidate
      aria-label={`${UCAS_TEXTS.MARK_DEALT_WITH}: ${name}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (tooLong) return;
        mark.mutate({ id: row.ID, NOTE: note.trim() }, { onSuccess: () => onDone(row) });
      }}
    >
      <TextInput
        id={noteId}
        label={
          <>
            {UCAS_TEXTS.DEALT_WITH_NOTE_LABEL}
            <VisuallyHidden>{`: ${name}`}</VisuallyHidden>
          </>
        }
        value={note}
        maxLength={500}
        error={tooLong ?? (mark.isError ? formatApiError(mark.error) : null)}
        onChange={(event) => setNote(event.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={mark.isPending} aria-label={`${UCAS_TEXTS.MARK_DEALT_WITH}: ${name}`}>
        {UCAS_TEXTS.MARK_DEALT_WITH}
      </Button>
    </form>
  );
}

const unmatchedColumns = [
  { id: 'file', header: 'File', cell: (u: UcasUnmatchedRow) => `${u.FILE_NAME}, line ${u.LINE}` },
  { id: 'id', header: 'UCAS Personal ID', cell: (u: UcasUnmatchedRow) => u.UCAS_PERSONAL_ID },
  { id: 'course', header: 'Course code', cell: (u: UcasUnmatchedRow) => u.COURSE_CODE },
  { id: 'reason', header: 'Why not matched', cell: (u: UcasUnmatchedRow) => u.REASON },
];

/**
 * The rows not matched still open, each marked dealt with by an Administrator with an optional
 * note; the rows dealt with (who, when, the note) shown on request.
 */
function UnmatchedRows({ open, dealtWith }: { open: UcasUnmatchedRow[]; dealtWith: UcasUnmatchedRow[] }) {
  const [showDealtWith, setShowDealtWith] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="ucas-unmatched-heading">
      <h2 className="cd-heading-m" id="ucas-unmatched-heading" ref={headingRef} tabIndex={-1}>
        {UCAS_TEXTS.UNMATCHED_HEADING}
      </h2>
      {done && (
        <Notice variant="success" live>
          <p className="cd-body">{done}</p>
        </Notice>
      )}
      {open.length === 0 ? (
        <p className="cd-body">{dealtWith.length > 0 ? UCAS_TEXTS.UNMATCHED_ALL_DEALT_WITH : UCAS_TEXTS.UNMATCHED_NONE}</p>
      ) : (
        <Table
          caption={UCAS_TEXTS.UNMATCHED_HEADING}
          captionHidden
          rowKey={(u) => String(u.ID)}
          rows={open}
          columns={[
            ...unmatchedColumns,
            {
              id: 'action',
              header: 'Action',
              cell: (u) => (
                <DealtWithAction
                  row={u}
                  onDone={(row) => {
                    setDone(ucasUnmatchedDealtWith(row));
                    // The row and its form are gone: the heading takes the focus, the notice is read out.
                    requestAnimationFrame(() => headingRef.current?.focus());
                  }}
                />
              ),
            },
          ]}
        />
      )}
      {dealtWith.length > 0 && (
        <>
          <Button
            variant="secondary"
            aria-expanded={showDealtWith}
            aria-controls="ucas-unmatched-dealt-with"
            onClick={() => setShowDealtWith((shown) => !shown)}
          >
            {showDealtWith ? UCAS_TEXTS.HIDE_DEALT_WITH : UCAS_TEXTS.SHOW_DEALT_WITH}
          </Button>
          <div id="ucas-unmatched-dealt-with" hidden={!showDealtWith}>
            {showDealtWith && (
              <Table
                caption={UCAS_TEXTS.UNMATCHED_DEALT_WITH_HEADING}
                rowKey={(u) => String(u.ID)}
                rows={dealtWith}
                columns={[
                  ...unmatchedColumns,
                  {
                    id: 'dealt',
                    header: 'Dealt with',
                    cell: (u) => `${u.DEALT_WITH_AT ? formatLondonDateTime(new Date(u.DEALT_WITH_AT)) : ''} by ${u.DEALT_WITH_BY ?? ''}`,
                  },
                  { id: 'note', header: 'Note', cell: (u) => u.DEALT_WITH_NOTE ?? '' },
                ]}
              />
            )}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * UCAS reconciliation (Administrators; docs/domain/ucas-reconciliation.md): the upload of UCAS's
 * export, offers lapsed (confirm each) and lapsing, the rows not matched, and recent imports.
 */
export function UcasReconciliation() {
  const query = useUcasOverview();
  return (
    <>
      <ImportForm />
      {query.isPending && <Spinner label={UCAS_TEXTS.PAGE_TITLE} />}
      {query.isError && (
        <Notice variant="error">
          <p className="cd-body">{formatApiError(query.error)}</p>
        </Notice>
      )}
      {query.data && (
        <>
          <LapsedOffers offers={query.data.lapsed} />
          <section aria-labelledby="ucas-lapsing-heading">
            <h2 className="cd-heading-m" id="ucas-lapsing-heading">
              {UCAS_TEXTS.LAPSING_HEADING}
            </h2>
            {query.data.lapsing.length === 0 ? (
              <p className="cd-body">{UCAS_TEXTS.LAPSING_NONE}</p>
            ) : (
              <Table caption={UCAS_TEXTS.LAPSING_HEADING} captionHidden rowKey={(o) => o.APPLICATION_ID} rows={query.data.lapsing} columns={offerColumns} />
            )}
          </section>
          <UnmatchedRows open={query.data.unmatched} dealtWith={query.data.unmatched_dealt_with} />
          {query.data.imports.length > 0 && (
            <section aria-labelledby="ucas-imports-heading">
              <h2 className="cd-heading-m" id="ucas-imports-heading">
                {UCAS_TEXTS.IMPORTS_HEADING}
              </h2>
              <Table
                caption={UCAS_TEXTS.IMPORTS_HEADING}
                captionHidden
                rowKey={(i) => i.ID}
                rows={query.data.imports}
                columns={[
                  { id: 'when', header: 'Imported', cell: (i) => `${formatLondonDateTime(new Date(i.IMPORTED_AT))} by ${i.IMPORTED_BY}` },
                  { id: 'file', header: 'File', cell: (i) => i.FILE_NAME },
                  { id: 'rows', header: 'Rows', cell: (i) => String(i.ROWS) },
                  { id: 'matched', header: 'Matched', cell: (i) => String(i.MATCHED) },
                  { id: 'already', header: 'Already added', cell: (i) => String(i.ALREADY_ADDED) },
                  { id: 'unmatched', header: 'Not matched', cell: (i) => String(i.UNMATCHED) },
                  { id: 'lapsing', header: 'Lapsing', cell: (i) => String(i.LAPSING) },
                ]}
              />
            </section>
          )}
        </>
      )}
    </>
  );
}
