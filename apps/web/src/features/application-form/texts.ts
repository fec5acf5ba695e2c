import { ACCEPTED_FILE_FORMATS_TEXT, LIMITS } from '@clearing-desk/contracts';

/**
 * Web-only texts of the application form. Texts fixed by the spec (validation messages,
 * confirmation headings, loading, leave-page and submit questions, course and duplicate warnings)
 * come from @clearing-desk/contracts and are never copied here.
 */
export const FORM_TEXTS = {
  PREVIOUS: 'Previous',
  NEXT: 'Next',
  OPTIONAL: '(optional)',
  YES: 'Yes',
  NO: 'No',
  SELECT_NATIONALITY: 'Select a nationality',
  SELECT_VISA_TYPE: 'Select a visa type',
  /** The hint of a date typed in one box (staff screens: the date of birth). */
  DATE_ONE_BOX_HINT: 'Day, month and year, for example 27/3/2007',
  ERROR_SUMMARY_TITLE: 'There is a problem',
  DUPLICATE_TITLE: 'You have already applied',
  COURSE_UNAVAILABLE_TITLE: 'Important',

  // Qualifications step
  QUALIFICATIONS_INTRO:
    'Add your GCSEs, including English and Mathematics, and your other qualifications with the highest or most recent first. ' +
    'Enter each qualification, subject and grade exactly as it appears on your certificate or results: our Admissions team will check them.',
  SCIENCES_GCSE_HINT: 'This course asks for at least 5 GCSEs, including English Language and Mathematics at grade 4 (C) or above.',
  ENGLISH_TEST_HINT: 'If you do not have GCSE English at grade 4 (C) or above, add an English language test such as IELTS.',
  // Adviser checklist of spec section 2, for staff screens only.
  ADVISER_CHECKLIST: [
    'Take the highest or most recent qualification first and enter each one correctly in the dropdown.',
    'Then enter GCSE Maths and English (plus Physics for Engineering).',
    'Sciences courses need at least 5 GCSEs.',
    'If there is no GCSE English at C or above, check for IELTS or another test.',
    'Qualifications must be exact because Admissions staff check them.',
  ],
  QUALIFICATION_TYPE: 'Type of qualification',
  SELECT_QUALIFICATION_TYPE: 'Select a type of qualification',
  DONE: 'Done',
  DONE_AND_ADD_ANOTHER: 'Done and add another',
  /** An adviser's type buttons: 'Add' read before each type's name, 'Another type' for the rest. */
  ADD: 'Add',
  ANOTHER_TYPE: 'Another type',
  OF_QUALIFICATION: 'of qualification',
  EDIT: 'Edit',
  REMOVE: 'Remove',
  REMOVE_CONFIRM: 'Yes, remove it',
  CANCEL: 'Cancel',
  NO_ITEMS: 'None added yet.',

  // Documents (qualifications step)
  DOCUMENTS_HEADING: 'Documents',
  DOCUMENTS_HINT:
    `Upload evidence of your qualifications, such as certificates or results slips: ${ACCEPTED_FILE_FORMATS_TEXT} files of up to ${LIMITS.FILE_MAX_MB} MB each. ` +
    'Photos are made smaller before they are sent. Each file is checked for viruses.',
  DOCUMENT_UPLOADED: 'Uploaded',
  NO_DOCUMENTS: 'No documents added.',
  DOCUMENTS_UPLOADING: 'Wait until your documents have finished uploading.',

  // Submit step
  REVIEW_HEADING: 'Check your answers before submitting your application',
  INCOMPLETE_HINT: 'Complete these before you submit your application:',
  DATA_PROTECTION_HEADING: 'How we use your information',
  DATA_PROTECTION:
    'We will use the information you give us to evaluate your suitability for this course, to process your application, ' +
    'to communicate with you by email and possibly to recommend alternative courses to you. We will not use it for any other purposes.',
  SUBMIT_CONFIRM: 'Yes, submit',
  SUBMIT_CANCEL: 'No, go back',
  /** A staff save refused a status the user may not set (someone else signed in over the call, roles changed). */
  STATUS_REFUSED: (status: string) => `You cannot save this application as ${status}. Choose one of the buttons below: they are the ones you can use.`,
  SUBMIT_BLOCKED_DUPLICATE: 'You cannot submit this application because you have already applied for this course.',
  /** In the submit confirmation when the applied check answered 429: not checked, said only at submit. */
  APPLIED_NOT_CHECKED: 'We could not check just now whether you have already applied for this course. If you have, this application will not be accepted.',
  CHANGE: 'Change',

  // Staff screens
  READ_ONLY_TITLE: 'Read-only',
  SAVE_SUFFIX: ' (save)',
  UPDATE_CONFIRM: 'Yes, update',

  // Leave page
  LEAVE_CONFIRM: 'Leave this application',
  LEAVE_CANCEL: 'Stay on this page',
  LEAVE_BODY: 'Your answers have not been submitted and will be lost.',

  // Confirmation and review
  REFERENCE_LABEL: 'Your reference number',
  VIEW_APPLICATION: 'View your application',
  SEARCH_OTHER_COURSES: 'Search for other courses in Clearing',
  RECOMMENDED_HEADING: 'Other courses you could apply for',
  REJECTION_REASONS_HEADING: 'Why we cannot make you an offer',
  CALL_US_HEADING: 'Please call our Clearing team',
  SUBMITTED_HEADING: 'Application submitted',
  DETAILS_HEADING: 'Your application',
  STATUS_LABEL: 'Status',
  SUBMITTED_ON: 'Submitted',
  NO_SUBMISSION: 'There is no submitted application to show.',
} as const;

/** Under the submit buttons of a stored application: which status it has now. */
export const currentStatusNote = (status: string) => `Current status: ${status}.`;

export const callUsText = (telephone: string, reference: string) =>
  `To continue your application, please call the Clearing team on ${telephone} and quote your reference number ${reference}.`;

export const submittedText = (reference: string) =>
  `We have received your application. Your reference number is ${reference}. We will contact you by email about the next steps.`;

/** Name of one item of a group in the UI: 'Qualification 2', 'GCSE qualification 1'. */
export const GROUP_ITEM_NOUN = { GCSE_QUALIFICATIONS: 'GCSE qualification', QUALIFICATIONS: 'Qualification' } as const;
export const GROUP_ADD_LABEL = { GCSE_QUALIFICATIONS: 'Add a GCSE qualification', QUALIFICATIONS: 'Add a qualification' } as const;
export const GROUP_HINT = {
  GCSE_QUALIFICATIONS: 'GCSEs, IGCSEs, O Levels and Functional Skills.',
  QUALIFICATIONS: 'A Levels, BTECs, the International Baccalaureate, Access to HE Diplomas, English language tests and other qualifications. Add at least one.',
} as const;

/** The prefix of an item's error in summaries: "Qualifications item 2: 'Grade' is required." */
export const itemErrorText = (groupLabel: string, item: number, message: string) => `${groupLabel} item ${item}: ${message}`;

export const removeItemTitle = (noun: string, n: number) => `Are you sure you want to remove ${noun.toLowerCase()} ${n}?`;

/** Documents: the heading and hints of one category's uploads. */
export const documentsHeading = (title: string) => `${title} documents`;
export const documentsLimitHint = (slots: number) => `You can add up to ${slots} documents.`;
export const documentsLimitReached = (slots: number) => `You have added the maximum of ${slots} documents. Remove one to add another.`;
export const uploadingLabel = (fileName: string) => `Uploading ${fileName}`;
