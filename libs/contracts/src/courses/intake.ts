import { z } from 'zod';
import { INTAKE_YEAR } from '../common/limits';
import { londonWallClock } from '../common/london-time';

/** An intake year as the spec writes it: '2025/26' (the second year is the first plus one; docs/domain/intake.md). */
export const intakeYearSchema = z
  .string()
  .regex(/^\d{4}\/\d{2}$/, { message: "The intake year must be written like '2025/26'." })
  .refine((v) => (Number(v.slice(0, 4)) + 1) % 100 === Number(v.slice(5)), { message: 'The intake year must be two consecutive years.' })
  .default(INTAKE_YEAR);

/** The calendar years of an intake: '2025/26' -> { first: 2025, second: 2026 }. */
export function intakeYears(intake: string): { first: number; second: number } {
  const first = Number(intake.slice(0, 4));
  return { first, second: first + 1 };
}

/**
 * Whether a course start date (yyyy-mm-dd) lies in the intake (domain.md "Intake": autumn, from
 * August, of its first year, or January to March of its second, for January starts).
 */
export function isInIntake(date: string, intake: string): boolean {
  const { first, second } = intakeYears(intake);
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return (year === first && month >= 8) || (year === second && month <= 3);
}

/**
 * When an intake's cycle ends: 23:59 (Europe/London) on 31 March of its second
 * year, the end of the last start month the intake holds (isInIntake: January to March starts).
 * After it the applicant's status page (the review by hash) and every email's link to it answer
 * 410 with the reason (STATUS_PAGE_MESSAGES.expired): nobody needs a Clearing decision of that
 * intake any more, and the personal data behind an unauthenticated link is not kept reachable
 * longer than that.
 */
export function intakeCycleEnd(intake: string): Date {
  const { second } = intakeYears(intake);
  return londonWallClock(`${second}-03-31`, '23:59');
}
