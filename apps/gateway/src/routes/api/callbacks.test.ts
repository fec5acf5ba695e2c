import { randomUUID } from 'node:crypto';
import { apiPath, applyResponseSchema, callbackBookingSchema, callbackSlotsResponseSchema, londonCalendarDate } from '@clearing-desk/contracts';
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
