import { z } from 'zod';

/** Tariff colour a course gives a field option (spec section 3): G green, A amber, R red. */
export const tariffColourSchema = z.enum(['G', 'A', 'R']);
export type TariffColour = z.infer<typeof tariffColourSchema>;

/** Every qualification type of domain.md "Qualification catalogue". */
export const QUALIFICATION_CODES = [
  'GCSE',
  'IGCSE',
  'OLEVEL',
  'FUNCTIONAL_SKILLS',
  'SCOTTISH_NATIONAL_5',
  'IRISH_LC_ORDINARY',
  'ALEVEL',
  'ASLEVEL',
  'BTEC_EXTENDED_DIPLOMA',
  'BTEC_DIPLOMA',
  'BTEC_FOUNDATION_DIPLOMA',
  'BTEC_EXTENDED_CERTIFICATE',
  'BTEC_CERTIFICATE',
  'OCR_EXTENDED_DIPLOMA',
  'OCR_DIPLOMA',
  'OCR_EXTENDED_CERTIFICATE',
  'IBO',
  'ACCESS_HE',
  'SCOTTISH_HIGHER',
  'SCOTTISH_ADVANCED_HIGHER',
  'IRISH_LC_HIGHER',
  'EPQ',
  'T_LEVEL',
  'ABRSM_GRADE_8',
  'ENGLISH_TEST',
  'OTHER',
] as const;
export const qualificationCodeSchema = z.enum(QUALIFICATION_CODES);
export type QualificationCode = z.infer<typeof qualificationCodeSchema>;

/** The two qualification groups of the form (spec section 3). */
export const qualificationGroupSchema = z.enum(['GCSE_QUALIFICATIONS', 'QUALIFICATIONS']);
export type QualificationGroup = z.infer<typeof qualificationGroupSchema>;

export const qualFieldOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  tariffColour: tariffColourSchema.optional(),
  /**
   * The subjects the colour is for (an entry requirement names them, e.g. A level Mathematics below
   * B on a mathematics degree); absent: every subject. domain.md: a low grade in an unrelated
   * subject never makes an applicant red.
   */
  subjects: z.array(z.string().max(256)).max(50).optional(),
});
export type QualFieldOption = z.infer<typeof qualFieldOptionSchema>;

/**
 * One field of a qualification item. `select` fields offer `options`; `year` is a four-digit
 * year; `number` a whole number (Access to HE credits, IB total); `text` is free text (max 256).
 */
export const qualFieldSchema = z.object({
  name: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  label: z.string(),
  type: z.enum(['select', 'text', 'number', 'year']),
  required: z.boolean(),
  options: z.array(qualFieldOptionSchema).optional(),
  min: z.number().int().optional(),
  max: z.number().int().optional(),
  /**
   * Values offered as suggestions for a free-text field (a datalist), never a closed list:
   * domain.md "GCSE-group subjects are free text (max 256) with suggestions".
   */
  suggestions: z.array(z.string().max(256)).max(200).optional(),
});
export type QualField = z.infer<typeof qualFieldSchema>;

/**
 * A qualification type as one course offers it (`qualOptions` of spec section 3): its fields with
 * the course's option colours and required flags, and whether its points count towards the
 * effective UCAS points (domain.md "Tariff points", `countsTowardsTariff`).
 */
export const qualOptionSchema = z.object({
  qualification: qualificationCodeSchema,
  label: z.string(),
  group: qualificationGroupSchema,
  countsTowardsTariff: z.boolean(),
  fields: z.array(qualFieldSchema),
});
export type QualOption = z.infer<typeof qualOptionSchema>;
