import type { CourseData, DocumentType } from '../courses/course';
import { APPLICATION_FIELDS, APPLICATION_FIELD_BY_NAME, SECOND_YEAR_TEXTS, isFieldVisible } from './application-fields';
import { parseDocumentFieldName } from './document-fields';
import { validateApplicationForm, type FormError, type ValidateFormOptions } from './validate-application-form';

/** Refusal of SECOND_YEAR_ENTRY '1' for a course without second-year entry (spec sections 3 and 4). */
export const SECOND_YEAR_NOT_ALLOWED = SECOND_YEAR_TEXTS.FIRST_YEAR_ONLY;

export type ValidateSubmissionOptions = ValidateFormOptions & Pick<CourseData, 'ALLOW_SECOND_YEAR_ENTRY'>;

/**
 * Every reason a submission to a course must be refused: the form rules and messages of spec
 * section 5 (validateApplicationForm), and second-year entry on a course that does not allow it
 * (spec section 4: the option is forced to 0 and removed, so '1' can only come from a bad client).
 * Shared by the gateway and applications-svc, so both refuse the same submissions.
 */
export function validateSubmission(form: Readonly<Record<string, unknown>>, options: ValidateSubmissionOptions): FormError[] {
  const errors = validateApplicationForm(form, options);
  const field = APPLICATION_FIELD_BY_NAME.get('SECOND_YEAR_ENTRY');
  if (!options.ALLOW_SECOND_YEAR_ENTRY && form.SECOND_YEAR_ENTRY === '1' && field) {
    errors.push({ field: field.name, path: field.name, section: field.section, message: SECOND_YEAR_NOT_ALLOWED });
  }
  return errors;
}

/** One message for a 400 answer: the errors' messages in form order, joined by a space. */
export const describeFormErrors = (errors: readonly FormError[]): string => errors.map((e) => e.message).join(' ');

/**
 * The form without the values of hidden fields (domain.md "Form behaviour": values of hidden fields
 * are dropped before storing, so what is stored is exactly what the rules checked): a field hidden
 * for the form's values (VISA_TYPE for GBR/IRL, UCAS_PERSONAL_ID unless APPLIED_TO_UCAS is '1',
 * PREVIOUS_STUDY_NOTES unless PREVIOUS_UNI_STUDY is '1') and document fields of categories the
 * course does not take. Returns a new object; the input is not changed.
 */
export function dropHiddenFields<T extends Readonly<Record<string, unknown>>>(form: T, documentTypes: readonly DocumentType[]): T {
  const result: Record<string, unknown> = { ...form };
  for (const field of APPLICATION_FIELDS) {
    if (!isFieldVisible(field, form)) delete result[field.name];
  }
  for (const key of Object.keys(result)) {
    const parsed = parseDocumentFieldName(key);
    if (parsed && !documentTypes.includes(parsed.type)) delete result[key];
  }
  return result as T;
}
