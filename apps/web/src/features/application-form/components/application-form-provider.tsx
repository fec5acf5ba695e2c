import {
  courseDocumentTypes,
  hasPublicPlaces,
  isSuspended,
  submissionIdKind,
  validateApplicationForm,
  type Access,
  type ApplicationStatus,
  type ApplyResponse,
  type ApplySubmission,
  type Assessment,
  type CourseDetailResponse,
  type DocumentType,
  type FormError,
  type SubmissionIdKind,
} from '@clearing-desk/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { markFormOpen } from '@/lib/api-client';
import { clearDraft, readDraft, registerOpenCall, writeDraft } from '@/lib/drafts';
import { useCheckApplied, type AppliedParams } from '../api/check-applied';
import type { SubmitApplicationFn } from '../api/submit-application';
import { useFormStart } from '../api/form-guard';
import type { FormAudience, FormValues, Group } from '../types';
import { createFormValues, textOf, valuesDiffer } from '../utils/form-values';
import { formReducer, initFormState, type FormAction, type FormState } from '../utils/form-reducer';
import { fieldId } from '../utils/field-ids';
import { isErrorShown } from '../utils/visible-errors';

/**
 * What a staff screen adds to the form: the application being edited and the user's
 * right to edit it. Left out, the form is the public one.
 */
export type StaffFormOptions = {
  /** The stored STATUS of the application being edited; null for a new one (taken by phone). */
  currentStatus: ApplicationStatus | null;
  /**
   * The user's role on the course: the submit buttons follow staffStatusButtons of the contracts
   * for it. Left out in a training call (nothing is stored: the assessment's buttons as they are).
   */
  access?: Access | null;
  /** Why the user may not edit it (editRefusalReason of the contracts), or null when editable. */
  readOnlyReason: string | null;
  /**
   * Why the user may not save it just now though they may edit it (another adviser has it open:
   * presence), shown beside the save buttons, which are disabled; null or left out when they may.
   */
  saveBlockedReason?: string | null;
  /** Stores the changes of an existing application (PUT); rejects with ApiError (409 conflict keeps the edits). */
  updateApplication?: (submission: ApplySubmission) => Promise<unknown>;
  /**
   * Reads the course again (its places left) where the screen holds it; left out, the
   * course query of the phone form (GET /api/admin/courses/{id}) is read again.
   */
  refreshCourse?: () => Promise<void>;
};

export type ApplicationFormContextValue = {
  course: CourseDetailResponse['courseData'];
  qualOptions: CourseDetailResponse['qualOptions'];
  /** The course's document categories (its DOCUMENT_TYPES): the upload fields offered and validated. */
  documentTypes: readonly DocumentType[];
  audience: FormAudience;
  state: FormState;
  values: FormValues;
  /** Every error of the form (validateApplicationForm, the rules the server applies too). */
  errors: readonly FormError[];
  /** The errors the display rule shows now (value given, validate-all, checked item). */
  shownErrors: readonly FormError[];
  /** The message shown at a value's path ('QUALIFICATIONS.1.GRADE'), if any. */
  errorAt: (path: string) => string | undefined;
  /** The values differ from the start and are not submitted yet (leave-page warning). */
  hasUnsavedChanges: boolean;
  /** The course takes applications: external vacancies and no COURSE_CLOSED answer. */
  hasVacancies: boolean;
  /**
   * Whether the latest assessment seen by the submit step offered O (null before one): kept for the
   * whole form, across its steps, so the step notices when a re-assessment drops O.
   */
  assessedOffer: MutableRefObject<boolean | null>;
  /**
   * The last assessment a staff form had, kept for the whole form across its steps: shown over a
   * 401 while the session is being renewed (its staff buttons and script stay; useFormAssessment).
   */
  lastAssessment: MutableRefObject<Assessment | null>;
  suspended: boolean;
  dispatch: (action: FormAction) => void;
  setField: (name: string, value: string) => void;
  /** Done on an item: closes it when it is valid, else shows its errors; true when closed. */
  finishItem: (group: Group, index: number) => boolean;
  /** The applied check of spec section 4 for these values (skipped when its parameters did not change). */
  checkDuplicate: (values?: FormValues) => Promise<void>;
  submitApplication?: SubmitApplicationFn;
  onSubmitted: (response: ApplyResponse) => void;
  /** Staff screens only (see StaffFormOptions); undefined for the public form. */
  staff?: StaffFormOptions;
  /** The status the application has now: the last saved one, else the stored one (null when new or public). */
  currentStatus: ApplicationStatus | null;
  /** The values differ from those the form started with or last saved (spec section 4 ' (save)'). */
  modified: boolean;
};

const ApplicationFormContext = createContext<ApplicationFormContextValue | null>(null);

export type ApplicationFormProviderProps = {
  /** GET /api/courses/{code} (or the staff variant): the course and its qualification options. */
  course: CourseDetailResponse;
  /** Values to start from (an adviser's student, an application being edited). */
  initialValues?: Record<string, unknown>;
  audience?: FormAudience;
  /** Sends the form; the public POST /api/apply/{course} when omitted. */
  submitApplication?: SubmitApplicationFn;
  /** After a successful submission (the answer is kept in the state), e.g. to show the confirmation. */
  onSubmitted?: (response: ApplyResponse) => void;
  /** Staff screens: the application being edited, read-only reason, update call. */
  staff?: StaffFormOptions;
  /**
   * Where the form's draft is kept in the tab (lib/drafts), so a reload resumes the call (or the
   * applicant's form) with the same answers and SUBMISSION_ID; cleared once stored.
   */
  draftKey?: string;
  children: ReactNode;
};

/** A form's draft in the tab: its answers and its idempotency key. */
type FormDraft = { values: FormValues; submissionId: string };

/**
 * The form's first state: from its draft in the tab when there is one (the starting values stay
 * those of the page), else new, with a SUBMISSION_ID issued for the form's `kind`. A draft whose
 * id is bound to the other kind is not this form's.
 */
function initialState(start: FormValues, draftKey: string | undefined, kind: SubmissionIdKind): FormState {
  const draft = draftKey ? readDraft<FormDraft>(draftKey) : null;
  const usable =
    draft !== null &&
    typeof draft.submissionId === 'string' &&
    typeof draft.values === 'object' &&
    draft.values !== null &&
    (submissionIdKind(draft.submissionId) ?? kind) === kind;
  if (!usable) return initFormState(start, kind);
  return { ...initFormState(draft.values, kind), initialValues: start, submissionId: draft.submissionId };
}

const EMPTY_PARAMS = JSON.stringify({});

/**
 * Keeps `element` (the control focus is moving to) where it is on screen: leaving a field can draw
 * its error above it, pushing it down by a line or two, so the page scrolls by as much before the
 * next paint (animation frame: after the whole re-render) (no layout jump when
 * an error appears).
 */
function keepInPlace(element: HTMLElement): void {
  const top = element.getBoundingClientRect().top;
  requestAnimationFrame(() => {
    if (!element.isConnected) return;
    const moved = element.getBoundingClientRect().top - top;
    if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
  });
}

/**
 * The state of one application form, shared by its steps: mount it once around the steps (the
 * public /apply/{code} wrapper, or a staff screen) and give it a `key` of the course code so a
 * different course starts a new form. Values survive switching steps.
 */
export function ApplicationFormProvider({
  course,
  initialValues,
  audience = 'public',
  submitApplication,
  onSubmitted,
  staff,
  draftKey,
  children,
}: ApplicationFormProviderProps) {
  const { courseData, qualOptions } = course;
  // The public form's start token is obtained as the form opens (the submit step reads it).
  useFormStart(courseData.UCAS_CODE, !submitApplication);
  const [state, dispatch] = useReducer(formReducer, undefined, () =>
    initialState(createFormValues(courseData, initialValues), draftKey, staff !== undefined ? 'staff' : 'public'),
  );
  const { values } = state;

  // Spec section 4: without second-year entry the value is forced to 0.
  const secondYear = textOf(values, 'SECOND_YEAR_ENTRY');
  useEffect(() => {
    if (!courseData.ALLOW_SECOND_YEAR_ENTRY && secondYear !== '0') dispatch({ type: 'set-field', name: 'SECOND_YEAR_ENTRY', value: '0' });
  }, [courseData.ALLOW_SECOND_YEAR_ENTRY, secondYear]);

  const documentTypes = useMemo(() => courseDocumentTypes(courseData), [courseData]);
  const errors = useMemo(() => validateApplicationForm(values, { qualOptions, documentTypes }), [values, qualOptions, documentTypes]);

  const isItemChecked = useCallback(
    (group: string, item: number) => {
      const id = state.itemIds[group as Group]?.[item - 1];
      return id !== undefined && state.checkedItems.has(id);
    },
    [state.itemIds, state.checkedItems],
  );

  // DOM ids of the inputs the person has left (blur): an error waits for that (domain.md), so
  // typing the first character of an email never turns the field red.
  const [leftIds, setLeftIds] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    const onFocusOut = (event: Event) => {
      const id = event.target instanceof HTMLElement ? event.target.id : '';
      if (event instanceof FocusEvent && event.relatedTarget instanceof HTMLElement) keepInPlace(event.relatedTarget);
      if (id) setLeftIds((ids) => (ids.has(id) ? ids : new Set(ids).add(id)));
    };
    // 'change' commits a value without a keystroke-by-keystroke stream: a chosen file or option.
    // A text field's change comes with its focusout, which also knows where focus goes next.
    const onChange = (event: Event) => {
      const typed =
        event.target instanceof HTMLTextAreaElement || (event.target instanceof HTMLInputElement && !['file', 'checkbox', 'radio'].includes(event.target.type));
      if (!typed) onFocusOut(event);
    };
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('change', onChange);
    return () => {
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('change', onChange);
    };
  }, []);
  // A path's input is 'DOB-day' style for the date parts, else its field id.
  const wasLeft = useCallback(
    (path: string) => {
      const id = fieldId(path);
      return leftIds.has(id) || [...leftIds].some((left) => left.startsWith(`${id}-`));
    },
    [leftIds],
  );

  const shownErrors = useMemo(
    () =>
      errors.filter((error) =>
        isErrorShown(error, values, { validateAll: state.validateAll, validatedSections: state.validatedSections, isItemChecked, wasLeft }),
      ),
    [errors, values, state.validateAll, state.validatedSections, isItemChecked, wasLeft],
  );

  const errorAt = useCallback((path: string) => shownErrors.find((e) => e.path === path)?.message, [shownErrors]);

  const setField = useCallback((name: string, value: string) => dispatch({ type: 'set-field', name, value }), []);

  const finishItem = useCallback(
    (group: Group, index: number) => {
      const id = state.itemIds[group][index];
      if (!id) return false;
      const invalid = errors.some((e) => e.field === group && e.item === index + 1);
      dispatch(invalid ? { type: 'check-item', id } : { type: 'close-item', id });
      return !invalid;
    },
    [errors, state.itemIds],
  );

  // A staff form open keeps its session's absolute lifetime extended.
  const isStaff = staff !== undefined;
  useEffect(() => (isStaff ? markFormOpen() : undefined), [isStaff]);

  // Duplicate check: only with parameters, only when they changed, latest answer wins.
  const checkApplied = useCheckApplied(courseData.UCAS_CODE);
  const lastParams = useRef(EMPTY_PARAMS);
  const checkSeq = useRef(0);
  const valuesRef = useRef(values);
  useEffect(() => {
    valuesRef.current = values;
  });
  // An application already stored is no duplicate of itself: the check is for new ones only.
  const isExisting = staff?.currentStatus != null;
  const checkDuplicate = useCallback(
    async (next?: FormValues) => {
      if (isExisting) return;
      const params = appliedParams(next ?? valuesRef.current, qualOptions);
      const key = JSON.stringify(params);
      if (key === lastParams.current) return;
      lastParams.current = key;
      const seq = ++checkSeq.current;
      const found = await checkApplied(params);
      if (seq !== checkSeq.current) return;
      dispatch({ type: 'duplicate', value: found === 'applied' });
      dispatch({ type: 'applied-not-checked', value: found === 'not-checked' });
    },
    [checkApplied, qualOptions, isExisting],
  );

  const onSubmittedRef = useRef(onSubmitted);
  useEffect(() => {
    onSubmittedRef.current = onSubmitted;
  });
  const handleSubmitted = useCallback(
    (response: ApplyResponse) => {
      if (draftKey) clearDraft(draftKey);
      dispatch({ type: 'submitted', response });
      onSubmittedRef.current?.(response);
    },
    [draftKey],
  );

  const modified = valuesDiffer(values, state.initialValues);
  // The draft follows the answers while they differ from what is stored; a save clears it.
  useEffect(() => {
    if (!draftKey) return;
    if (state.submitted !== null || !modified) clearDraft(draftKey);
    else writeDraft(draftKey, { values, submissionId: state.submissionId } satisfies FormDraft);
  }, [draftKey, values, modified, state.submitted, state.submissionId]);
  const hasUnsavedChanges = state.submitted === null && modified;
  // A staff call in progress (a staff draft kept): a sign-out in another tab asks first.
  const callInProgress = isStaff && draftKey !== undefined && hasUnsavedChanges;
  useEffect(() => (callInProgress ? registerOpenCall() : undefined), [callInProgress]);

  const assessedOffer = useRef<boolean | null>(null);
  const lastAssessment = useRef<Assessment | null>(null);
  const value: ApplicationFormContextValue = {
    course: courseData,
    qualOptions,
    documentTypes,
    audience,
    state,
    values,
    errors,
    shownErrors,
    errorAt,
    hasUnsavedChanges,
    hasVacancies: hasPublicPlaces(courseData) && !state.closed,
    assessedOffer,
    lastAssessment,
    suspended: isSuspended(courseData) || state.suspended,
    dispatch,
    setField,
    finishItem,
    checkDuplicate,
    submitApplication,
    onSubmitted: handleSubmitted,
    staff,
    currentStatus: state.saved?.status ?? staff?.currentStatus ?? null,
    modified,
  };

  return <ApplicationFormContext.Provider value={value}>{children}</ApplicationFormContext.Provider>;
}

/**
 * Parameters of the applied check: the email and, when the applicant applied to UCAS, the UCAS
 * Personal ID; a value that fails its own rule is left out (it cannot match an application).
 */
function appliedParams(values: FormValues, qualOptions: CourseDetailResponse['qualOptions']): AppliedParams {
  const invalid = new Set(validateApplicationForm(values, { qualOptions }).map((e) => e.field));
  const params: AppliedParams = {};
  const email = textOf(values, 'EMAIL').trim();
  if (email && !invalid.has('EMAIL')) params.email = email;
  const ucasId = textOf(values, 'UCAS_PERSONAL_ID').trim();
  if (textOf(values, 'APPLIED_TO_UCAS') === '1' && ucasId && !invalid.has('UCAS_PERSONAL_ID')) params.ucas_personal_id = ucasId;
  return params;
}

/** The application form around this component (throws outside an ApplicationFormProvider). */
export function useApplicationForm(): ApplicationFormContextValue {
  const context = useContext(ApplicationFormContext);
  if (!context) throw new Error('useApplicationForm must be used inside an ApplicationFormProvider');
  return context;
}
