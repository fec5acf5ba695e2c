import { randomUUID } from 'node:crypto';
import { apiPath, deskChangedEvent, wallboardChannel, wallboardEventSchema, wallboardResponseSchema } from '@clearing-desk/contracts';
import { A_STAR_A_B_A_LEVELS, createApplicationForm } from '@clearing-desk/contracts/testing';
import { caughtEmails, DEMO_DIRECTORY, startDirectory, type Directory, type Stack } from '@clearing-desk/stack';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { staffClients, startTestStack } from '../../testing/stack-client';

/** Demo catalogue: G400 Computer Science BSc (SCI, dept CMPS), open with many places. */
const COURSE = 'G400';
const SUPERVISORS = ['lead.supervisor@university.example', 'floor.supervisor@university.example'];

let directory: Directory;
let stack: Stack;
let redis: Redis;

beforeAll(async () => {
  directory = await startDirectory({ port: 'free' });
  stack = await startTestStack({
    services: ['courses', 'applications', 'assessment', 'notifications'],
    directoryUrl: directory.url,
    env: { SUPERVISOR_ALERT_EMAILS: SUPERVISORS.join(','), OUTBOX_RELAY_INTERVAL_MS: '200' },
  });
  redis = new Redis('redis://127.0.0.1:6379');
}, 180_000);

afterAll(async () => {
  redis?.disconnect();
  await stack?.stop();
  await directory?.stop();
});

const as = staffClients(() => stack.gatewayUrl, DEMO_DIRECTORY.password);

const FIVE_GCSES = ['English Language', 'Mathematics', 'Physics', 'Chemistry', 'Biology'].map((SUBJECT) => ({
  QUALIFICATION: 'GCSE',
  SUBJECT,
  GRADE: '5',
  YEAR: '2023',
}));

/** An adviser's offer by phone on COURSE to a new person. */
async function offer(): Promise<void> {
  const form = {
    ...createApplicationForm({
      DOB: '2006-05-14',
      NATIONALITY: 'GBR',
      GCSE_QUALIFICATIONS: FIVE_GCSES,
      QUALIFICATIONS: A_STAR_A_B_A_LEVELS,
      NAME2: `Alert${randomUUID().slice(0, 8)}`,
      UCAS_PERSONAL_ID: String(7_000_000_000 + Math.floor(Math.random() * 999_999_999)),
    }),
    EMAIL: `alert.${randomUUID()}@example.com`,
    SUBMISSION_ID: randomUUID(),
    STATUS: 'O',
  };
  const saved = await (await as('backoffice')).send('POST', apiPath('deskApplicationCreate', { student: 'new', course: COURSE }), form);
  expect({ status: saved.status, body: saved.status === 200 ? null : saved.body }).toEqual({ status: 200, body: null });
}

/** Rows of applications-svc's database (the test stack's own). */
async function query<T>(sql: string): Promise<T[]> {
  const client = new Client({ connectionString: stack.databaseUrls.applications });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Waits for `condition` (the relay and the email worker run on their own); fails after `ms`. */
async function until(condition: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Reads server-sent events: `next()` resolves with the next `event: figures` message. */
function figuresEvents(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.startsWith('event: figures\n') ? /^data: (.*)$/m.exec(frame)?.[1] : undefined;
          if (data) return wallboardEventSchema.parse(JSON.parse(data));
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended; unread: ${buffer}`);
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe("the wallboard's channel", () => {
  it("hears its own stack's messages only: another prefix on the same Redis is not heard", async () => {
    const stream = figuresEvents(await (await as('editor')).open(apiPath('wallboardEvents')));
    try {
      // Subscribed once the stream answers; then a message on another stack's channel, then one on ours.
      const theirs = deskChangedEvent(new Date('2001-01-01T00:00:00Z'));
      const ours = deskChangedEvent(new Date('2002-02-02T00:00:00Z'));
      expect(wallboardChannel(`other-${stack.queuePrefix}`)).not.toBe(wallboardChannel(stack.queuePrefix));
      await redis.publish(wallboardChannel(`other-${stack.queuePrefix}`), JSON.stringify(theirs));
      await redis.publish(wallboardChannel(stack.queuePrefix), JSON.stringify(ours));
      // One connection hears in the order published: had the other stack's been heard, it would come first.
      expect(await stream.next()).toEqual(ours);
    } finally {
      await stream.cancel();
    }
  });
});

describe("the wallboard's alerts", () => {
  it('shows a course filling fast on the board and emails each supervisor once, however many offers follow', async () => {
    // Offers seconds apart: the pace puts G400's places left minutes away.
    await offer();
    await offer();
    const board = async () => {
      const res = await (await as('editor')).get(apiPath('wallboard'));
      expect(res.status).toBe(200);
      return wallboardResponseSchema.parse(res.body);
    };
    const alerts = (await board()).alerts.filter((a) => a.UCAS_CODE === COURSE);
    expect(alerts.map((a) => [a.THRESHOLD, a.MINUTES, a.COURSE_TITLE])).toEqual([['filling-fast', 30, 'Computer Science']]);
    await offer();

    // Every alert email relayed and each supervisor's caught: one each.
    await until(async () => {
      const rows = await query<{ relayed: boolean }>(`select relayed_at is not null as relayed from outbox where kind = 'wallboard-alert-email'`);
      return rows.length === SUPERVISORS.length && rows.every((r) => r.relayed);
    }, 'the alert emails relayed');
    const subject = 'Fills in under 30 minutes: Computer Science (G400)';
    await until(async () => {
      const inbox = await caughtEmails(stack.mailInboxUrl as string);
      return SUPERVISORS.every((s) => inbox.some((m) => m.subject === subject && m.to.some((t) => t.address === s)));
    }, 'the supervisors emailed');
    const inbox = await caughtEmails(stack.mailInboxUrl as string);
    for (const supervisor of SUPERVISORS) {
      expect(inbox.filter((m) => m.to.some((t) => t.address === supervisor)).map((m) => m.subject)).toEqual([subject]);
    }
    expect((await board()).alerts.filter((a) => a.UCAS_CODE === COURSE)).toHaveLength(1);
  }, 120_000);
});
