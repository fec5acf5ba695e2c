import { randomUUID } from 'node:crypto';
import {
  apiPath,
  applyResponseSchema,
  CALLBACK_REQUEST_TEXTS,
  callbackBookingSchema,
  callbackRequestBookedSchema,
  callbackSlotsResponseSchema,
  londonCalendarDate,
} from '@clearing-desk/contracts';
import { createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import { TEST_STACK_CLOCK, type Stack } from '@clearing-desk/stack';
import { Client } from 'pg';
import { StackClient, startTestStack } from '../../testing/stack-client';

/**
 * A callback booked from the status page's hash through the gateway: applications-svc stores it
 * and writes its email to the outbox; notifications-svc records and sends the confirmation with
 * an .ics invitation of the slot.
 */
let stack: Stack;

beforeAll(async () => {
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'notifications'], env: { OUTBOX_RELAY_INTERVAL_MS: '200' } });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

async function query<T>(service: 'applications' | 'notifications', sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: stack.databaseUrls[service] });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
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

it('books a callback from a status hash: the email row carries an .ics of the slot', async () => {
  const client = new StackClient(stack.gatewayUrl);
  await client.get(apiPath('ping'));
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
    EMAIL: `callback.${Date.now()}@example.com`,
    UCAS_PERSONAL_ID: '7500000001',
    SUBMISSION_ID: randomUUID(),
  };
  const applied = await client.send('POST', apiPath('apply', { course: 'G400' }), form);
  expect(applied.status).toBe(200);
  const { hash } = applyResponseSchema.parse(applied.body);

  // Advisers on shift every hour of the week from the stack's clock (CLEARING_CLOCK, which slots are offered by).
  await query(
    'applications',
    `insert into callback_capacity (day, hour, advisers, updated_by)
     select ($1::date + d)::date, h, 1, 'test' from generate_series(0, 7) d, generate_series(0, 23) h on conflict do nothing`,
    [londonCalendarDate(new Date(TEST_STACK_CLOCK))],
  );
  const listed = await client.get(apiPath('callbackSlots', { hash }));
  expect(listed.status).toBe(200);
  const { slots, booking } = callbackSlotsResponseSchema.parse(listed.body);
  expect(booking).toBeNull();
  const slot = slots[0]!;

  const booked = await client.send('PUT', apiPath('callbackBook', { hash }), { START: slot.START });
  expect(booked.status).toBe(200);
  expect(callbackBookingSchema.parse(booked.body).START).toBe(slot.START);

  type Row = { kind: string; attachments: { filename: string; content: string }[] | null };
  let rows: Row[] = [];
  await until(async () => {
    rows = await query<Row>('notifications', `select kind, attachments from emails where kind = 'CALLBACK'`);
    return rows.length === 1;
  }, 'the callback email recorded');
  const ics = rows[0]!.attachments![0]!;
  expect(ics.filename).toBe('clearing-call.ics');
  expect(ics.content).toContain('BEGIN:VCALENDAR');
  const dtstart = slot.START.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  expect(ics.content).toContain(`DTSTART:${dtstart}`);
}, 180_000);

it('books a call from the course page without an application: XSRF-checked, the course read from courses-svc, the email with its .ics and private link', async () => {
  const client = new StackClient(stack.gatewayUrl);
  await client.get(apiPath('ping'));
  await query(
    'applications',
    `insert into callback_capacity (day, hour, advisers, updated_by)
     select ($1::date + d)::date, h, 1, 'test' from generate_series(0, 7) d, generate_series(0, 23) h on conflict do nothing`,
    [londonCalendarDate(new Date(TEST_STACK_CLOCK))],
  );
  const listed = await client.get(apiPath('callbackFreeSlots'));
  expect(listed.status).toBe(200);
  const slot = callbackSlotsResponseSchema.parse(listed.body).slots.at(-1)!;
  const request = { NAME: 'Cara Caller', TEL: '07700 900982', EMAIL: 'cara.caller@example.com', UCAS_CODE: 'G400', START: slot.START };

  // Without the XSRF token: refused, nothing stored.
  expect((await client.send('POST', apiPath('callbackRequestBook'), request, 'forged')).status).toBe(403);
  // Bad details: 400 with the field's message; a course that does not exist: 404.
  const bad = await client.send('POST', apiPath('callbackRequestBook'), { ...request, TEL: '12ab' });
  expect(bad).toEqual({ status: 400, body: { message: `data.TEL: ${CALLBACK_REQUEST_TEXTS.TEL_INVALID}` } });
  expect((await client.send('POST', apiPath('callbackRequestBook'), { ...request, UCAS_CODE: 'ZZ99' })).status).toBe(404);
  expect(await query('applications', 'select id from callbacks where application_id is null')).toEqual([]);

  const booked = await client.send('POST', apiPath('callbackRequestBook'), request);
  expect(booked.status).toBe(201);
  const { TOKEN, START } = callbackRequestBookedSchema.parse(booked.body);
  expect(START).toBe(slot.START);
  const [row] = await query<{ school: string; dept: string; ucas_code: string }>(
    'applications',
    'select school, dept, ucas_code from callbacks where token = $1',
    [TOKEN],
  );
  expect(row?.ucas_code).toBe('G400');
  expect(row?.school).not.toBe('');
  const page = await client.get(apiPath('callbackRequest', { token: TOKEN }));
  expect(callbackSlotsResponseSchema.parse(page.body).booking?.START).toBe(slot.START);

  type Row = { recipient: string; html: string; attachments: { filename: string; content: string }[] | null };
  let rows: Row[] = [];
  await until(async () => {
    rows = await query<Row>(
      'notifications',
      `select recipient, html, attachments from emails where kind = 'CALLBACK' and recipient = 'cara.caller@example.com'`,
    );
    return rows.length === 1;
  }, 'the course-page callback email recorded');
  expect(rows[0]!.html).toContain(`/call/${TOKEN}`);
  expect(rows[0]!.attachments![0]!.filename).toBe('clearing-call.ics');
  expect(rows[0]!.attachments![0]!.content).toContain(`DTSTART:${slot.START.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);

  const cancelled = await client.send('DELETE', apiPath('callbackRequestCancel', { token: TOKEN }), {});
  expect(cancelled.status).toBe(200);
  expect(callbackSlotsResponseSchema.parse(cancelled.body).booking).toBeNull();
}, 180_000);
