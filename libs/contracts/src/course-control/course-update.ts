import { z } from 'zod';
import { LIMITS } from '../common/limits';
import { clearingPlacesSchema, offerAllowanceSchema } from '../rules/places-schemas';
import { IB_TOTAL_MAX } from '../qualifications/catalogue';
import { subjectRequirementSentences, type SubjectRequirement } from '../courses/subject-requirement-sentence';
import { documentTypeSchema, type CourseData } from '../courses/course';
import { subjectRequirementsSchema } from '../courses/subject-requirements';

/**
 * The courseData fields course control may change: external vacancies, Clearing places
 * and offer allowance (courses-svc owns them and tells applications-svc's places ledger through its outbox),
 * suspension, tariffs, the IB requirement (Diploma points), notes, feedback telephone and note, second-year entry and document types.
 * VACANCIES_INTERNAL is no longer typed in: it is the places left, projected from the ledger.
 * Everything else (codes, titles, school, start date) comes from the catalogue.
 */
export const EDITABLE_COURSE_FIELDS = [
  'VACANCIES_EXTERNAL',
  'CLEARING_PLACES',
  'OFFER_ALLOWANCE',
  'SUSPENDED',
  'TARIFF_ADVERTISED',
  'TARIFF_ACCEPTED',
  'IB_ADVERTISED',
  'IB_ACCEPTED',
  'NOTES',
  'FEEDBACK_TELEPHONE',
  'FEEDBACK_NOTE',
  'ALLOW_SECOND_YEAR_ENTRY',
  'DOCUMENT_TYPES',
  'SUBJECT_REQUIREMENTS',
] as const satisfies readonly (keyof CourseData)[];
export type EditableCourseField = (typeof EDITABLE_COURSE_FIELDS)[number];

/** Texts of course control shown to staff. */
export const COURSE_UPDATE_MESSAGES = {
  NOTHING_TO_CHANGE: 'Change at least one course field.',
  TARIFFS: 'The accepted tariff cannot be higher than the advertised tariff.',
  IB_RANGE: `The IB requirement must be a whole number of Diploma points from 0 to ${IB_TOTAL_MAX}.`,
  IB_BOTH: 'Give both IB requirements (advertised and accepted points), or neither for a course without an IB requirement.',
  IB_ORDER: 'The accepted IB requirement cannot be higher than the advertised IB requirement.',
  CONFLICT: 'This course was changed by someone else since you opened it. Reload it to see their changes, then make yours again.',
  FORBIDDEN: 'Your role on this course does not allow changing it.',
  SAVED: 'Course saved.',
} as const;

/** A course as the close and reopen texts name it: 'Computer Science (G400)'. */
export const courseNamed = (course: { COURSE_TITLE: string; UCAS_CODE: string; COURSE_CODE_OVERRIDE?: string | null }): string =>
  `${course.COURSE_TITLE} (${course.COURSE_CODE_OVERRIDE?.trim() ? course.COURSE_CODE_OVERRIDE : course.UCAS_CODE})`;

/**
 * Texts of course control's explicit Close and Reopen (the course control screen and the
 * wallboard, and the services' refusals): the confirmation names the course, and what reopening
 * restores.
 */
export const COURSE_OPEN_TEXTS = {
  CLOSE: 'Close course',
  REOPEN: 'Reopen course',
  CANCEL: 'Cancel',
  closeTitle: (course: string): string => `Close ${course} to new applications?`,
  closeBody: (vacancies: number): string =>
    `Its ${vacancies} external ${vacancies === 1 ? 'vacancy is' : 'vacancies are'} set to 0, so the public sees it as Closed. Reopening restores ${vacancies === 1 ? 'it' : 'them'}.`,
  reopenTitle: (course: string): string => `Reopen ${course}?`,
  reopenBody: (vacancies: number): string =>
    `Its ${vacancies} external ${vacancies === 1 ? 'vacancy' : 'vacancies'} from before it was closed ${vacancies === 1 ? 'is' : 'are'} restored, and the public can apply again.`,
  closed: (course: string): string => `${course} is closed.`,
  reopened: (course: string, vacancies: number): string => `${course} is open again with ${vacancies} external ${vacancies === 1 ? 'vacancy' : 'vacancies'}.`,
  alreadyClosed: (course: string): string => `${course} is already closed.`,
  notClosed: (course: string): string => `${course} is open: there is nothing to reopen.`,
  nothingToRestore: (course: string): string =>
    `${course} was not closed with Close course, so there are no vacancies to restore: set its external vacancies instead.`,
} as const;

/** Tariff points are whole, non-negative and far below a thousand (the UCAS Tariff's range). */
const tariff = z.number().int().min(0).max(999);
/** IB Diploma points of the IB requirement; null: the course states no IB requirement. */
const ibRequirement = z
  .number({ error: COURSE_UPDATE_MESSAGES.IB_RANGE })
  .int({ error: COURSE_UPDATE_MESSAGES.IB_RANGE })
  .min(0, { error: COURSE_UPDATE_MESSAGES.IB_RANGE })
  .max(IB_TOTAL_MAX, { error: COURSE_UPDATE_MESSAGES.IB_RANGE })
  .nullable();
const vacancies = z.number().int().min(0).max(99_999);
/** Optional free text: trimmed; blank is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null));

/** DOCUMENT_TYPES as a comma list of known document types (spec section 3), normalised to 'A,B' without duplicates. */
export const documentTypesListSchema = z
  .string()
  .trim()
  .max(LIMITS.TEXT_MAX)
  .transform((v) =>
    v
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  )
  .pipe(z.array(documentTypeSchema))
  .transform((types) => [...new Set(types)].join(','));

/**
 * `data` of PUT /api/admin/courses/{id}: only the changed editable fields (strict: an unknown or
 * read-only key is a 400). NOTES is HTML that the server sanitises with an allow-list before it
 * is stored. At least one field.
 */
export const courseUpdateDataSchema = z
  .strictObject({
    VACANCIES_EXTERNAL: vacancies,
    CLEARING_PLACES: clearingPlacesSchema,
    OFFER_ALLOWANCE: offerAllowanceSchema,
    SUSPENDED: z.boolean(),
    TARIFF_ADVERTISED: tariff,
    TARIFF_ACCEPTED: tariff,
    IB_ADVERTISED: ibRequirement,
    IB_ACCEPTED: ibRequirement,
    NOTES: optionalText(LIMITS.NOTES_MAX),
    FEEDBACK_TELEPHONE: optionalText(LIMITS.PHONE_MAX),
    FEEDBACK_NOTE: optionalText(LIMITS.NOTES_MAX),
    ALLOW_SECOND_YEAR_ENTRY: z.boolean(),
    DOCUMENT_TYPES: documentTypesListSchema,
    SUBJECT_REQUIREMENTS: subjectRequirementsSchema,
  })
  .partial()
  .refine((data) => Object.keys(data).length > 0, { message: COURSE_UPDATE_MESSAGES.NOTHING_TO_CHANGE });
export type CourseUpdateData = z.infer<typeof courseUpdateDataSchema>;
export type CourseUpdateInput = z.input<typeof courseUpdateDataSchema>;

/** Body of PUT /api/admin/courses/{id} (spec section 7 body convention `{ data, token }`). */
export const courseUpdateBodySchema = z.object({ data: courseUpdateDataSchema, token: z.string().optional() });

/**
 * Body courses-svc takes for PUT /courses/{id}: the changes and, when the client sent If-Match,
 * the ETag it read (the gateway's service client forwards no headers of its own).
 */
export const courseUpdateServiceBodySchema = z.object({ data: courseUpdateDataSchema, ifMatch: z.string().max(200).optional() });

/**
 * Rules across fields, checked on the course as it would be after the change (so a change of one
 * tariff is checked against the other stored one): the accepted tariff may not exceed the
 * advertised one; the IB requirement is both points or neither, accepted not above advertised.
 * Returns the message to show, or null.
 */
export function courseUpdateIssue(
  course: Pick<CourseData, 'TARIFF_ADVERTISED' | 'TARIFF_ACCEPTED'> & Partial<Pick<CourseData, 'IB_ADVERTISED' | 'IB_ACCEPTED'>>,
): string | null {
  if (course.TARIFF_ACCEPTED > course.TARIFF_ADVERTISED) return COURSE_UPDATE_MESSAGES.TARIFFS;
  const advertised = course.IB_ADVERTISED ?? null;
  const accepted = course.IB_ACCEPTED ?? null;
  if ((advertised === null) !== (accepted === null)) return COURSE_UPDATE_MESSAGES.IB_BOTH;
  if (advertised !== null && accepted !== null && accepted > advertised) return COURSE_UPDATE_MESSAGES.IB_ORDER;
  return null;
}

/** Subject requirements as the history records them: their sentences (what staff read), null for none. */
const requirementsText = (requirements: readonly SubjectRequirement[] | undefined): string | null =>
  subjectRequirementSentences(requirements).join(' ') || null;

/**
 * The fields of `data` whose value differs from `course`, old and new (what the course history
 * records). SUBJECT_REQUIREMENTS is compared as data and recorded as its sentences; the repository
 * stores the data itself (`data.SUBJECT_REQUIREMENTS`).
 */
export function courseChanges(course: CourseData, data: CourseUpdateData): CourseFieldChange[] {
  const changes: CourseFieldChange[] = [];
  for (const field of EDITABLE_COURSE_FIELDS) {
    if (!(field in data)) continue;
    if (field === 'SUBJECT_REQUIREMENTS') {
      if (canonicalJson(data.SUBJECT_REQUIREMENTS ?? []) !== canonicalJson(course.SUBJECT_REQUIREMENTS ?? [])) {
        changes.push({ field, old: requirementsText(course.SUBJECT_REQUIREMENTS), new: requirementsText(data.SUBJECT_REQUIREMENTS) });
      }
      continue;
    }
    const next = data[field] as CourseFieldValue;
    const old = course[field] as CourseFieldValue;
    if (next !== old) changes.push({ field, old, new: next });
  }
  return changes;
}

const fieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CourseFieldValue = z.infer<typeof fieldValueSchema>;
/**
 * Fields a history entry may name: the editable ones, and VACANCIES_INTERNAL (typed in by managers,
 * and changed by the places guard's closes and reopens) and COURSE_START_DATE (moved by a cycle roll).
 */
export const COURSE_HISTORY_FIELDS = [...EDITABLE_COURSE_FIELDS, 'VACANCIES_INTERNAL', 'COURSE_START_DATE'] as const;
export type CourseHistoryField = (typeof COURSE_HISTORY_FIELDS)[number];
export const courseFieldChangeSchema = z.object({ field: z.enum(COURSE_HISTORY_FIELDS), old: fieldValueSchema, new: fieldValueSchema });
export type CourseFieldChange = z.infer<typeof courseFieldChangeSchema>;

/** One entry of a course's history: who changed which fields when (ISO time). */
export const courseHistoryEntrySchema = z.object({ at: z.string(), username: z.string(), changes: z.array(courseFieldChangeSchema) });
export type CourseHistoryEntry = z.infer<typeof courseHistoryEntrySchema>;
export const courseHistoryResponseSchema = z.object({ rows: z.array(courseHistoryEntrySchema) });
export type CourseHistoryResponse = z.infer<typeof courseHistoryResponseSchema>;

/** JSON with object keys sorted at every level, so equal data gives equal text whatever the key order. */
const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

/**
 * The ETag of a course as GET /api/admin/courses/{id} sends it and PUT checks against If-Match: a
 * 32-bit FNV-1a hash of the course data as canonical JSON (any change to any field changes it),
 * without VACANCIES_INTERNAL: places left are the places ledger's, moved by every offer, shown from
 * the ledger by the gateway and from its projection by courses-svc; no manager types them, so an
 * offer made while course control is open is no conflict. Not a security measure, only a
 * concurrent-edit check, so a fast hash that runs in the browser and in Node alike is enough.
 */
export function courseEtag(course: CourseData): string {
  const { VACANCIES_INTERNAL: _placesLeft, ...controlled } = course;
  const text = canonicalJson(controlled);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `"${hash.toString(16).padStart(8, '0')}-${text.length.toString(16)}"`;
}
