import { z } from 'zod';
import { courseDataSchema } from '../courses/course';
import { applicationStatusSchema, applicationSubStatusSchema, type ApplicationStatus } from '../status/status-codes';
import { recommendedCourseSchema } from './application';

/**
 * The facts of a decision that its email and the applicant's status page carry: the interview an
 * adviser arranges, the course facts an email names, the current decision. Stored by
 * applications-svc with the decision; notifications builds on them (never the other way round).
 */

// ---------------------------------------------------------------------------------------------
// The interview an adviser arranges when inviting (status I; domain.md "Decision emails")
// ---------------------------------------------------------------------------------------------

export const INTERVIEW_LABELS = {
  INTERVIEW_DATE: 'Interview date',
  INTERVIEW_TIME: 'Interview time',
  INTERVIEW_VENUE: 'Interview venue or online link',
} as const;

/** The status confirmation's interview fields (staff): heading and hints. */
export const INTERVIEW_FIELD_TEXTS = {
  LEGEND: 'The interview',
  INTRO: 'The invitation email gives the applicant these details.',
  DATE_HINT: 'For example, 19 8 2025',
  TIME_HINT: 'UK time, 24-hour clock, for example 14:30',
  VENUE_HINT: 'A room and building, or the link of an online interview',
} as const;

export const INTERVIEW_MESSAGES = {
  REQUIRED: 'Enter the interview date, time and venue (or online link): the invitation email gives them to the applicant.',
  DATE: "'Interview date' must be a real date, for example 19 August 2025.",
  TIME: "'Interview time' must be a time like 10:30.",
  VENUE: "'Interview venue or online link' is required (at most 256 characters).",
} as const;

const isRealDate = (v: string) => {
  const d = new Date(`${v}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/**
 * The interview details the adviser enters in the status confirmation when inviting (I): date
 * (yyyy-mm-dd), time (HH:mm, Europe/London) and venue or online link (one line, at most 256
 * characters). Stored with the status change (its LOG row) and carried by its email.
 */
export const interviewDetailsSchema = z
  .object({
    INTERVIEW_DATE: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: INTERVIEW_MESSAGES.DATE })
      .refine(isRealDate, { message: INTERVIEW_MESSAGES.DATE }),
    INTERVIEW_TIME: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: INTERVIEW_MESSAGES.TIME }),
    INTERVIEW_VENUE: z
      .string()
      .trim()
      .min(1, { message: INTERVIEW_MESSAGES.VENUE })
      .max(256, { message: INTERVIEW_MESSAGES.VENUE })
      .regex(/^[^\r\n]*$/, { message: INTERVIEW_MESSAGES.VENUE }),
  })
  .strict();
export type InterviewDetails = z.infer<typeof interviewDetailsSchema>;

/**
 * Whether a decision needs the interview's details: a staff create as I, or a
 * change of status to I (not a save that keeps I). The adviser enters them in the status
 * confirmation; applications-svc refuses the decision without them (INTERVIEW_MESSAGES.REQUIRED).
 */
export const interviewNeeded = (previous: ApplicationStatus | null, status: ApplicationStatus): boolean => status === 'I' && previous !== 'I';

/** The interview as one line, for the History LOG: '19 August 2025 at 10:30, Room A101'. */
export const interviewSummary = (i: InterviewDetails): string => `${i.INTERVIEW_DATE} at ${i.INTERVIEW_TIME}, ${i.INTERVIEW_VENUE}`;

/**
 * The course facts an email names, passed by the gateway (it reads the course fresh for every
 * submit and update) and copied into the outbox row, so notifications-svc never asks courses-svc.
 */
export const emailCourseFactsSchema = courseDataSchema.pick({
  UCAS_CODE: true,
  COURSE_CODE_OVERRIDE: true,
  COURSE_TITLE: true,
  QUALIFICATION: true,
  COURSE_START_DATE: true,
  FEEDBACK_TELEPHONE: true,
  SCHOOL: true,
});
export type EmailCourseFacts = z.infer<typeof emailCourseFactsSchema>;

/**
 * The current decision as the applicant's status page shows it: the facts the
 * contracts' `decisionContent` turns into words, the same the decision's email used.
 * - DECIDED_AT: when the current status was decided (its LOG row: the create or the status change);
 * - DEADLINE: the decision's deadline from the working-day rules (`decisionDeadline`: an offer's
 *   23:59 on the second working day, a referral's midday next day, a pool's 24 hours), else null;
 * - INTERVIEW: the interview the adviser arranged with a change to I (its outbox row), else null;
 * - RECOMMENDED_COURSES: the alternatives stored with an automatic rejection;
 * - LINK_VALID_UNTIL: the intake's cycle end (`intakeCycleEnd`), after which the page answers 410.
 * Times are ISO 8601.
 */
export const applicantDecisionSchema = z.object({
  STATUS: applicationStatusSchema,
  SUB_STATUS: applicationSubStatusSchema.nullable(),
  DECIDED_AT: z.string(),
  DEADLINE: z.string().nullable(),
  INTERVIEW: interviewDetailsSchema.nullable(),
  RECOMMENDED_COURSES: z.array(recommendedCourseSchema),
  LINK_VALID_UNTIL: z.string(),
  /** When UCAS's export showed the Clearing choice added (ISO 8601), else null: 'Added in UCAS' (ucasAddedLabel). */
  UCAS_ADDED_AT: z.string().nullable().optional(),
});
export type ApplicantDecision = z.infer<typeof applicantDecisionSchema>;
