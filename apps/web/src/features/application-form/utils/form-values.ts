import {
  APPLICATION_FIELDS,
  applySubmissionSchema,
  DOCUMENT_FIELDS,
  formDocuments,
  formDocumentSchema,
  isFieldVisible,
  isIsoDate,
  toAssessForm,
  type ApplicationStatus,
  type AssessForm,
  type ApplySubmission,
  type CourseData,
  type DocumentType,
  type FormDocument,
  type QualificationItem,
} from '@clearing-desk/contracts';
import { GROUPS, type FormValue, type FormValues, type Group } from '../types';

/** A plain field's value ('' when absent). */
export const textOf = (values: FormValues, name: string): string => {
  const value = values[name];
  return typeof value === 'string' ? value : '';
};

/** A group's items ([] when absent). */
export const itemsOf = (values: FormValues, group: Group): readonly QualificationItem[] => {
  const value = values[group];
  return Array.isArray(value) ? (value as readonly QualificationItem[]) : [];
};

/** A document slot's document, if it holds one. */
export const documentOf = (values: FormValues, name: string): FormDocument | undefined => {
  const value = values[name];
  return typeof value === 'object' && !Array.isArray(value) ? (value as FormDocument) : undefined;
};

/**
 * The uploaded documents (a token, no error) of a course's categories, as the read-back lists
 * them; undefined when the course takes no documents (no Documents section).
 */
export const uploadedDocuments = (values: FormValues, types: readonly DocumentType[]): FormDocument[] | undefined =>
  types.length === 0
    ? undefined
    : formDocuments(values, types)
        .map(({ document }) => document)
        .filter((document) => document.file_token !== '' && !document.custom_error);

/**
 * A new form (spec sections 3 and 5): text fields empty, every yes/no question unanswered ('':
 * nothing is stored as 'No' that nobody chose; domain.md "Form behaviour"), first-year entry, no
 * qualifications, no documents. `initial` values (an adviser's
 * student, a test) are laid over it; a course without second-year entry forces SECOND_YEAR_ENTRY
 * to '0'.
 */
export function createFormValues(course: Pick<CourseData, 'ALLOW_SECOND_YEAR_ENTRY'>, initial: Record<string, unknown> = {}): FormValues {
  const values: Record<string, FormValue> = {};
  for (const field of APPLICATION_FIELDS) {
    const given = initial[field.name];
    if (field.kind === 'group') values[field.name] = Array.isArray(given) ? (given as QualificationItem[]).map((item) => ({ ...item })) : [];
    else if (typeof given === 'string') values[field.name] = given;
    else values[field.name] = field.name === 'SECOND_YEAR_ENTRY' ? '0' : '';
  }
  for (const { name } of DOCUMENT_FIELDS) {
    const document = formDocumentSchema.safeParse(initial[name]);
    if (document.success) values[name] = document.data;
  }
  if (!course.ALLOW_SECOND_YEAR_ENTRY) values.SECOND_YEAR_ENTRY = '0';
  return values;
}

/** The form with hidden fields emptied, so nothing the applicant can no longer see is sent. */
export function withoutHiddenValues(values: FormValues): FormValues {
  const result: Record<string, FormValue> = { ...values };
  for (const field of APPLICATION_FIELDS) {
    if (field.kind !== 'group' && !isFieldVisible(field, values)) result[field.name] = '';
  }
  return result;
}

/**
 * The assessable part of the form (POST /api/apply/{course}/assess): a date of birth that is not
 * a real date yet is sent empty, as the assessment reads it as unknown.
 */
export function toAssessable(values: FormValues): AssessForm {
  const dob = textOf(values, 'DOB');
  const applied = textOf(values, 'APPLIED_TO_UCAS');
  return toAssessForm({
    NATIONALITY: textOf(values, 'NATIONALITY'),
    DOB: isIsoDate(dob) ? dob : '',
    SECOND_YEAR_ENTRY: textOf(values, 'SECOND_YEAR_ENTRY') === '1' ? '1' : '0',
    APPLIED_TO_UCAS: applied === '1' || applied === '0' ? applied : '',
    GCSE_QUALIFICATIONS: itemsOf(values, 'GCSE_QUALIFICATIONS').map((item) => ({ ...item })),
    QUALIFICATIONS: itemsOf(values, 'QUALIFICATIONS').map((item) => ({ ...item })),
  });
}

/**
 * Body of POST /api/apply/{course} (applySubmissionSchema): the visible values with the uploaded
 * documents (their file tokens bind them to the application), the form's SUBMISSION_ID (one per
 * application form, so a retry stores one application) and the status of the chosen button.
 * Empty fields of qualification items are left out.
 */
export function toSubmission(values: FormValues, submissionId: string, status?: ApplicationStatus): ApplySubmission {
  const visible = withoutHiddenValues(values);
  const body: Record<string, unknown> = { ...visible, SUBMISSION_ID: submissionId };
  for (const group of GROUPS) {
    body[group] = itemsOf(visible, group).map((item) =>
      Object.fromEntries(Object.entries(item).filter(([key, value]) => key === 'QUALIFICATION' || value.trim() !== '')),
    );
  }
  if (status) body.STATUS = status;
  return applySubmissionSchema.parse(body);
}

/** Whether anything differs from the values the form started with. */
export const valuesDiffer = (a: FormValues, b: FormValues): boolean => JSON.stringify(a) !== JSON.stringify(b);
