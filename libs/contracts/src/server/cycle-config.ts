import { z } from 'zod';
import { clockFromSetting } from '../rules/recruitment-cycle';

/**
 * CLEARING_CLOCK for a service's config schema: the clock the cycle rules take as now (contracts'
 * clockFromSetting): an ISO date (09:00 Europe/London that day) or date-time, so tests and demos
 * run at any date; unset, the real time. Any other text stops the service at start.
 */
export const clearingClockSetting = z
  .string()
  .optional()
  .superRefine((v, ctx) => {
    try {
      clockFromSetting(v);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
    }
  });

const optionalDate = (example: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `a date like ${example}`)
    .optional();

/**
 * The settings that seed the first recruitment cycle (contracts' seedCycle; domain.md
 * "Recruitment cycles"), each a yyyy-mm-dd date replacing standardCycle(INTAKE_YEAR)'s: the
 * default course start, the Clearing window and results day. Read once, when no cycle is stored.
 */
export const cycleSeedConfigShape = {
  COURSE_START_DATE: optionalDate('2026-09-21'),
  CLEARING_OPENS: optionalDate('2026-07-05'),
  CLEARING_CLOSES: optionalDate('2026-10-20'),
  RESULTS_DAY: optionalDate('2026-08-13'),
};
