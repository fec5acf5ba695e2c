import { z } from 'zod';
import type { QualificationGroup } from '../qualifications/qual-option';

/** Most items a qualification group may hold (a guard against oversized bodies). */
export const MAX_QUALIFICATION_ITEMS = 40;

/**
 * One qualification item of a form (domain.md): `{ QUALIFICATION: '<code>', '<FIELD>': '<value>' }`,
 * every value a string. Which fields a type has, and their values, is checked against the course's
 * qualOptions by `validateQualificationItems`, not here.
 */
export const qualificationItemSchema = z.object({ QUALIFICATION: z.string().max(64) }).catchall(z.string().max(4096));
export type QualificationItem = z.infer<typeof qualificationItemSchema>;

/** The two qualification groups of a form; either may be missing. */
export type QualificationGroups = Partial<Record<QualificationGroup, readonly QualificationItem[] | undefined>>;

/** True for a real calendar date written yyyy-mm-dd. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The part of the application form the assessment reads (spec section 3). Unknown keys pass
 * through, so the whole application form can extend this schema. NATIONALITY and DOB may be empty
 * while the form is being filled in.
 */
export const assessFormSchema = z.looseObject({
  NATIONALITY: z
    .string()
    .regex(/^([A-Z]{3})?$/, { message: "'Nationality' must be a three-letter country code." })
    .optional(),
  DOB: z
    .string()
    .refine((v) => v === '' || isIsoDate(v), { message: "'Date of birth' must be a date written yyyy-mm-dd." })
    .optional(),
  SECOND_YEAR_ENTRY: z.enum(['0', '1'], { message: "'Second year entry' must be 0 or 1." }),
  APPLIED_TO_UCAS: z.enum(['0', '1', ''], { message: "'Applied to UCAS' must be 0, 1 or empty." }).optional(),
  GCSE_QUALIFICATIONS: z.array(qualificationItemSchema).max(MAX_QUALIFICATION_ITEMS).default([]),
  QUALIFICATIONS: z.array(qualificationItemSchema).max(MAX_QUALIFICATION_ITEMS).default([]),
});
export type AssessForm = z.infer<typeof assessFormSchema>;
/** What callers may send (groups may be missing, extra keys allowed). */
export type AssessFormInput = z.input<typeof assessFormSchema>;

/** The fields of the form the assessment reads (`toAssessForm`). */
export const ASSESS_FORM_FIELDS = ['NATIONALITY', 'DOB', 'SECOND_YEAR_ENTRY', 'APPLIED_TO_UCAS', 'GCSE_QUALIFICATIONS', 'QUALIFICATIONS'] as const;

/**
 * Only the assessable part of a whole application form, so that names, contact details and
 * documents are not sent to the assessment service.
 */
export function toAssessForm(form: AssessForm): AssessForm {
  const picked: Record<string, unknown> = {};
  for (const key of ASSESS_FORM_FIELDS) if (form[key] !== undefined) picked[key] = form[key];
  return picked as AssessForm;
}
