import { CLOSING_MESSAGE_MAX, DEFAULT_CLOSED_MESSAGE } from '@clearing-desk/contracts';

/** Web-only texts of the Clearing settings page (spec texts come from @clearing-desk/contracts). */
export const CLEARING_STATUS_TEXTS = {
  HEADING: 'Clearing settings',
  INTRO: 'Open or close Clearing for the public. Signed-in staff can use the application either way.',
  LOADING: 'Loading Clearing settings',
  STATE_LEGEND: 'Clearing',
  OPEN: 'Open',
  CLOSED: 'Closed',
  MESSAGE_LABEL: 'Closing message',
  MESSAGE_HINT: `Shown to the public while Clearing is closed, up to ${CLOSING_MESSAGE_MAX} characters. Leave it empty to show the default message: ‘${DEFAULT_CLOSED_MESSAGE}’`,
  SAVE: 'Save settings',
  SAVED: 'Settings saved.',
  AUDIT_CAPTION: 'Recent changes',
  AUDIT_WHEN: 'When',
  AUDIT_WHO: 'Who',
  AUDIT_STATE: 'Clearing',
  AUDIT_MESSAGE: 'Closing message',
  AUDIT_DEFAULT_MESSAGE: 'Default message',
  AUDIT_EMPTY: 'No changes yet.',
  AUDIT_LOADING: 'Loading recent changes',
  CYCLE_HEADING: 'Recruitment cycle',
  CYCLE_LOADING: 'Loading the recruitment cycle',
  CYCLE_NAME: 'Cycle',
  CYCLE_WINDOW: 'Clearing window',
  CYCLE_WINDOW_VALUE: (opens: string, closes: string) => `${opens} to ${closes}`,
  CYCLE_RESULTS_DAY: 'Results day',
  CYCLE_COURSE_START: 'Default course start date',
  CYCLE_TARIFF: 'Tariff version',
  CYCLE_ROLL: 'Roll to the next cycle',
  CYCLE_ROLLS_CAPTION: 'Cycle rolls',
  CYCLE_ROLLS_FROM: 'From',
  CYCLE_ROLLS_TO: 'To',
} as const;

export const clearingStatusText = (state: 0 | 1): string => (state === 1 ? CLEARING_STATUS_TEXTS.OPEN : CLEARING_STATUS_TEXTS.CLOSED);
