/**
 * The results-day SLOs and their verdicts, computed from a report's sections, so a rehearsal and
 * a real day are judged by one rule. The first three are the SLO alerts of
 * deploy/kubernetes/base/monitoring/prometheusrule.yaml (their thresholds and `for` durations);
 * the last three are what results day must never do (an over-offer, a lost or doubled
 * submission) and the callback promise, measured the same way each time.
 */
import type { Callbacks, EmailsSection, ErrorsSection, LatencySection, PlacesSection, SubmissionsSection, Verdict } from './report-data';

/** The thresholds, each with where it comes from. */
export const SLO_TARGETS = {
  /** SubmitLatencyP99High: p99 of POST /api/apply/:course above 2 s for 10 minutes. */
  submitP99Ms: 2000,
  submitBreachMinutes: 10,
  /** GatewayErrorRatioHigh: more than 1 % of gateway answers 5xx. */
  errorRatio: 0.01,
  /** EmailOutboxOld: a decision email waiting over 10 minutes. */
  emailDelaySeconds: 600,
  /** The callback promise: at least this share of callbacks not cancelled called within their slot. */
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
};

const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const NOT_RECORDED = 'Not recorded';

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

function submitVerdict(latency: LatencySection): Verdict {
  const name = 'Submit p99';
  const target = `≤ ${SLO_TARGETS.submitP99Ms / 1000} s (never over for ${SLO_TARGETS.submitBreachMinutes} minutes running)`;
  if (!latency.recorded) return { name, target, measured: NOT_RECORDED, status: 'not-recorded' };
  const buckets = latency.routes.find((r) => r.route === SUBMIT_ROUTE)?.buckets ?? [];
  if (buckets.length === 0) return { name, target, measured: 'No submissions', status: 'not-recorded' };
  const worst = Math.max(...buckets.map((b) => b.p99Ms));
  const over = buckets.filter((b) => b.p99Ms > SLO_TARGETS.submitP99Ms).length;
  const run = longestRun(buckets.map((b) => ({ minute: b.minute, over: b.p99Ms > SLO_TARGETS.submitP99Ms })));
  return {
    name,
    target,
    measured: `worst minute ${whole.format(worst)} ms; ${over} minute${over === 1 ? '' : 's'} over, longest run ${run}`,
    status: run < SLO_TARGETS.submitBreachMinutes ? 'pass' : 'fail',
  };
}

function errorVerdict(errors: ErrorsSection): Verdict {
  const name = 'Gateway 5xx';
  const target = `< ${SLO_TARGETS.errorRatio * 100} % of answers`;
  if (!errors.recorded) return { name, target, measured: NOT_RECORDED, status: 'not-recorded' };
  const buckets = errors.routes.flatMap((r) => r.buckets);
  const requests = buckets.reduce((s, b) => s + b.requests, 0);
  const failed = buckets.reduce((s, b) => s + b.errors, 0);
  const ratio = requests === 0 ? 0 : failed / requests;
  return {
    name,
    target,
    measured: `${twoDecimals.format(ratio * 100)} % (${whole.format(failed)} of ${whole.format(requests)})`,
    status: ratio < SLO_TARGETS.errorRatio ? 'pass' : 'fail',
  };
}

function emailVerdict(emails: EmailsSection): Verdict {
  const name = 'Decision emails';
  const target = `none waits over ${SLO_TARGETS.emailDelaySeconds / 60} min`;
  if (!emails.delaySeconds) return { name, target, measured: `none sent, ${emails.pending} pending`, status: emails.pending === 0 ? 'pass' : 'fail' };
  const max = emails.delaySeconds.max;
  return {
    name,
    target,
    measured: `longest ${oneDecimal.format(max)} s; ${emails.failed} failed, ${emails.pending} pending`,
    status: max <= SLO_TARGETS.emailDelaySeconds && emails.failed === 0 ? 'pass' : 'fail',
  };
}

function submissionsVerdict(s: SubmissionsSection): Verdict {
  const name = 'Submissions kept';
  const target = '0 lost, 0 duplicated';
  if (s.lost === null) {
    return {
      name,
      target,
      measured: `${s.duplicated} duplicated; lost not recorded (acknowledgements are not stored)`,
      status: s.duplicated === 0 ? 'pass' : 'fail',
    };
  }
  return { name, target, measured: `${s.lost} lost, ${s.duplicated} duplicated`, status: s.lost === 0 && s.duplicated === 0 ? 'pass' : 'fail' };
}

function placesVerdict(places: PlacesSection): Verdict {
  const over = places.courses.filter((c) => c.offers > c.places);
  return {
    name: 'Places',
    target: 'no course over its places',
    measured: over.length === 0 ? '0 courses over' : `${over.length} over: ${over.map((c) => `${c.courseCode} ${c.offers}/${c.places}`).join(', ')}`,
    status: over.length === 0 ? 'pass' : 'fail',
  };
}

function callbacksVerdict(c: Callbacks): Verdict {
  const due = c.booked - c.cancelled;
  const share = due === 0 ? 1 : c.keptInWindow / due;
  return {
    name: 'Callbacks',
    target: `≥ ${SLO_TARGETS.callbacksKept * 100} % called within their slot`,
    measured: due === 0 ? 'none due' : `${oneDecimal.format(share * 100)} % (${c.keptInWindow} of ${due})`,
    status: share >= SLO_TARGETS.callbacksKept ? 'pass' : 'fail',
  };
}

/** One verdict per SLO, in the report's order. */
export function sloVerdicts(input: SloInput): Verdict[] {
  return [
    submitVerdict(input.latency),
    errorVerdict(input.errors),
    emailVerdict(input.emails),
    submissionsVerdict(input.submissions),
    placesVerdict(input.places),
    callbacksVerdict(input.callbacks),
  ];
}
