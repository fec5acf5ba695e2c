import { randomUUID } from 'node:crypto';
import { apiPath, applyResponseSchema } from '@clearing-desk/contracts';
import { createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { startRedisServer, type RedisServer } from '@clearing-desk/service-kit/testing';
import { caughtEmails, type Stack } from '@clearing-desk/stack';
import { Client } from 'pg';
import { StackClient, startTestStack } from '../../testing/stack-client';

/**
 * No decision without its email, with the queues' Redis down for a while:
 * applications-svc and notifications-svc share a Redis of their own (the gateway keeps the
 * machine's, for its sessions and limits). While it is down, public decisions still succeed and
 * their emails wait in the outbox; once it is back on the same address, every email is relayed,
 * sent and recorded, each exactly once.
 */
const PASSWORD = 'queues only';

let redisServer: RedisServer;
let redisPort: number;
let stack: Stack;

beforeAll(async () => {
  redisServer = await startRedisServer({ password: PASSWORD });
  redisPort = Number(new URL(redisServer.url).port);
  stack = await startTestStack({
    services: ['courses', 'applications', 'assessment', 'notifications'],
    env: { REDIS_URL: redisServer.url, OUTBOX_RELAY_INTERVAL_MS: '200' },
    gatewayEnv: { REDIS_URL: 'redis://127.0.0.1:6379' },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await redisServer?.stop();
});

/** Rows of a service's database (a test stack's own PostgreSQL database). */
async function query<T>(service: 'applications' | 'notifications', sql: string): Promise<T[]> {
  const client = new Client({ connectionString: stack.databaseUrls[service] });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Waits for `condition` (the relay and the worker run on their own); fails after `ms`. */
async function until(condition: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

it('takes decisions while Redis is down, keeps their emails in the outbox, and sends each once when it is back', async () => {
  await redisServer.stop();
  const client = new StackClient(stack.gatewayUrl);
  await client.get(apiPath('ping')); // collects XSRF-TOKEN and _csrf
  const emails = ['outage.1@example.com', 'outage.2@example.com', 'outage.3@example.com'].map((e) => e.replace('@', `.${Date.now()}@`));
  for (const [i, EMAIL] of emails.entries()) {
    const form = {
      ...createApplicationForm({
        DOB: '2006-05-14',
        NATIONALITY: 'GBR',
        GCSE_QUALIFICATIONS: FIVE_GCSES,
        QUALIFICATIONS: ['Mathematics', 'Physics', 'Chemistry'].map((SUBJECT, n) => ({
          QUALIFICATION: 'ALEVEL',
          SUBJECT,
          GRADE: ['A*', 'A', 'B'][n],
          YEAR: '2025',
        })),
      }),
      EMAIL,
      UCAS_PERSONAL_ID: String(7400000000 + i),
      SUBMISSION_ID: randomUUID(),
    };
    const res = await client.send('POST', apiPath('apply', { course: 'G400' }), form);
    expect(res.status).toBe(200);
    expect(applyResponseSchema.parse(res.body).confirmed_status).toBe('O');
  }
  // Stored, with their emails waiting: nothing relayed, nothing recorded by notifications-svc.
  const waiting = await query<{ n: string }>('applications', `select count(*) as n from outbox where kind = 'decision-email' and relayed_at is null`);
  expect(Number(waiting[0]!.n)).toBe(3);
  expect(await query('notifications', 'select id from emails')).toEqual([]);

  redisServer = await startRedisServer({ password: PASSWORD, port: redisPort });
  await until(async () => {
    const sent = await query<{ n: string }>('notifications', `select count(*) as n from emails where state = 'sent'`);
    return Number(sent[0]!.n) === 3;
  }, 'three emails sent after Redis came back');
  const relayed = await query<{ n: string }>('applications', `select count(*) as n from outbox where relayed_at is null`);
  expect(Number(relayed[0]!.n)).toBe(0);
  const inbox = await caughtEmails(stack.mailInboxUrl as string);
  for (const address of emails) {
    const mine = inbox.filter((m) => m.to.some((t) => t.address === address));
    expect(mine.map((m) => m.subject)).toEqual(['Good News! Your offer for Computer Science']);
  }
}, 180_000);
