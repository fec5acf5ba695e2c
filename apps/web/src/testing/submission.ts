import type { ApplySubmission, CourseData } from '@clearing-desk/contracts';
import { createApplicationForm } from '@clearing-desk/contracts/testing';
import { createFormValues, toSubmission } from '@/features/application-form/utils/form-values';

/**
 * A complete public submission for `course` as the application form sends it (the form's own
 * values-to-body step), for tests of other features that need an application stored first.
 */
export const createSubmission = (
  course: Pick<CourseData, 'ALLOW_SECOND_YEAR_ENTRY'>,
  initial: Record<string, unknown> = createApplicationForm(),
): ApplySubmission => toSubmission(createFormValues(course, initial), crypto.randomUUID());
