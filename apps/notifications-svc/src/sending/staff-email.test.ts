import { randomUUID } from 'node:crypto';
import { OUTBOX_KINDS, wallboardAlertEmail, type ReconciliationEmailPayload, type StaffEmailPayload } from '@clearing-desk/contracts';
import { QueueEvents } from 'bullmq';
import { startNotificationsTestApp, type NotificationsTestApp } from '../testing/test-app';
import { STAFF_EMAIL_QUEUE_NAME } from './staff-email-worker';

let testApp: NotificationsTestApp;
let smtp: NotificationsTestApp['smtp'];
let queue: NotificationsTestApp['queue'];
let prefix: string;

beforeAll(async () => {
  testApp = await startNotificationsTestApp('notifications_staff_email', 'notif-staff', STAFF_EMAIL_QUEUE_NAME);
  ({ smtp, queue, prefix } = testApp);
});

afterAll(async () => {
  await testApp?.close();
});

const payload: ReconciliationEmailPayload = {
  reportId: randomUUID(),
  day: '2025-08-14',
  recipient: 'supervisor@university.example',
  subject: 'Clearing reconciliation 2025-08-14: 1 difference',
  lines: [
    'The reconciliation of 2025-08-14 (cycle 2025/26) found counts that differ from the figures:',
    'Offered (O): delivered to https://records.example/hooks 2, figures 3',
    'Open Daily reconciliation on the staff screens for the whole report.',
  ],
};

describe('staff emails (the nightly reconciliation)', () => {
  it('sends the reconciliation email the outbox relay queued to its recipient, word for word, with a Message-ID of its outbox row', async () => {
    const outboxId = randomUUID();
    // Exactly as applications-svc's relay adds it (job name = outbox kind, id = outbox id).
    await queue.add(OUTBOX_KINDS.RECONCILIATION_EMAIL, { outboxId, payload }, { jobId: outboxId, attempts: 3 });
    await smtp.waitFor(1);
    const mail = smtp.caught[0]!.mail;
    expect(mail.subject).toBe('Clearing reconciliation 2025-08-14: 1 difference');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('supervisor@university.example');
    expect(mail.messageId).toBe(`<${outboxId}@university.example>`);
    for (const line of payload.lines) {
      expect(mail.text).toContain(line);
      expect(mail.html || '').toContain(line);
    }
  });
});

describe('staff emails (the wallboard alerts)', () => {
  it('sends each supervisor exactly one email of an alert, even when the relay hands a row on twice', async () => {
    const before = smtp.caught.length;
    const { subject, lines } = wallboardAlertEmail({
      ID: randomUUID(),
      THRESHOLD: 'full',
      MINUTES: null,
      UCAS_CODE: 'G400',
      COURSE_TITLE: 'Computer Science',
      CYCLE: '2025/26',
      RAISED_AT: '2025-08-14T09:42:00Z',
    });
    // One outbox row per supervisor, as applications-svc writes them with the alert.
    const rows = ['lead@university.example', 'floor@university.example'].map((recipient) => ({
      outboxId: randomUUID(),
      payload: { recipient, subject, lines, alertId: 'a1' } satisfies StaffEmailPayload & { alertId: string },
    }));
    for (const row of rows) await queue.add(OUTBOX_KINDS.WALLBOARD_ALERT_EMAIL, row, { jobId: row.outboxId, attempts: 3 });
    // The relay handing the first row on again (a crash before it marked the row relayed): the same job id, no second job.
    await queue.add(OUTBOX_KINDS.WALLBOARD_ALERT_EMAIL, rows[0]!, { jobId: rows[0]!.outboxId, attempts: 3 });
    await smtp.waitFor(before + 2);
    const sent = smtp.caught.slice(before).map(({ mail }) => `${mail.to && !Array.isArray(mail.to) ? mail.to.text : ''}: ${mail.subject}`);
    expect(sent.sort()).toEqual(['floor@university.example: Full: Computer Science (G400)', 'lead@university.example: Full: Computer Science (G400)']);
    for (const { mail } of smtp.caught.slice(before)) {
      expect(mail.text).toContain('Raised at 10:42 (UK time), recruitment cycle 2025/26.');
      expect(mail.text).toContain('Open the wallboard on the staff screens for the live figures.');
    }
    // Nothing else waits to be sent: the queue holds the two jobs, both done.
    const events = new QueueEvents(STAFF_EMAIL_QUEUE_NAME, { connection: { host: '127.0.0.1', port: 6379 }, prefix });
    try {
      const jobs = await Promise.all(rows.map((r) => queue.getJob(r.outboxId)));
      await Promise.all(jobs.map((j) => j!.waitUntilFinished(events, 20_000)));
    } finally {
      await events.close();
    }
    expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'failed')).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
  });
});
