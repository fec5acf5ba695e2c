import {
  courseHasStarted,
  CYCLE_MESSAGES,
  interviewDateIssue,
  londonCalendarDate,
  type ApplicationStatus,
  type CourseDetailResponse,
  type InterviewDetails,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { SubmitApp } from './context';

/** Statuses that promise the applicant a place (an offer, or the interview before one). */
const PROMISES = new Set<ApplicationStatus>(['O', 'I']);

/** Now for the cycle rules: the app's clock (CLEARING_CLOCK), else the real time. */
export const nowOf = (app: SubmitApp): Date => (typeof app.clearingClock === 'function' ? app.clearingClock() : new Date());

/**
 * The cycle rules a decision must pass (domain.md "Recruitment cycles", "Decision emails"), with
 * the gateway's clock: no offer or invitation (a change to O or I) on a course whose start date
 * has passed (409, CYCLE_MESSAGES.COURSE_STARTED), and an interview in the future before the
 * course starts (400, interviewDateIssue's message). Nothing is stored before them.
 */
export function refuseUnhonourableDecision(
  now: Date,
  detail: Pick<CourseDetailResponse, 'courseData'>,
  current: ApplicationStatus | null,
  requested: ApplicationStatus | undefined,
  interview: InterviewDetails | undefined | null,
): void {
  if (!requested || requested === current || !PROMISES.has(requested)) return;
  const start = detail.courseData.COURSE_START_DATE;
  if (courseHasStarted(start, londonCalendarDate(now))) throw new HttpError(409, CYCLE_MESSAGES.COURSE_STARTED(start));
  if (requested === 'I' && interview) {
    const issue = interviewDateIssue(interview, { now, courseStartDate: start });
    if (issue) throw new HttpError(400, issue);
  }
}
