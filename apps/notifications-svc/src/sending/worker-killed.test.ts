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
 * The one window SMTP cannot close (issue 24 item 2; README "Delivery"), measured: a worker killed
 * after the SMTP server accepted an email and before it recorded that. Another worker takes the
 * stalled job once the dead one's lock expires and sends it again, with the same Message-ID (so
 * mail clients that de-duplicate show it once), then records it once. Nothing is lost and the
 * repeat is exactly one message.
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

it('sends the email again with the same Message-ID after a worker dies between acceptance and record, and records it once', async () => {
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

  second = await buildApp(loadConfig(notificationsConfigSchema, env()));
  await second.ready();
  await smtp.waitFor(2);
  const [first, repeat] = smtp.caught;
  expect(repeat!.mail.messageId).toBe(first!.mail.messageId);
  expect(first!.mail.messageId).toBe(`<${outboxId}@university.example>`);

  const deadline = Date.now() + 30_000;
  let row = await second.emailsRepository.findByOutboxId(outboxId);
  while (row?.state !== 'sent' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    row = await second.emailsRepository.findByOutboxId(outboxId);
  }
  // One email, sent; two attempts (the dead worker's and the one that recorded it); no third message.
  expect(row).toMatchObject({ state: 'sent', attempts: 2 });
  const job = await queue.getJob(outboxId);
  expect(await job?.isCompleted()).toBe(true);
  expect(smtp.caught).toHaveLength(2);
}, 90_000);
