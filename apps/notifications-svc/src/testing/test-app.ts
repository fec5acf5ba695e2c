import { randomBytes } from 'node:crypto';
import { loadConfig } from '@clearing-desk/service-kit';
import { createTestDatabase, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { Queue } from 'bullmq';
import { buildApp } from '../app';
import { notificationsConfigSchema } from '../config';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher';

export type NotificationsTestApp = {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: TestDatabase;
  smtp: SmtpCatcher;
  /** A producer on the queue the test fills, as applications-svc's outbox relay does. */
  queue: Queue;
  /** The BullMQ prefix of this test's queues. */
  prefix: string;
  close: () => Promise<void>;
};

/**
 * notifications-svc on a fresh test database (named `database`) sending to an SMTP catcher, its
 * queues under a prefix of its own (`<prefixName>-<random>`, emptied on close), the given config on
 * top, and a producer on `queueName`; `close` stops all of it and drops the database.
 */
export async function startNotificationsTestApp(
  database: string,
  prefixName: string,
  queueName: string,
  config: Record<string, string> = {},
): Promise<NotificationsTestApp> {
  const prefix = `${prefixName}-${randomBytes(4).toString('hex')}`;
  const db = await createTestDatabase(database);
  const smtp = await startSmtpCatcher();
  const app = await buildApp(
    loadConfig(notificationsConfigSchema, {
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Clearing Desk <clearing@university.example>',
      PUBLIC_URL: 'https://clearing.university.example/',
      UCAS_INSTITUTION_CODE: 'Z99',
      NOTIFICATIONS_QUEUE_PREFIX: prefix,
      NOTIFICATIONS_QUEUE_EPHEMERAL: 'true',
      ...config,
    }),
  );
  await app.ready();
  const queue = new Queue(queueName, { connection: { host: '127.0.0.1', port: 6379 }, prefix });
  return {
    app,
    db,
    smtp,
    queue,
    prefix,
    async close() {
      await app.close();
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await smtp.close();
      await db.drop();
    },
  };
}
