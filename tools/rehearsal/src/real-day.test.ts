import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { migrateDatabase } from '@clearing-desk/service-kit';
import { createTestDatabase, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { Client } from 'pg';
import { periodOf, readRealDay } from './real-day';
import { reportDataSchema, type ReportData } from './report-data';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');
const DAY = '2026-08-13';
const PERIOD = periodOf(DAY, DAY);
const NOW = new Date('2026-08-15T09:00:00.000Z');

let applicationsDb: TestDatabase;
let notificationsDb: TestDatabase;

async function withClient<T>(url: string, work: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const event = (type: string, course: string, data: Record<string, unknown>) => ({
  id: randomUUID(),
  type,
  occurredAt: '',
  application: { applicationId: '1', studentId: '1', ucasPersonalId: null, courseCode: course, courseCodeOverride: null, reference: 'R1', cycle: '2025/26' },
  data,
});

/**
 * A finished day in both databases: public submissions (one a duplicate, one the day before, one
 * by phone), offers made and taken back on two courses (one after the day), decision emails sent,
 * failed and still queued, work-queue claims and callbacks kept, late, missed and cancelled.
 */
async function seed(): Promise<number> {
  const emailOutbox = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const duplicateApplication = await withClient(applicationsDb.url, async (db) => {
    // The unique index forbids a duplicate; dropped here so the report's check has one to find.
    await db.query('drop index applications_course_email_unique');
    for (let i = 1; i <= 7; i++) {
      await db.query(
        `insert into students (student_id, name1, name2, email, email_normalised, dob, nationality, tel1) values ($1, 'A', 'B', $2, $2, '2007-01-01', 'GB', '0')`,
        [String(i), `s${i}@example.org`],
      );
    }
    const application = (student: number, course: string, status: string, createdAt: string, createdBy = 'public', email = `s${student}@example.org`) =>
      db.query<{ application_id: number }>(
        `insert into applications (hash, submission_id, student_id, ucas_code, depart_number, status, form, assessment, over18, second_year_entry, email_normalised, created_by, created_at)
         values ($1, $2, $3, $4, 'D1', $5, '{}', '{}', 1, 0, $6, $7, $8) returning application_id`,
        [randomUUID(), randomUUID(), String(student), course, status, email, createdBy, createdAt],
      );
    const ids: number[] = [];
    for (const [i, minute] of ['00', '01', '02', '03', '04'].entries())
      ids.push((await application(i + 1, 'G400', 'S', `2026-08-13T08:${minute}:00Z`)).rows[0]!.application_id);
    const duplicate = (await application(6, 'G400', 'S', '2026-08-13T08:06:00Z', 'public', 's1@example.org')).rows[0]!.application_id;
    await application(6, 'H620', 'S', '2026-08-12T22:59:59Z'); // the day before (UK): not counted
    await application(7, 'H620', 'O', '2026-08-13T09:00:00Z', 'adviser1'); // by phone: not a public submission

    await db.query(
      `insert into course_places (ucas_code, clearing_places, offer_allowance_hundredths, offers) values ('G400', 4, 100, 3), ('H620', 2, 150, 1)`,
    );
    const events: Array<[string, ReturnType<typeof event>]> = [
      ['2026-08-13T08:00:00Z', event('application.created.v1', 'G400', { status: 'O' })],
      ['2026-08-13T08:00:00Z', event('application.decision.v1', 'G400', { status: 'O' })],
      ['2026-08-13T08:10:00Z', event('application.created.v1', 'G400', { status: 'O' })],
      ['2026-08-13T08:20:00Z', event('application.status-changed.v1', 'G400', { previousStatus: 'S', status: 'O' })],
      ['2026-08-13T08:25:00Z', event('application.status-changed.v1', 'G400', { previousStatus: 'O', status: 'X' })],
      ['2026-08-13T08:30:00Z', event('application.status-changed.v1', 'G400', { previousStatus: 'S', status: 'O' })],
      ['2026-08-13T09:00:00Z', event('application.created.v1', 'H620', { status: 'O' })],
      // After the day: the ledger (3) has one offer fewer than at the day's end (4).
      ['2026-08-14T09:00:00Z', event('application.status-changed.v1', 'G400', { previousStatus: 'O', status: 'W' })],
      ['2026-08-14T09:00:00Z', event('application.withdrawn.v1', 'G400', { previousStatus: 'O', withdrawnBy: 'adviser1' })],
    ];
    for (const [at, e] of events) {
      await db.query(`insert into outbox (id, aggregate_id, kind, payload, created_at, relayed_at) values ($1, '1', 'application-event', $2, $3, $3)`, [
        e.id,
        { ...e, occurredAt: at },
        at,
      ]);
    }
    for (const [i, id] of emailOutbox.entries()) {
      await db.query(`insert into outbox (id, aggregate_id, kind, payload, created_at) values ($1, '1', 'decision-email', $2, $3)`, [
        id,
        { ucasCode: 'G400', course: { COURSE_TITLE: 'Computer Science' } },
        `2026-08-13T08:${10 * i}:00Z`,
      ]);
    }

    const [a1, a2, a3, a4, a5] = ids;
    await db.query(
      `insert into queue_claims (application_id, kind, username, due_at, claimed_at, expires_at) values
        ($1, 'public-waiting', 'adviser1', '2026-08-13T08:00:00Z', '2026-08-13T08:05:30Z', '2026-08-13T08:15:00Z'),
        ($2, 'public-waiting', 'adviser2', '2026-08-13T08:01:00Z', '2026-08-13T08:05:40Z', '2026-08-13T08:15:00Z'),
        ($3, 'callback', 'adviser1', '2026-08-13T10:00:00Z', '2026-08-13T10:02:00Z', '2026-08-13T10:12:00Z')`,
      [a1, a2, a3],
    );
    await db.query(
      `insert into callbacks (application_id, slot_start, slot_end, status, created_at) values
        ($1, '2026-08-13T10:00:00Z', '2026-08-13T10:15:00Z', 'done', '2026-08-13T08:00:00Z'),
        ($2, '2026-08-13T11:00:00Z', '2026-08-13T11:15:00Z', 'booked', '2026-08-13T08:00:00Z'),
        ($3, '2026-08-13T12:00:00Z', '2026-08-13T12:15:00Z', 'booked', '2026-08-13T08:00:00Z'),
        ($4, '2026-08-13T13:00:00Z', '2026-08-13T13:15:00Z', 'cancelled', '2026-08-13T08:00:00Z')`,
      [a3, a4, a5, a1],
    );
    // a4's call came 5 minutes after its slot; the applicant's own log entry in a5's slot is no call.
    await db.query(
      `insert into application_log (application_id, time, "user", message) values ($1, '2026-08-13T11:20:00Z', 'adviser1', 'Outbound call'), ($2, '2026-08-13T12:05:00Z', 'public', 'Callback booked')`,
      [a4, a5],
    );
    return duplicate;
  });
  await withClient(notificationsDb.url, async (db) => {
    const email = (outboxId: string, state: string, decidedAt: string, sentAt: string | null, failedAt: string | null, resendOf: string | null = null) =>
      db.query(
        `insert into emails (id, outbox_id, kind, application_id, student_id, ucas_code, status, recipient, subject, html, text, message_id, state, decided_at, sent_at, failed_at, resend_of)
         values ($1, $2, 'DECISION', '1', '1', 'G400', 'O', 'a@example.org', 's', 'h', 't', $8, $3, $4, $5, $6, $7)`,
        [randomUUID(), outboxId, state, decidedAt, sentAt, failedAt, resendOf, `<${randomUUID()}@example.org>`],
      );
    await email(emailOutbox[0]!, 'sent', '2026-08-13T08:00:00Z', '2026-08-13T08:00:04Z', null);
    await email(emailOutbox[1]!, 'sent', '2026-08-13T08:10:00Z', '2026-08-13T08:12:00Z', null);
    await email(emailOutbox[2]!, 'failed', '2026-08-13T08:20:00Z', null, '2026-08-13T08:30:00Z');
    // emailOutbox[3] never reached notifications-svc: pending. A staff resend is not a decision's email.
    await email(randomUUID(), 'sent', '2026-08-13T08:00:00Z', '2026-08-13T09:00:00Z', null, emailOutbox[0]!);
  });
  return duplicateApplication;
}

let duplicateId: number;

beforeAll(async () => {
  applicationsDb = await createTestDatabase('real_day_applications');
  notificationsDb = await createTestDatabase('real_day_notifications');
  await withClient(applicationsDb.url, (c) => migrateDatabase(c, path.join(ROOT, 'apps/applications-svc/drizzle')));
  await withClient(notificationsDb.url, (c) => migrateDatabase(c, path.join(ROOT, 'apps/notifications-svc/drizzle')));
  duplicateId = await seed();
});

afterAll(async () => {
  await applicationsDb?.drop();
  await notificationsDb?.drop();
});

describe('the period', () => {
  it('takes a date as its whole UK day, in summer and winter time', () => {
    expect(periodOf(DAY, DAY)).toEqual({ from: new Date('2026-08-12T23:00:00.000Z'), to: new Date('2026-08-13T23:00:00.000Z') });
    expect(periodOf('2026-10-25', '2026-10-25')).toEqual({ from: new Date('2026-10-24T23:00:00.000Z'), to: new Date('2026-10-26T00:00:00.000Z') });
    expect(periodOf('2026-03-29', '2026-03-29')).toEqual({ from: new Date('2026-03-29T00:00:00.000Z'), to: new Date('2026-03-29T23:00:00.000Z') });
    expect(() => periodOf(DAY, '2026-08-12')).toThrow('--to must be after --from');
  });
});

describe('readRealDay on a seeded day', () => {
  let data: ReportData;
  beforeAll(async () => {
    data = reportDataSchema.parse(
      await readRealDay({ ...PERIOD, applicationsDatabaseUrl: applicationsDb.url, notificationsDatabaseUrl: notificationsDb.url, commit: 'abc', now: NOW }),
    );
  });

  it('is a real day: no seed, scale, load or fault, and latency and errors not recorded without Prometheus', () => {
    expect(data.run).toMatchObject({
      mode: 'real-day',
      seed: null,
      scale: null,
      loadAverage: null,
      startedAt: '2026-08-12T23:00:00.000Z',
      endedAt: '2026-08-13T23:00:00.000Z',
      durationSeconds: 86_400,
    });
    expect(data.fault).toBeNull();
    const reason = 'No --prometheus-url was given; the databases keep no request timings or answers by route (the gateway’s request log is not read).';
    expect([data.latency, data.errors]).toEqual([
      { recorded: false, reason },
      { recorded: false, reason },
    ]);
  });

  it('counts public submissions stored and the duplicate, never the lost', () => {
    expect(data.submissions).toEqual({ acknowledged: null, stored: 6, lost: null, duplicated: 1, lostIds: [], duplicatedIds: [String(duplicateId)] });
  });

  it('replays the offers of each course against its places, with the forecast taken half way', () => {
    expect(data.places.courses).toEqual([
      {
        courseCode: 'G400',
        title: 'Computer Science',
        places: 4,
        offers: 4,
        // Half way (2 of 4) at 08:00 with one offer in the hour: 1/4 x 1/15 + 3/4 x 1/60 = 7/240 a minute, 2 places left: 68 min 34.286 s.
        forecastTakenAt: '2026-08-13T08:00:00.000Z',
        forecastFullAt: '2026-08-13T09:08:34.286Z',
        actualFullAt: '2026-08-13T08:20:00.000Z',
      },
      { courseCode: 'H620', title: '', places: 3, offers: 1, forecastTakenAt: null, forecastFullAt: null, actualFullAt: null },
    ]);
  });

  it('measures the work queue waits per minute and kind, and the callbacks kept in their slot', () => {
    expect(data.queue.waits).toEqual([
      { minute: '2026-08-13T08:05:00.000Z', kind: 'public-waiting', claimed: 2, p50WaitSeconds: 280, p95WaitSeconds: 330, maxWaitSeconds: 330 },
      { minute: '2026-08-13T10:02:00.000Z', kind: 'callback', claimed: 1, p50WaitSeconds: 120, p95WaitSeconds: 120, maxWaitSeconds: 120 },
    ]);
    expect(data.queue.callbacks).toEqual({ booked: 4, keptInWindow: 1, late: 1, missed: 1, cancelled: 1, lateBySeconds: { p50: 300, p95: 300, max: 300 } });
  });

  it('reads the decision emails sent, failed and pending, with their delay', () => {
    expect(data.emails).toEqual({
      sent: 2,
      failed: 1,
      pending: 1,
      delaySeconds: { p50: 4, p95: 120, max: 120 },
      perMinute: [
        { minute: '2026-08-13T08:00:00.000Z', sent: 1, p50DelaySeconds: 4, p95DelaySeconds: 4, maxDelaySeconds: 4 },
        { minute: '2026-08-13T08:12:00.000Z', sent: 1, p50DelaySeconds: 120, p95DelaySeconds: 120, maxDelaySeconds: 120 },
      ],
    });
  });

  it('gives a verdict per SLO', () => {
    expect(data.verdicts.map((v) => `${v.name} | ${v.target} | ${v.measured} | ${v.status}`)).toEqual([
      'Submit p99 | p99 ≤ 2 s | Not recorded | not-recorded',
      'Public reads p95 | p95 ≤ 500 ms | Not recorded | not-recorded',
      'Server errors | < 1 % of public requests | Not recorded | not-recorded',
      'Submissions lost | 0 | Not recorded (acknowledgements are not stored) | not-recorded',
      'Submissions duplicated | 0 | 1 | fail',
      'Recovery after the fault | ≤ 60 s | Not recorded (no fault) | not-recorded',
      'Decision email delay p95 | ≤ 60 s | 120.0 s (1 not sent by the end) | fail',
      'Public submissions waiting, p95 until an adviser calls | ≤ 15 min | 330 s | pass',
      'Callbacks kept in their slot | ≥ 95 % | 1 of 3 | fail',
      'Offers within places | no course over its places | 2 courses within | pass',
    ]);
  });
});

describe('readRealDay with Prometheus', () => {
  let server: Server;
  const queries: string[] = [];
  beforeAll(async () => {
    // Prometheus is outside the system: a stand-in answering its range-query API.
    const t1 = Date.parse('2026-08-13T08:01:00Z') / 1000;
    const t2 = t1 + 60;
    const route = { method: 'POST', route: '/api/apply/:course' };
    server = createServer((req, res) => {
      const query = new URL(req.url ?? '/', 'http://x').searchParams.get('query') ?? '';
      queries.push(query);
      const q = /histogram_quantile\(([\d.]+)/.exec(query)?.[1];
      const result = q
        ? [
            {
              metric: route,
              values: [
                [t1, String(Number(q) * 2)],
                [t2, String(Number(q) * 4)],
              ],
            },
            { metric: { method: 'GET', route: '/api/courses' }, values: [[t1, '0.01']] },
          ]
        : [
            {
              metric: { ...route, status_code: '200' },
              values: [
                [t1, '98.4'],
                [t2, '50'],
              ],
            },
            {
              metric: { ...route, status_code: '503' },
              values: [
                [t1, '2'],
                [t2, '0'],
              ],
            },
            { metric: { method: 'GET', route: '/api/courses', status_code: '200' }, values: [[t1, '10']] },
            { metric: { method: 'GET', route: '', status_code: '404' }, values: [[t1, '3']] },
          ];
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'success', data: { resultType: 'matrix', result } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('takes latency per route and minute and the 5xx by route from the gateway’s histograms', async () => {
    const prometheusUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const data = reportDataSchema.parse(
      await readRealDay({ ...PERIOD, applicationsDatabaseUrl: applicationsDb.url, notificationsDatabaseUrl: notificationsDb.url, prometheusUrl, now: NOW }),
    );
    expect(queries).toContain('histogram_quantile(0.99, sum by (le, method, route) (rate(http_request_duration_seconds_bucket{app="gateway"}[1m])))');
    expect(data.latency).toEqual({
      recorded: true,
      source: 'prometheus',
      routes: [
        { route: 'GET /api/courses', buckets: [{ minute: '2026-08-13T08:00:00.000Z', count: 10, p50Ms: 10, p95Ms: 10, p99Ms: 10 }] },
        {
          route: 'POST /api/apply/:course',
          buckets: [
            { minute: '2026-08-13T08:00:00.000Z', count: 100, p50Ms: 1000, p95Ms: 1900, p99Ms: 1980 },
            { minute: '2026-08-13T08:01:00.000Z', count: 50, p50Ms: 2000, p95Ms: 3800, p99Ms: 3960 },
          ],
        },
      ],
    });
    expect(data.errors).toEqual({
      recorded: true,
      source: 'prometheus',
      routes: [
        { route: 'GET /api/courses', buckets: [{ minute: '2026-08-13T08:00:00.000Z', requests: 10, errors: 0, byStatus: {} }] },
        {
          route: 'POST /api/apply/:course',
          buckets: [
            { minute: '2026-08-13T08:00:00.000Z', requests: 100, errors: 2, byStatus: { '503': 2 } },
            { minute: '2026-08-13T08:01:00.000Z', requests: 50, errors: 0, byStatus: {} },
          ],
        },
      ],
    });
    expect(data.verdicts.slice(0, 3).map((v) => `${v.name}: ${v.measured} | ${v.status}`)).toEqual([
      'Submit p99: worst minute 3,960 ms; 1 minute over, longest run 1 | pass',
      'Public reads p95: worst minute 10 ms; 0 minutes over, longest run 0 | pass',
      'Server errors: 1.25 % (2 of 160) | fail',
    ]);
  });
});

describe('the command', () => {
  it('writes the page and its JSON, and refuses missing arguments with the usage', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'real-day-'));
    try {
      const out = path.join(dir, 'day.html');
      const script = path.join(ROOT, 'tools/rehearsal/src/real-day.ts');
      const { stdout } = await run(
        process.execPath,
        [
          '--import',
          'tsx',
          script,
          '--from',
          DAY,
          '--to',
          DAY,
          '--database-url',
          applicationsDb.url,
          '--notifications-database-url',
          notificationsDb.url,
          '--out',
          out,
        ],
        { cwd: ROOT },
      );
      expect(stdout).toBe(`${out}\n${path.join(dir, 'day.json')}\n`);
      expect(readFileSync(out, 'utf8')).toContain('<h1>Results-day report (real day)</h1>');
      await expect(run(process.execPath, ['--import', 'tsx', script, '--from', DAY], { cwd: ROOT })).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('usage: npx tsx tools/rehearsal/src/real-day.ts'),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000); // two tsx processes start: a minute each on a loaded machine
});
