import { SUBMISSION_BUTTONS, type ApplicationStatus, type SubmissionButton } from '../status/status-codes';
import { canEditApplication, canSetStatus } from '../auth/permissions';
import type { Access } from '../auth/roles';

type AccessLike = Access | string | null | undefined;

/** The refusals of the status rules below (shown to staff as they are; part of the desk's messages). */
export const STATUS_RULE_MESSAGES = {
  NO_ROLE: 'You have no role on this course.',
  CANNOT_EDIT_PUBLIC: 'Your role on this course cannot edit public submissions.',
  CANNOT_EDIT_ANY: 'Your role on this course cannot edit applications with this status.',
  STATUS_NOT_ALLOWED: (status: string) => `Status ${status} is not one of the statuses you may set for this application.`,
  REJECTION_REASONS_NOT_ALLOWED: 'Your role on this course cannot write rejection reasons: only staff who may set statuses can.',
} as const;
// The staff buttons by role and stored status, and the refusals, as a table: docs/domain/decisions.md.

/**
 * The status a save stores (domain.md "Submit buttons"; spec section 4 treats V as the current
 * status): V keeps `current`, any other status is itself. Null for V on a new application (there
 * is no status to keep), which no rule allows.
 */
export function keptStatus(requested: ApplicationStatus, current: ApplicationStatus | null): Exclude<ApplicationStatus, 'V'> | null {
  if (requested !== 'V') return requested;
  return current === null || current === 'V' ? null : current;
}

/**
 * The buttons a staff user gets on the application form (domain.md "Submit buttons", spec
 * sections 4 and 6), from their role on the course (`access`), the stored STATUS (`current`, null
 * for a new application taken by phone) and the buttons the assessment made for that role
 * (`assessed`: by light, over-18 and second-year entry):
 * - a user who may not edit the application (canEditApplication): none;
 * - without set-status: [S Submit] on a new application; on an existing one only [V Update], which
 *   keeps the current status (so such a user never changes a status, and never moves O to S);
 * - with set-status: the assessed buttons on a new application; on an existing one the assessed
 *   buttons, [V Update] when none of them keeps the current status, and [W Withdraw] and
 *   [D Duplicate] whatever the light (domain.md "Statuses"; each unless it is the status already).
 * Answers fresh copies (callers may change them).
 */
export function staffStatusButtons(access: AccessLike, current: ApplicationStatus | null, assessed: readonly SubmissionButton[]): SubmissionButton[] {
  const { SUBMIT, UPDATE, WITHDRAW, DUPLICATE } = SUBMISSION_BUTTONS;
  if (!canEditApplication(access, current)) return [];
  if (!canSetStatus(access)) return [{ ...(current === null ? SUBMIT : UPDATE) }];
  const added: readonly SubmissionButton[] = [UPDATE, WITHDRAW, DUPLICATE];
  const buttons = assessed.filter((b) => !added.some((a) => a.STATUS === b.STATUS)).map((b) => ({ ...b }));
  if (current === null) return buttons;
  if (!buttons.some((b) => b.STATUS === current)) buttons.push({ ...UPDATE });
  for (const button of [WITHDRAW, DUPLICATE]) if (current !== button.STATUS) buttons.push({ ...button });
  return buttons;
}

/**
 * Why a staff user with `access` may not edit an application whose stored STATUS is `current`
 * (null for a new one), as the API answers it (403), or null when they may (spec section 6,
 * canEditApplication). Checked before a form is assessed, so a user without the right learns
 * nothing about the form.
 */
export function staffEditRefusal(access: AccessLike, current: ApplicationStatus | null): string | null {
  if (canEditApplication(access, current)) return null;
  if (!access) return STATUS_RULE_MESSAGES.NO_ROLE;
  return current === 'S' ? STATUS_RULE_MESSAGES.CANNOT_EDIT_PUBLIC : STATUS_RULE_MESSAGES.CANNOT_EDIT_ANY;
}

/**
 * Why a staff save with `requested` STATUS is refused, or null when allowed: the one check the
 * gateway and applications-svc make (each answers 403 with this text) and the web's buttons
 * follow. Allowed when the user may edit the application (staffEditRefusal) and one of
 * staffStatusButtons stores the same status (V and the current status are the same save: both
 * keep it, keptStatus).
 */
export function staffStatusRefusal(
  access: AccessLike,
  current: ApplicationStatus | null,
  requested: ApplicationStatus,
  assessed: readonly SubmissionButton[],
): string | null {
  const editRefusal = staffEditRefusal(access, current);
  if (editRefusal) return editRefusal;
  const stored = keptStatus(requested, current);
  const allowed = stored !== null && staffStatusButtons(access, current, assessed).some((b) => keptStatus(b.STATUS, current) === stored);
  return allowed ? null : STATUS_RULE_MESSAGES.STATUS_NOT_ALLOWED(requested);
}

/**
 * Why REJECTION_REASONS in a staff save are refused, or null: the applicant reads them, so only a
 * role with the set-status permission (spec section 6: Administrator, Back Office, Back Office
 * Limited) may write them; an empty or absent list is no writing at all.
 */
export function rejectionReasonsRefusal(access: AccessLike, reasons: readonly unknown[] | undefined): string | null {
  if (!reasons || reasons.length === 0 || canSetStatus(access)) return null;
  return STATUS_RULE_MESSAGES.REJECTION_REASONS_NOT_ALLOWED;
}
