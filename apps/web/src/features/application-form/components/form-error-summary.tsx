import type { FormSection } from '@clearing-desk/contracts';
import { ErrorSummary } from '@clearing-desk/ui';
import { FORM_TEXTS } from '../texts';
import { errorSummaryText } from '../utils/error-text';
import { errorTargetId } from '../utils/field-ids';
import { useApplicationForm } from './application-form-provider';

export const ERROR_SUMMARY_ID = 'application-error-summary';

/**
 * The GOV.UK error summary at the top of a step once validate-all is on or Next was pressed on it: the step's errors, each
 * linking to its field. The step moves focus to it (after Next), not every time an error goes.
 */
export function FormErrorSummary({ section }: { section: FormSection }) {
  const { state, shownErrors, audience } = useApplicationForm();
  if (!state.validateAll && !state.validatedSections.has(section)) return null;
  const errors = shownErrors.filter((e) => e.section === section).map((e) => ({ fieldId: errorTargetId(e, audience), message: errorSummaryText(e) }));
  return <ErrorSummary id={ERROR_SUMMARY_ID} title={FORM_TEXTS.ERROR_SUMMARY_TITLE} errors={errors} autoFocus={false} />;
}
