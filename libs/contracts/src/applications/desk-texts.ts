/**
 * Texts of the applications desk that the spec fixes (spec sections 1 and 2), kept once
 * here so the web screens and the call scripts (scripts/script-texts.ts SEARCH_PROMPTS) say the
 * same thing. Web-only wording (loading labels, dialog buttons) stays in the web feature's texts.
 */

/** 'Find an application' (spec section 2): heading, opening script prompt and its notes (spec section 1). */
export const FIND_APPLICATION_TEXTS = {
  HEADING: 'Find an application',
  // Spec section 1 gives the gist of the opening prompt and notes, not their words.
  OPENING_PROMPT: 'Is the caller asking about an application they have already made?',
  REFERENCE_NOTE: 'Look up an existing application by its reference number.',
  /** Followed by the specialist-enquiry link and a full stop. */
  SPECIALIST_NOTE: 'For other enquiries follow the',
  SPECIALIST_LINK: 'specialist-enquiry procedure',
  /** Followed by the course-search link and a full stop. */
  APPLY_NOTE: "To apply on a caller's behalf, use the",
  COURSE_SEARCH_LINK: 'course search',
  SEARCH_BUTTON: 'Search',
} as const;

/**
 * Where the university's specialist-enquiry procedure lives. The spec names the link but not its
 * address, so the note shows the link text as plain text while this is empty.
 */
export const SPECIALIST_ENQUIRY_URL = '';

/** The listing's column headings: spec section 2's eight, then how long it has waited since submitted (waitingTime). */
export const APPLICATION_LISTING_COLUMNS = {
  APPLICATION_ID: 'Application ID',
  COURSE: 'Course',
  NAME: 'Name',
  EMAIL: 'Email Address',
  UCAS_PERSONAL_ID: 'UCAS Personal ID',
  NATIONALITY: 'Nationality',
  STATUS: 'Status',
  VISA_STATUS: 'Visa status',
  WAITING: 'Waiting',
} as const;

/**
 * Heading of the edit screen: the application id pair (spec section 2), then the public reference
 * the caller quotes when there is one, e.g. 'Application 1042/2, reference 07123'.
 */
export const applicationEditHeading = (studentId: string, applicationId: string, reference?: string): string =>
  `Application ${studentId}/${applicationId}${reference ? `, reference ${reference}` : ''}`;
