/**
 * `npm run rehearsal`: one results-day rehearsal from its options to the report's files.
 * Plans the workload from the seed (plan.ts), starts a test stack with the demo catalogue and
 * directory (or uses a running one: --url), runs the plan (rehearsal.ts), and writes
 * `report.json` (the report's data and the workload) and `report.html` into
 * `tmp/rehearsal/<timestamp>/`. Prints the timings with the load average.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { demoScenarios } from '@clearing-desk/scenarios-svc/seed';
import { REPO_ROOT, startDirectory, startStack } from '@clearing-desk/stack';
import { planRehearsal, workloadOf, type PlanOptions, type Workload } from './plan';
import { runningTarget, runRehearsal, stackTarget, type Target } from './rehearsal';
import { writeReport } from './render';
import type { ReportDataInput } from './report-data';

/** The command's options (docs/rehearsal.md). */
export type RehearseOptions = PlanOptions & {
  /** A running gateway to rehearse against (with applicationsDatabaseUrl); unset: a test stack is started and stopped. */
  url?: string;
  applicationsDatabaseUrl?: string;
  mailInboxUrl?: string;
  /** Where the files go; default tmp/rehearsal/<timestamp>. */
  outDir?: string;
  /** Only write the workload (no stack, no load). */
  planOnly?: boolean;
  log?: (line: string) => void;
};

/** The defaults: about ten minutes on a two-core machine, stack start included. */
export const DEFAULT_OPTIONS: PlanOptions = { seed: 1, durationSeconds: 480, peakPerMinute: 40, multiples: [1, 3], classSize: 30, advisers: 3, think: 1 };

/** The report file: the report's data (report-data.ts) with the run's workload (plan.ts workloadOf) beside it. */
export type RehearsalFile = ReportDataInput & { workload: Workload };

const loadText = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Runs one rehearsal and writes its files; resolves with the folder, the report and the timings in seconds. */
export async function rehearse(
  options: RehearseOptions,
): Promise<{ dir: string; file: RehearsalFile; timings: { stackSeconds: number; loadSeconds: number; totalSeconds: number } }> {
  const log = options.log ?? console.log;
  const started = Date.now();
  const scenarios = demoScenarios();
  const plan = planRehearsal(options, scenarios);
  const dir = options.outDir ?? path.join(REPO_ROOT, 'tmp', 'rehearsal', new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(dir, { recursive: true });
  if (options.planOnly) {
    const workload = workloadOf(plan);
    writeFileSync(path.join(dir, 'workload.json'), `${JSON.stringify(workload, null, 2)}\n`);
    return { dir, file: { workload } as RehearsalFile, timings: { stackSeconds: 0, loadSeconds: 0, totalSeconds: 0 } };
  }
  const stops: Array<() => Promise<void>> = [];
  let target: Target;
  try {
    if (options.url) {
      if (!options.applicationsDatabaseUrl) throw new Error('--url needs --applications-db (applications-svc DATABASE_URL) to count stored submissions');
      target = runningTarget(options.url, options.applicationsDatabaseUrl, options.mailInboxUrl ?? null);
    } else {
      const directory = await startDirectory({ port: 'free' });
      stops.push(() => directory.stop());
      const stack = await startStack({
        database: 'test',
        seedDemoData: true,
        services: ['courses', 'applications', 'assessment', 'files', 'notifications'],
        directoryUrl: directory.url,
        // The launcher starts a killed service again, as under `npm start`.
        restart: true,
        // Each applicant's address as a load balancer forwards it; the school class shares one.
        gatewayEnv: { TRUST_PROXY: '127.0.0.1' },
        // Short callback slots, so that booked callbacks fall due within the run.
        env: { CALLBACK_SLOT_MINUTES: '5' },
      });
      stops.unshift(() => stack.stop());
      target = stackTarget(stack);
    }
    const stackSeconds = (Date.now() - started) / 1000;
    log(`[rehearsal] stack ready after ${stackSeconds.toFixed(1)} s; load average ${loadText()}`);
    const loadStarted = Date.now();
    const { report, workload } = await runRehearsal(plan, target, scenarios, log);
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    const file: RehearsalFile = { ...report, workload };
    // report.html and the parsed data beside it as report.json (render.ts).
    writeReport(file, path.join(dir, 'report.html'));
    const totalSeconds = (Date.now() - started) / 1000;
    return { dir, file, timings: { stackSeconds, loadSeconds, totalSeconds } };
  } finally {
    for (const stop of stops) await stop();
  }
}

/** One line of timings with the load average, as the benchmarks print them. */
export const timingLine = (label: string, t: { stackSeconds: number; loadSeconds: number; totalSeconds: number }) =>
  `${label}: stack ${t.stackSeconds.toFixed(1)} s, load ${t.loadSeconds.toFixed(1)} s, total ${t.totalSeconds.toFixed(1)} s; load average ${loadText()}`;
