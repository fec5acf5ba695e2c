import type { FormDocument, QualificationGroup, QualificationItem } from '@clearing-desk/contracts';

/** One value of the form. */
export type FormValue = string | readonly QualificationItem[] | FormDocument;

/**
 * The form's values while it is filled in: every plain field a string (yes/no as '1' / '0'),
 * the two qualification groups as item lists, each filled document slot (`{TYPE}_DOCUMENT_{n}`)
 * as its document. Validated with validateApplicationForm and sent as applySubmissionSchema
 * (utils/form-values.ts).
 */
export type FormValues = Readonly<Record<string, FormValue>>;

export type Group = QualificationGroup;
export const GROUPS: readonly Group[] = ['GCSE_QUALIFICATIONS', 'QUALIFICATIONS'];

/** Who fills the form in: the public, or an adviser on a staff screen (scripts, checklist). */
export type FormAudience = 'public' | 'staff';
