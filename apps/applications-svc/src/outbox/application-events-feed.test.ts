import { randomUUID } from 'node:crypto';
import { APPLICATIONS_SVC, APPLICATION_EVENT_TYPES, eventFeedPageSchema, type ApplicationEvent, type EventFeedPage } from '@clearing-desk/contracts';
import { createTestDatabase, endpointRequest, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { Client } from 'pg';
import { buildApp } from '../app';
import { applicationsConfigSchema } from '../config';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
const clients: Client[] = [];

beforeAll(async () => {
  database = await createTestDatabase('applications_events_feed');
  app = await buildApp(
    applicationsConfigSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      NOTIFICATIONS_QUEUE_PREFIX: `feed-test-${randomUUID().slice(0, 8)}`,
      OUTBOX_RELAY_INTERVAL_MS: 3_600_000,
    }),
  );
  await app.ready();
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  await app?.close();
  await database?.drop();
});

async function connect(): Promise<Client> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  clients.push(client);
  return client;
}

const ALL_TYPES = Object.values(APPLICATION_EVENT_TYPES).join(',');

/** A status-changed event of application `n`, as writeApplicationEvents writes it. */
function statusChanged(n: number): ApplicationEvent {
  return {
    id: randomUUID(),
    type: APPLICATION_EVENT_TYPES.STATUS_CHANGED,
    occurredAt: new Date().toISOString(),
    application: {
      applicationId: String(n),
      studentId: `S${n}`,
      ucasPersonalId: null,
      courseCode: 'G400',
      courseCodeOverride: null,
      reference: `31${100000 + n}`,
      cycle: '2025/26',
    },
    data: { previousStatus: 'S', status: 'O', subStatus: null },
  };
}

const insertEvent = (client: Client, event: ApplicationEvent) =>
  client.query(`insert into outbox (id, aggregate_id, kind, payload, relayed_at) values ($1, $2, 'application-event', $3, now())`, [
    event.id,
    event.application.applicationId,
    JSON.stringify(event),
  ]);

async function page(after: string | undefined, limit = 100, types = ALL_TYPES): Promise<EventFeedPage> {
  const res = await app.inject({
    ...endpointRequest(APPLICATIONS_SVC.eventsFeed, { query: { ...(after ? { after } : {}), limit, types } as never }),
    headers: internalHeaders(),
  });
  expect(res.statusCode).toBe(200);
  return eventFeedPageSchema.parse(res.json());
}

/** Reads the whole feed from `after` to the end: the ids in order and the last cursor. */
async function drain(after: string | undefined, limit = 100): Promise<{ ids: string[]; next: string | undefined }> {
  const ids: string[] = [];
  let cursor = after;
  for (;;) {
    const p = await page(cursor, limit);
    ids.push(...p.events.map((e) => e.id));
    cursor = p.next;
    if (!p.more) return { ids, next: cursor };
  }
}

/**
 * Drains from `after` until `count` events have come (or 20 s pass): the horizon is the whole
 * server's oldest running writer, and other test files share this server, so an event appears
 * once their transactions end too; the feed waits for them, it skips nothing.
 */
async function until(after: string | undefined, count: number): Promise<{ ids: string[]; next: string | undefined }> {
  const ids: string[] = [];
  let cursor = after;
  const deadline = Date.now() + 20_000;
  while (ids.length < count && Date.now() < deadline) {
    const read = await drain(cursor);
    ids.push(...read.ids);
    cursor = read.next;
    if (ids.length < count) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { ids, next: cursor };
}

describe('the events feed', () => {
  it('never skips an event whose transaction commits after a later-numbered one’s: the reader sees both', async () => {
    const start = await until(undefined, 0);
    const early = await connect();
    const late = await connect();
    const first = statusChanged(1);
    const second = statusChanged(2);
    // A takes its transaction id and its event's number first, B after; B commits first.
    await early.query('begin');
    await insertEvent(early, first);
    await late.query('begin');
    await insertEvent(late, second);
    await late.query('commit');

    // B is committed, but A, older, still runs: a cursor moved past B would skip A, so B waits.
    const during = await drain(start.next);
    expect(during.ids).toEqual([]);
    await early.query('commit');
    const after = await until(during.next, 2);
    expect(after.ids).toEqual([first.id, second.id]);
    // And nothing is read twice.
    expect((await drain(after.next)).ids).toEqual([]);
  });

  it('holds a later event back while an older writing transaction is open, even one that writes no event, and answers it once that ends', async () => {
    const start = await drain(undefined);
    const idle = await connect();
    await idle.query('begin');
    await idle.query('select pg_current_xact_id()');
    const writer = await connect();
    const event = statusChanged(3);
    await insertEvent(writer, event);
    // The open transaction holds the feed back (it might still write an event): it waits, it skips nothing.
    expect((await drain(start.next)).ids).toEqual([]);
    await idle.query('rollback');
    expect((await until(start.next, 1)).ids).toEqual([event.id]);
  });

  it('pages in order with `next` and `more`, and reads only the types asked for', async () => {
    const start = await drain(undefined);
    const writer = await connect();
    const events = Array.from({ length: 5 }, (_, i) => statusChanged(10 + i));
    await writer.query('begin');
    for (const e of events) await insertEvent(writer, e);
    await writer.query('commit');
    await until(start.next, 5);
    const one = await page(start.next, 2);
    expect(one.events.map((e) => e.id)).toEqual(events.slice(0, 2).map((e) => e.id));
    expect(one.more).toBe(true);
    const rest = await drain(one.next, 2);
    expect(rest.ids).toEqual(events.slice(2).map((e) => e.id));
    expect((await page(start.next, 100, APPLICATION_EVENT_TYPES.WITHDRAWN)).events).toEqual([]);
  });

  it('refuses a cursor it did not give with 400 and its message', async () => {
    const res = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.eventsFeed, { query: { after: 'abc', limit: 10, types: ALL_TYPES } as never }),
      headers: internalHeaders(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('a cursor as the feed returned it (the `next` of a page)');
  });
});
