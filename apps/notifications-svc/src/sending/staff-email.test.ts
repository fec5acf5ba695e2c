import { randomBytes, randomUUID } from 'node:crypto';
import { OUTBOX_KINDS, type ReconciliationEmailPayload } from '@clearing-desk/contracts';
import { loadConfig } from '@clearing-desk/service-kit';
import { createTestDatabase, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { Queue } from 'bullmq';
import { buildApp } from '../app';
import { notificationsConfigSchema } from '../config';
import { startSmtpCatcher, type SmtpCatcher } from '../testing/smtp-catcher';
import { STAFF_EMAIL_QUEUE_NAME } from './staff-email-worker';

let db: TestDatabase;
let smtp: SmtpCatcher;
let app: Awaited<ReturnType<typeof buildApp>>;
let queue: Queue;
const prefix = `notif-staff-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  db = await createTestDatabase('notifications_staff_email');
  smtp = await startSmtpCatcher();
  app = await buildApp(
    loadConfig(notificationsConfigSchema, {
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Clearing Desk <clearing@university.example>',
      NOTIFICATIONS_QUEUE_PREFIX: prefix,
      NOTIFICATIONS_QUEUE_EPHEMERAL: 'true',
    }),
  );
  await app.ready();
  queue = new Queue(STAFF_EMAIL_QUEUE_NAME, { connection: { host: '127.0.0.1', port: 6379 }, prefix });
});

afterAll(async () => {
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
  await app?.close();
  await smtp?.close();
  await db?.drop();
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
