import { once } from 'node:events';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { startRedisServer, type RedisServer } from '../testing';
import { redisConnection, type ConnectionLifecycle } from './redis-connection';

/**
 * REDIS_URL with credentials: every BullMQ connection of the services (the
 * files scan queue, the decision-email outbox and worker) is made by `redisConnection` from
 * REDIS_URL, so a Redis that demands a password works when the URL carries it, here a real
 * redis-server started with --requirepass.
 */

const PASSWORD = 'p@ss/word:with#specials';
let server: RedisServer;

beforeAll(async () => {
  server = await startRedisServer({ password: PASSWORD });
}, 30_000);

afterAll(async () => {
  await server?.stop();
});

it('runs a BullMQ job end to end (producer, blocking worker, queue events) on a password-protected Redis through REDIS_URL', async () => {
  expect(server.url).toMatch(/^redis:\/\/:p%40ss%2Fword%3Awith%23specials@127\.0\.0\.1:\d+$/);
  const lifecycle: ConnectionLifecycle = { closed: false };
  const producer = redisConnection(server.url, 'producer', lifecycle);
  const blocking = redisConnection(server.url, 'blocking', lifecycle);
  const events = redisConnection(server.url, 'blocking', lifecycle);
  const queue = new Queue('credentials-check', { connection: producer, prefix: 'test' });
  const queueEvents = new QueueEvents('credentials-check', { connection: events, prefix: 'test' });
  const worker = new Worker('credentials-check', async (job) => `done ${job.data.n}`, { connection: blocking, prefix: 'test' });
  try {
    await queueEvents.waitUntilReady();
    const job = await queue.add('check', { n: 7 });
    expect(await job.waitUntilFinished(queueEvents, 10_000)).toBe('done 7');
  } finally {
    lifecycle.closed = true;
    await worker.close();
    await queueEvents.close();
    await queue.close();
    for (const connection of [producer, blocking, events]) connection.disconnect();
  }
});

it('is refused by the same Redis without the password, or with a wrong one', async () => {
  const lifecycle: ConnectionLifecycle = { closed: true };
  const refusals: string[] = [];
  for (const url of [server.url.replace(/\/\/[^@]*@/, '//'), server.url.replace('specials', 'other')]) {
    const producer = redisConnection(url, 'producer', lifecycle);
    try {
      const [err] = (await once(producer, 'error')) as [Error];
      refusals.push(err.message);
    } finally {
      producer.disconnect();
    }
  }
  expect(refusals).toEqual([expect.stringMatching(/^NOAUTH /), expect.stringMatching(/^WRONGPASS invalid username-password pair/)]);
});
