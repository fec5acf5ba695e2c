/**
 * The results-day SLOs of docs/rehearsal.md "SLOs", judged from a real day's report sections
 * (real-day.ts), with the names and targets the rehearsal's verdicts use (observations.ts), so
 * the two reports read line for line alike.
 *
 * A real day keeps no single requests, only Prometheus's per-minute percentiles: a latency SLO is
 * judged as the production alert judges it (deploy/kubernetes/base/monitoring/prometheusrule.yaml,
 * SubmitLatencyP99High): failed when the minute's percentile stayed over the target for
 * 10 minutes running; the measured text gives the worst minute and the minutes over.
 */
import type { Callbacks, EmailsSection, ErrorsSection, Fault, LatencySection, PlacesSection, SubmissionsSection, Verdict } from './report-data';

/** The thresholds (docs/rehearsal.md "SLOs"). */
export const SLO_TARGETS = {
  submitP99Ms: 2000,
  readP95Ms: 500,
  /** Minutes over a latency target, running, that fail it (the alert's `for: 10m`). */
  breachMinutes: 10,
  errorRatio: 0.01,
  recoverySeconds: 60,
  emailDelayP95Seconds: 60,
  publicWaitP95Seconds: 900,
  callbacksKept: 0.95,
} as const;

/** The public submit route as the report names it. */
export const SUBMIT_ROUTE = 'POST /api/apply/:course';

export type SloInput = {
  latency: LatencySection;
  errors: ErrorsSection;
  emails: EmailsSection;
  submissions: SubmissionsSection;
  places: PlacesSection;
  callbacks: Callbacks;
  fault: Fault | null;
  /** Every public submission's wait until an adviser claimed it, in seconds (work queue kind 'public-waiting'). */
  publicWaitsSeconds: readonly number[];
};

const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const NOT_RECORDED = 'Not recorded';

/** The q-th percentile by nearest rank (report-data's percentile, kept here to stay a leaf module). */
function nearestRank(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1] ?? 0;
}

/** The longest run of consecutive minutes (by bucket instant) for which `over` holds. */
function longestRun(minutes: Array<{ minute: string; over: boolean }>): number {
  let longest = 0;
  let run = 0;
  let previous: number | null = null;
  for (const { minute, over } of [...minutes].sort((a, b) => a.minute.localeCompare(b.minute))) {
    const at = Date.parse(minute);
    run = over ? (previous !== null && at - previous === 60_000 && run > 0 ? run + 1 : 1) : 0;
    previous = at;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** A latency SLO over the buckets of the routes `pick` chooses, one percentile per minute. */
function latencyVerdict(
  latency: LatencySection,
  name: string,
  target: string,
  pick: (route: string) => boolean,
  key: 'p95Ms' | 'p99Ms',
  limitMs: number,
): Verdict {
  if (!latency.recorded) return { name, target, measured: NOT_RECORDED, status: 'not-recorded' };
  const buckets = latency.routes.filter((r) => pick(r.route)).flatMap((r) => r.buckets);
  if (buckets.length === 0) return { name, target, measured: NOT_RECORDED, status: 'not-recorded' };
  // Several routes in one minute: the minute is over when any of them is.
  const perMinute = new Map<string, number>();
  for (const b of buckets) perMinute.set(b.minute, Math.max(perMinute.get(b.minute) ?? 0, b[key]));
  const minutes = [...perMinute].map(([minute, value]) => ({ minute, over: value > limitMs }));
  const worst = Math.max(...perMinute.values());
  const over = minutes.filter((m) => m.over).length;
  const run = longestRun(minutes);
  return {
    name,
    target,
    measured: `worst minute ${whole.format(worst)} ms; ${over} minute${over === 1 ? '' : 's'} over, longest run ${run}`,
    status: run < SLO_TARGETS.breachMinutes ? 'pass' : 'fail',
  };
}

function errorVerdict(errors: ErrorsSection): Verdict {
  const name = 'Server errors';
  const target = '< 1 % of public requests';
  if (!errors.recorded) return { name, target, measured: NOT_RECORDED, status: 'not-recorded' };
  const buckets = errors.routes.flatMap((r) => r.buckets);
  const requests = buckets.reduce((s, b) => s + b.requests, 0);
  const failed = buckets.reduce((s, b) => s + b.errors, 0);
  if (requests === 0) return { name, target, measured: NOT_RECORDED, status: 'not-recorded' };
  const ratio = failed / requests;
  return { name, target, measured: `${(ratio * 100).toFixed(2)} % (${failed} of ${requests})`, status: ratio < SLO_TARGETS.errorRatio ? 'pass' : 'fail' };
}

/** One verdict per SLO, in docs/rehearsal.md's order. */
export function sloVerdicts(input: SloInput): Verdict[] {
  const { submissions: sub, emails, callbacks: cb, fault } = input;
  const waits = input.publicWaitsSeconds;
  const waitP95 = nearestRank(waits, 0.95);
  const due = cb.booked - cb.cancelled;
  const over = input.places.courses.filter((c) => c.offers > c.places);
  return [
    latencyVerdict(input.latency, 'Submit p99', 'p99 ≤ 2 s', (r) => r === SUBMIT_ROUTE, 'p99Ms', SLO_TARGETS.submitP99Ms),
    latencyVerdict(
      input.latency,
      'Public reads p95',
      'p95 ≤ 500 ms',
      (r) => r.startsWith('GET /api/') && !r.startsWith('GET /api/staff'),
      'p95Ms',
      SLO_TARGETS.readP95Ms,
    ),
    errorVerdict(input.errors),
    sub.lost === null
      ? { name: 'Submissions lost', target: '0', measured: 'Not recorded (acknowledgements are not stored)', status: 'not-recorded' }
      : { name: 'Submissions lost', target: '0', measured: String(sub.lost), status: sub.lost === 0 ? 'pass' : 'fail' },
    { name: 'Submissions duplicated', target: '0', measured: String(sub.duplicated), status: sub.duplicated === 0 ? 'pass' : 'fail' },
    fault
      ? {
          name: 'Recovery after the fault',
          target: '≤ 60 s',
          measured: fault.recoverySeconds === null ? 'never' : `${oneDecimal.format(fault.recoverySeconds)} s`,
          status: fault.recoverySeconds !== null && fault.recoverySeconds <= SLO_TARGETS.recoverySeconds ? 'pass' : 'fail',
        }
      : { name: 'Recovery after the fault', target: '≤ 60 s', measured: 'Not recorded (no fault)', status: 'not-recorded' },
    {
      name: 'Decision email delay p95',
      target: '≤ 60 s',
      measured: emails.delaySeconds ? `${oneDecimal.format(emails.delaySeconds.p95)} s (${emails.pending} not sent by the end)` : NOT_RECORDED,
      status: emails.delaySeconds ? (emails.delaySeconds.p95 <= SLO_TARGETS.emailDelayP95Seconds && emails.pending === 0 ? 'pass' : 'fail') : 'not-recorded',
    },
    {
      name: 'Public submissions waiting, p95 until an adviser calls',
      target: '≤ 15 min',
      measured: waits.length ? `${whole.format(waitP95)} s` : NOT_RECORDED,
      status: waits.length ? (waitP95 <= SLO_TARGETS.publicWaitP95Seconds ? 'pass' : 'fail') : 'not-recorded',
    },
    {
      name: 'Callbacks kept in their slot',
      target: '≥ 95 %',
      measured: due > 0 ? `${cb.keptInWindow} of ${due}` : 'Not recorded (no slot fell in the period)',
      status: due > 0 ? (cb.keptInWindow / due >= SLO_TARGETS.callbacksKept ? 'pass' : 'fail') : 'not-recorded',
    },
    {
      name: 'Offers within places',
      target: 'no course over its places',
      measured: over.length ? `${over.length} over (${over.map((c) => c.courseCode).join(', ')})` : `${input.places.courses.length} courses within`,
      status: over.length ? 'fail' : 'pass',
    },
  ];
}
