import type { ReactNode } from 'react';
import { useEffect } from 'react';
import type { ApplicationStepId } from '@/config/paths';
import { useFormAssessment } from '../hooks/use-form-assessment';
import { FORM_TEXTS } from '../texts';
import { uploadedDocuments } from '../utils/form-values';
import { ApplicationDetails } from './application-details';
import { useApplicationForm } from './application-form-provider';
import { CourseAvailabilityWarnings } from './course-availability-warnings';
import { DataProtectionNotice } from './data-protection-notice';
import { IncompleteFields } from './incomplete-fields';
import { SubmitPanel, type ButtonScriptsSlot } from './submit-panel';

type SubmitStepProps = {
  getStepHref: (step: ApplicationStepId, fieldId?: string) => string;
  /** Before the data-protection notice and the buttons, e.g. the staff feedback panel. */
  beforeSubmit?: ReactNode;
  /** The screen's own documents list, shown in place of the read-back's (see ApplicationFormSlots.documents). */
  documents?: ReactNode;
  /** Under the status buttons: each button's outcome script (staff screens). */
  buttonScripts?: ButtonScriptsSlot;
};

/**
 * Step 3, Review Application (spec section 2): opening it turns validate-all on. Course warnings,
 * the incomplete fields, the answers read back, the data-protection notice and the submit buttons
 * of the live assessment.
 */
export function SubmitStep({ getStepHref, beforeSubmit, documents, buttonScripts }: SubmitStepProps) {
  const { dispatch, errors, values, qualOptions, documentTypes } = useApplicationForm();
  const { assessment } = useFormAssessment();

  useEffect(() => {
    dispatch({ type: 'validate-all' });
  }, [dispatch]);

  // With the screen's own list, the read-back lists only documents uploaded since (not stored yet).
  const uploaded = uploadedDocuments(values, documentTypes);
  const readBackDocuments = documents !== undefined && (uploaded?.length ?? 0) === 0 ? undefined : uploaded;

  return (
    <>
      <CourseAvailabilityWarnings />
      <IncompleteFields errors={errors} getStepHref={getStepHref} />
      <p className="cd-body-l">{FORM_TEXTS.REVIEW_HEADING}</p>
      <ApplicationDetails values={values} qualOptions={qualOptions} documents={readBackDocuments} getStepHref={getStepHref} />
      {documents}
      {beforeSubmit}
      <DataProtectionNotice />
      <SubmitPanel assessment={assessment} buttonScripts={buttonScripts} />
    </>
  );
}
