import { apiPath, uploadResponseSchema } from '@clearing-desk/contracts';
import { createSampleDocument } from '@clearing-desk/contracts/testing';
import { startRedisServer, type RedisServer } from '@clearing-desk/service-kit/testing';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { StackClient, startTestStack } from '../../testing/stack-client';

/**
 * REDIS_URL with `rediss://` and credentials, for the gateway's sessions and
 * sign-in limits and every BullMQ connection: a whole stack (gateway, files-svc with its scan
 * worker, notifications-svc) on a redis-server of its own that speaks only TLS and knows only an
 * ACL user with a password. Its certificate is trusted as a deployment trusts a private CA
 * (NODE_EXTRA_CA_CERTS). The stack starting at all proves the services' queues connected
 * (their /readyz pings Redis); a sign-in and a scanned upload prove the rest.
 */

const USER = 'clearing-desk';
const PASSWORD = 'tls and a password';
const PREFIX = `clearing-test-tls-${process.pid}`;

let redisServer: RedisServer;
let directory: Directory;
let stack: Stack;

beforeAll(async () => {
  redisServer = await startRedisServer({ username: USER, password: PASSWORD, tls: true });
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({
    services: ['files', 'notifications'],
    directoryUrl: directory.url,
    env: { REDIS_URL: `${redisServer.url}/0`, NODE_EXTRA_CA_CERTS: redisServer.caFile as string },
    gatewayEnv: { REDIS_KEY_PREFIX: PREFIX },
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
  await redisServer?.stop();
});

it('is given as rediss:// with a username and a password', () => {
  expect(redisServer.url).toMatch(/^rediss:\/\/clearing-desk:tls%20and%20a%20password@127\.0\.0\.1:\d+$/);
});

it('keeps staff sessions there: a sign-in works and its session is in that Redis, not in the machine’s', async () => {
  const client = new StackClient(stack.gatewayUrl);
  expect((await client.login('admin', DEMO_DIRECTORY.password)).status).toBe(200);
  expect((await client.get(apiPath('authUser'))).status).toBe(200);

  const signed = decodeURIComponent(client.cookie('clearing_session') as string);
  const key = `${PREFIX}:session:${signed.slice(0, signed.lastIndexOf('.'))}`;
  const tlsRedis = new Redis(redisServer.url, { tls: { ca: readFileSync(redisServer.caFile as string) } });
  const machineRedis = new Redis('redis://127.0.0.1:6379');
  try {
    expect(await tlsRedis.exists(key)).toBe(1);
    expect(await machineRedis.exists(key)).toBe(0);
  } finally {
    tlsRedis.disconnect();
    machineRedis.disconnect();
  }
});

it('scans an upload through the BullMQ scan queue there (producer, worker and queue events)', async () => {
  const client = new StackClient(stack.gatewayUrl);
  await client.get(apiPath('ping'));
  const res = await client.upload(createSampleDocument('pdf'), 'results.pdf', 'ALEVELS');
  expect(res.status).toBe(200);
  expect(uploadResponseSchema.parse(res.body).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const tlsRedis = new Redis(redisServer.url, { tls: { ca: readFileSync(redisServer.caFile as string) } });
  try {
    // The scan job and the email worker's queue live in that Redis.
    expect(await tlsRedis.keys('*:file-scans:*')).not.toEqual([]);
    expect(await tlsRedis.keys(`${stack.queuePrefix}:*`)).not.toEqual([]);
  } finally {
    tlsRedis.disconnect();
  }
});
