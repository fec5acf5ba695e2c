import {
  COURSE_UPDATE_MESSAGES,
  courseUpdateDataSchema,
  courseUpdateIssue,
  type CourseData,
  type CourseHistoryField,
  type CourseUpdateData,
  type EditableCourseField,
} from '@clearing-desk/contracts';
import { COURSE_CONTROL_TEXTS as T } from '../texts';
import { draftFromRequirement, draftsOf, draftsText, rawRequirement } from './subject-requirement-draft';

/** The form's values: text as typed, radios as 'true'/'false'. */
export type CourseFormValues = Record<EditableCourseField, string>;

const NUMBER_FIELDS = ['VACANCIES_EXTERNAL', 'CLEARING_PLACES', 'TARIFF_ADVERTISED', 'TARIFF_ACCEPTED'] as const;
/** Whole numbers that may be left blank (null): the IB requirement, which a course may not state. */
const OPTIONAL_NUMBER_FIELDS = ['IB_ADVERTISED', 'IB_ACCEPTED'] as const;
/** Decimal fields (two places): the offer allowance. */
const DECIMAL_FIELDS = ['OFFER_ALLOWANCE'] as const;
const BOOLEAN_FIELDS = ['SUSPENDED', 'ALLOW_SECOND_YEAR_ENTRY'] as const;
const TEXT_FIELDS = ['NOTES', 'FEEDBACK_TELEPHONE', 'FEEDBACK_NOTE', 'DOCUMENT_TYPES'] as const;

/** Labels of the fields (error summary, history table; VACANCIES_INTERNAL and COURSE_START_DATE, moved by a cycle roll, only appear in the history). */
export const FIELD_LABELS: Record<CourseHistoryField, string> = {
  VACANCIES_EXTERNAL: T.VACANCIES_EXTERNAL,
  VACANCIES_INTERNAL: T.VACANCIES_INTERNAL,
  COURSE_START_DATE: T.COURSE_START_DATE,
  CLEARING_PLACES: T.CLEARING_PLACES,
  OFFER_ALLOWANCE: T.OFFER_ALLOWANCE,
  SUSPENDED: T.SUSPENDED,
  TARIFF_ADVERTISED: T.TARIFF_ADVERTISED,
  TARIFF_ACCEPTED: T.TARIFF_ACCEPTED,
  IB_ADVERTISED: T.IB_ADVERTISED,
  IB_ACCEPTED: T.IB_ACCEPTED,
  NOTES: T.NOTES,
  FEEDBACK_TELEPHONE: T.FEEDBACK_TELEPHONE,
  FEEDBACK_NOTE: T.FEEDBACK_NOTE,
  ALLOW_SECOND_YEAR_ENTRY: T.SECOND_YEAR,
  DOCUMENT_TYPES: T.DOCUMENT_TYPES,
  SUBJECT_REQUIREMENTS: T.REQUIREMENTS_LEGEND,
};

/** The id of a field's input (error summary links point here). */
export const fieldId = (field: EditableCourseField): string => `course-${field.toLowerCase().replace(/_/g, '-')}`;

/** The form's starting values from the course. */
export function courseFormValues(course: CourseData): CourseFormValues {
  return {
    VACANCIES_EXTERNAL: String(course.VACANCIES_EXTERNAL),
    CLEARING_PLACES: String(course.CLEARING_PLACES),
    OFFER_ALLOWANCE: course.OFFER_ALLOWANCE.toFixed(2),
    SUSPENDED: String(course.SUSPENDED),
    TARIFF_ADVERTISED: String(course.TARIFF_ADVERTISED),
    TARIFF_ACCEPTED: String(course.TARIFF_ACCEPTED),
    IB_ADVERTISED: course.IB_ADVERTISED === null ? '' : String(course.IB_ADVERTISED),
    IB_ACCEPTED: course.IB_ACCEPTED === null ? '' : String(course.IB_ACCEPTED),
    NOTES: course.NOTES ?? '',
    FEEDBACK_TELEPHONE: course.FEEDBACK_TELEPHONE ?? '',
    FEEDBACK_NOTE: course.FEEDBACK_NOTE ?? '',
    ALLOW_SECOND_YEAR_ENTRY: String(course.ALLOW_SECOND_YEAR_ENTRY),
    DOCUMENT_TYPES: course.DOCUMENT_TYPES,
    // The requirements' inputs as JSON (subject-requirement-draft.ts): the form keeps one string per field.
    SUBJECT_REQUIREMENTS: draftsText((course.SUBJECT_REQUIREMENTS ?? []).map(draftFromRequirement)),
  };
}

export type FieldError = { field: EditableCourseField | null; message: string };

/**
 * The changed fields as the PUT body's `data`, validated with the contract the server uses; or the
 * errors per field. `data` is null when nothing changed.
 */
export function courseUpdateFromForm(values: CourseFormValues, course: CourseData): { data: CourseUpdateData | null; errors: FieldError[] } {
  const initial = courseFormValues(course);
  const changed: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const field of NUMBER_FIELDS) {
    if (values[field].trim() === initial[field]) continue;
    const text = values[field].trim();
    if (!/^-?\d+$/.test(text)) errors.push({ field, message: T.NOT_A_NUMBER(FIELD_LABELS[field]) });
    else changed[field] = Number(text);
  }
  for (const field of OPTIONAL_NUMBER_FIELDS) {
    const text = values[field].trim();
    if (text === initial[field]) continue;
    if (text !== '' && !/^-?\d+$/.test(text)) errors.push({ field, message: T.NOT_A_NUMBER(FIELD_LABELS[field]) });
    else changed[field] = text === '' ? null : Number(text);
  }
  for (const field of DECIMAL_FIELDS) {
    if (values[field].trim() === initial[field]) continue;
    const text = values[field].trim();
    if (!/^\d+(\.\d{1,2})?$/.test(text)) errors.push({ field, message: T.NOT_A_DECIMAL(FIELD_LABELS[field]) });
    else changed[field] = Number(text);
  }
  for (const field of BOOLEAN_FIELDS) if (values[field] !== initial[field]) changed[field] = values[field] === 'true';
  for (const field of TEXT_FIELDS) if (values[field] !== initial[field]) changed[field] = values[field];
  if (values.SUBJECT_REQUIREMENTS !== initial.SUBJECT_REQUIREMENTS) changed['SUBJECT_REQUIREMENTS'] = draftsOf(values.SUBJECT_REQUIREMENTS).map(rawRequirement);
  if (errors.length > 0) return { data: null, errors };
  if (Object.keys(changed).length === 0) return { data: null, errors: [] };
  const parsed = courseUpdateDataSchema.safeParse(changed);
  if (!parsed.success) {
    return {
      data: null,
      errors: parsed.error.issues.map((issue) => {
        const field = (issue.path[0] as EditableCourseField | undefined) ?? null;
        return { field, message: field ? `${FIELD_LABELS[field]}: ${issue.message}` : issue.message };
      }),
    };
  }
  // The rules across fields, on the course as it would be (the server checks them again).
  const issue = courseUpdateIssue({ ...course, ...parsed.data });
  if (issue) return { data: null, errors: [{ field: issueField(issue, { ...course, ...parsed.data }), message: issue }] };
  return { data: parsed.data, errors: [] };
}

/** The field a cross-field message belongs at: the accepted value, or the IB field left blank. */
function issueField(message: string, next: Pick<CourseData, 'IB_ADVERTISED'>): EditableCourseField {
  if (message === COURSE_UPDATE_MESSAGES.TARIFFS) return 'TARIFF_ACCEPTED';
  if (message === COURSE_UPDATE_MESSAGES.IB_BOTH) return next.IB_ADVERTISED === null ? 'IB_ADVERTISED' : 'IB_ACCEPTED';
  return 'IB_ACCEPTED';
}
