import { alertClockTime, alertThresholdOf, wallboardAlertEmail, wallboardAlertText, type WallboardAlert } from './wallboard-alerts';
import { wallboardChannel } from './wallboard';

const alert: WallboardAlert = {
  ID: 'a1',
  THRESHOLD: 'filling-fast',
  MINUTES: 30,
  UCAS_CODE: 'G400',
  COURSE_TITLE: 'Computer Science',
  CYCLE: '2025/26',
  // 10:42 in London (BST).
  RAISED_AT: '2025-08-14T09:42:10Z',
};

describe('wallboard alerts', () => {
  it('words each threshold with the course named, as the board and the email say it', () => {
    expect(wallboardAlertText(alert)).toBe('Fills in under 30 minutes: Computer Science (G400)');
    expect(wallboardAlertText({ ...alert, MINUTES: 1 })).toBe('Fills in under 1 minute: Computer Science (G400)');
    expect(wallboardAlertText({ ...alert, THRESHOLD: 'full', MINUTES: null })).toBe('Full: Computer Science (G400)');
  });

  it('raises an alert for full and filling fast only', () => {
    expect(alertThresholdOf('full')).toBe('full');
    expect(alertThresholdOf('filling-fast')).toBe('filling-fast');
    expect(alertThresholdOf('filling')).toBeNull();
    expect(alertThresholdOf('not-filling')).toBeNull();
  });

  it("emails the alert's words as its subject and first line, with the London time raised and the cycle", () => {
    expect(alertClockTime(alert.RAISED_AT)).toBe('10:42');
    expect(wallboardAlertEmail({ ...alert, THRESHOLD: 'full', MINUTES: null })).toEqual({
      subject: 'Full: Computer Science (G400)',
      lines: [
        'Full: Computer Science (G400)',
        'Raised at 10:42 (UK time), recruitment cycle 2025/26.',
        'Open the wallboard on the staff screens for the live figures.',
      ],
    });
  });
});

describe('wallboardChannel', () => {
  it("names each stack's channel below its queue prefix, so two stacks on one Redis stay apart", () => {
    expect(wallboardChannel('clearing-desk')).toBe('clearing-desk:wallboard');
    expect(wallboardChannel('stack-a')).not.toBe(wallboardChannel('stack-b'));
  });
});
