import { randomUUID } from 'node:crypto';
import { OUTBOX_KINDS, type ReconciliationEmailPayload } from '@clearing-desk/contracts';
import { startNotificationsTestApp, type NotificationsTestApp } from '../testing/test-app';
import { STAFF_EMAIL_QUEUE_NAME } from './staff-email-worker';

let testApp: NotificationsTestApp;
let smtp: NotificationsTestApp['smtp'];
let queue: NotificationsTestApp['queue'];

beforeAll(async () => {
  testApp = await startNotificationsTestApp('notifications_staff_email', 'notif-staff', STAFF_EMAIL_QUEUE_NAME);
  ({ smtp, queue } = testApp);
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
