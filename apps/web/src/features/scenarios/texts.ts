import { APPLICATION_STATUSES, type ApplicationStatus } from '@clearing-desk/contracts';

/** Web-only texts of the training scenarios (spec texts come from @clearing-desk/contracts). */
export const SCENARIO_SCREEN_TEXTS = {
  HEADING: 'Training scenarios',
  INTRO:
    'Practise a results-day call with a scripted caller. Pick a scenario with the filters, read it, then take the call in training mode: nothing you submit is stored as an application.',
  LOADING: 'Loading the scenario',
  FILTERS_HEADING: 'Filter scenarios',
  GENDER: 'Gender',
  DEPT: 'Department',
  COURSE: 'Course',
  ALL: 'All',
  GENDERS: { M: 'Male', F: 'Female' },
  SHOW: 'Show scenario',
  START_TRAINING: 'Start training call',
  CONFIRM_COMPLETE: 'Are you sure you want to mark this scenario as completed?',
  CONFIRM_COMPLETE_BODY: 'It will not be offered to you again.',
  CONFIRM_YES: 'Yes, mark as completed',
  CONFIRM_NO: 'Cancel',
  COMPLETING: 'Marking the scenario as completed',
  COMPLETED: (id: string) => `Scenario ${id} marked as completed.`,
  COMPLETED_TITLE: 'Completed',
  PROGRESS_LINK: 'Trainee progress',
  FORBIDDEN: 'Training scenarios are for staff users with a role.',
  QUESTIONS_INTRO: 'Find out from the caller:',
  NO_INSTRUCTION: 'No additional instructions.',
  CALLER_SAYS: 'What the caller says when asked',
  GCSES: 'GCSE qualifications',
  QUALIFICATIONS: 'Qualifications',
  NONE: 'None',
  YES: 'Yes',
  NO: 'No',
  FIRST_YEAR: 'First Year',
  SECOND_YEAR: 'Second Year',
} as const;

/** Labels of the Scenario Details rows. */
export const SCENARIO_DETAIL_LABELS = {
  SCENARIO_ID: 'Scenario ID',
  NAME: 'Name',
  DOB: 'Date of birth',
  GENDER: 'Gender',
  NATIONALITY: 'Nationality',
  EEA: 'EEA or home nationality',
  OVER18: '18 or over on the course start date',
  EMAIL: 'Email address',
  TEL1: 'Telephone number',
  UCAS_PERSONAL_ID: 'UCAS Personal ID',
  COURSE: 'Course',
  DEPT: 'Department',
  COURSE_START_DATE: 'Course start date',
  SECOND_YEAR_ENTRY: 'Year of entry',
  FEEDBACK_TELEPHONE: 'Feedback telephone',
} as const;

export const TRAINING_TEXTS = {
  HEADING_CAPTION: 'Training call',
  BANNER_TITLE: 'Training mode',
  BANNER: 'This is a training call: submitting assesses the answers and shows the outcome script, but no application is stored.',
  PANEL_LABEL: 'Scenario and call script',
  STAGE_DIRECTION: 'Stage directions',
  BACK_TO_SCENARIO: 'Back to the scenario',
  OUTCOME_HEADING: 'Training call outcome',
  CHOSEN: 'Status you chose',
  EXPECTED: 'Expected outcome',
  LIGHT: 'Traffic light of the answers',
  QUESTIONS_HEADING: 'What the scenario expected',
  MATCH_TITLE: 'Expected outcome',
  MATCH: 'The status you chose matches the scenario’s expected outcome.',
  NO_MATCH_TITLE: 'Not the expected outcome',
  NO_MATCH: 'The status you chose does not match the scenario’s expected outcome.',
  OUTCOME_SCRIPT: 'Read the outcome script to the caller, then mark the scenario as completed to get the next one.',
} as const;

/** 'Offered (O)'; the list joined with 'or'. */
export const statusLabel = (status: ApplicationStatus): string => `${APPLICATION_STATUSES[status]} (${status})`;
export const statusList = (statuses: readonly ApplicationStatus[]): string => statuses.map(statusLabel).join(' or ');

export const SCENARIO_PROGRESS_TEXTS = {
  HEADING: 'Trainee progress',
  INTRO: 'Scenarios each trainee has completed, and how many of their training calls ended with the outcome the scenario expected.',
  FORBIDDEN: 'Only users with the view-report permission can see trainee progress.',
  LOADING: 'Loading trainee progress',
  NONE: 'No trainee has completed a scenario yet.',
  CAPTION: 'Completed scenarios per trainee',
  TRAINEE: 'Trainee',
  COMPLETED: 'Completed',
  EXPECTED_OUTCOMES: 'Ended with the expected outcome',
  OF: (n: number, total: number) => `${n} of ${total}`,
  COMPLETIONS_CAPTION: (name: string) => `Scenarios completed by ${name}`,
  SCENARIO: 'Scenario',
  COURSE: 'Course',
  STATUS: 'Status chosen',
  EXPECTED: 'Expected',
  MATCHED: 'Expected outcome',
  AT: 'Completed at',
  NOT_TRAINED: 'No training call',
  YES: 'Yes',
  NO: 'No',
  BACK: 'Back to the scenarios',
} as const;
