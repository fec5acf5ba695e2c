/**
 * A fixed, made-up report for the renderer's tests, the browser check and the docs: 30 minutes
 * of a rehearsal at scale 0.2 with applications-svc killed at minute 12 for about 40 seconds.
 * Deterministic (no clock, no Math.random), so screenshots and texts are stable. Not figures of
 * any real run.
 */
import { REPORT_DATA_VERSION, type ReportDataInput } from './report-data';

const START = Date.parse('2026-08-13T08:00:00.000Z');
const MINUTES = 30;
const FAULT_MINUTE = 12;

const at = (minute: number, seconds = 0): string => new Date(START + minute * 60_000 + seconds * 1000).toISOString();

/** A small linear congruential generator: the same sequence on every run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const ROUTES: Array<{ route: string; baseMs: number; perMinute: number }> = [
  { route: 'GET /api/courses', baseMs: 18, perMinute: 900 },
  { route: 'POST /api/assess', baseMs: 35, perMinute: 1400 },
  { route: 'POST /api/apply/:course', baseMs: 120, perMinute: 160 },
  { route: 'GET /api/desk/queue/next', baseMs: 60, perMinute: 40 },
];

/**
 * The sample report's data.
 * @param options.mode 'real-day' gives the shape a real day without latencies has (no fault, no seed, latency not recorded)
 */
export function sampleReportData(options: { mode?: 'rehearsal' | 'real-day' } = {}): ReportDataInput {
  const random = generator(42);
  const realDay = options.mode === 'real-day';
  const minutes = Array.from({ length: MINUTES }, (_, m) => m);
  const ramp = (m: number) => 0.4 + (0.6 * m) / (MINUTES - 1);
  const down = (m: number) => m === FAULT_MINUTE;

  const latencyRoutes = ROUTES.map(({ route, baseMs, perMinute }) => ({
    route,
    buckets: minutes.map((m) => {
      const load = ramp(m);
      const p50 = Math.round(baseMs * (0.8 + load) + random() * 5);
      const slow = route === 'POST /api/apply/:course' && (down(m) || m === FAULT_MINUTE + 1) ? 6 : 1;
      return {
        minute: at(m),
        count: Math.round(perMinute * load),
        p50Ms: p50,
        p95Ms: Math.round(p50 * 2.2 * slow),
        p99Ms: Math.round(p50 * (3.5 + random()) * slow),
      };
    }),
  }));
  const errorRoutes = ROUTES.map(({ route, perMinute }) => ({
    route,
    buckets: minutes.map((m) => {
      const requests = Math.round(perMinute * ramp(m));
      const hit = route === 'POST /api/apply/:course' && down(m);
      const errors = hit ? 41 : m === 20 && route === 'POST /api/assess' ? 1 : 0;
      const byStatus: Record<string, number> = hit ? { '503': 29, network: 12 } : errors ? { '500': 1 } : {};
      return { minute: at(m), requests, errors, byStatus };
    }),
  }));

  return {
    version: REPORT_DATA_VERSION,
    run: {
      mode: realDay ? 'real-day' : 'rehearsal',
      seed: realDay ? null : 20260813,
      scale: realDay ? null : 0.2,
      startedAt: at(0),
      endedAt: at(MINUTES),
      durationSeconds: MINUTES * 60,
      loadAverage: realDay ? null : { start: [0.42, 0.51, 0.6], end: [1.87, 1.2, 0.8], cpus: 2 },
      host: 'sample-host',
      commit: '0000000000000000000000000000000000000000',
      generatedAt: at(MINUTES, 5),
      notes: ['Sample data: made up for the renderer tests, not figures of a run.'],
    },
    latency: realDay
      ? { recorded: false, reason: 'No Prometheus address or gateway request log was given, and the databases keep no request timings.' }
      : { recorded: true, source: 'rehearsal-clients', routes: latencyRoutes },
    errors: realDay
      ? { recorded: false, reason: 'No Prometheus address or gateway request log was given, and the databases keep no answers by route.' }
      : { recorded: true, source: 'rehearsal-clients', routes: errorRoutes },
    queue: {
      waits: minutes.flatMap((m) => [
        {
          minute: at(m),
          kind: 'public-waiting',
          claimed: 8 + (m % 5),
          p50WaitSeconds: 40 + m * 3,
          p95WaitSeconds: 120 + m * 6 + (down(m) ? 90 : 0),
          maxWaitSeconds: 200 + m * 8,
        },
        ...(m % 3 === 0 ? [{ minute: at(m), kind: 'callback', claimed: 3, p50WaitSeconds: 30, p95WaitSeconds: 95, maxWaitSeconds: 140 }] : []),
      ]),
      callbacks: { booked: 48, keptInWindow: 44, late: 2, missed: 1, cancelled: 1, lateBySeconds: { p50: 240, p95: 610, max: 610 } },
    },
    places: {
      courses: [
        { courseCode: 'G400', title: 'Computer Science', places: 40, offers: 40, forecastTakenAt: at(5), forecastFullAt: at(21), actualFullAt: at(23, 30) },
        {
          courseCode: 'H620',
          title: 'Electrical and Electronic Engineering',
          places: 25,
          offers: 25,
          forecastTakenAt: at(6),
          forecastFullAt: at(28),
          actualFullAt: at(26, 10),
        },
        { courseCode: 'L100', title: 'Economics', places: 30, offers: 18, forecastTakenAt: at(8), forecastFullAt: at(47), actualFullAt: null },
        { courseCode: 'V100', title: 'History', places: 12, offers: 3, forecastTakenAt: null, forecastFullAt: null, actualFullAt: null },
      ],
    },
    emails: {
      sent: 412,
      failed: 0,
      pending: 3,
      delaySeconds: { p50: 4.2, p95: 38, max: 71 },
      perMinute: minutes.map((m) => ({
        minute: at(m),
        sent: 8 + (m % 7) + (m === FAULT_MINUTE + 1 ? 14 : 0),
        p50DelaySeconds: 3 + (m % 4),
        p95DelaySeconds: m === FAULT_MINUTE + 1 ? 71 : 12 + (m % 6),
        maxDelaySeconds: m === FAULT_MINUTE + 1 ? 71 : 20 + (m % 9),
      })),
    },
    submissions: realDay
      ? { acknowledged: null, stored: 3214, lost: null, duplicated: 0, lostIds: [], duplicatedIds: [] }
      : { acknowledged: 3214, stored: 3214, lost: 0, duplicated: 0, lostIds: [], duplicatedIds: [] },
    fault: realDay
      ? null
      : {
          description: 'applications-svc killed with SIGKILL; the launcher started it again',
          target: 'applications-svc',
          injectedAt: at(FAULT_MINUTE, 10),
          clearedAt: at(FAULT_MINUTE, 11),
          recoveredAt: at(FAULT_MINUTE, 52),
          recoverySeconds: 42,
          errorsDuringFault: 41,
          routesAnsweringDuringFault: ['GET /api/courses', 'POST /api/assess'],
        },
    verdicts: [
      { name: 'Submit p99', target: '≤ 2 s', measured: realDay ? 'Not recorded' : '1.6 s', status: realDay ? 'not-recorded' : 'pass' },
      { name: 'Gateway 5xx', target: '< 1 % of answers', measured: realDay ? 'Not recorded' : '0.06 %', status: realDay ? 'not-recorded' : 'pass' },
      { name: 'Decision emails', target: 'none waits over 10 min', measured: 'max 71 s', status: 'pass' },
      {
        name: 'Submissions kept',
        target: '0 lost, 0 duplicated',
        measured: realDay ? '0 duplicated (acknowledgements not stored)' : '0 lost, 0 duplicated',
        status: 'pass',
      },
      { name: 'Places', target: 'no course over its places', measured: '0 courses over', status: 'pass' },
      { name: 'Callbacks', target: '≥ 95 % called in their slot', measured: '93.6 % (44 of 47)', status: 'fail' },
    ],
  };
}
