import { emptyStatusCounts, reconcile, reconciliationReportSchema, RECONCILIATION_STATUSES, type ReconciliationCounts } from './reconciliation';
import { reconciliationEmail } from './reconciliation-email';
import { RECONCILIATION_TEXTS } from './reconciliation-texts';

const ENDPOINT = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const counts = (overrides: Partial<ReconciliationCounts> = {}): ReconciliationCounts => ({
  day: '2025-08-14',
  cycle: '2025/26',
  timeZone: 'Europe/London',
  asAt: '2025-08-14T23:00:00.000Z',
  figures: { ...emptyStatusCounts(), O: 3, X: 2, S: 1 },
  events: { ...emptyStatusCounts(), O: 3, X: 2, S: 1 },
  endpoints: [
    {
      id: ENDPOINT,
      url: 'https://records.example/hooks',
      status: 'active',
      eventTypes: ['application.decision.v1'],
      delivered: { ...emptyStatusCounts(), O: 3, X: 2, S: 1 },
    },
  ],
  ...overrides,
});

describe('reconcile', () => {
  it('has a row per stored status code in spec order, and no difference when every source agrees', () => {
    const report = reconcile(counts());
    expect(report.rows.map((r) => r.status)).toEqual(['O', 'I', 'S', 'R', 'X', 'P', 'D', 'W']);
    expect(RECONCILIATION_STATUSES).not.toContain('V');
    expect(report.rows[0]).toEqual({
      status: 'O',
      label: 'Offered',
      figures: 3,
      events: 3,
      eventsDiffer: false,
      endpoints: [{ id: ENDPOINT, delivered: 3, differs: false }],
      differs: false,
    });
    expect(report.differences).toBe(0);
    expect(reconciliationReportSchema.parse(report)).toEqual(report);
    expect(RECONCILIATION_TEXTS.summary(report.differences)).toBe('Every count agrees with the figures.');
  });

  it('flags the status whose delivered count falls short of the figures (a failed delivery) and names it in the email', () => {
    const base = counts();
    const report = reconcile({ ...base, endpoints: [{ ...base.endpoints[0]!, status: 'paused', delivered: { ...emptyStatusCounts(), O: 2, X: 2, S: 2 } }] });
    expect(report.rows.filter((r) => r.differs).map((r) => r.status)).toEqual(['O', 'S']);
    expect(report.rows.find((r) => r.status === 'O')).toMatchObject({ eventsDiffer: false, endpoints: [{ delivered: 2, differs: true }] });
    expect(report.differences).toBe(2);
    expect(RECONCILIATION_TEXTS.summary(2)).toBe('2 statuses have a difference.');
    expect(reconciliationEmail(report)).toEqual({
      subject: 'Clearing reconciliation 2025-08-14: 2 differences',
      lines: [
        'The reconciliation of 2025-08-14 (cycle 2025/26) found counts that differ from the figures:',
        'Offered (O): delivered to https://records.example/hooks 2, figures 3',
        'Submitted (S): delivered to https://records.example/hooks 2, figures 1',
        'Open Daily reconciliation on the staff screens for the whole report.',
      ],
    });
  });

  it('flags a feed count that differs from the figures even with no endpoint', () => {
    const report = reconcile(counts({ events: { ...emptyStatusCounts(), O: 3, X: 1, S: 1, W: 1 }, endpoints: [] }));
    expect(report.rows.filter((r) => r.eventsDiffer).map((r) => r.status)).toEqual(['X', 'W']);
    expect(report.differences).toBe(2);
    expect(RECONCILIATION_TEXTS.differenceOf(1, 2)).toBe('1 (Difference: -1)');
    expect(RECONCILIATION_TEXTS.differenceOf(1, 0)).toBe('1 (Difference: +1)');
    expect(reconciliationEmail(report).lines.slice(1, 3)).toEqual(['Rejected (X): events feed 1, figures 2', 'Withdrawal (W): events feed 1, figures 0']);
  });
});
