/**
 * Callbacks that are never over-booked, under load: applications-svc in process over a fresh
 * PostgreSQL test database (the real locks), its clock fixed at 08:00 on Monday 17 August 2026.
 * The run:
 * 1. puts `--advisers` advisers on shift in `--hours` hours from 10:00 (15-minute slots: 4 per
 *    hour), so `--hours` x 4 x `--advisers` places (default 10 x 4 x 5 = 200);
 * 2. stores `--bookings` public applications (default 1,000);
 * 3. books them all at once (each a different application), spread round-robin over the slots;
 * 4. prints the places, the bookings that won (200), the 409s, the bookings stored per slot (none
 *    over its advisers), the booking's p50 / p95 / max and the wall time; `uptime` before and after.
 * Asserts nothing but prints OVER-BOOKED when a slot holds more than its advisers; not part of `npm test`.
 *
 *   npx tsx tools/bench/callbacks/callbacks.ts [--bookings 1000] [--hours 10] [--advisers 5]
 */
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { APPLICATIONS_SVC, applyResponseSchema, USER_HEADER, type Assessment, type StoreApplicationRequestInput } from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, endpointRequest, internalHeaders, TEST_INTERNAL_TOKEN } from '@clearing-desk/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { percentile, printTable } from '../assessment/fixtures';

/**
 * The service loaded at run time: importing it statically would put applications-svc's
 * `fastify.db` type augmentation into the tools program beside files-svc's (the uploads
 * benchmark), which TypeScript refuses (as tools/bench/figures/service.ts does).
 */
type ServiceModules = {
  buildApp: (config: unknown, options: { now: () => Date }) => Promise<FastifyInstance>;
  applicationsConfigSchema: { parse: (env: Record<string, string>) => unknown };
};
const APPLICATIONS_SVC_PACKAGE: string = '@clearing-desk/applications-svc';
const loadService = async (): Promise<ServiceModules> => (await import(APPLICATIONS_SVC_PACKAGE)) as ServiceModules;

const { values } = parseArgs({
  options: { bookings: { type: 'string', default: '1000' }, hours: { type: 'string', default: '10' }, advisers: { type: 'string', default: '5' } },
});
const BOOKINGS = Number(values.bookings);
const HOURS = Number(values.hours);
const ADVISERS = Number(values.advisers);
const uptime = () => execSync('uptime').toString().trim();

const detail = createCourseDetail();
const submitOnly: Assessment = {
  UCAS_POINTS_TOTAL: 144,
  UCAS_POINTS_EFFECTIVE: 144,
  TRAFFIC_LIGHT: 'G',
  OVER18: 1,
  SUBMISSION_OPTIONS: { BUTTONS: [{ STATUS: 'S', LABEL: 'Submit' }] },
  EXPLANATION: [],
  ALTERNATE: [],
};

async function main() {
  console.log(`before: ${uptime()}`);
  const { buildApp, applicationsConfigSchema } = await loadService();
  const database = await createTestDatabase('bench_callbacks');
  const app = await buildApp(
    applicationsConfigSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      NOTIFICATIONS_QUEUE_PREFIX: `bench-callbacks-${process.pid}`,
    }),
    { now: () => new Date('2026-08-17T07:00:00Z') },
  );
  await app.ready();
  try {
    const admin = internalHeaders({ [USER_HEADER]: encodeStaffUser({ username: 'bench', name: 'bench', roles: [{ role: 'Administrator', scope: 'all' }] }) });
    const rows = Array.from({ length: HOURS }, (_, i) => ({ DATE: '2026-08-17', HOUR: 10 + i, ADVISERS }));
    await app.inject({ ...endpointRequest(APPLICATIONS_SVC.callbackCapacityUpdate), headers: admin, payload: { rows } });
    // 10:00 London (BST) is 09:00 UTC; four 15-minute slots an hour.
    const slots = Array.from({ length: HOURS * 4 }, (_, i) => new Date(Date.parse('2026-08-17T09:00:00Z') + i * 15 * 60_000).toISOString());

    const hashes: string[] = [];
    for (let n = 0; n < BOOKINGS; n += 1) {
      const body: StoreApplicationRequestInput = {
        submission: {
          ...createApplicationForm({ EMAIL: `bench.${n}@example.com`, UCAS_PERSONAL_ID: String(6400000000 + n) }),
          SUBMISSION_ID: randomUUID(),
        } as StoreApplicationRequestInput['submission'],
        course: {
          UCAS_CODE: detail.courseData.UCAS_CODE,
          DEPART_NUMBER: '12',
          ALLOW_SECOND_YEAR_ENTRY: false,
          SCHOOL: 'BENCH',
          DEPT: 'BENCHD',
          COURSE_CODE_OVERRIDE: null,
        },
        qualOptions: detail.qualOptions,
        assessment: submitOnly,
        decision: { confirmed_status: 'S', sub_status: null, rejection_reasons: [], recommended_courses: [] },
        user: 'public',
      };
      const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: body });
      hashes.push(applyResponseSchema.parse(res.json()).hash);
    }

    const started = performance.now();
    const answers = await Promise.all(
      hashes.map(async (hash, i) => {
        const t = performance.now();
        const res = await app.inject({
          ...endpointRequest(APPLICATIONS_SVC.callbackBook, { params: { hash } }),
          headers: internalHeaders(),
          payload: { START: slots[i % slots.length] },
        });
        return { status: res.statusCode, ms: performance.now() - t };
      }),
    );
    const wall = performance.now() - started;

    const client = new Client({ connectionString: database.url });
    await client.connect();
    const stored = (
      await client.query<{ slot: Date; n: number }>(`select slot_start as slot, count(*)::int as n from callbacks where status = 'booked' group by slot_start`)
    ).rows;
    const emails = (await client.query<{ n: number }>(`select count(*)::int as n from outbox where kind = 'callback-email'`)).rows[0]!.n;
    await client.end();
    const over = stored.filter((s) => s.n > ADVISERS);
    const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
    printTable([
      {
        places: HOURS * 4 * ADVISERS,
        bookings: BOOKINGS,
        won: answers.filter((a) => a.status === 200).length,
        'refused (409)': answers.filter((a) => a.status === 409).length,
        other: answers.filter((a) => a.status !== 200 && a.status !== 409).length,
        stored: stored.reduce((sum, s) => sum + s.n, 0),
        emails,
        'slots over': over.length,
        'p50 ms': Math.round(percentile(ms, 50)),
        'p95 ms': Math.round(percentile(ms, 95)),
        'max ms': Math.round(ms[ms.length - 1] ?? NaN),
        'wall ms': Math.round(wall),
      },
    ]);
    if (over.length > 0) console.log('OVER-BOOKED:', over);
  } finally {
    await app.close();
    await database.drop();
  }
  console.log(`after: ${uptime()}`);
}

void main();
