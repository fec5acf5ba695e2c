import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createDecisionEmailPayload } from '@clearing-desk/contracts/testing';
import { loadConfig } from '@clearing-desk/service-kit';
import { createTestDatabase, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { Queue } from 'bullmq';
import { buildApp } from '../app';
import { notificationsConfigSchema } from '../config';
import { startSmtpCatcher, type SmtpCatcher } from '../testing/smtp-catcher';
import { EMAIL_JOB_NAMES, EMAIL_QUEUE_NAME } from './email-queue';

/**
 * A worker killed after the SMTP server accepted an email (and the acceptance was noted in Redis)
 * and before the database recorded it (README "Delivery"): another worker takes the stalled job
 * once the dead one's lock expires, finds the noted acceptance and records it, without sending the
 * email again. And a database that fails at that moment: the job's retry records it, one email.
 */
const REPO_ROOT = path.resolve(__dirname, '../../../..');
const prefix = `notif-kill-${randomBytes(4).toString('hex')}`;

let db: TestDatabase;
let smtp: SmtpCatcher;
let child: ChildProcess | undefined;
let second: Awaited<ReturnType<typeof buildApp>> | undefined;
let queue: Queue;

const env = () => ({
  INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
  LOG_LEVEL: 'silent',
  DATABASE_URL: db.url,
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Clearing Desk <clearing@university.example>',
  MAIL_REPLY_TO: 'clearing-team@university.example',
  PUBLIC_URL: 'https://clearing.university.example/',
  UCAS_INSTITUTION_CODE: 'Z99',
  NOTIFICATIONS_QUEUE_PREFIX: prefix,
  NOTIFICATIONS_QUEUE_EPHEMERAL: 'true',
  NOTIFICATIONS_JOB_LOCK_MS: '1000',
  NOTIFICATIONS_STALLED_INTERVAL_MS: '500',
  NOTIFICATIONS_BACKOFF_MS: '100',
  PORT: '0',
});

beforeAll(async () => {
  db = await createTestDatabase('notifications_killed');
  smtp = await startSmtpCatcher();
  queue = new Queue(EMAIL_QUEUE_NAME, { connection: { host: '127.0.0.1', port: 6379 }, prefix });
});

afterAll(async () => {
  child?.kill('SIGKILL');
  await second?.close();
  await queue?.close();
  await smtp?.close();
  await db?.drop();
});

it('records, not sends again, an email whose worker died between acceptance and record', async () => {
  child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '../testing/dying-worker.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env(), TSX_TSCONFIG_PATH: path.join(REPO_ROOT, 'apps/notifications-svc/tsconfig.json') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child?.once('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child!.stdout! }).on('line', (line) => line === 'READY' && resolve());
    void exited.then(() => reject(new Error('the dying worker exited before it was ready')));
  });

  const outboxId = randomUUID();
  await queue.add(EMAIL_JOB_NAMES.DECISION, { outboxId, payload: createDecisionEmailPayload({ applicationId: '9100' }) }, { jobId: outboxId, attempts: 30 });
  // Accepted by the SMTP server, then the worker is gone before recording it.
  await smtp.waitFor(1);
  expect(await exited).toBe('SIGKILL');
  expect(smtp.caught[0]!.mail.messageId).toBe(`<${outboxId}@university.example>`);

  second = await buildApp(loadConfig(notificationsConfigSchema, env()));
  await second.ready();
  const row = await sentRow(second, outboxId);
  // One email, recorded as sent by the second worker after the dead one's single attempt.
  expect(row).toMatchObject({ state: 'sent', attempts: 1 });
  const job = await queue.getJob(outboxId);
  expect(await job?.isCompleted()).toBe(true);
  expect(smtp.caught).toHaveLength(1);
  await second.close();
  second = undefined;
}, 90_000);

it('sends one email when the database fails between the acceptance and its record', async () => {
  let failOnce = true;
  second = await buildApp(loadConfig(notificationsConfigSchema, env()), {
    onAccepted: () => {
      if (!failOnce) return;
      failOnce = false;
      throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    },
  });
  await second.ready();
  const before = smtp.caught.length;
  const outboxId = randomUUID();
  await queue.add(
    EMAIL_JOB_NAMES.DECISION,
    { outboxId, payload: createDecisionEmailPayload({ applicationId: '9101' }) },
    { jobId: outboxId, attempts: 30, backoff: { type: 'capped' } },
  );
  expect(await sentRow(second, outboxId)).toMatchObject({ state: 'sent', attempts: 1 });
  expect(smtp.caught.length - before).toBe(1);
}, 60_000);

/** The email row of `outboxId` once it is sent (polled: the worker records it on its own). */
async function sentRow(app: Awaited<ReturnType<typeof buildApp>>, outboxId: string) {
  const deadline = Date.now() + 30_000;
  let row = await app.emailsRepository.findByOutboxId(outboxId);
  while (row?.state !== 'sent' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    row = await app.emailsRepository.findByOutboxId(outboxId);
  }
  return row;
}
