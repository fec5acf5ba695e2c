import { SUBMISSION_BUTTONS, hasPermission, type SubmissionButton, type TrafficLight } from '@clearing-desk/contracts';

export type ButtonsInput = {
  /** The user's role on the course (course `access`); null for the public. */
  access: string | null;
  light: TrafficLight;
  over18: 0 | 1;
  secondYearEntry: boolean;
  /** course.assessmentInfo.interviews: a green result invites to interview instead of offering. */
  interviews: boolean;
};

const copy = (...buttons: SubmissionButton[]): SubmissionButton[] => buttons.map((b) => ({ ...b }));

/**
 * SUBMISSION_OPTIONS.BUTTONS (domain.md "Submit buttons"):
 * - the public, and staff without SET_APPLICATION_STATUS: [S Submit];
 * - staff with it: under 18 on the course start date (OVER18 0) or second-year entry: [R Refer] only;
 *   otherwise G: [O Offer] or [I Invite to interview] when the course interviews, plus [R Refer];
 *   A: [R Refer, P Pool]; R: [X Reject, R Refer].
 */
export function submissionButtons({ access, light, over18, secondYearEntry, interviews }: ButtonsInput): SubmissionButton[] {
  const { SUBMIT, OFFER, INVITE, REFER, POOL, REJECT } = SUBMISSION_BUTTONS;
  if (!hasPermission(access, 'SET_APPLICATION_STATUS')) return copy(SUBMIT);
  if (over18 === 0 || secondYearEntry) return copy(REFER);
  switch (light) {
    case 'G':
      return copy(interviews ? INVITE : OFFER, REFER);
    case 'A':
      return copy(REFER, POOL);
    case 'R':
      return copy(REJECT, REFER);
  }
}
