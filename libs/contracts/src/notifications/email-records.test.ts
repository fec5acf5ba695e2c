import { EMAIL_HISTORY_TEXTS } from './email-records';

describe('EMAIL_HISTORY_TEXTS.queued', () => {
  it("says 'Sending' until the first attempt's outcome is known", () => {
    expect(EMAIL_HISTORY_TEXTS.queued(0, null)).toBe('Sending');
    // The worker counts the attempt as it starts it: under way, not failed.
    expect(EMAIL_HISTORY_TEXTS.queued(1, null)).toBe('Sending');
  });

  it('names the failed attempt and why once one has failed', () => {
    expect(EMAIL_HISTORY_TEXTS.queued(1, '421 try again later')).toBe('Waiting to retry (attempt 1 failed: 421 try again later)');
  });
});
