/**
 * Assessments per second in one Node thread, in-process (no HTTP): the engine alone and the
 * service's whole route path. Goal: at least 20,000 assessments/s for a typical form
 * (3 A levels + 5 GCSEs). Prints figures; asserts nothing.
 *
 *   npx tsx tools/bench/assessment/in-process.ts [seconds-per-row=2]
 *   taskset -c 0 npx tsx tools/bench/assessment/in-process.ts   # pin to one core
 */
import { ASSESSMENT_SVC, assessmentSchema, assessRequestSchema, type AssessRequestInput } from '@clearing-desk/contracts';
import { createCourseDetail } from '@clearing-desk/contracts/testing';
import { TEST_INTERNAL_TOKEN, internalHeaders } from '@clearing-desk/service-kit/testing';
// This benchmark measures the service's own code in-process (eslint.config.mjs: type:tool may),
// through its public entries.
import { buildApp } from '@clearing-desk/assessment-svc';
import { assess, type AssessInput } from '@clearing-desk/assessment-svc/engine';
import { RED_FORM, TYPICAL_FORM, candidates, percentile, printTable } from './fixtures';

const SECONDS = Number(process.argv[2] ?? 2);
const detail = createCourseDetail();

type Row = { scenario: string; 'ops/s': number; 'mean µs': number; 'p50 µs': number; 'p99 µs': number };

/** Runs `op` for `SECONDS` after a short warm-up; `prepare` makes the input of each call outside the timing. */
async function measure<T>(scenario: string, prepare: (i: number) => T, op: (input: T) => unknown): Promise<Row> {
  const warmUntil = performance.now() + 300;
  for (let i = 0; performance.now() < warmUntil; i++) await op(prepare(i));
  const samples: number[] = [];
  let busy = 0;
  const end = performance.now() + SECONDS * 1000;
  for (let i = 0; performance.now() < end; i++) {
    const input = prepare(i);
    const t0 = process.hrtime.bigint();
    await op(input);
    const dt = Number(process.hrtime.bigint() - t0) / 1000;
    busy += dt;
    samples.push(dt);
  }
  samples.sort((a, b) => a - b);
  return {
    scenario,
    'ops/s': Math.round((samples.length / busy) * 1e6),
    'mean µs': busy / samples.length,
    'p50 µs': percentile(samples, 50),
    'p99 µs': percentile(samples, 99),
  };
}

/** Fresh copies of the course's qualOptions, as a request brings them (no index cached yet). */
const freshQualOptions = () => {
  const pool = Array.from({ length: 4096 }, () => structuredClone(detail.qualOptions));
  return (i: number) => pool[i % pool.length] ?? detail.qualOptions;
};

async function main() {
  const base: AssessInput = { course: detail.courseData, qualOptions: detail.qualOptions, form: TYPICAL_FORM, access: null, alternatives: [] };
  const twoHundred = candidates(200);
  const rows: Row[] = [];

  rows.push(await measure('engine, typical form (qualOptions indexed)', () => base, assess));
  rows.push(await measure('engine, typical form, staff (Back Office)', () => ({ ...base, access: 'Back Office' }), assess));
  const fresh = freshQualOptions();
  rows.push(await measure('engine, typical form, fresh qualOptions', (i) => ({ ...base, qualOptions: fresh(i) }), assess));
  rows.push(await measure('engine, red form + 200 candidates', () => ({ ...base, form: RED_FORM, alternatives: twoHundred }), assess));

  const body: AssessRequestInput = { course: detail.courseData, qualOptions: detail.qualOptions, form: TYPICAL_FORM, access: null, alternatives: [] };
  const json = JSON.stringify(body);
  rows.push(
    await measure(
      'route path: JSON.parse + zod parse + engine + zod check + JSON',
      () => json,
      (text) => {
        const input = assessRequestSchema.parse(JSON.parse(text));
        return JSON.stringify(assessmentSchema.parse(assess(input)));
      },
    ),
  );

  const app = await buildApp({
    HOST: '127.0.0.1',
    PORT: 0,
    METRICS_HOST: '127.0.0.1',
    METRICS_PORT: 0,
    LOG_LEVEL: 'silent',
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    BODY_LIMIT_BYTES: 1_048_576,
  });
  await app.ready();
  const headers = { ...internalHeaders(), 'content-type': 'application/json' };
  rows.push(
    await measure(
      `fastify inject POST ${ASSESSMENT_SVC.assess.path}`,
      () => json,
      async (payload) => {
        const res = await app.inject({ method: 'POST', url: ASSESSMENT_SVC.assess.path, headers, payload });
        if (res.statusCode !== 200) throw new Error(res.body);
      },
    ),
  );
  await app.close();

  console.log(`assessment-svc in-process, one thread, ${SECONDS} s per row (Node ${process.version}, goal >= 20,000 ops/s for the engine)\n`);
  printTable(rows);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
