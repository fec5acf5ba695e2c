import { orderWorkQueue, workQueueEntry, workQueueReason, type WorkQueueCandidate } from './work-queue';

// Thursday 13 August 2026, 10:00 in London (BST).
const NOW = new Date('2026-08-13T09:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();
const hours = (n: number) => minutes(n * 60);
const rules = { offerLapsingHours: 24 };
const base: WorkQueueCandidate = {
  status: 'S',
  public: false,
  submittedAt: hours(-30),
  deadline: null,
  outboundCallRemark: null,
  lastCallAt: null,
  callback: null,
};
const c = (overrides: Partial<WorkQueueCandidate>): WorkQueueCandidate => ({ ...base, ...overrides });

/** A seeded mix of a results-day desk: each candidate, the kind the rule gives it (or none), and where it comes in the queue. */
const MIX: [id: string, candidate: WorkQueueCandidate, kind: string | null][] = [
  ['public-old', c({ public: true, submittedAt: hours(-3) }), 'public-waiting'],
  ['public-new', c({ public: true, submittedAt: minutes(-5) }), 'public-waiting'],
  ['staff-s', c({ public: false }), null],
  ['referral-tomorrow', c({ status: 'R', deadline: hours(26) }), 'referral-due'],
  ['referral-today', c({ status: 'R', deadline: hours(2) }), 'referral-due'],
  ['referral-passed', c({ status: 'R', deadline: hours(-1) }), null],
  ['offer-lapsing-soon', c({ status: 'O', deadline: hours(3) }), 'offer-lapsing'],
  ['offer-lapsing-later', c({ status: 'O', deadline: hours(23) }), 'offer-lapsing'],
  ['offer-far', c({ status: 'O', deadline: hours(40) }), null],
  ['offer-lapsed', c({ status: 'O', deadline: hours(-2) }), null],
  ['callback-now', c({ status: 'O', deadline: hours(3), callback: { start: minutes(-5), end: minutes(10) } }), 'callback'],
  ['callback-earlier', c({ status: 'X', callback: { start: minutes(-14), end: minutes(1) } }), 'callback'],
  ['callback-later', c({ public: true, callback: { start: minutes(15), end: minutes(30) } }), 'public-waiting'],
  ['callback-over', c({ status: 'X', callback: { start: minutes(-15), end: minutes(0) } }), null],
  ['will-call-back', c({ status: 'X', outboundCallRemark: 'Student will call back: after 3pm', lastCallAt: hours(-1) }), 'will-call-back'],
  ['will-call-back-first', c({ status: 'P', outboundCallRemark: 'Student will call back', lastCallAt: hours(-2) }), 'will-call-back'],
  ['no-answer', c({ status: 'X', outboundCallRemark: 'Called no answer', lastCallAt: hours(-1) }), null],
  ['public-called', c({ public: true, outboundCallRemark: 'Called no answer', lastCallAt: hours(-1) }), null],
  ['public-calls-back', c({ public: true, outboundCallRemark: 'Student will call back', lastCallAt: hours(-3) }), 'will-call-back'],
];

describe('workQueueEntry (which kind of work an application is now)', () => {
  it.each(MIX)('%s is %s', (_id, candidate, kind) => {
    expect(workQueueEntry(candidate, NOW, rules)?.kind ?? null).toBe(kind);
  });

  it('takes the configured hours for a lapsing offer', () => {
    expect(workQueueEntry(c({ status: 'O', deadline: hours(30) }), NOW, { offerLapsingHours: 24 })).toBeNull();
    expect(workQueueEntry(c({ status: 'O', deadline: hours(30) }), NOW, { offerLapsingHours: 48 })).toEqual({ kind: 'offer-lapsing', dueAt: hours(30) });
  });
});

describe('orderWorkQueue (one order for every adviser)', () => {
  it('orders the seeded mix: callbacks in their window, lapsing offers, referrals due, public submissions oldest first, then will-call-back', () => {
    const entries = MIX.flatMap(([id, candidate]) => {
      const entry = workQueueEntry(candidate, NOW, rules);
      return entry ? [{ id, ...entry }] : [];
    });
    // Shuffled in, ordered out: the input's order plays no part.
    const shuffled = [...entries].reverse();
    expect(orderWorkQueue(shuffled).map((e) => e.id)).toEqual([
      'callback-earlier',
      'callback-now',
      'offer-lapsing-soon',
      'offer-lapsing-later',
      'referral-today',
      'referral-tomorrow',
      'callback-later',
      'public-old',
      'public-new',
      'public-calls-back',
      'will-call-back-first',
      'will-call-back',
    ]);
    expect(orderWorkQueue(entries).map((e) => e.id)).toEqual(orderWorkQueue(shuffled).map((e) => e.id));
  });

  it('breaks a tie by id, numerically', () => {
    const due = hours(-1);
    expect(
      orderWorkQueue([
        { id: '10', kind: 'public-waiting', dueAt: due },
        { id: '9', kind: 'public-waiting', dueAt: due },
      ]).map((e) => e.id),
    ).toEqual(['9', '10']);
  });
});

describe('workQueueReason (what the adviser reads)', () => {
  it.each([
    [{ kind: 'callback', dueAt: minutes(-5) }, 'Callback booked for 09:55: call the applicant now.'],
    [
      { kind: 'offer-lapsing', dueAt: '2026-08-13T22:59:00.000Z' },
      'Offer lapses at 23:59 on Thursday 13 August 2026: remind the applicant to add us in UCAS Hub.',
    ],
    [{ kind: 'referral-due', dueAt: '2026-08-14T11:00:00.000Z' }, 'Referral due back by 12:00 on Friday 14 August 2026: give the applicant the answer.'],
    [{ kind: 'public-waiting', dueAt: minutes(-42) }, 'Public submission waiting 42 min: call the applicant about their application.'],
    [{ kind: 'will-call-back', dueAt: hours(-1) }, 'The student said they would call back (09:00) and has not: try them again.'],
  ] as const)('%o reads %s', (entry, text) => {
    expect(workQueueReason(entry, NOW)).toBe(text);
  });
});
