import { NO_RESULTS, studentSearchQuerySchema, type StudentSearchQuery, type StudentSearchRow } from '@clearing-desk/contracts';
import { Button, Radios, Spinner, Table, TextInput, type TableColumn } from '@clearing-desk/ui';
import { useState, type FormEvent } from 'react';
import { formatApiError } from '@/lib/api-client';
import { useStudents } from '../api/get-students';
import { DESK_TEXTS } from '../texts';

type StudentSearchProps = {
  /** The course being applied for: a student who applied for it already cannot be selected. */
  ucasCode: string;
  /** The student the form is for now, if one was selected. */
  selected: StudentSearchRow | null;
  /** Pre-populates the form with the student, for an additional course (the route re-assesses). */
  onSelect: (student: StudentSearchRow) => void;
  /** Clears the current student from the form. */
  onClear: () => void;
};

type Fields = { NAME1: string; NAME2: string; EMAIL: string; UCAS_PERSONAL_ID: string; SECOND_YEAR_ENTRY: string };
const EMPTY: Fields = { NAME1: '', NAME2: '', EMAIL: '', UCAS_PERSONAL_ID: '', SECOND_YEAR_ENTRY: '' };

const appliedTo = (row: StudentSearchRow): string[] =>
  row.APPLIED_TO.split(',')
    .map((code) => code.trim())
    .filter(Boolean);

/**
 * The adviser's student search (spec section 2; a step outside the tab list): names, email, UCAS
 * Personal ID, first or second year entry and a Search button, results at the bottom (ID, NAME1,
 * NAME2, APPLIED_TO). 'Select' fills the form for an additional course and is unavailable for a
 * student who already applied for this one. Reset clears the search and the current student.
 * It starts folded to one line (its heading, a disclosure button, and the selected student), so
 * the form's first screen is the form, for a new caller too; the adviser opens
 * it for a caller who has applied before, and it folds again once one is selected.
 */
export function StudentSearch({ ucasCode, selected, onSelect, onClear }: StudentSearchProps) {
  // Folded to its heading line until the adviser opens it: the form's first screen is the form.
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [query, setQuery] = useState<StudentSearchQuery | null>(null);
  const [error, setError] = useState<string | null>(null);
  const students = useStudents(query);

  const set = (name: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [name]: value }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = studentSearchQuerySchema.safeParse(Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== '')));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    setQuery(parsed.data);
  };
  const select = (row: StudentSearchRow) => {
    // The form fills with the student's answers: fold the search away.
    setOpen(false);
    onSelect(row);
  };
  const reset = () => {
    setFields(EMPTY);
    setQuery(null);
    setError(null);
    onClear();
  };

  const columns: TableColumn<StudentSearchRow>[] = [
    { id: 'id', header: 'ID', cell: (row) => row.ID },
    { id: 'name1', header: 'NAME1', cell: (row) => row.NAME1 },
    { id: 'name2', header: 'NAME2', cell: (row) => row.NAME2 },
    { id: 'applied', header: 'APPLIED_TO', cell: (row) => appliedTo(row).join(', ') },
    {
      id: 'select',
      header: DESK_TEXTS.STUDENT_SELECT,
      headerHidden: true,
      cell: (row) =>
        appliedTo(row).includes(ucasCode) ? (
          <span className="cd-secondary-text">{DESK_TEXTS.STUDENT_ALREADY_APPLIED}</span>
        ) : (
          <Button variant="secondary" className="cd-button--small" onClick={() => select(row)} aria-label={`${DESK_TEXTS.STUDENT_SELECT} ${row.ID}`}>
            {DESK_TEXTS.STUDENT_SELECT}
          </Button>
        ),
    },
  ];

  return (
    <section className="cd-student-search" aria-labelledby="student-search-heading">
      <div className="cd-student-search__bar">
        <h2 className="cd-heading-m cd-student-search__heading" id="student-search-heading">
          <button type="button" className="cd-student-search__toggle" aria-expanded={open} aria-controls="student-search-body" onClick={() => setOpen(!open)}>
            <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
            {DESK_TEXTS.STUDENT_SEARCH_HEADING}
          </button>
        </h2>
        {selected && (
          <p className="cd-body cd-student-search__selected" role="status">
            {DESK_TEXTS.STUDENT_SELECTED}: {selected.ID} {selected.NAME1} {selected.NAME2}{' '}
            <Button variant="secondary" className="cd-button--small" onClick={onClear}>
              {DESK_TEXTS.STUDENT_CLEAR}
            </Button>
          </p>
        )}
      </div>
      <div id="student-search-body" hidden={!open}>
        <p className="cd-hint">{DESK_TEXTS.STUDENT_SEARCH_HINT}</p>
        <form noValidate onSubmit={onSubmit} aria-labelledby="student-search-heading">
          <TextInput
            id="student-name1"
            label={DESK_TEXTS.STUDENT_NAME1}
            value={fields.NAME1}
            onChange={(e) => set('NAME1')(e.target.value)}
            autoComplete="off"
          />
          <TextInput
            id="student-name2"
            label={DESK_TEXTS.STUDENT_NAME2}
            value={fields.NAME2}
            onChange={(e) => set('NAME2')(e.target.value)}
            autoComplete="off"
          />
          <TextInput
            id="student-email"
            label={DESK_TEXTS.STUDENT_EMAIL}
            type="email"
            value={fields.EMAIL}
            onChange={(e) => set('EMAIL')(e.target.value)}
            autoComplete="off"
          />
          <TextInput
            id="student-ucas-id"
            label={DESK_TEXTS.STUDENT_UCAS_ID}
            width="10"
            inputMode="numeric"
            value={fields.UCAS_PERSONAL_ID}
            onChange={(e) => set('UCAS_PERSONAL_ID')(e.target.value)}
            autoComplete="off"
            error={error}
          />
          <Radios
            id="student-year"
            name="student-year"
            legend={DESK_TEXTS.STUDENT_YEAR}
            inline
            options={[
              { value: '', label: DESK_TEXTS.ANY_YEAR },
              { value: '0', label: DESK_TEXTS.FIRST_YEAR },
              { value: '1', label: DESK_TEXTS.SECOND_YEAR },
            ]}
            value={fields.SECOND_YEAR_ENTRY}
            onChange={set('SECOND_YEAR_ENTRY')}
          />
          <div className="cd-button-group">
            <Button type="submit">{DESK_TEXTS.STUDENT_SEARCH_BUTTON}</Button>
            <Button variant="secondary" onClick={reset}>
              {DESK_TEXTS.STUDENT_RESET}
            </Button>
          </div>
        </form>
        {query !== null && (
          <div className="cd-search-results" aria-busy={students.isFetching}>
            {students.isPending ? (
              <Spinner label={DESK_TEXTS.LOADING} />
            ) : students.isError ? (
              <p className="cd-error-message" role="alert">
                {formatApiError(students.error)}
              </p>
            ) : students.data.rows.length === 0 ? (
              <p className="cd-body cd-no-results" role="status">
                {NO_RESULTS}
              </p>
            ) : (
              <div className="cd-table-container">
                <Table caption={DESK_TEXTS.STUDENT_RESULTS_CAPTION} captionHidden columns={columns} rows={students.data.rows} rowKey={(row) => row.ID} />
              </div>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
