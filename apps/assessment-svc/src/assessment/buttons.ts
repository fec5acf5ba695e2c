import {
  ROLES,
  SUBMISSION_BUTTONS,
  canEditApplication,
  hasPermission,
  offerPossible,
  type SubmissionButton,
  type TrafficLight,
} from '@clearing-desk/contracts';

export type ButtonsInput = {
  /** The user's role on the course (course `access`); null for the public. */
  access: string | null;
  light: TrafficLight;
  over18: 0 | 1;
  secondYearEntry: boolean;
  /** course.assessmentInfo.interviews: a green result invites to interview instead of offering. */
  interviews: boolean;
  /** The course's places left (VACANCIES_INTERNAL); absent: not limited. */
  placesLeft?: number;
};

const copy = (...buttons: SubmissionButton[]): SubmissionButton[] => buttons.map((b) => ({ ...b }));

/**
 * SUBMISSION_OPTIONS.BUTTONS (domain.md "Submit buttons"):
 * - a staff role that may edit no application (the Visa Team: spec section 6): none, so it is never
 *   offered a Submit the API would refuse (contracts canEditApplication on a new application);
 * - the public, and staff without SET_APPLICATION_STATUS: [S Submit];
 * - staff with it: under 18 on the course start date (OVER18 0) or second-year entry: [R Refer] only;
 *   otherwise G: [O Offer] or [I Invite to interview] when the course interviews, plus [R Refer];
 *   A: [R Refer, P Pool]; R: [X Reject, R Refer];
 * - with no place left (contracts offerPossible) a green result that would offer
 *   gives [R Refer, P Pool] instead, except to an Administrator (who may offer over the allowance).
 */
export function submissionButtons({ access, light, over18, secondYearEntry, interviews, placesLeft }: ButtonsInput): SubmissionButton[] {
  const { SUBMIT, OFFER, INVITE, REFER, POOL, REJECT } = SUBMISSION_BUTTONS;
  if (access !== null && (ROLES as string[]).includes(access) && !canEditApplication(access, null)) return [];
  if (!hasPermission(access, 'SET_APPLICATION_STATUS')) return copy(SUBMIT);
  if (over18 === 0 || secondYearEntry) return copy(REFER);
  switch (light) {
    case 'G':
      if (interviews) return copy(INVITE, REFER);
      return placesLeft === undefined || offerPossible(access, placesLeft) ? copy(OFFER, REFER) : copy(REFER, POOL);
    case 'A':
      return copy(REFER, POOL);
    case 'R':
      return copy(REJECT, REFER);
  }
}
