/**
 * What a rehearsal observed (rehearsal.ts fills it as the run goes) and the report's data built
 * from it (report-data.ts): latencies and errors per route and minute, queue waits and callbacks,
 * offers against places with the forecast, emails and their delay, submissions acknowledged
 * against stored, the fault and its recovery, and the SLO verdicts of docs/rehearsal.md.
 */
import { apiRouteLabel } from '@clearing-desk/contracts';
import type { Sample } from './http';
import type { RehearsalPlan } from './plan';
import { minuteOf, percentile, REPORT_DATA_VERSION, type ReportDataInput, type Verdict } from './report-data';

export type Observations = {
  plan: RehearsalPlan;
  samples: Sample[];
  /** Submissions and decisions acknowledged (200): SUBMISSION_ID (or `decision:<application>`), e-mail, when (ms since the epoch). */
  acks: { submissionId: string; email: string; course: string; at: number; who: 'public' | 'adviser'; status: string }[];
  /** Every SUBMISSION_ID sent at least once. */
  submitted: Set<string>;
  /** Work-queue items claimed: kind, due and claim instants (ms), the application. */
  claims: { kind: string; dueAt: number; claimedAt: number; appId: string }[];
  /** Callbacks booked: the application and the slot (ms). */
  bookings: { appId: string; email: string; start: number; end: number }[];
  /** When an adviser first took the application's callback from the queue (ms), by application id. */
  calledAt: Map<string, number>;
  /** The figures screen's course rows, sampled. */
  figures: {
    at: number;
    rows: {
      UCAS_CODE: string;
      COURSE_TITLE: string;
      CLEARING_PLACES: number;
      OFFERS_COUNTING: number;
      VACANCIES_INTERNAL: number;
      MINUTES_TO_FULL: number | null;
    }[];
  }[];
  /** Emails in the catcher: to whom and when they arrived (ms). */
  emails: { to: string; at: number; subject: string }[];
  fault: { service: string; pid: number; injectedAt: number; clearedAt: number | null } | null;
  notes: string[];
  startedAt: number;
  endedAt: number;
  loadStart: [number, number, number];
  loadEnd: [number, number, number];
  stored: { ids: Set<string>; rowCount?: number; duplicatePeople: string[] };
  /** Applicants who gave up (a page or submission that failed for good). */
  abandoned: number;
  /** Proofs of work solved (the school class past its address's budget). */
  proofsSolved: number;
};

const iso = (ms: number) => new Date(ms).toISOString();
const seconds = (ms: number) => ms / 1000;
const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

/** The public route each service's fault hits first (its recovery is that route's first 2xx after the kill). */
const AFFECTED_ROUTE: Record<string, string | null> = {
  applications: apiRouteLabel('apply'),
  courses: apiRouteLabel('course'),
  assessment: apiRouteLabel('assess'),
  files: apiRouteLabel('fileUpload'),
  notifications: null,
};

function byRouteAndMinute(samples: Sample[]) {
  const routes = new Map<string, Map<string, Sample[]>>();
  for (const s of samples) {
    const route = s.route;
    const minutes = routes.get(route) ?? new Map<string, Sample[]>();
    const minute = minuteOf(s.end);
    minutes.set(minute, [...(minutes.get(minute) ?? []), s]);
    routes.set(route, minutes);
  }
  return [...routes]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, minutes]) => ({ route, minutes: [...minutes].sort(([a], [b]) => a.localeCompare(b)) }));
}

const isError = (s: Sample) => s.status === 'network' || s.status >= 500;
const quantiles = (values: number[]) => (values.length ? { p50: percentile(values, 0.5), p95: percentile(values, 0.95), max: Math.max(...values) } : null);

/** The report's data from what a run observed. */
export function buildReport(obs: Observations, machine: { host: string; commit: string | null; cpus: number }): ReportDataInput {
  const { plan, samples } = obs;
  const routes = byRouteAndMinute(samples);
  const fault = obs.fault;

  // Queue waits per minute of the claim and kind.
  const waitBuckets = new Map<string, number[]>();
  for (const c of obs.claims) {
    const key = `${minuteOf(c.claimedAt)}|${c.kind}`;
    waitBuckets.set(key, [...(waitBuckets.get(key) ?? []), Math.max(0, seconds(c.claimedAt - c.dueAt))]);
  }
  // Callbacks whose slot started while the load ran.
  const due = obs.bookings.filter((b) => b.start <= obs.endedAt);
  const kept = due.filter((b) => {
    const at = obs.calledAt.get(b.appId);
    return at !== undefined && at >= b.start && at < b.end;
  });
  const late = due.filter((b) => (obs.calledAt.get(b.appId) ?? -Infinity) >= b.end);
  const lateBy = late.map((b) => seconds(obs.calledAt.get(b.appId)! - b.end));
  if (obs.bookings.length > due.length) obs.notes.push(`${obs.bookings.length - due.length} callbacks were booked for slots after the run's end (not judged).`);

  // Places: the first sample with a forecast, and the first sample the course was full.
  const codes = plan.courses.map((c) => c.code);
  const places = codes.map((code) => {
    const rows = obs.figures.map((f) => ({ at: f.at, row: f.rows.find((r) => r.UCAS_CODE === code) })).filter((x) => x.row);
    const last = rows.at(-1)?.row;
    const forecast = rows.find((x) => x.row!.MINUTES_TO_FULL !== null && x.row!.MINUTES_TO_FULL! > 0);
    const full = rows.find((x) => x.row!.CLEARING_PLACES > 0 && x.row!.VACANCIES_INTERNAL === 0);
    return {
      courseCode: code,
      title: last?.COURSE_TITLE ?? '',
      places: plan.courses.find((c) => c.code === code)!.places,
      offers: last?.OFFERS_COUNTING ?? 0,
      forecastTakenAt: forecast ? iso(forecast.at) : null,
      forecastFullAt: forecast ? iso(forecast.at + forecast.row!.MINUTES_TO_FULL! * 60_000) : null,
      actualFullAt: full ? iso(full.at) : null,
    };
  });

  // Emails: each acknowledged decision's address, the first email to it after the decision.
  const emailDelays: { at: number; delay: number }[] = [];
  let pending = 0;
  for (const a of obs.acks) {
    const email = obs.emails.filter((e) => e.to === a.email && e.at >= a.at - 2_000).sort((x, y) => x.at - y.at)[0];
    if (email) emailDelays.push({ at: email.at, delay: Math.max(0, seconds(email.at - a.at)) });
    else pending += 1;
  }
  const emailMinutes = new Map<string, number[]>();
  for (const e of emailDelays) emailMinutes.set(minuteOf(e.at), [...(emailMinutes.get(minuteOf(e.at)) ?? []), e.delay]);
  const ourEmails = obs.emails.filter((e) => e.to.startsWith(`rehearsal.s${plan.options.seed}.`));

  // Submissions: acknowledged SUBMISSION_IDs against rows stored.
  const ackedIds = [...new Set(obs.acks.filter((a) => !a.submissionId.startsWith('decision:')).map((a) => a.submissionId))];
  const lost = ackedIds.filter((id) => !obs.stored.ids.has(id));
  const duplicatedIds = [...obs.stored.duplicatePeople];
  if (obs.stored.rowCount !== undefined && obs.stored.rowCount > obs.stored.ids.size)
    duplicatedIds.push(`${obs.stored.rowCount - obs.stored.ids.size} rows share a SUBMISSION_ID`);

  // Fault: recovered at the affected route's first 2xx after the kill (or the service's readiness).
  let faultSection: ReportDataInput['fault'] = null;
  if (fault) {
    const affected = AFFECTED_ROUTE[fault.service] ?? null;
    const firstOk = affected
      ? samples.filter((s) => s.route === affected && s.at >= fault.injectedAt && s.status !== 'network' && s.status < 300).sort((a, b) => a.end - b.end)[0]
          ?.end
      : (obs.emails.filter((e) => e.at > fault.injectedAt).sort((a, b) => a.at - b.at)[0]?.at ?? fault.clearedAt ?? undefined);
    const recoveredAt = firstOk ?? null;
    const windowEnd = recoveredAt ?? obs.endedAt;
    const during = samples.filter((s) => s.end >= fault.injectedAt && s.at <= windowEnd);
    const downEnd = fault.clearedAt ?? obs.endedAt;
    faultSection = {
      description: `${fault.service}-svc killed with SIGKILL (pid ${fault.pid}) and started again by the launcher`,
      target: `${fault.service}-svc`,
      injectedAt: iso(fault.injectedAt),
      clearedAt: fault.clearedAt ? iso(fault.clearedAt) : null,
      recoveredAt: recoveredAt ? iso(recoveredAt) : null,
      recoverySeconds: recoveredAt ? seconds(recoveredAt - fault.injectedAt) : null,
      errorsDuringFault: during.filter(isError).length,
      routesAnsweringDuringFault: [
        ...new Set(
          samples
            .filter((s) => s.who === 'public' && s.at >= fault.injectedAt && s.end <= downEnd && s.status !== 'network' && s.status < 300)
            .map((s) => s.route),
        ),
      ].sort(),
    };
  }

  const report: ReportDataInput = {
    version: REPORT_DATA_VERSION,
    run: {
      mode: 'rehearsal',
      seed: plan.options.seed,
      scale: Math.max(...plan.options.multiples),
      startedAt: iso(obs.startedAt),
      endedAt: iso(obs.endedAt),
      durationSeconds: seconds(obs.endedAt - obs.startedAt),
      loadAverage: { start: obs.loadStart, end: obs.loadEnd, cpus: machine.cpus },
      host: machine.host,
      commit: machine.commit,
      generatedAt: new Date().toISOString(),
      notes: [
        `Peak ${plan.options.peakPerMinute} applicants a minute at 1x; legs ${plan.legs.map((l) => `${l.multiple}x from ${Math.round(l.startMs / 1000)} s`).join(', ')}; ${plan.applicants.length} applicants (${plan.options.classSize} of a school class behind ${plan.classAddress}), ${obs.abandoned} gave up; ${obs.proofsSolved} proofs of work solved; ${plan.advisers.length} advisers.`,
        ...obs.notes,
      ],
    },
    latency: {
      recorded: true,
      source: 'rehearsal-clients',
      routes: routes.map(({ route, minutes }) => ({
        route,
        buckets: minutes.map(([minute, of]) => {
          const ms = of.map((s) => s.end - s.at);
          return { minute, count: of.length, p50Ms: percentile(ms, 0.5), p95Ms: percentile(ms, 0.95), p99Ms: percentile(ms, 0.99) };
        }),
      })),
    },
    errors: {
      recorded: true,
      source: 'rehearsal-clients',
      routes: routes.map(({ route, minutes }) => ({
        route,
        buckets: minutes.map(([minute, of]) => {
          const errors = of.filter(isError);
          const byStatus: Record<string, number> = {};
          for (const e of errors) byStatus[String(e.status)] = (byStatus[String(e.status)] ?? 0) + 1;
          return { minute, requests: of.length, errors: errors.length, byStatus };
        }),
      })),
    },
    queue: {
      waits: [...waitBuckets]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, waits]) => {
          const [minute, kind] = key.split('|') as [string, string];
          return {
            minute,
            kind,
            claimed: waits.length,
            p50WaitSeconds: percentile(waits, 0.5),
            p95WaitSeconds: percentile(waits, 0.95),
            maxWaitSeconds: Math.max(...waits),
          };
        }),
      callbacks: {
        booked: due.length,
        keptInWindow: kept.length,
        late: late.length,
        missed: due.length - kept.length - late.length,
        cancelled: 0,
        lateBySeconds: quantiles(lateBy),
      },
    },
    places: { courses: places },
    emails: {
      sent: ourEmails.length,
      failed: 0,
      pending,
      delaySeconds: quantiles(emailDelays.map((e) => e.delay)),
      perMinute: [...emailMinutes]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([minute, delays]) => ({
          minute,
          sent: delays.length,
          p50DelaySeconds: percentile(delays, 0.5),
          p95DelaySeconds: percentile(delays, 0.95),
          maxDelaySeconds: Math.max(...delays),
        })),
    },
    submissions: {
      acknowledged: ackedIds.length,
      stored: obs.stored.ids.size,
      lost: lost.length,
      duplicated: duplicatedIds.length,
      lostIds: lost.slice(0, 50),
      duplicatedIds: duplicatedIds.slice(0, 50),
    },
    fault: faultSection,
    verdicts: [],
  };
  report.verdicts = verdicts(obs, report);
  return report;
}

/**
 * The results-day SLOs (docs/rehearsal.md "SLOs"), judged per leg where the figure is a
 * latency or an error rate; the fault's window (kill to recovery) is left out of the latency and
 * error SLOs and judged by its own (recovery within 60 s, nothing lost).
 */
export function verdicts(obs: Observations, report: ReportDataInput): Verdict[] {
  const out: Verdict[] = [];
  const t0 = obs.startedAt;
  const fault = report.fault;
  const faultFrom = fault ? Date.parse(fault.injectedAt) : Infinity;
  const faultTo = fault ? (fault.recoveredAt ? Date.parse(fault.recoveredAt) : obs.endedAt) : -Infinity;
  const outsideFault = (s: Sample) => s.end < faultFrom || s.at > faultTo;
  for (const leg of obs.plan.legs) {
    const inLeg = obs.samples.filter((s) => s.who === 'public' && s.at >= t0 + leg.startMs && s.at < t0 + leg.endMs && outsideFault(s));
    const submits = inLeg.filter((s) => s.route === apiRouteLabel('apply') && s.status !== 'network' && s.status < 500).map((s) => s.end - s.at);
    const reads = inLeg.filter((s) => s.route.startsWith('GET ') && s.status !== 'network' && s.status < 500).map((s) => s.end - s.at);
    const errors = inLeg.filter(isError).length;
    const submitP99 = percentile(submits, 0.99);
    const readP95 = percentile(reads, 0.95);
    const rate = inLeg.length ? errors / inLeg.length : 0;
    out.push({
      name: `Submit p99 at ${leg.multiple}x`,
      target: 'p99 ≤ 2 s',
      measured: submits.length ? fmtMs(submitP99) : 'Not recorded',
      status: submits.length ? (submitP99 <= 2000 ? 'pass' : 'fail') : 'not-recorded',
    });
    out.push({
      name: `Public reads p95 at ${leg.multiple}x`,
      target: 'p95 ≤ 500 ms',
      measured: reads.length ? fmtMs(readP95) : 'Not recorded',
      status: reads.length ? (readP95 <= 500 ? 'pass' : 'fail') : 'not-recorded',
    });
    out.push({
      name: `Server errors at ${leg.multiple}x (outside the fault)`,
      target: '< 1 % of public requests',
      measured: `${(rate * 100).toFixed(2)} % (${errors} of ${inLeg.length})`,
      status: inLeg.length ? (rate < 0.01 ? 'pass' : 'fail') : 'not-recorded',
    });
  }
  const sub = report.submissions;
  out.push({ name: 'Submissions lost', target: '0', measured: String(sub.lost), status: sub.lost === 0 ? 'pass' : 'fail' });
  out.push({ name: 'Submissions duplicated', target: '0', measured: String(sub.duplicated), status: sub.duplicated === 0 ? 'pass' : 'fail' });
  out.push(
    fault
      ? {
          name: 'Recovery after the fault',
          target: '≤ 60 s',
          measured: fault.recoverySeconds === null ? 'never' : `${fault.recoverySeconds!.toFixed(1)} s`,
          status: fault.recoverySeconds !== null && fault.recoverySeconds! <= 60 ? 'pass' : 'fail',
        }
      : { name: 'Recovery after the fault', target: '≤ 60 s', measured: 'Not recorded', status: 'not-recorded' },
  );
  const email = report.emails;
  out.push({
    name: 'Decision email delay p95',
    target: '≤ 60 s',
    measured: email.delaySeconds ? `${email.delaySeconds.p95.toFixed(1)} s (${email.pending} not sent by the end)` : 'Not recorded',
    status: email.delaySeconds ? (email.delaySeconds.p95 <= 60 && email.pending === 0 ? 'pass' : 'fail') : 'not-recorded',
  });
  const waits = obs.claims.filter((c) => c.kind === 'public-waiting').map((c) => seconds(c.claimedAt - c.dueAt));
  out.push({
    name: 'Public submissions waiting, p95 until an adviser calls',
    target: '≤ 15 min',
    measured: waits.length ? `${percentile(waits, 0.95).toFixed(0)} s` : 'Not recorded',
    status: waits.length ? (percentile(waits, 0.95) <= 900 ? 'pass' : 'fail') : 'not-recorded',
  });
  const cb = report.queue.callbacks;
  out.push({
    name: 'Callbacks kept in their slot',
    target: '≥ 95 %',
    measured: cb.booked ? `${cb.keptInWindow} of ${cb.booked}` : 'Not recorded (no slot fell in the run)',
    status: cb.booked ? (cb.keptInWindow / cb.booked >= 0.95 ? 'pass' : 'fail') : 'not-recorded',
  });
  const over = report.places.courses.filter((c) => c.offers > c.places);
  out.push({
    name: 'Offers within places',
    target: 'no course over its places',
    measured: over.length ? `${over.length} over (${over.map((c) => c.courseCode).join(', ')})` : `${report.places.courses.length} courses within`,
    status: over.length ? 'fail' : 'pass',
  });
  return out;
}
