/**
 * What building assessment-svc's POST /assessments body costs the gateway per call, in one Node
 * thread: JSON.stringify of the whole body (course about 24 KB with its qualOptions) against the
 * typed client's `reuse` (serialiseReusing: the course's text made once per cached course object).
 * Green form (no alternatives) and red form with 25 candidates. Prints µs per call and the load average.
 *
 *   npx tsx tools/bench/gateway/assess-body.ts [iterations]
 */
import { loadavg } from 'node:os';
import { createCourseDetail } from '@clearing-desk/contracts/testing';
import { serialiseReusing } from '../../../apps/gateway/src/http/reused-json';
import { candidates, printTable, RED_FORM, TYPICAL_FORM } from '../assessment/fixtures';

const iterations = Number(process.argv[2] ?? 20_000);
const detail = createCourseDetail();
const near = candidates(25);

function measure(build: () => string): number {
  let bytes = 0;
  for (let i = 0; i < 2_000; i += 1) bytes += build().length; // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) bytes += Buffer.byteLength(build());
  const elapsed = Number(process.hrtime.bigint() - start) / 1000;
  if (bytes === 0) throw new Error('nothing built');
  return elapsed / iterations;
}

const rows: Record<string, string | number>[] = [];
for (const [name, form, alternatives] of [
  ['green form', TYPICAL_FORM, []],
  ['red form + 25 candidates', RED_FORM, near],
] as const) {
  const body = () => ({ course: detail.courseData, qualOptions: detail.qualOptions, access: detail.access, form, alternatives });
  const whole = measure(() => JSON.stringify(body()));
  const reused = measure(() => serialiseReusing(body(), { course: 'whole', qualOptions: 'whole', alternatives: 'each' }));
  rows.push({
    body: name,
    KB: Buffer.byteLength(JSON.stringify(body())) / 1024,
    'JSON.stringify µs': whole,
    'reuse µs': reused,
    'saved µs': whole - reused,
  });
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${iterations} calls each, Node ${process.version}`,
);
printTable(rows);
