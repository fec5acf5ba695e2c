import type { QualificationGroup, QualificationItem } from '@clearing-desk/contracts';

/**
 * The form's values while it is filled in: every plain field a string (yes/no as '1' / '0'),
 * the two qualification groups as item lists. Validated with validateApplicationForm and sent
 * as applySubmissionSchema (utils/form-values.ts).
 */
export type FormValues = Readonly<Record<string, string | readonly QualificationItem[]>>;

export type Group = QualificationGroup;
export const GROUPS: readonly Group[] = ['GCSE_QUALIFICATIONS', 'QUALIFICATIONS'];

/** Who fills the form in: the public, or an adviser on a staff screen (scripts, checklist). */
export type FormAudience = 'public' | 'staff';
