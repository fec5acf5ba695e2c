/**
 * What a rehearsal observed (rehearsal.ts fills it as the run goes) and the report's data built
 * from it (report-data.ts): latencies and errors per route and minute, queue waits and callbacks,
 * offers against places with the forecast, emails and their delay, submissions acknowledged
 * against stored, the fault and its recovery, and the SLO verdicts of docs/rehearsal.md.
 */
import { apiRouteLabel } from '@clearing-desk/contracts';
import type { Sample } from './http';
import { courseFill } from './fill-forecast';
import type { RehearsalPlan } from './plan';
import { sloVerdicts } from './slo';
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

  // Places: the offers the rehearsal saw made (answers with status O), against the places it gave each course.
  const places = plan.courses.map((c) => {
    const first = obs.figures[0]?.rows.find((r) => r.UCAS_CODE === c.code);
    const last = obs.figures.at(-1)?.rows.find((r) => r.UCAS_CODE === c.code);
    const changes = obs.acks.filter((a) => a.course === c.code && a.status === 'O').map((a) => ({ at: a.at, delta: 1 as const }));
    const fill = courseFill({ courseCode: c.code, title: last?.COURSE_TITLE ?? '', places: c.places, offersAtStart: first?.OFFERS_COUNTING ?? 0, changes });
    if (last && last.OFFERS_COUNTING !== fill.offers)
      obs.notes.push(`${c.code}: the figures count ${last.OFFERS_COUNTING} offers, the rehearsal saw ${fill.offers} made.`);
    return fill;
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
      : // notifications-svc has no route: back when an email leaves after it was ready again (one sent before the kill may arrive during it).
        (obs.emails.filter((e) => fault.clearedAt !== null && e.at >= fault.clearedAt).sort((a, b) => a.at - b.at)[0]?.at ?? fault.clearedAt ?? undefined);
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
  // The SLOs a real day is judged by too (slo.ts), over the whole run; then the rehearsal's per leg.
  const waits = obs.claims.filter((c) => c.kind === 'public-waiting').map((c) => seconds(c.claimedAt - c.dueAt));
  const { latency, errors, emails, submissions, places, queue } = report;
  return [
    ...sloVerdicts({ latency, errors, emails, submissions, places, callbacks: queue.callbacks, fault: fault ?? null, publicWaitsSeconds: waits }),
    ...out,
  ];
}
