import type { CourseData } from '../courses/course';
import { APPLICATION_FIELD_BY_NAME, SECOND_YEAR_TEXTS } from './application-fields';
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
