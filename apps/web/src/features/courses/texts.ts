/** Web-only texts of the courses feature (shared texts come from @clearing-desk/contracts). */
export const COURSE_TEXTS = {
  SEARCH_HEADING: 'Find a degree',
  SEARCH_LABEL: 'Search for a course',
  SEARCH_HINT: 'For example, a course title, subject or UCAS code',
  SEARCH_BUTTON: 'Search',
  NO_RESULTS: 'No results',
  RESULTS_CAPTION: 'Courses with Clearing places',
  LOADING_COURSES: 'Loading courses',
  LOADING_COURSE: 'Loading course',
  CHECK_BACK_LATER: 'Check back later',
  CLOSED: 'Closed',
  APPLY: 'Apply',
  OPENS_IN_NEW_TAB: '(opens in new tab)',
  START_APPLICATION: 'Start application',
  LOWER_TARIFF_NOTE_RESULTS: 'Lower tariffs may be considered',
  LOWER_TARIFF_NOTE_PAGE: 'Applicants with lower tariffs may be considered.',
  // Spec section 3 "Second-year-entry texts": the no-second-year description.
  COURSE_PAGE_HEADING_ERROR: 'Course information',
  BACK_TO_SEARCH: 'Search for courses in clearing and apply online',
  /** Beside the closed-course text, which asks people to check the list of open courses. */
  OPEN_COURSES_LINK: 'See the list of open courses',
  STAFF_SEARCH_HEADING: 'Find a course',
  STAFF_SEARCH_INTRO: "Search every course in Clearing. To take an application on a caller's behalf, use the course's Apply button.",
  NO_ROLE_ON_COURSE: 'No role on this course',
  /** Before the telephone on a suspended course's page. */
  SUSPENDED_CALL: 'To ask about this course or find another course in Clearing, call',
  courseCodeLine: (code: string) => `Course code: ${code}`,
} as const;

/** The signed-in user's role on a course in the staff search. */
export const courseAccessText = (access: string | null | undefined): string => (access ? `Your role: ${access}` : COURSE_TEXTS.NO_ROLE_ON_COURSE);

export const tariffPointsText = (points: number): string => `${points} UCAS points`;

/** The course's IB requirement beside its tariff (domain.md "Tariff points", IB): Diploma points. */
export const ibPointsText = (points: number): string => `IB Diploma: ${points} points`;

export const coursesFoundText = (total: number): string => `${total} ${total === 1 ? 'course' : 'courses'} found`;
