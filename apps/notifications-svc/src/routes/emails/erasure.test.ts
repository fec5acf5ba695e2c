import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_RETENTION_SCHEDULE, NOTIFICATIONS_SVC, retentionPartSchema } from '@clearing-desk/contracts';
import { loadConfig } from '@clearing-desk/service-kit';
import { createTestDatabase, endpointRequest, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { inArray } from 'drizzle-orm';
import { buildApp } from '../../app';
import { notificationsConfigSchema } from '../../config';
import { PERSONAL_TABLES } from '../../db/personal-data';
import { emails } from '../../db/schema';

/** notifications-svc's part of erasure and of the retention job: personal columns emptied, rows and states kept. */
let db: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  db = await createTestDatabase('notifications_erasure');
  app = await buildApp(
    loadConfig(notificationsConfigSchema, {
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'Clearing Desk <clearing@university.example>',
      PUBLIC_URL: 'https://clearing.university.example/',
      UCAS_INSTITUTION_CODE: 'Z99',
      NOTIFICATIONS_QUEUE_PREFIX: `notif-erasure-${randomBytes(4).toString('hex')}`,
      NOTIFICATIONS_QUEUE_EPHEMERAL: 'true',
    }),
  );
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await db?.drop();
});

const email = (applicationId: string, queuedAt: Date) => {
  const id = randomUUID();
  return {
    id,
    outboxId: id,
    kind: 'O' as never,
    applicationId,
    studentId: '2600001',
    ucasCode: 'G400',
    status: 'O',
    recipient: 'zephyrine@example.com',
    subject: 'Your offer, Zephyrine',
    html: '<p>Dear Zephyrine Quillfeather</p>',
    text: 'Dear Zephyrine Quillfeather',
    messageId: `<${id}@university.example>`,
    state: 'sent' as const,
    attempts: 1,
    lastError: 'first try refused for zephyrine@example.com',
    smtpResponse: '250 OK zephyrine@example.com',
    decidedAt: queuedAt,
    queuedAt,
    sentAt: queuedAt,
  };
};
const post = (e: typeof NOTIFICATIONS_SVC.erasure | typeof NOTIFICATIONS_SVC.retention, body: unknown) =>
  app.inject({ ...endpointRequest(e), headers: internalHeaders(), payload: body as object });

describe('erasure and retention in notifications-svc', () => {
  it("empties every personal column of the person's emails, keeps the rows and their states, and is safe to repeat", async () => {
    const now = new Date();
    await app.db.insert(emails).values([email('9001', now), email('9001', now), email('9002', now)]);
    // A decision email still waiting in the queue, its payload in Redis (held back an hour, so no worker takes it meanwhile).
    const waiting = randomUUID();
    await app.emailQueue.queue.add(
      'decision-email',
      { outboxId: waiting, payload: { applicationId: '9001', recipient: 'zephyrine@example.com' } },
      { jobId: waiting, delay: 3_600_000 },
    );
    expect(await app.emailQueue.queue.getJob(waiting)).toBeDefined();
    expect((await post(NOTIFICATIONS_SVC.erasure, { applicationIds: ['9001'], submissionIds: [], outboxIds: [waiting] })).json()).toEqual({ rows: 2 });
    expect(await app.emailQueue.queue.getJob(waiting)).toBeUndefined();
    const rows = (await app.db
      .select()
      .from(emails)
      .where(inArray(emails.applicationId, ['9001']))) as Record<string, unknown>[];
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      for (const column of PERSONAL_TABLES.emails!.personalColumns)
        expect([column, JSON.stringify(row[column] ?? null)]).not.toEqual([column, expect.stringMatching(/zephyrine/i)]);
      expect(row).toMatchObject({ state: 'sent', status: 'O', ucasCode: 'G400' });
    }
    expect((await post(NOTIFICATIONS_SVC.erasure, { applicationIds: ['9001'], submissionIds: [] })).json()).toEqual({ rows: 0 });

    // Retention: the other email is kept six months, then emptied too.
    expect(
      retentionPartSchema.parse((await post(NOTIFICATIONS_SVC.retention, { schedule: DEFAULT_RETENTION_SCHEDULE, now: now.toISOString() })).json()),
    ).toEqual({
      counts: { 'emails.bodies': 0 },
    });
    const later = new Date(now);
    later.setUTCMonth(later.getUTCMonth() + 7);
    expect(
      retentionPartSchema.parse((await post(NOTIFICATIONS_SVC.retention, { schedule: DEFAULT_RETENTION_SCHEDULE, now: later.toISOString() })).json()),
    ).toEqual({
      counts: { 'emails.bodies': 1 },
    });
    const [other] = await app.db
      .select()
      .from(emails)
      .where(inArray(emails.applicationId, ['9002']));
    expect(other).toMatchObject({ recipient: '', subject: '', html: '', text: '', lastError: null, smtpResponse: null, state: 'sent' });
  });
});
