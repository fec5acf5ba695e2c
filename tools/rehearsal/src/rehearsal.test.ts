/**
 * A short rehearsal (2 minutes of load at a small scale, think times shortened) against a test
 * stack: the report holds every section, nothing acknowledged was lost or stored twice, and the
 * workload in its JSON is the one the same seed plans again in another process (and not another
 * seed's). Prints the timings with the load average; asserts no timing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@clearing-desk/stack';
import { rehearse, timingLine, type RehearsalFile, type RehearseOptions } from './rehearse';
import { reportDataSchema } from './report-data';

const OPTIONS: RehearseOptions = {
  seed: 11,
  durationSeconds: 120,
  peakPerMinute: 10,
  multiples: [1, 3],
  classSize: 12,
  advisers: 2,
  think: 0.15,
  log: () => undefined,
};

/** The workload the command plans for these options in a process of its own (`--plan-only`). */
function plannedElsewhere(seed: number): unknown {
  const out = mkdtempSync(path.join(tmpdir(), 'rehearsal-plan-'));
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(REPO_ROOT, 'tools/rehearsal/src/main.ts'),
      '--plan-only',
      '--out',
      out,
      '--seed',
      String(seed),
      '--duration',
      '120',
      '--peak',
      '10',
      '--multiples',
      '1,3',
      '--class-size',
      '12',
      '--advisers',
      '2',
      '--think',
      '0.15',
    ],
    { cwd: REPO_ROOT, stdio: 'ignore' },
  );
  return JSON.parse(readFileSync(path.join(out, 'workload.json'), 'utf8'));
}

describe('npm run rehearsal, short and small', () => {
  it('writes a report with every section, nothing lost or duplicated, and the workload its seed plans', async () => {
    const { dir, timings } = await rehearse(OPTIONS);
    console.log(timingLine(`rehearsal (seed ${OPTIONS.seed}, 120 s, peak 10/min, 1x and 3x)`, timings));

    const written = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as RehearsalFile;
    const report = reportDataSchema.parse(written);
    expect(Object.keys(report).sort()).toEqual([
      'emails',
      'errors',
      'fault',
      'latency',
      'places',
      'queue',
      'run',
      'submissions',
      'verdicts',
      'version',
      'workload',
    ]);
    expect(report.latency.recorded).toBe(true);
    expect(report.errors.recorded).toBe(true);
    if (report.latency.recorded)
      expect(report.latency.routes.map((r) => r.route)).toEqual(
        expect.arrayContaining(['GET /apply', 'POST /api/apply/:course', 'POST /api/admin/queue/next']),
      );
    expect(report.places.courses.length).toBeGreaterThan(0);
    expect(report.fault?.target).toBe(`${written.workload.fault.service}-svc`);
    expect(report.verdicts.map((v) => v.name)).toEqual(expect.arrayContaining(['Submissions lost', 'Submissions duplicated', 'Recovery after the fault']));
    expect(report.submissions.acknowledged).toBeGreaterThan(0);
    expect({ lost: report.submissions.lost, duplicated: report.submissions.duplicated }).toEqual({ lost: 0, duplicated: 0 });

    expect(written.workload).toEqual(plannedElsewhere(OPTIONS.seed));
    expect(written.workload).not.toEqual(plannedElsewhere(OPTIONS.seed + 1));
  }, 900_000);
});
