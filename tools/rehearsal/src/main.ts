/**
 * The command line of `npm run rehearsal` (options: docs/rehearsal.md and tools/rehearsal/README.md).
 *
 *   npm run rehearsal -- [--duration 480] [--peak 40] [--multiples 1,3] [--seed 1] [--class-size 30]
 *        [--advisers 3] [--think 1] [--url http://localhost:3000 --applications-db <url> [--mail-inbox <url>]]
 *        [--out <folder>] [--plan-only]
 */
import { parseArgs } from 'node:util';
import { DEFAULT_OPTIONS, rehearse, timingLine } from './rehearse';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: String(DEFAULT_OPTIONS.durationSeconds) },
    peak: { type: 'string', default: String(DEFAULT_OPTIONS.peakPerMinute) },
    multiples: { type: 'string', default: DEFAULT_OPTIONS.multiples.join(',') },
    seed: { type: 'string', default: String(DEFAULT_OPTIONS.seed) },
    'class-size': { type: 'string', default: String(DEFAULT_OPTIONS.classSize) },
    advisers: { type: 'string', default: String(DEFAULT_OPTIONS.advisers) },
    think: { type: 'string', default: String(DEFAULT_OPTIONS.think) },
    url: { type: 'string' },
    'applications-db': { type: 'string' },
    'mail-inbox': { type: 'string' },
    out: { type: 'string' },
    'plan-only': { type: 'boolean', default: false },
  },
});

async function main() {
  const { dir, file, timings } = await rehearse({
    durationSeconds: Number(values.duration),
    peakPerMinute: Number(values.peak),
    multiples: values.multiples.split(',').map(Number),
    seed: Number(values.seed),
    classSize: Number(values['class-size']),
    advisers: Number(values.advisers),
    think: Number(values.think),
    url: values.url,
    applicationsDatabaseUrl: values['applications-db'],
    mailInboxUrl: values['mail-inbox'],
    outDir: values.out,
    planOnly: values['plan-only'],
  });
  if (values['plan-only']) {
    console.log(
      `workload of seed ${values.seed}: ${file.workload.applicants.length} applicants, ${file.workload.calls.length} adviser calls, ${file.workload.fault.service}-svc killed at ${file.workload.fault.atMs} ms -> ${dir}/workload.json`,
    );
    return;
  }
  console.log(`\n${timingLine(`rehearsal seed ${values.seed}`, timings)}`);
  const s = file.submissions;
  console.log(`submissions: ${s.acknowledged} acknowledged, ${s.stored} stored, ${s.lost} lost, ${s.duplicated} duplicated`);
  for (const v of file.verdicts) console.log(`  ${v.status.padEnd(12)} ${v.name}: ${v.measured} (target ${v.target})`);
  console.log(`report: ${dir}/report.json${' and report.html'}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
