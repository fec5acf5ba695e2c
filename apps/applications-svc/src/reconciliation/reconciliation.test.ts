import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  APPLICATION_EVENT_TYPES,
  errorResponseSchema,
  londonCalendarDate,
  OUTBOX_KINDS,
  reconciliationReportSchema,
  type Assessment,
  type StaffUser,
  type StoreApplicationRequestInput,
} from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { endpointRequest, internalHeaders } from '@clearing-desk/service-kit/testing';
import { and, eq, isNotNull } from 'drizzle-orm';
import { outbox, reconciliationReports, webhookDeliveries } from '../db/schema';
import { startApplicationsTestApp, type ApplicationsTestApp } from '../testing/test-app';

let t: ApplicationsTestApp;
const receivers: Server[] = [];

const admin: StaffUser = { username: 'admin', name: 'Ada Administrator', roles: [{ role: 'Administrator', scope: 'all' }] };
const editorCmps: StaffUser = { username: 'editor-cmps', name: 'Cem Compton', roles: [{ role: 'Editor', scope: 'dept:CMPS' }] };
const as = (user: StaffUser) => internalHeaders({ 'x-clearing-user': encodeStaffUser(user) });

const assessment: Assessment = {
  UCAS_POINTS_TOTAL: 144,
  UCAS_POINTS_EFFECTIVE: 144,
  TRAFFIC_LIGHT: 'G',
  OVER18: 1,
  SUBMISSION_OPTIONS: { BUTTONS: [{ STATUS: 'S', LABEL: 'Submit' }] },
  EXPLANATION: [],
  ALTERNATE: [],
};
const detail = createCourseDetail();
let people = 0;

/** Stores a public application decided `status` (through the service's own store route: its events in its transaction). */
async function decide(status: 'O' | 'X' | 'S') {
  people += 1;
  const body: StoreApplicationRequestInput = {
    submission: {
      ...createApplicationForm({ EMAIL: `reconcile.${people}@example.com`, UCAS_PERSONAL_ID: String(6100000000 + people) }),
      SUBMISSION_ID: randomUUID(),
    } as StoreApplicationRequestInput['submission'],
    course: { UCAS_CODE: detail.courseData.UCAS_CODE, DEPART_NUMBER: detail.courseData.DEPART_NUMBER, ALLOW_SECOND_YEAR_ENTRY: false },
    qualOptions: detail.qualOptions,
    assessment,
    decision: { confirmed_status: status, sub_status: status === 'O' ? 'AO' : status === 'X' ? 'AX' : null, rejection_reasons: [], recommended_courses: [] },
    user: 'public',
  };
  const res = await t.app.inject({ ...endpointRequest(APPLICATIONS_SVC.store), headers: internalHeaders(), payload: body as object });
  expect(res.statusCode).toBe(201);
}

/** A record system's receiver on this machine answering every POST with `status`. */
async function receiver(status: number): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receivers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

/** Dispatches and waits until `done` holds for the endpoint (state, not time: each round asks again). */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400 && !(await done()); i++) {
    await t.app.webhooks.dispatchNow();
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(await done()).toBe(true);
}
const endpointState = async (id: string) => (await t.app.webhooks.repository.list()).find((e) => e.id === id)!;
/**
 * How many events an endpoint has been delivered. Pending alone is not enough to wait on: the
 * dispatcher turns events into deliveries from the commit-safe feed on its own passes, so an
 * endpoint can have delivered the first decisions, with nothing pending, before the later ones
 * have become its deliveries.
 */
const deliveredTo = async (id: string) =>
  (
    await t.app.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, id), isNotNull(webhookDeliveries.deliveredAt)))
  ).length;

const report = async (query = '') => t.app.inject({ method: 'GET', url: `${APPLICATIONS_SVC.reconciliation.path}${query}`, headers: as(admin) });

beforeAll(async () => {
  t = await startApplicationsTestApp(
    'applications_reconciliation',
    `reconcile-${randomUUID()}`,
    { WEBHOOK_PAUSE_AFTER_FAILURES: '1', RECONCILIATION_CRON: '', RECONCILIATION_EMAIL_TO: 'admin@university.example, supervisor@university.example' },
    () => new Date(),
  );
});

afterAll(async () => {
  await t?.close();
  await Promise.all(receivers.map((s) => new Promise((r) => s.close(r))));
});

const EMAIL_TO = ['admin@university.example', 'supervisor@university.example'];
const reconciliationEmails = () => t.app.db.select().from(outbox).where(eq(outbox.kind, OUTBOX_KINDS.RECONCILIATION_EMAIL));

describe(`GET ${APPLICATIONS_SVC.reconciliation.path}`, () => {
  let good = '';

  it('counts the same per status in the figures, the events feed and an endpoint that took every delivery, and the nightly run emails nobody', async () => {
    const issued = await t.app.webhooks.repository.create({ url: await receiver(204), eventTypes: [APPLICATION_EVENT_TYPES.DECISION] }, 'admin');
    good = issued.endpoint.id;
    for (const status of ['O', 'O', 'X', 'S'] as const) await decide(status);
    await until(async () => (await deliveredTo(good)) === 4 && (await endpointState(good)).pending === 0);

    const res = await report();
    expect(res.statusCode).toBe(200);
    const body = reconciliationReportSchema.parse(res.json());
    expect(body.day).toBe(londonCalendarDate(new Date()));
    expect(body.cycle).toBe('2025/26');
    expect(body.differences).toBe(0);
    const byStatus = Object.fromEntries(body.rows.map((r) => [r.status, [r.figures, r.events, ...r.endpoints.map((e) => e.delivered)]]));
    expect(byStatus).toEqual({ O: [2, 2, 2], I: [0, 0, 0], S: [1, 1, 1], R: [0, 0, 0], X: [1, 1, 1], P: [0, 0, 0], D: [0, 0, 0], W: [0, 0, 0] });

    const stored = await t.app.runNightlyReconciliation();
    expect(stored.report.differences).toBe(0);
    expect(stored.emailed).toBe(0);
    expect(await reconciliationEmails()).toEqual([]);
  });

  it('shows a difference for an endpoint whose delivery failed and that is paused, and the nightly run emails each Administrator and supervisor once', async () => {
    const issued = await t.app.webhooks.repository.create({ url: await receiver(503), eventTypes: [APPLICATION_EVENT_TYPES.DECISION] }, 'admin');
    const failing = issued.endpoint.id;
    await decide('O');
    await until(async () => (await endpointState(failing)).status === 'paused' && (await deliveredTo(good)) === 5 && (await endpointState(good)).pending === 0);

    const body = reconciliationReportSchema.parse((await report()).json());
    const offered = body.rows.find((r) => r.status === 'O')!;
    expect(offered).toMatchObject({ figures: 3, events: 3, eventsDiffer: false, differs: true });
    expect(offered.endpoints).toEqual([
      { id: good, delivered: 3, differs: false },
      { id: failing, delivered: 0, differs: true },
    ]);
    expect(body.endpoints.find((e) => e.id === failing)?.status).toBe('paused');
    // Every other status: the failing endpoint was told nothing (registered after them), so X and S differ too.
    expect(body.rows.filter((r) => r.differs).map((r) => r.status)).toEqual(['O', 'S', 'X']);
    expect(body.differences).toBe(3);

    const stored = await t.app.runNightlyReconciliation();
    expect(stored.emailed).toBe(2);
    const [row] = await t.app.db.select().from(reconciliationReports).where(eq(reconciliationReports.id, stored.id));
    expect(row).toMatchObject({ differences: 3, emailed: 2, cycle: '2025/26' });
    const emails = await reconciliationEmails();
    expect(emails.map((e) => (e.payload as { recipient: string }).recipient).sort()).toEqual(EMAIL_TO);
    const day = londonCalendarDate(new Date());
    expect(emails[0]!.payload).toMatchObject({
      reportId: stored.id,
      day,
      subject: `Clearing reconciliation ${day}: 3 differences`,
      lines: [
        `The reconciliation of ${day} (cycle 2025/26) found counts that differ from the figures:`,
        `Offered (O): delivered to ${issued.endpoint.url} 0, figures 3`,
        `Submitted (S): delivered to ${issued.endpoint.url} 0, figures 1`,
        `Rejected (X): delivered to ${issued.endpoint.url} 0, figures 1`,
        'Open Daily reconciliation on the staff screens for the whole report.',
      ],
    });
  });

  it('counts a day before any application as zeros, as at the end of that day in the team’s time zone', async () => {
    const body = reconciliationReportSchema.parse((await report('?date=2025-08-13')).json());
    expect(body.asAt).toBe('2025-08-13T23:00:00.000Z');
    expect(body.rows.every((r) => r.figures === 0 && r.events === 0)).toBe(true);
    const stored = await t.app.db.select({ id: reconciliationReports.id }).from(reconciliationReports);
    expect(stored).toHaveLength(2);
  });

  it('refuses a user without view-report over every course (403) and a day that is not a date (400), with their messages', async () => {
    const forbidden = await t.app.inject({ method: 'GET', url: APPLICATIONS_SVC.reconciliation.path, headers: as(editorCmps) });
    expect(forbidden.statusCode).toBe(403);
    expect(errorResponseSchema.parse(forbidden.json()).message).toBe('Only staff who view reports on every course can see the reconciliation.');
    const bad = await report('?date=2025-02-30');
    expect(bad.statusCode).toBe(400);
    expect(errorResponseSchema.parse(bad.json()).message).toMatch(/date/);
  });
});
