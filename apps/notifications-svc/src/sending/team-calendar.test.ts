import { createDecisionEmailPayload } from '@clearing-desk/contracts/testing';
import { teamCalendarFromConfig } from '@clearing-desk/contracts/server';
import { TEST_INTERNAL_TOKEN } from '@clearing-desk/service-kit/testing';
import { notificationsConfigSchema } from '../config';
import { renderDecisionEmail } from './render-email';

const lines = (text: string) => text.split('\n').map((l) => l.trim());
const ctx = { publicUrl: 'https://clearing.university.example', institutionCode: 'Z99', clearingTeamTelephone: '020 7040 4000' };
/** Saturday 15 August 2026, 11:00 BST: the next day is a Sunday. */
const saturday = { source: 'staff' as const, previousStatus: 'S' as const, subStatus: null, decidedAt: '2026-08-15T10:00:00.000Z' };

describe("decision emails' referral and pool deadlines on the team's working days", () => {
  it('skip the Sunday the team does not work, naming the day', async () => {
    const refer = await renderDecisionEmail(createDecisionEmailPayload({ ...saturday, status: 'R' }), ctx);
    expect(lines(refer?.text ?? '')).toContain(
      'Our admissions team or the course tutor will call you. If nobody has contacted you by 12:00 on Monday 17 August 2026, please assume that you have been unsuccessful.',
    );
    const pool = await renderDecisionEmail(createDecisionEmailPayload({ ...saturday, status: 'P' }), ctx);
    expect(lines(pool?.text ?? '')).toContain(
      'If you have not heard from us by 11:00 on Monday 17 August 2026, please presume that you have been unsuccessful.',
    );
  });

  it('follow the configured calendar: a Monday-to-Friday team skips Saturday and the summer bank holiday', async () => {
    const calendar = teamCalendarFromConfig({ CLEARING_TEAM_DAYS: 'Mon,Tue,Wed,Thu,Fri', CLEARING_BANK_HOLIDAYS: 'england-and-wales' });
    const friday = { ...saturday, decidedAt: '2026-08-28T10:00:00.000Z' };
    const refer = await renderDecisionEmail(createDecisionEmailPayload({ ...friday, status: 'R' }), { ...ctx, calendar });
    expect(lines(refer?.text ?? '')).toContain(
      'Our admissions team or the course tutor will call you. If nobody has contacted you by 12:00 on Tuesday 1 September 2026, please assume that you have been unsuccessful.',
    );
  });

  it('refuses a weekday or bank-holiday region it does not know at start', () => {
    const base = { INTERNAL_TOKEN: TEST_INTERNAL_TOKEN, DATABASE_URL: 'postgres://x@127.0.0.1/x', MAIL_FROM: 'a@b.example' };
    expect(notificationsConfigSchema.safeParse({ ...base, CLEARING_TEAM_DAYS: 'Mon,Someday' }).error?.issues[0]?.message).toBe(
      "CLEARING_TEAM_DAYS: 'Someday' is not a weekday (Sun, Mon, Tue, Wed, Thu, Fri, Sat)",
    );
    expect(notificationsConfigSchema.safeParse({ ...base, CLEARING_BANK_HOLIDAYS: 'wales' }).success).toBe(false);
  });
});
