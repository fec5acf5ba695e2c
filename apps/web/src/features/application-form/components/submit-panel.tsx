import {
  APPLICATION_STATUSES,
  APPLY_MESSAGES,
  CONFIRMATION_TEXTS,
  documentNotAttachedText,
  ERROR_CODES,
  formDocuments,
  SUBMISSION_BUTTONS,
  type Assessment,
  type SubmissionButton,
} from '@clearing-desk/contracts';
import { Button, ConfirmDialog, Notice, Spinner } from '@clearing-desk/ui';
import { useState } from 'react';
import { ApiError, formatApiError } from '@/lib/api-client';
import { useSubmitApplication } from '../api/submit-application';
import { FORM_TEXTS } from '../texts';
import { toSubmission } from '../utils/form-values';
import { useApplicationForm } from './application-form-provider';

const DEFAULT_BUTTONS: readonly SubmissionButton[] = [SUBMISSION_BUTTONS.SUBMIT];

/**
 * The submit buttons of the assessment's SUBMISSION_OPTIONS.BUTTONS (a single 'Submit' with
 * status S until there is one), enabled only without validation errors, duplicate, closed or
 * suspended course, while no document is uploading and nothing is being sent (spec section 4).
 * Each asks for confirmation; the form's SUBMISSION_ID goes with every attempt, so a retry stores
 * one application. A document the server could not bind gets the server's message as its
 * custom_error, shown on the document until it is removed.
 */
export function SubmitPanel({ assessment }: { assessment: Assessment | null }) {
  const { course, values, errors, state, dispatch, documentTypes, hasVacancies, suspended, submitApplication, onSubmitted } = useApplicationForm();
  const mutation = useSubmitApplication(course.UCAS_CODE, submitApplication);
  const [chosen, setChosen] = useState<SubmissionButton | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const offered = assessment?.SUBMISSION_OPTIONS.BUTTONS;
  const buttons = offered && offered.length > 0 ? offered : DEFAULT_BUTTONS;
  const uploading = Object.keys(state.uploads).length > 0;
  const disabled = errors.length > 0 || mutation.isPending || uploading || state.isDuplicate || !hasVacancies || suspended;

  /** Marks the document a 409 names (documentNotAttachedText) with that message; false when none matches. */
  const markRefusedDocument = (message: string): boolean => {
    const refused = formDocuments(values, documentTypes).find(({ field }) => documentNotAttachedText(field.label) === message);
    if (refused) dispatch({ type: 'set-document', name: refused.field.name, document: { ...refused.document, custom_error: message } });
    return refused !== undefined;
  };

  const send = (button: SubmissionButton) => {
    setChosen(null);
    setFailure(null);
    let submission;
    try {
      submission = toSubmission(values, state.submissionId, button.STATUS);
    } catch (error) {
      setFailure(formatApiError(error));
      return;
    }
    mutation.mutate(submission, {
      onSuccess: (response) => onSubmitted(response),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          if (error.message === APPLY_MESSAGES.DUPLICATE) return dispatch({ type: 'duplicate', value: true });
          if (error.message === ERROR_CODES.COURSE_CLOSED) return dispatch({ type: 'course-unavailable', reason: 'closed' });
          if (error.message === ERROR_CODES.COURSE_SUSPENDED) return dispatch({ type: 'course-unavailable', reason: 'suspended' });
          if (markRefusedDocument(error.message)) return;
        }
        setFailure(formatApiError(error));
      },
    });
  };

  return (
    <div className="cd-submit-panel">
      {failure && (
        <Notice variant="error" live>
          <p className="cd-body">{failure}</p>
        </Notice>
      )}
      {state.isDuplicate && <p className="cd-body">{FORM_TEXTS.SUBMIT_BLOCKED_DUPLICATE}</p>}
      {uploading && <p className="cd-body">{FORM_TEXTS.DOCUMENTS_UPLOADING}</p>}
      {mutation.isPending && <Spinner label={CONFIRMATION_TEXTS.LOADING} showLabel />}
      <div className="cd-button-group">
        {buttons.map((button) => (
          <Button key={button.STATUS} disabled={disabled} onClick={() => setChosen(button)}>
            {button.LABEL}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={chosen !== null}
        title={CONFIRMATION_TEXTS.CONFIRM_SUBMIT}
        confirmLabel={FORM_TEXTS.SUBMIT_CONFIRM}
        cancelLabel={FORM_TEXTS.SUBMIT_CANCEL}
        onConfirm={() => chosen && send(chosen)}
        onCancel={() => setChosen(null)}
      >
        {chosen && chosen.STATUS !== 'S' && (
          <p className="cd-body">The application will be saved with the status {APPLICATION_STATUSES[chosen.STATUS]}.</p>
        )}
      </ConfirmDialog>
    </div>
  );
}
