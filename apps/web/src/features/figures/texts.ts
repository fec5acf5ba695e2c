/** Web-only texts of the figures screen (shared texts come from @clearing-desk/contracts). */
export const FIGURES_SCREEN_TEXTS = {
  HEADING: 'Results-day figures',
  INTRO: 'Figures for the courses you may report on. They update every 15 seconds without reloading the page.',
  LOADING: 'Loading figures',
  UPDATED: (time: string) => `Last updated at ${time}`,
  DOWNLOAD_CSV: 'Download these figures (CSV)',
  MARGIN_LABEL: 'Over-offer warning margin (%)',
  MARGIN_HINT: 'Warn when offers made exceed the Clearing places by more than this percentage.',
  MARGIN_APPLY: 'Apply margin',
  MARGIN_ERROR: 'Enter a whole number from 0 to 500',
  OVERALL_HEADING: 'All your courses',
  CHART_HEADING: 'Applications per hour today',
  CHART_TABLE_SUMMARY: 'Applications per hour as a table',
  SCHOOLS_HEADING: 'By school',
  COURSES_HEADING: 'By course',
  COURSES_CAPTION: 'Figures per course',
  SCHOOLS_CAPTION: 'Figures per school',
  OVER_OFFERED_COURSES: (n: number) => (n === 1 ? '1 course has more offers than places allow.' : `${n} courses have more offers than places allow.`),
  OFFERED: 'Offered',
  /** Invited to interview (status I): not an offer, so a column of its own. */
  INVITED: 'Invited',
  /** Clearing places left: the places ledger's figure, the one course control shows. */
  PLACES_LEFT: 'Places left',
  /** VACANCIES_EXTERNAL: what the public search shows as open places. */
  PUBLIC_VACANCIES: 'Public vacancies',
  CLEARING_PLACES: 'Clearing places × allowance',
  OFFERS_COUNTING: 'Offers that count',
  GUARD: 'Places guard',
  GUARD_CLOSED: (at: string) => `Closed ${at}`,
  GUARD_REOPENED: (at: string) => `Reopened ${at}`,
  GUARD_NEVER: 'Never closed',
} as const;
