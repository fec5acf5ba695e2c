import { z } from 'zod';
import { FIGURES_TIME_ZONE } from './figures';
import { FILL_STATE_TEXTS, type FillState } from './time-to-full';

/**
 * Alerts on the floor (docs/domain/wallboard.md "Alerts"): a course whose forecast passes a
 * threshold is shown on every wallboard and emailed to the supervisors (SUPERVISOR_ALERT_EMAILS),
 * once per course and threshold in a recruitment cycle. The thresholds are the fill states a
 * supervisor must act on: 'filling-fast' (time to full under WALLBOARD_FILLS_FAST_MINUTES) and
 * 'full' (no Clearing place left). A reopened course clears its 'full' alert, so filling again
 * alerts again.
 */
export const WALLBOARD_ALERT_THRESHOLDS = ['filling-fast', 'full'] as const;
export type WallboardAlertThreshold = (typeof WALLBOARD_ALERT_THRESHOLDS)[number];

/** The alert a fill state raises: 'full' and 'filling-fast' do, 'filling' and 'not-filling' none. */
export const alertThresholdOf = (state: FillState): WallboardAlertThreshold | null => (state === 'full' || state === 'filling-fast' ? state : null);

/**
 * One alert as stored and shown: which threshold (MINUTES: the filling-fast threshold when it was
 * raised, so its words never change after; null for 'full'), the course as named when raised,
 * the recruitment cycle and when it was raised (ISO 8601).
 */
export const wallboardAlertSchema = z.object({
  ID: z.string(),
  THRESHOLD: z.enum(WALLBOARD_ALERT_THRESHOLDS),
  MINUTES: z.number().int().positive().nullable(),
  UCAS_CODE: z.string(),
  COURSE_TITLE: z.string(),
  CYCLE: z.string(),
  RAISED_AT: z.string(),
});
export type WallboardAlert = z.infer<typeof wallboardAlertSchema>;

/**
 * The words of an alert, the same on the wallboard and in the supervisors' email:
 * 'Fills in under 30 minutes: Computer Science (G400)', 'Full: Computer Science (G400)'.
 */
export function wallboardAlertText(alert: Pick<WallboardAlert, 'THRESHOLD' | 'MINUTES' | 'COURSE_TITLE' | 'UCAS_CODE'>): string {
  const course = `${alert.COURSE_TITLE} (${alert.UCAS_CODE})`;
  if (alert.THRESHOLD === 'full') return `${FILL_STATE_TEXTS.full}: ${course}`;
  const minutes = alert.MINUTES ?? 0;
  return `Fills in under ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}: ${course}`;
}

/** The London wall-clock time of an instant ('09:05'), as the board and the email say when an alert was raised. */
export const alertClockTime = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: FIGURES_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** The supervisors' email of one alert: its words as the subject and first line, when it was raised, and where to look. */
export function wallboardAlertEmail(alert: WallboardAlert): { subject: string; lines: string[] } {
  const text = wallboardAlertText(alert);
  return {
    subject: text,
    lines: [
      text,
      `Raised at ${alertClockTime(alert.RAISED_AT)} (UK time), recruitment cycle ${alert.CYCLE}.`,
      'Open the wallboard on the staff screens for the live figures.',
    ],
  };
}
