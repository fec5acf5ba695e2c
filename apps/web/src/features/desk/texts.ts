/**
 * Web-only texts of the applications desk. Texts fixed by the spec (the opening prompt
 * and notes, filter labels, placeholder, column headings, the edit heading, 'No results', outbound
 * call labels, the visa sentence) come from @clearing-desk/contracts (applications/desk-texts.ts,
 * desk.ts) and are never copied here.
 */
export const DESK_TEXTS = {
  SEARCH_LABEL: 'Search',
  FILTER_LABEL: 'Status',
  NATIONALITY_LABEL: 'Nationality',
  SORT_LABEL: 'Order',
  ANY_NATIONALITY: 'Any nationality',
  RESULTS_CAPTION: 'Applications',
  LOADING: 'Loading applications',
  LOADING_APPLICATION: 'Loading the application',
  EDIT: 'Edit',
  VISA: 'Visa',
  /** The visa screen's form (its legend is the listing's column heading, VISA_FIELD_LABELS.VISA_STATUS). */
  VISA_STATE_HEADING: 'Set the visa status',
  VISA_STATE_SAVE: 'Save the visa status',
  VISA_STATE_SAVED: (label: string) => `Visa status saved: ${label}.`,
  VISA_STATE_NONE: "This application is not on the Visa Team's list yet.",
  LOADING_VISA: 'Loading the visa status',
  OUTBOUND_DIALOG_TITLE: 'Log an outbound call',
  OUTBOUND_OUTCOME: 'Call outcome',
  OUTBOUND_NOTES: 'Notes',
  OUTBOUND_SAVE: 'Save the call',
  CANCEL: 'Cancel',
  DOCUMENTS_HEADING: 'Documents',
  NO_DOCUMENTS: 'No documents.',
  DOWNLOAD: 'Download',
  STUDENT_SEARCH_HEADING: 'Find the caller',
  STUDENT_SEARCH_HINT: 'If the caller has applied before, select them to fill in the form for an additional course.',
  STUDENT_SEARCH_BUTTON: 'Search students',
  STUDENT_SELECT: 'Select',
  STUDENT_ALREADY_APPLIED: 'Already applied for this course',
  STUDENT_RESET: 'Reset',
  STUDENT_SELECTED: 'Selected student',
  STUDENT_CLEAR: 'Clear the student',
  STUDENT_RESULTS_CAPTION: 'Students',
  // Labels name the search so they differ from the form's own fields.
  STUDENT_NAME1: 'Student given name',
  STUDENT_NAME2: 'Student family name',
  /** The student search's result columns (spec section 3's ID, NAME1, NAME2, APPLIED_TO), named for people. */
  STUDENT_COLUMNS: { ID: 'Student ID', NAME1: 'Given name', NAME2: 'Family name', APPLIED_TO: 'Applied to' },
  STUDENT_EMAIL: 'Student email address',
  STUDENT_UCAS_ID: 'Student UCAS Personal ID',
  STUDENT_YEAR: 'Student year of entry',
  FIRST_YEAR: 'First year',
  SECOND_YEAR: 'Second year',
  ANY_YEAR: 'Any',
} as const;

/**
 * Number of applications found, announced when a search settles; `capped` when the listing
 * stopped counting at `total` (more match than that).
 */
export const applicationsFoundText = (total: number, capped = false) =>
  capped ? `More than ${total} applications found` : total === 1 ? '1 application found' : `${total} applications found`;

/** A document's download link, named for screen readers. */
export const downloadLabel = (fileName: string) => `Download ${fileName}`;
