import {
  CYCLE_MESSAGES,
  clockFromSetting,
  courseHasStarted,
  demoCycle,
  inClearingWindow,
  interviewDateIssue,
  nextCycle,
  publicClearingState,
  seedCycle,
  CYCLE_ROLL_MESSAGES,
  standardCycle,
  todayOf,
} from './recruitment-cycle';
import { clearingLabel } from './clearing-label';

describe('recruitment cycles (domain.md "Recruitment cycles")', () => {
  const cycle = standardCycle('2025/26');

  it('gives the usual dates of an intake', () => {
    expect(cycle).toEqual({
      NAME: '2025/26',
      CLEARING_OPENS: '2025-07-05',
      CLEARING_CLOSES: '2025-10-20',
      RESULTS_DAY: '2025-08-14',
      COURSE_START_DATE: '2025-09-22',
      TARIFF_VERSION: '2025',
    });
    expect(standardCycle('2026/27').RESULTS_DAY).toBe('2026-08-13');
    expect(clearingLabel(cycle)).toBe('Clearing 2025/26');
  });

  it('rolls to the next cycle a year on', () => {
    expect(nextCycle(cycle)).toEqual({
      NAME: '2026/27',
      CLEARING_OPENS: '2026-07-05',
      CLEARING_CLOSES: '2026-10-20',
      RESULTS_DAY: '2026-08-14',
      COURSE_START_DATE: '2026-09-22',
      TARIFF_VERSION: '2026',
    });
    expect(nextCycle({ ...cycle, NAME: '2099/00' }).NAME).toBe('2100/01');
  });

  it('knows the window, both ends included, and when a course has started', () => {
    expect(inClearingWindow(cycle, '2025-07-05')).toBe(true);
    expect(inClearingWindow(cycle, '2025-10-20')).toBe(true);
    expect(inClearingWindow(cycle, '2025-10-21')).toBe(false);
    expect(inClearingWindow(cycle, '2025-07-04')).toBe(false);
    expect(courseHasStarted('2025-09-22', '2025-09-22')).toBe(false);
    expect(courseHasStarted('2025-09-22', '2025-09-23')).toBe(true);
    expect(CYCLE_MESSAGES.COURSE_STARTED('2025-09-22')).toBe(
      'This course started on 22 September 2025: no offer or interview can be made on it. Suggest a course that starts later.',
    );
  });

  it('seeds a demo cycle open today whose courses start after today', () => {
    for (const today of ['2026-11-29', '2026-08-13', '2027-03-01', '2027-06-30']) {
      const demo = demoCycle(today);
      expect(inClearingWindow(demo, today)).toBe(true);
      expect(demo.COURSE_START_DATE > today).toBe(true);
      expect(demo.RESULTS_DAY < today).toBe(true);
      expect(new Date(`${demo.COURSE_START_DATE}T12:00:00Z`).getUTCDay()).toBe(1);
    }
    expect(demoCycle('2026-11-29')).toMatchObject({ NAME: '2026/27', COURSE_START_DATE: '2027-01-25' });
  });

  it('reads the clock setting: a date at 09:00 London, a date-time as given, blank the real time', () => {
    expect(clockFromSetting('2025-08-14')().toISOString()).toBe('2025-08-14T08:00:00.000Z');
    expect(clockFromSetting('2025-12-01T10:00:00Z')().toISOString()).toBe('2025-12-01T10:00:00.000Z');
    expect(todayOf(clockFromSetting('2025-08-14'))).toBe('2025-08-14');
    expect(Math.abs(clockFromSetting(undefined)().getTime() - Date.now())).toBeLessThan(5000);
    expect(() => clockFromSetting('next Tuesday')).toThrow("CLEARING_CLOCK: 'next Tuesday' is not an ISO date or date-time");
  });

  it('accepts an interview in the future before the course starts, and says why not otherwise', () => {
    const now = new Date('2025-08-14T09:00:00Z'); // 10:00 BST
    const facts = { now, courseStartDate: '2025-09-22' };
    expect(interviewDateIssue({ INTERVIEW_DATE: '2025-08-19', INTERVIEW_TIME: '10:30' }, facts)).toBeNull();
    expect(interviewDateIssue({ INTERVIEW_DATE: '2025-08-14', INTERVIEW_TIME: '09:30' }, facts)).toBe(
      'The interview must be in the future: choose a date and time after 10:00 on 14 August 2025.',
    );
    expect(interviewDateIssue({ INTERVIEW_DATE: '2024-08-19', INTERVIEW_TIME: '10:30' }, facts)).toBe(
      'The interview must be in the future: choose a date and time after 10:00 on 14 August 2025.',
    );
    expect(interviewDateIssue({ INTERVIEW_DATE: '2025-09-22', INTERVIEW_TIME: '09:00' }, facts)).toBe(
      'The interview must be before the course starts on 22 September 2025.',
    );
  });
});

describe('seedCycle (the first stored cycle)', () => {
  it("is the intake's standard cycle, each date replaced by its setting", () => {
    expect(seedCycle({ INTAKE_YEAR: '2025/26' })).toEqual(standardCycle('2025/26'));
    expect(
      seedCycle({
        INTAKE_YEAR: '2026/27',
        CLEARING_OPENS: '2026-11-15',
        CLEARING_CLOSES: '2026-12-27',
        RESULTS_DAY: '2026-11-22',
        COURSE_START_DATE: '2027-01-25',
      }),
    ).toEqual({
      NAME: '2026/27',
      CLEARING_OPENS: '2026-11-15',
      CLEARING_CLOSES: '2026-12-27',
      RESULTS_DAY: '2026-11-22',
      COURSE_START_DATE: '2027-01-25',
      TARIFF_VERSION: '2026',
    });
  });
});

describe('publicClearingState (the open/closed state the public meets)', () => {
  const cycle = standardCycle('2025/26');
  const open = { state: 1 as const, closing_message: null };
  it("is the Administrator's setting inside the window, both ends included", () => {
    expect(publicClearingState(open, cycle, '2025-07-05')).toEqual(open);
    expect(publicClearingState(open, cycle, '2025-10-20')).toEqual(open);
    expect(publicClearingState({ state: 0, closing_message: 'Closed today.' }, cycle, '2025-08-14')).toEqual({ state: 0, closing_message: 'Closed today.' });
  });
  it("is closed outside it, with the setting's message or the window's", () => {
    expect(publicClearingState(open, cycle, '2025-10-21')).toEqual({
      state: 0,
      closing_message: 'Clearing 2025/26 is open from 5 July 2025 to 20 October 2025.',
    });
    expect(publicClearingState(open, cycle, '2025-07-04')).toEqual({
      state: 0,
      closing_message: 'Clearing 2025/26 is open from 5 July 2025 to 20 October 2025.',
    });
    expect(publicClearingState({ state: 1, closing_message: 'See you in July.' }, cycle, '2026-01-02')).toEqual({
      state: 0,
      closing_message: 'See you in July.',
    });
  });
});

describe('CYCLE_ROLL_MESSAGES', () => {
  it('names the next cycle and its dates in the confirmation', () => {
    const current = standardCycle('2025/26');
    const next = nextCycle(current);
    expect(CYCLE_ROLL_MESSAGES.CONFIRM_TITLE(next)).toBe('Roll to Clearing 2026/27?');
    expect(CYCLE_ROLL_MESSAGES.CONFIRM_BODY(current, next)).toBe(
      'Clearing 2026/27 opens on 5 July 2026 and closes on 20 October 2026; results day is 14 August 2026. Courses starting on 22 September 2025 will start on 22 September 2026. Applications made in Clearing 2025/26 stay readable under that cycle. This cannot be undone here.',
    );
    expect(CYCLE_ROLL_MESSAGES.ROLLED(next)).toBe('Clearing 2026/27 is now the current cycle.');
  });
});
