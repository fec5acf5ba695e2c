import {
  createSubmissionId,
  type ApplicationStatus,
  type ApplyResponse,
  type DocumentFieldName,
  type FormDocument,
  type FormSection,
  type QualificationItem,
  type SubmissionIdKind,
} from '@clearing-desk/contracts';
import { GROUPS, type FormValues, type Group } from '../types';
import { itemsOf } from './form-values';
import { IB_CODE, IB_TOTAL_YEAR, withIbTotalYear } from './ib';

/** A document being prepared (images are recompressed) and sent: its name and the fraction sent. */
export type DocumentUpload = { fileName: string; progress: number };

/** Everything the application form remembers between its steps (one per course visit). */
export type FormState = {
  values: FormValues;
  /** The values it started with: a difference means unsaved changes. */
  initialValues: FormValues;
  /** A stable key per group item (React keys, edit/done state), parallel to the item lists. */
  itemIds: Readonly<Record<Group, readonly string[]>>;
  nextItemId: number;
  /** Items shown as editors; the others are summary rows. */
  openItems: ReadonlySet<string>;
  /** Items whose Done was pressed while they had errors: their errors show. */
  checkedItems: ReadonlySet<string>;
  /** Spec section 5 "validate-all": every error shows (the submit step was opened). */
  validateAll: boolean;
  /**
   * Steps whose Next was pressed: their errors show. Per step, so the next step never opens with
   * errors for fields nobody has touched (domain.md "Form behaviour the spec leaves open").
   */
  validatedSections: ReadonlySet<FormSection>;
  /** Idempotency key of POST /api/apply/{course}, made once per form. */
  submissionId: string;
  /** The applicant already applied to this course (applied check or a 409). */
  isDuplicate: boolean;
  /** The last applied check was rate limited (429): not checked; the submit confirmation says so. */
  appliedNotChecked: boolean;
  /** Set by a COURSE_CLOSED / COURSE_SUSPENDED answer of assess or submit (spec section 4). */
  closed: boolean;
  suspended: boolean;
  /** The answer of a successful submission and the values sent. */
  submitted: { response: ApplyResponse; values: FormValues } | null;
  /** Document slots whose file is on its way; the slot gets its document when the upload settles. */
  uploads: Readonly<Partial<Record<DocumentFieldName, DocumentUpload>>>;
  /** Staff update of a stored application: when it was last saved here (ISO time) and with which status. */
  saved: { at: string; status: ApplicationStatus } | null;
};

export type FormAction =
  | { type: 'set-field'; name: string; value: string }
  | { type: 'add-item'; group: Group; item?: QualificationItem }
  | { type: 'remove-item'; group: Group; index: number }
  | { type: 'set-item-type'; group: Group; index: number; qualification: string; keep: readonly string[] }
  | { type: 'set-item-field'; group: Group; index: number; name: string; value: string; ibYearFields?: readonly string[] }
  | { type: 'open-item'; id: string }
  | { type: 'close-item'; id: string }
  | { type: 'check-item'; id: string }
  | { type: 'validate-all' }
  | { type: 'validate-section'; section: FormSection }
  | { type: 'duplicate'; value: boolean }
  | { type: 'applied-not-checked'; value: boolean }
  | { type: 'course-unavailable'; reason: 'closed' | 'suspended' }
  | { type: 'submitted'; response: ApplyResponse }
  /** Puts a document in its slot (null empties the slot). */
  | { type: 'set-document'; name: DocumentFieldName; document: FormDocument | null }
  | { type: 'upload-progress'; name: DocumentFieldName; upload: DocumentUpload }
  /** The upload ended: the slot gets the document (with its token, or with why it failed). */
  | { type: 'upload-settled'; name: DocumentFieldName; document: FormDocument }
  /** A staff update was stored: the values become the saved ones (no longer modified). */
  | { type: 'saved'; at: string; status: ApplicationStatus }
  /**
   * New values for the whole form (a student chosen or cleared in the staff student search): item
   * editors start closed, the idempotency key and the starting values stay.
   */
  | { type: 'replace-values'; values: FormValues };

/**
 * A form's first state from `values`, with a new SUBMISSION_ID issued for its `kind` (a staff
 * form's or the public's: the gateway refuses it on the other kind's route).
 */
export function initFormState(values: FormValues, kind: SubmissionIdKind = 'public'): FormState {
  let nextItemId = 1;
  const itemIds = {} as Record<Group, string[]>;
  for (const group of GROUPS) itemIds[group] = itemsOf(values, group).map(() => `item-${nextItemId++}`);
  return {
    values,
    initialValues: values,
    itemIds,
    nextItemId,
    openItems: new Set(),
    checkedItems: new Set(),
    validateAll: false,
    validatedSections: new Set(),
    submissionId: createSubmissionId(kind),
    isDuplicate: false,
    appliedNotChecked: false,
    closed: false,
    suspended: false,
    submitted: null,
    uploads: {},
    saved: null,
  };
}

const withItems = (state: FormState, group: Group, items: readonly QualificationItem[]): FormValues => ({
  ...state.values,
  [group]: items,
});

function withDocument(values: FormValues, name: DocumentFieldName, document: FormDocument | null): FormValues {
  const { [name]: _old, ...rest } = values;
  return document ? { ...rest, [name]: document } : rest;
}

function withoutUpload(uploads: FormState['uploads'], name: DocumentFieldName): FormState['uploads'] {
  const { [name]: _done, ...rest } = uploads;
  return rest;
}

const without = (set: ReadonlySet<string>, id: string): Set<string> => {
  const next = new Set(set);
  next.delete(id);
  return next;
};

function updateItem(state: FormState, group: Group, index: number, update: (item: QualificationItem) => QualificationItem): FormState {
  const items = itemsOf(state.values, group);
  const item = items[index];
  if (!item) return state;
  return {
    ...state,
    values: withItems(
      state,
      group,
      items.map((it, i) => (i === index ? update(it) : it)),
    ),
  };
}

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'set-field':
      return { ...state, values: { ...state.values, [action.name]: action.value } };
    case 'add-item': {
      const id = `item-${state.nextItemId}`;
      return {
        ...state,
        values: withItems(state, action.group, [...itemsOf(state.values, action.group), action.item ? { ...action.item } : { QUALIFICATION: '' }]),
        itemIds: { ...state.itemIds, [action.group]: [...state.itemIds[action.group], id] },
        nextItemId: state.nextItemId + 1,
        openItems: new Set(state.openItems).add(id),
      };
    }
    case 'remove-item': {
      const id = state.itemIds[action.group][action.index];
      if (!id) return state;
      return {
        ...state,
        values: withItems(
          state,
          action.group,
          itemsOf(state.values, action.group).filter((_, i) => i !== action.index),
        ),
        itemIds: { ...state.itemIds, [action.group]: state.itemIds[action.group].filter((_, i) => i !== action.index) },
        openItems: without(state.openItems, id),
        checkedItems: without(state.checkedItems, id),
      };
    }
    case 'set-item-type':
      // A new type keeps only the values its fields share with the old one (subject, grade, year).
      return updateItem(state, action.group, action.index, (item) => {
        const next: QualificationItem = { QUALIFICATION: action.qualification };
        for (const name of action.keep) if (item[name] !== undefined) next[name] = item[name];
        return next;
      });
    case 'set-item-field':
      return updateItem(state, action.group, action.index, (item) =>
        action.name === IB_TOTAL_YEAR && item.QUALIFICATION === IB_CODE && action.ibYearFields
          ? withIbTotalYear(item, action.ibYearFields, action.value)
          : { ...item, [action.name]: action.value },
      );
    case 'open-item':
      return { ...state, openItems: new Set(state.openItems).add(action.id) };
    case 'close-item':
      return { ...state, openItems: without(state.openItems, action.id), checkedItems: without(state.checkedItems, action.id) };
    case 'check-item':
      return { ...state, checkedItems: new Set(state.checkedItems).add(action.id) };
    case 'validate-all':
      return state.validateAll ? state : { ...state, validateAll: true };
    case 'validate-section':
      return state.validatedSections.has(action.section) ? state : { ...state, validatedSections: new Set(state.validatedSections).add(action.section) };
    case 'duplicate':
      return state.isDuplicate === action.value ? state : { ...state, isDuplicate: action.value };
    case 'applied-not-checked':
      return state.appliedNotChecked === action.value ? state : { ...state, appliedNotChecked: action.value };
    case 'course-unavailable':
      return action.reason === 'closed' ? { ...state, closed: true } : { ...state, suspended: true };
    case 'submitted':
      return { ...state, submitted: { response: action.response, values: state.values } };
    case 'set-document':
      return { ...state, values: withDocument(state.values, action.name, action.document) };
    case 'upload-progress':
      return { ...state, uploads: { ...state.uploads, [action.name]: action.upload } };
    case 'upload-settled':
      return { ...state, values: withDocument(state.values, action.name, action.document), uploads: withoutUpload(state.uploads, action.name) };
    case 'saved':
      return { ...state, initialValues: state.values, saved: { at: action.at, status: action.status } };
    case 'replace-values':
      return { ...initFormState(action.values), initialValues: state.initialValues, submissionId: state.submissionId };
  }
}
