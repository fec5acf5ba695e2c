import { z } from 'zod';

/**
 * Application status codes and labels of spec section 3. V is treated like the current status when
 * buttons are selected (spec section 4); its meaning is not shown, so its label is its code.
 * S is 'Submitted' (spec: "Submitted / Public Submission").
 */
export const APPLICATION_STATUSES = {
  O: 'Offered',
  I: 'Invited to Interview',
  S: 'Submitted',
  R: 'Referred',
  X: 'Rejected',
  P: 'Pooled',
  V: 'V',
  D: 'Duplicate',
  W: 'Withdrawal',
} as const;
export type ApplicationStatus = keyof typeof APPLICATION_STATUSES;
export const applicationStatusSchema = z.enum(Object.keys(APPLICATION_STATUSES) as [ApplicationStatus, ...ApplicationStatus[]]);

/**
 * The statuses an application is stored with: all but V, which a save sends to keep the current
 * status (domain.md "Submit buttons": V is never stored).
 */
export const STORED_STATUSES: Readonly<Record<Exclude<ApplicationStatus, 'V'>, string>> = (({ V: _v, ...stored }) => stored)(APPLICATION_STATUSES);

/** The second status list of spec section 3 (sub-statuses). */
export const APPLICATION_SUB_STATUSES = {
  PI: 'Passed Interview',
  FI: 'Failed Interview',
  OR: 'Non-UCAS',
  AO: 'Automatic',
  AR: 'Automatic - Non-UCAS',
  AX: 'Automatic',
} as const;
export type ApplicationSubStatus = keyof typeof APPLICATION_SUB_STATUSES;
export const applicationSubStatusSchema = z.enum(Object.keys(APPLICATION_SUB_STATUSES) as [ApplicationSubStatus, ...ApplicationSubStatus[]]);

/**
 * Withdrawal (spec section 3): a withdrawn application no longer counts as the person's
 * application to the course (domain.md "Statuses"), so the duplicate check passes it by and the
 * applicant may apply again.
 */
export const WITHDRAWN_STATUS = 'W' as const satisfies ApplicationStatus;

/** One button of SUBMISSION_OPTIONS.BUTTONS (spec section 3): the status it sets and its label. */
export const submissionButtonSchema = z.object({ STATUS: applicationStatusSchema, LABEL: z.string() });
export type SubmissionButton = z.infer<typeof submissionButtonSchema>;

/**
 * The submit buttons (domain.md "Submit buttons"), status and label: those an assessment offers,
 * plus UPDATE (V: keep the current status), WITHDRAW (W) and DUPLICATE (D), which
 * staffStatusButtons adds for an existing application.
 */
export const SUBMISSION_BUTTONS = {
  SUBMIT: { STATUS: 'S', LABEL: 'Submit' },
  OFFER: { STATUS: 'O', LABEL: 'Offer' },
  INVITE: { STATUS: 'I', LABEL: 'Invite to interview' },
  REFER: { STATUS: 'R', LABEL: 'Refer' },
  POOL: { STATUS: 'P', LABEL: 'Pool' },
  REJECT: { STATUS: 'X', LABEL: 'Reject' },
  UPDATE: { STATUS: 'V', LABEL: 'Update' },
  WITHDRAW: { STATUS: 'W', LABEL: 'Withdraw' },
  DUPLICATE: { STATUS: 'D', LABEL: 'Duplicate' },
} as const satisfies Record<string, { STATUS: ApplicationStatus; LABEL: string }>;
