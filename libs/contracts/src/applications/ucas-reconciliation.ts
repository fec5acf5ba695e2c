import { z } from 'zod';
import { formatLondonDateTime } from '../common/london-time';
import { emailCourseFactsSchema } from './decision-facts';
import { UCAS_ADDED_TEXT } from './ucas-added';

/**
 * UCAS reconciliation (docs/domain/ucas-reconciliation.md): UCAS's export of the Clearing choices
 * applicants added in UCAS Hub is loaded (an Administrator's upload or the scheduled folder
 * import), each row matched to an application by UCAS Personal ID and course code; a matched
 * offer shows 'Added in UCAS'. An offer not added within the lapsing hours of its deadline gets
 * one reminder email and is in the advisers' queue; one not added by its deadline is listed as
 * lapsed until a person confirms it (withdrawn with the reason 'lapsed', its place returned).
 */

/** The words every surface uses (staff application screen, listing, status page, admin screen, emails). */
export const UCAS_TEXTS = {
  ADDED_IN_UCAS: UCAS_ADDED_TEXT,
  PAGE_TITLE: 'UCAS reconciliation',
  SETTINGS_LINK_HINT: "import UCAS's export of Clearing choices added, and confirm offers that lapsed.",
  UPLOAD_HEADING: 'Import UCAS Clearing choices',
  UPLOAD_HINT: 'A CSV file exported from UCAS of the Clearing choices applicants have added.',
  FILE_LABEL: 'UCAS export (CSV)',
  IMPORT_BUTTON: 'Import',
  FILE_REQUIRED: 'Select the CSV file exported from UCAS.',
  FILE_EMPTY: 'The file has no rows of Clearing choices.',
  FILE_TOO_LARGE: 'The file must be smaller than 5 MB.',
  FORBIDDEN: 'Only an Administrator can import UCAS choices or confirm lapsed offers.',
  IMPORTS_HEADING: 'Recent imports',
  UNMATCHED_HEADING: 'Rows not matched to an application',
  UNMATCHED_NONE: 'Every imported row matched an application.',
  UNMATCHED_ALL_DEALT_WITH: 'Every row not matched has been dealt with.',
  UNMATCHED_DEALT_WITH_HEADING: 'Rows not matched, dealt with',
  SHOW_DEALT_WITH: 'Show rows dealt with',
  HIDE_DEALT_WITH: 'Hide rows dealt with',
  MARK_DEALT_WITH: 'Mark dealt with',
  DEALT_WITH_NOTE_LABEL: 'Note (optional)',
  DEALT_WITH_NOTE_TOO_LONG: 'The note must be 500 characters or fewer.',
  UNMATCHED_NOT_OPEN: 'This row is not open: it was dealt with already, or removed.',
  LAPSED_HEADING: 'Offers lapsed: not added in UCAS by their deadline',
  LAPSED_NONE: 'No offer has lapsed.',
  LAPSING_HEADING: 'Offers lapsing: not yet added in UCAS',
  LAPSING_NONE: 'No offer is about to lapse.',
  CONFIRM_LAPSE: 'Confirm lapsed',
  LAPSE_NOT_FOUND: 'This offer is not lapsed: it was added in UCAS, changed, or its deadline has not passed.',
  /** The withdrawal reason a confirmed lapse records (LOG, event, email). */
  LAPSED_REASON: 'lapsed',
  REASON_NO_APPLICATION: 'No application with this UCAS Personal ID and course code.',
  REASON_BAD_ID: 'The UCAS Personal ID is not 10 digits.',
  REASON_WITHDRAWN: 'The application with this UCAS Personal ID and course code is withdrawn.',
  REMINDER_SUBJECT: 'Reminder: add us as your Clearing choice in UCAS Hub',
  REMINDER_HEADING: 'Your offer lapses soon',
  REMINDER_ACTION: 'Add us as your Clearing choice in UCAS Hub before the deadline, or your offer will lapse.',
  REMINDER_LINK: 'See your offer and the steps to add us in UCAS Hub',
  LAPSED_EMAIL_SENTENCE: 'Your offer has lapsed because it was not added as your Clearing choice in UCAS Hub by its deadline.',
} as const;

/** The reminder's deadline sentence: 'Your offer lapses at 23:59 on Friday 15 August 2026.' (Europe/London). */
export const ucasReminderDeadline = (deadline: Date): string => `Your offer lapses at ${formatLondonDateTime(deadline)}.`;

/** The LOG line of a confirmed lapse. */
export const ucasLapseLogMessage = (deadline: Date): string =>
  `Offer lapsed: not added in UCAS by ${formatLondonDateTime(deadline)}. Withdrawn with the reason '${UCAS_TEXTS.LAPSED_REASON}'.`;

/** The LOG line of a matched import row. */
export const UCAS_ADDED_LOG_MESSAGE = 'Clearing choice added in UCAS (UCAS import).';

/** The LOG line of the reminder email. */
export const UCAS_REMINDER_LOG_MESSAGE = 'Reminder to add us in UCAS Hub emailed: the offer is lapsing.';

/** The columns of UCAS's export the import reads, by what they hold (the header names are configuration: UCAS_CSV_COLUMNS). */
export const ucasCsvColumnsSchema = z.object({
  /** The applicant's UCAS Personal ID (ten digits; UCAS may print it as 123-456-7890). */
  personalId: z.string().trim().min(1),
  /** The course code of the Clearing choice (our UCAS code, or our own course code). */
  courseCode: z.string().trim().min(1),
});
export type UcasCsvColumns = z.infer<typeof ucasCsvColumnsSchema>;

/** The header names UCAS's Clearing choices export uses by default. */
export const DEFAULT_UCAS_CSV_COLUMNS: UcasCsvColumns = { personalId: 'Personal ID', courseCode: 'Course code' };

/** The largest CSV an import takes (characters). */
export const UCAS_CSV_MAX_CHARS = 5 * 1024 * 1024;

/** The missing columns' refusal: names the header names looked for. */
export const ucasMissingColumnsMessage = (missing: readonly string[]): string =>
  `The file has no column ${missing.map((m) => `'${m}'`).join(' or ')}: check the export or the configured column names (UCAS_CSV_COLUMNS).`;

/** A UCAS Personal ID as we store it: the ten digits without spaces or dashes; null when it is not ten digits. */
export function normaliseUcasPersonalId(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{10}$/.test(digits) ? digits : null;
}

/** An import: the CSV's text and the file's name (an Administrator's upload). */
export const ucasImportRequestSchema = z.object({
  FILE_NAME: z.string().trim().min(1).max(200),
  CSV: z.string().min(1, UCAS_TEXTS.FILE_REQUIRED).max(UCAS_CSV_MAX_CHARS, UCAS_TEXTS.FILE_TOO_LARGE),
});
export type UcasImportRequest = z.infer<typeof ucasImportRequestSchema>;

/** One import's record: who or what loaded which file, and its counts. */
export const ucasImportSchema = z.object({
  ID: z.uuid(),
  FILE_NAME: z.string(),
  /** 'upload' (an Administrator) or 'folder' (the scheduled import). */
  SOURCE: z.enum(['upload', 'folder']),
  IMPORTED_BY: z.string(),
  IMPORTED_AT: z.string(),
  ROWS: z.number().int().nonnegative(),
  /** Rows matched to an application newly added in UCAS. */
  MATCHED: z.number().int().nonnegative(),
  /** Rows matched to an application already added by an earlier import. */
  ALREADY_ADDED: z.number().int().nonnegative(),
  UNMATCHED: z.number().int().nonnegative(),
  /** Offers not added in UCAS and within the lapsing hours of their deadline after this import. */
  LAPSING: z.number().int().nonnegative(),
});
export type UcasImport = z.infer<typeof ucasImportSchema>;

/** One import's counts in words, as the admin screen says them after an upload. */
export const ucasImportSummary = (i: Pick<UcasImport, 'FILE_NAME' | 'ROWS' | 'MATCHED' | 'ALREADY_ADDED' | 'UNMATCHED' | 'LAPSING'>): string =>
  `Imported ${i.FILE_NAME}: ${i.ROWS} rows, ${i.MATCHED} matched, ${i.ALREADY_ADDED} already added, ${i.UNMATCHED} not matched, ${i.LAPSING} offers lapsing.`;

/** The confirmation after 'Confirm lapsed'. */
export const ucasLapseConfirmed = (name: string, ucasCode: string): string =>
  `The offer to ${name} on ${ucasCode} is withdrawn as lapsed: the place is returned and the applicant is emailed.`;

/** A row not matched, kept for a person: open until an Administrator marks it dealt with (who, when, an optional note). */
export const ucasUnmatchedRowSchema = z.object({
  ID: z.number().int(),
  FILE_NAME: z.string(),
  LINE: z.number().int().positive(),
  UCAS_PERSONAL_ID: z.string(),
  COURSE_CODE: z.string(),
  REASON: z.string(),
  /** When it was marked dealt with (ISO 8601); null while open. */
  DEALT_WITH_AT: z.string().nullable(),
  /** The Administrator's username who marked it; null while open. */
  DEALT_WITH_BY: z.string().nullable(),
  /** Their note ('' when none); null while open. */
  DEALT_WITH_NOTE: z.string().nullable(),
});

/** The confirmation after 'Mark dealt with': the row by its file and line. */
export const ucasUnmatchedDealtWith = (row: Pick<UcasUnmatchedRow, 'FILE_NAME' | 'LINE'>): string =>
  `${row.FILE_NAME}, line ${row.LINE}, is marked dealt with.`;

/** Marking a row not matched dealt with: an optional note (what the person did), at most 500 characters. */
export const ucasUnmatchedDealtWithRequestSchema = z.object({
  NOTE: z.string().trim().max(500, UCAS_TEXTS.DEALT_WITH_NOTE_TOO_LONG).default(''),
});
export type UcasUnmatchedDealtWithRequest = z.input<typeof ucasUnmatchedDealtWithRequestSchema>;

/** Route parameter of a row not matched. */
export const ucasUnmatchedParamsSchema = z.object({ id: z.string().regex(/^\d{1,10}$/) });
export type UcasUnmatchedRow = z.infer<typeof ucasUnmatchedRowSchema>;

/** An offer not added in UCAS, with its deadline (ISO 8601). */
export const ucasOfferSchema = z.object({
  APPLICATION_ID: z.string(),
  STUDENT_ID: z.string(),
  UCAS_CODE: z.string(),
  NAME: z.string(),
  DEADLINE: z.string(),
  /** When the one reminder email was written, else null. */
  REMINDED_AT: z.string().nullable(),
});
export type UcasOffer = z.infer<typeof ucasOfferSchema>;

/** The admin screen: recent imports, unmatched rows (open, and the last dealt with), offers lapsing and lapsed. */
export const ucasOverviewSchema = z.object({
  imports: z.array(ucasImportSchema),
  /** Rows not matched still open, newest import first. */
  unmatched: z.array(ucasUnmatchedRowSchema),
  /** The last rows marked dealt with, last marked first. */
  unmatched_dealt_with: z.array(ucasUnmatchedRowSchema),
  lapsing: z.array(ucasOfferSchema),
  lapsed: z.array(ucasOfferSchema),
});
export type UcasOverview = z.infer<typeof ucasOverviewSchema>;

/** The web's confirmation of a lapsed offer: its course (the gateway reads the course's facts for the email). */
export const ucasLapseConfirmRequestSchema = z.object({ UCAS_CODE: z.string().trim().min(1).max(32) });

/** Internal body of the confirmation: the course code the person saw and the course facts the withdrawal email names. */
export const ucasLapseConfirmSchema = ucasLapseConfirmRequestSchema.extend({ courseFacts: emailCourseFactsSchema.optional() });

/** Route parameter of a lapsed offer's confirmation. */
export const ucasLapseParamsSchema = z.object({ applicationId: z.string().regex(/^\d{1,10}$/) });
