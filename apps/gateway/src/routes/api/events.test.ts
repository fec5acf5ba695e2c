import {
  apiPath,
  APPLICATION_EVENT_TYPES,
  EVENT_API_KEY_TEXTS,
  eventApiKeyIssuedSchema,
  eventApiKeyListSchema,
  eventFeedPageSchema,
} from '@clearing-desk/contracts';
import { DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { Client } from 'pg';
import { EventsFeedClient } from '@clearing-desk/events-consumer';
import { StackClient, staffClients, startTestStack } from '../../testing/stack-client';

/**
 * The record system's events feed through the real gateway and applications-svc: API keys issued
 * and revoked by an Administrator, the feed paged by cursor with a key, refusals and the per-key limit.
 */
const LIMIT = 30;
let directory: Directory;
let stack: Stack;

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({
    services: ['applications'],
    directoryUrl: directory.url,
    gatewayEnv: { EVENTS_RATE_LIMIT_MAX: String(LIMIT), EVENTS_RATE_LIMIT_WINDOW_MS: '600000' },
  });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await directory?.stop();
});

const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);

async function sql(text: string): Promise<void> {
  const client = new Client({ connectionString: stack.databaseUrls.applications });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** `n` withdrawn events written in one transaction, as applications-svc writes them. */
const insertEvents = (n: number, from: number) =>
  sql(`insert into outbox (id, aggregate_id, kind, payload, relayed_at)
    select id, (${from} + i)::text, 'application-event', jsonb_build_object(
      'id', id, 'type', '${APPLICATION_EVENT_TYPES.WITHDRAWN}', 'occurredAt', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'application', jsonb_build_object('applicationId', (${from} + i)::text, 'studentId', 'S' || i, 'ucasPersonalId', null, 'courseCode', 'G400',
        'courseCodeOverride', null, 'reference', '31' || (100000 + i), 'cycle', '2025/26'),
      'data', jsonb_build_object('previousStatus', 'O', 'withdrawnBy', 'admin')), now()
    from (select gen_random_uuid() as id, i from generate_series(1, ${n}) as i) as e`);

async function issue(eventTypes: string[], name = 'Student records system') {
  const admin = await as('admin');
  const res = await admin.send('POST', apiPath('adminEventKeyCreate'), { name, eventTypes });
  expect(res.status).toBe(200);
  return eventApiKeyIssuedSchema.parse(res.body);
}

/** A record system's call: no cookies, the key as a bearer token. */
const feed = async (secret: string | null, query = '') => {
  const client = new StackClient(stack.gatewayUrl);
  return client.get(`${apiPath('events')}${query}`, secret === null ? {} : { authorization: `Bearer ${secret}` });
};

describe('the events feed', () => {
  it('pages through 10,000 events with a key, returning each exactly once in order', async () => {
    const { secret } = await issue([APPLICATION_EVENT_TYPES.WITHDRAWN]);
    for (let batch = 0; batch < 4; batch += 1) await insertEvents(2_500, batch * 10_000);
    // The example consumer (tools/events-consumer) pages by cursor, saving it after each page.
    let after = '';
    const consumer = new EventsFeedClient({
      baseUrl: stack.gatewayUrl,
      apiKey: secret,
      limit: 1000,
      store: { load: async () => after || undefined, save: async (c) => void (after = c) },
    });
    const seen: string[] = [];
    const applications: number[] = [];
    let calls = 0;
    // The feed waits for transactions still running anywhere on the server; a bounded wait, not a race.
    const deadline = Date.now() + 60_000;
    while (seen.length < 10_000 && Date.now() < deadline) {
      const page = await consumer.pullOnce((events) => {
        seen.push(...events.map((e) => e.id));
        applications.push(...events.map((e) => Number(e.application.applicationId)));
      });
      calls += 1;
      if (!page.more && seen.length < 10_000) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toHaveLength(10_000);
    expect(new Set(seen).size).toBe(10_000);
    // In the order written: the four transactions one after another, each in its insertion order.
    expect(applications).toEqual([...applications].sort((a, b) => a - b));
    expect(calls).toBeLessThan(LIMIT);
    const end = eventFeedPageSchema.parse((await feed(secret, `?after=${after}`)).body);
    expect(end).toEqual({ events: [], next: after, more: false });
  }, 120_000);

  it('refuses a call without a key, or with a wrong or revoked one, with 401 and WWW-Authenticate', async () => {
    const none = await feed(null);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: EVENT_API_KEY_TEXTS.MISSING });
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="events"');

    const issued = await issue(Object.values(APPLICATION_EVENT_TYPES), 'CRM');
    expect((await feed(issued.secret)).status).toBe(200);
    const wrong = await feed(`${issued.key.id}.${'A'.repeat(43)}`);
    expect(wrong).toMatchObject({ status: 401, body: { message: EVENT_API_KEY_TEXTS.INVALID } });

    const admin = await as('admin');
    const revoked = await admin.send('POST', apiPath('adminEventKeyRevoke', { id: issued.key.id }), {});
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: issued.key.id, revokedBy: 'admin' });
    expect(await feed(issued.secret)).toMatchObject({ status: 401, body: { message: EVENT_API_KEY_TEXTS.INVALID } });
    const again = await admin.send('POST', apiPath('adminEventKeyRevoke', { id: issued.key.id }), {});
    expect(again).toEqual({ status: 409, body: { message: EVENT_API_KEY_TEXTS.ALREADY_REVOKED } });

    // Listed with who revoked it; the secret is never listed.
    const list = eventApiKeyListSchema.parse((await admin.get(apiPath('adminEventKeys'))).body);
    const listed = list.keys.find((k) => k.id === issued.key.id);
    expect(listed).toMatchObject({ name: 'CRM', createdBy: 'admin', revokedBy: 'admin' });
    expect(JSON.stringify(list)).not.toContain(issued.secret.split('.')[1]);
  }, 60_000);

  it('limits each key on its own: past the limit 429 with Retry-After, another key goes on', async () => {
    const busy = await issue([APPLICATION_EVENT_TYPES.DECISION], 'Busy');
    const calm = await issue([APPLICATION_EVENT_TYPES.DECISION], 'Calm');
    for (let i = 0; i < LIMIT; i += 1) expect((await feed(busy.secret, '?limit=1')).status).toBe(200);
    const refused = await feed(busy.secret, '?limit=1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((refused.body as { message: string }).message).toMatch(/^Too many requests/);
    expect((await feed(calm.secret, '?limit=1')).status).toBe(200);
  }, 60_000);

  it('lets only an Administrator over all courses issue keys, and refuses a key with no event type with its message', async () => {
    const backOffice = await as('backoffice');
    expect(await backOffice.send('POST', apiPath('adminEventKeyCreate'), { name: 'X', eventTypes: [APPLICATION_EVENT_TYPES.DECISION] })).toEqual({
      status: 403,
      body: { message: EVENT_API_KEY_TEXTS.FORBIDDEN },
    });
    const admin = await as('admin');
    const empty = await admin.send('POST', apiPath('adminEventKeyCreate'), { name: 'X', eventTypes: [] });
    expect(empty.status).toBe(400);
    expect((empty.body as { message: string }).message).toContain(EVENT_API_KEY_TEXTS.TYPES_REQUIRED);
  }, 60_000);
});
