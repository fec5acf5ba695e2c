import {
  DESK_MESSAGES,
  APPLICATION_STATUSES,
  APPLY_MESSAGES,
  CONFIRMATION_TEXTS,
  confirmStatusChange,
  displayCourseCode,
  lastSavedAt,
  documentNotAttachedText,
  ERROR_CODES,
  formDocuments,
  interviewNeeded,
  keptStatus,
  OFFER_STATUS,
  offerOverAllowance,
  PLACES_MESSAGES,
  staffStatusButtons,
  SUBMISSION_BUTTONS,
  type ApplySubmission,
  type Assessment,
  type InterviewDetails,
  type StaffCreateSubmission,
  type SubmissionButton,
  type ApplicationStatus,
} from '@clearing-desk/contracts';
import { Button, ConfirmDialog, Notice, Spinner } from '@clearing-desk/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { adminCourseKeys } from '@/lib/admin-course';
import { ApiError, formatApiError } from '@/lib/api-client';
import { SESSION_HANDLED_META, useWithSignIn } from '@/lib/auth';
import { applicationFormKeys } from '../api/application-form-keys';
import { useFormStart } from '../api/form-guard';
import { useSubmitApplication } from '../api/submit-application';
import { currentStatusNote, FORM_TEXTS } from '../texts';
import { toSubmission } from '../utils/form-values';
import { useApplicationForm } from './application-form-provider';
import { checkInterview, EMPTY_INTERVIEW, INTERVIEW_FIELD_IDS, InterviewFields, type InterviewErrors } from './interview-fields';

const DEFAULT_BUTTONS: readonly SubmissionButton[] = [SUBMISSION_BUTTONS.SUBMIT];

/** The caller's given and family names as the form has them ('' before they are taken). */
const callerName = (values: Readonly<Record<string, unknown>>): string =>
  [values.NAME1, values.NAME2]
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter(Boolean)
    .join(' ');

/** A status button as a screen previews its script: the label and the status it stores (V resolved to the current status). */
export type StatusButtonPreview = { label: string; status: ApplicationStatus };
/** Renders, under the buttons, what each one leads to (the staff screens' outcome scripts). */
export type ButtonScriptsSlot = (buttons: readonly StatusButtonPreview[]) => ReactNode;

/**
 * The submit buttons: for staff, staffStatusButtons of the contracts (the rule the gateway and
 * applications-svc check: 'Update' keeps the status, 'Withdraw' for set-status staff) over the
 * assessment's SUBMISSION_OPTIONS.BUTTONS; for the public and a training call those buttons as
 * they are (a single 'Submit' with status S until there is an assessment). Enabled only without validation errors, duplicate, closed or
 * suspended course, while no document is uploading and nothing is being sent (spec section 4).
 * Each asks for confirmation; the form's SUBMISSION_ID goes with every attempt, so a retry stores
 * one application. A document the server could not bind gets the server's message as its
 * custom_error, shown on the document until it is removed.
 */
export function SubmitPanel({ assessment, buttonScripts }: { assessment: Assessment | null; buttonScripts?: ButtonScriptsSlot }) {
  const {
    course,
    values,
    errors,
    state,
    dispatch,
    documentTypes,
    hasVacancies,
    suspended,
    submitApplication,
    onSubmitted,
    staff,
    currentStatus,
    modified,
    assessedOffer,
  } = useApplicationForm();
  // A staff save that meets 401 waits for the sign-in dialog and goes on as whoever signs in
  //: the same submission, so the same SUBMISSION_ID; never the public route.
  const withSignIn = useWithSignIn();
  // The public form shows a person filled it in: its start token, and a proof of work when asked.
  const formStart = useFormStart(course.UCAS_CODE, !submitApplication);
  const [proofMessage, setProofMessage] = useState<string | null>(null);
  const submitMutation = useSubmitApplication(
    course.UCAS_CODE,
    staff && submitApplication ? (submission: ApplySubmission) => withSignIn(() => submitApplication(submission)) : submitApplication,
    staff ? SESSION_HANDLED_META : undefined,
    submitApplication ? undefined : { startToken: formStart.data, onProof: setProofMessage },
  );
  // Staff editing a stored application: PUT through the screen's own call (spec section 7).
  const updateMutation = useMutation({
    meta: SESSION_HANDLED_META,
    mutationFn: (submission: ApplySubmission) => {
      const update = staff?.updateApplication;
      return update ? withSignIn(() => update(submission)) : Promise.resolve();
    },
  });
  const isUpdate = currentStatus !== null && staff?.updateApplication !== undefined;
  const mutation = isUpdate ? updateMutation : submitMutation;
  const [chosen, setChosen] = useState<SubmissionButton | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The interview an adviser arranges when inviting, entered in the confirmation.
  const [interview, setInterview] = useState(EMPTY_INTERVIEW);
  const [interviewErrors, setInterviewErrors] = useState<InterviewErrors>({});

  const offered = assessment?.SUBMISSION_OPTIONS.BUTTONS;
  // Before an assessment, a new form offers 'Submit'; an existing one only what keeps or withdraws.
  // An assessment's buttons are followed as they are: none for a role that edits no application
  // (the Visa Team), never a 'Submit' it could not use.
  const assessed = offered ?? (currentStatus === null ? DEFAULT_BUTTONS : []);
  // The public form offers the public's button (S) only, whoever's session the browser holds: whose
  // form it is decides (domain.md 'Staff sessions on results day'), not the assessment's audience.
  const publicButtons = assessed.filter((button) => button.STATUS === SUBMISSION_BUTTONS.SUBMIT.STATUS);
  const buttons =
    staff === undefined
      ? publicButtons.length > 0
        ? publicButtons
        : DEFAULT_BUTTONS
      : staff.access !== undefined
        ? staffStatusButtons(staff.access, currentStatus, assessed)
        : assessed;
  const uploading = Object.keys(state.uploads).length > 0;
  const readOnly = (staff?.readOnlyReason ?? null) !== null;
  const saveBlockedReason = staff?.saveBlockedReason ?? null;
  const disabled =
    errors.length > 0 || mutation.isPending || uploading || state.isDuplicate || !hasVacancies || suspended || readOnly || saveBlockedReason !== null;
  // Spec section 4: ' (save)' when the form is modified, has vacancies and is not suspended (staff screens).
  const saveSuffix = staff && modified && hasVacancies && !suspended ? FORM_TEXTS.SAVE_SUFFIX : '';
  // Spec section 4: the button of the current status (and V) shows as selected.
  const isSelected = (button: SubmissionButton) => currentStatus !== null && keptStatus(button.STATUS, currentStatus) === currentStatus;
  const changesStatus = (button: SubmissionButton) => currentStatus !== null && keptStatus(button.STATUS, currentStatus) !== currentStatus;
  const queryClient = useQueryClient();
  /** Reads the course's places again: the screen's own way, else the phone form's course query. */
  const refreshCourse = useCallback(() => {
    void (staff?.refreshCourse ? staff.refreshCourse() : queryClient.invalidateQueries({ queryKey: adminCourseKeys.all }));
  }, [staff, queryClient]);
  // O left the assessment's buttons for staff: the last place may have gone while the form was open
  //, so the course is read again and the Review tab's warning says why.
  const offersNow = offered ? offered.some((button) => button.STATUS === OFFER_STATUS) : null;
  useEffect(() => {
    if (staff && assessedOffer.current === true && offersNow === false) refreshCourse();
    if (offersNow !== null) assessedOffer.current = offersNow;
  }, [offersNow, staff, refreshCourse, assessedOffer]);
  /**
   * An Administrator offering with no place left offers over the allowance: the confirmation says
   * so and the save carries OVER_ALLOWANCE (recorded in the History log).
   */
  const overAllowance = (button: SubmissionButton) => offerOverAllowance(staff?.access, currentStatus, button.STATUS, course.VACANCIES_INTERNAL);

  /** Marks the document a 409 names (documentNotAttachedText) with that message; false when none matches. */
  const markRefusedDocument = (message: string): boolean => {
    const refused = formDocuments(values, documentTypes).find(({ field }) => documentNotAttachedText(field.label) === message);
    if (refused) dispatch({ type: 'set-document', name: refused.field.name, document: { ...refused.document, custom_error: message } });
    return refused !== undefined;
  };

  /** Staff inviting to interview (a create as I, or a change to I) enter its details in the confirmation. */
  const asksInterview = (button: SubmissionButton) =>
    staff !== undefined && interviewNeeded(currentStatus, keptStatus(button.STATUS, currentStatus) ?? button.STATUS);

  const send = (button: SubmissionButton, details?: InterviewDetails) => {
    setChosen(null);
    setFailure(null);
    setProofMessage(null);
    let submission: StaffCreateSubmission;
    try {
      submission = toSubmission(values, state.submissionId, button.STATUS);
    } catch (error) {
      setFailure(formatApiError(error));
      return;
    }
    if (details) submission = { ...submission, INTERVIEW: details };
    if (overAllowance(button)) submission = { ...submission, OVER_ALLOWANCE: true };
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.status === 409) {
        // The last place went meanwhile: the course and the assessment are read again, and O leaves the buttons.
        // The adviser reads why in the service's own words (no status code before them).
        if (error.message === PLACES_MESSAGES.NO_PLACE_LEFT) {
          refreshCourse();
          void queryClient.invalidateQueries({ queryKey: applicationFormKeys.assessments(course.UCAS_CODE) });
          return setFailure(error.message);
        }
        if (error.message === APPLY_MESSAGES.DUPLICATE) return dispatch({ type: 'duplicate', value: true });
        if (error.message === ERROR_CODES.COURSE_CLOSED) return dispatch({ type: 'course-unavailable', reason: 'closed' });
        if (error.message === ERROR_CODES.COURSE_SUSPENDED) return dispatch({ type: 'course-unavailable', reason: 'suspended' });
        if (markRefusedDocument(error.message)) return;
      }
      // A status the user may not set (e.g. someone else signed in over the call): the adviser's
      // words, and the buttons, recomputed for them, are those they can use.
      if (staff && error instanceof ApiError && error.status === 403 && error.message === DESK_MESSAGES.STATUS_NOT_ALLOWED(button.STATUS)) {
        return setFailure(FORM_TEXTS.STATUS_REFUSED(APPLICATION_STATUSES[keptStatus(button.STATUS, currentStatus) ?? button.STATUS]));
      }
      setFailure(formatApiError(error));
    };
    if (isUpdate) {
      // The stored status stays when the chosen button is V (spec section 4: V is treated like the current status).
      const status = keptStatus(button.STATUS, currentStatus) ?? button.STATUS;
      updateMutation.mutate(submission, {
        onSuccess: () => {
          setInterview(EMPTY_INTERVIEW);
          dispatch({ type: 'saved', at: new Date().toISOString(), status });
        },
        onError,
      });
      return;
    }
    submitMutation.mutate(submission, { onSuccess: (response) => onSubmitted(response), onError });
  };

  /** The dialog's confirm: an invitation's interview must pass the contracts' rule first (focus goes to the first error). */
  const confirm = (button: SubmissionButton) => {
    if (!asksInterview(button)) return send(button);
    const checked = checkInterview(interview);
    if (checked.errors) {
      setInterviewErrors(checked.errors);
      const first = (Object.keys(INTERVIEW_FIELD_IDS) as (keyof InterviewErrors)[]).find((field) => checked.errors[field]);
      if (first) document.getElementById(INTERVIEW_FIELD_IDS[first])?.focus();
      return;
    }
    setInterviewErrors({});
    send(button, checked.details);
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
      {mutation.isPending && proofMessage && (
        <p className="cd-body" role="status">
          {proofMessage}
        </p>
      )}
      {mutation.isPending && <Spinner label={CONFIRMATION_TEXTS.LOADING} showLabel />}
      {state.saved && (
        <p className="cd-body cd-last-saved" role="status">
          {lastSavedAt(new Date(state.saved.at).toLocaleTimeString('en-GB'))}
        </p>
      )}
      {saveBlockedReason && (
        <p className="cd-body cd-save-blocked" id="save-blocked-reason">
          {saveBlockedReason}
        </p>
      )}
      <div className="cd-button-group">
        {buttons.map((button) => (
          <Button
            key={button.STATUS}
            disabled={disabled}
            onClick={() => setChosen(button)}
            className={isSelected(button) ? 'cd-button--selected' : undefined}
            aria-describedby={
              [saveBlockedReason ? 'save-blocked-reason' : '', isSelected(button) ? 'current-status-note' : ''].filter(Boolean).join(' ') || undefined
            }
          >
            {button.LABEL}
            {saveSuffix}
          </Button>
        ))}
      </div>
      {currentStatus !== null && (
        <p className="cd-hint" id="current-status-note">
          {currentStatusNote(APPLICATION_STATUSES[currentStatus])}
        </p>
      )}
      {buttonScripts?.(buttons.map((button) => ({ label: button.LABEL, status: keptStatus(button.STATUS, currentStatus) ?? button.STATUS })))}
      <ConfirmDialog
        open={chosen !== null}
        title={
          !isUpdate
            ? CONFIRMATION_TEXTS.CONFIRM_SUBMIT
            : chosen && currentStatus && changesStatus(chosen)
              ? confirmStatusChange(APPLICATION_STATUSES[currentStatus], APPLICATION_STATUSES[chosen.STATUS])
              : CONFIRMATION_TEXTS.CONFIRM_UPDATE
        }
        confirmLabel={isUpdate ? FORM_TEXTS.UPDATE_CONFIRM : FORM_TEXTS.SUBMIT_CONFIRM}
        cancelLabel={FORM_TEXTS.SUBMIT_CANCEL}
        onConfirm={() => chosen && confirm(chosen)}
        onCancel={() => {
          setChosen(null);
          setInterviewErrors({});
        }}
      >
        {chosen && !isUpdate && state.appliedNotChecked && <p className="cd-body">{FORM_TEXTS.APPLIED_NOT_CHECKED}</p>}
        {chosen && overAllowance(chosen) && <p className="cd-body">{PLACES_MESSAGES.OVER_ALLOWANCE_CONFIRM}</p>}
        {chosen && asksInterview(chosen) && <InterviewFields value={interview} errors={interviewErrors} onChange={setInterview} />}
        {chosen && staff && !isUpdate && <p className="cd-body">{CONFIRMATION_TEXTS.savedWithStatus(APPLICATION_STATUSES[chosen.STATUS])}</p>}
        {chosen && !staff && !isUpdate && chosen.STATUS !== 'S' && (
          <p className="cd-body">{CONFIRMATION_TEXTS.savedWithStatus(APPLICATION_STATUSES[chosen.STATUS])}</p>
        )}
        {chosen && staff && (
          <p className="cd-body">
            {CONFIRMATION_TEXTS.decisionFor(`${course.COURSE_TITLE} ${course.QUALIFICATION} (${displayCourseCode(course)})`, callerName(values))}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
