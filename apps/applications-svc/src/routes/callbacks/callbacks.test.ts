import {
  APPLICATIONS_SVC,
  CALLBACK_TEXTS,
  callbackBookingSchema,
  callbackCapacityAnswerSchema,
  callbackSlotsResponseSchema,
  workQueueNextResponseSchema,
  type StaffUser,
} from '@clearing-desk/contracts';
import { endpointRequest, internalHeaders } from '@clearing-desk/service-kit/testing';
import { Client } from 'pg';
import { applicationMaker, asStaff, startApplicationsTestApp, type ApplicationsTestApp } from '../../testing/test-app';

const PREFIX = `callbacks-test-${process.pid}`;
// Monday 17 August 2026, 08:00 in London (BST): a working day; the next is Tuesday 18 August.
const MONDAY_0800 = new Date('2026-08-17T07:00:00Z');
let clock = MONDAY_0800;
let testApp: ApplicationsTestApp;
let app: ApplicationsTestApp['app'];
let database: ApplicationsTestApp['database'];

beforeAll(async () => {
  testApp = await startApplicationsTestApp(
    'applications_callbacks',
    PREFIX,
    {
      CALLBACK_SLOT_MINUTES: '15',
      // Shorter than a slot, so a callback taken and not closed returns inside its own window.
      QUEUE_CLAIM_MINUTES: '5',
    },
    () => clock,
  );
  ({ app, database } = testApp);
});

afterAll(async () => {
  await testApp?.close();
});

const admin: StaffUser = { username: 'admin1', name: 'Admin One', roles: [{ role: 'Administrator', scope: 'all' }] };
const as = asStaff;

const make = applicationMaker(() => app, { emailPrefix: 'callback', firstUcasId: 6300000000, namePrefix: 'Booker' });
/** Stores a public application on a course of `school`; answers its status page hash. */
const create = async (school: string): Promise<string> => (await make({ school })).hash;

const setShift = async (DATE: string, HOUR: number, ADVISERS: number) => {
  const res = await app.inject({
    ...endpointRequest(APPLICATIONS_SVC.callbackCapacityUpdate),
    headers: as(admin),
    payload: { rows: [{ DATE, HOUR, ADVISERS }] },
  });
  expect(res.statusCode).toBe(200);
};
/** The callback emails written to the outbox for `hash`: [action, sequence, eventId, start], in revision order. */
async function callbackEmails(hash: string): Promise<[string, number, string, string][]> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ payload: { action: string; sequence: number; eventId: string; start: string } }>(
      "select payload from outbox where kind = 'callback-email' and payload->>'hash' = $1 order by (payload->>'sequence')::int",
      [hash],
    );
    return rows.map(({ payload: p }) => [p.action, p.sequence, p.eventId, p.start]);
  } finally {
    await client.end();
  }
}

const book = (hash: string, START: string) =>
  app.inject({ ...endpointRequest(APPLICATIONS_SVC.callbackBook, { params: { hash } }), headers: internalHeaders(), payload: { START } });
const slots = async (hash: string) => {
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.callbackSlots, { params: { hash } }), headers: internalHeaders() });
  expect(res.statusCode).toBe(200);
  return callbackSlotsResponseSchema.parse(res.json());
};

// 10:00 and 10:15 London on Monday 17 August 2026 (BST).
const TEN = '2026-08-17T09:00:00.000Z';
const TEN_FIFTEEN = '2026-08-17T09:15:00.000Z';

describe('callbacks the applicant books', () => {
  beforeAll(async () => {
    await setShift('2026-08-17', 10, 1);
  });

  it('lists the free slots of the hours with advisers on shift, books one and confirms it in words', async () => {
    const hash = await create('CB1');
    const before = await slots(hash);
    expect(before.booking).toBeNull();
    expect(before.slots.slice(0, 2)).toEqual([
      { START: TEN, END: TEN_FIFTEEN },
      { START: TEN_FIFTEEN, END: '2026-08-17T09:30:00.000Z' },
    ]);
    const res = await book(hash, TEN_FIFTEEN);
    expect(res.statusCode).toBe(200);
    expect(callbackBookingSchema.parse(res.json()).CONFIRMATION).toBe('We will call you on Monday 17 August between 10:15 and 10:30');
    // The confirmation email leaves through the outbox, in the booking's transaction.
    const client = new Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ payload: { hash: string; start: string; end: string } }>(
      "select payload from outbox where kind = 'callback-email' and payload->>'hash' = $1",
      [hash],
    );
    await client.end();
    expect(rows.map((r) => [r.payload.start, r.payload.end])).toEqual([[TEN_FIFTEEN, '2026-08-17T09:30:00.000Z']]);
    // Moving it frees the old slot; one live booking per application.
    expect((await book(hash, '2026-08-17T09:30:00.000Z')).statusCode).toBe(200);
    const after = await slots(hash);
    expect(after.booking?.START).toBe('2026-08-17T09:30:00.000Z');
    expect(after.slots.map((s) => s.START)).toContain(TEN_FIFTEEN);
    expect(after.slots.map((s) => s.START)).not.toContain('2026-08-17T09:30:00.000Z');
    // The move's email revises the same calendar event (the application's), one revision on.
    const emails = await callbackEmails(hash);
    const event = emails[0]![2];
    expect(event).toMatch(/^application-\d+$/);
    expect(emails).toEqual([
      ['booked', 0, event, TEN_FIFTEEN],
      ['booked', 2, event, '2026-08-17T09:30:00.000Z'],
    ]);
  });

  it("answers the advisers on shift with the days to show from the service's clock (not the browser's)", async () => {
    const read = async () => {
      const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.callbackCapacity), headers: as(admin) });
      expect(res.statusCode).toBe(200);
      return callbackCapacityAnswerSchema.parse(res.json());
    };
    expect(await read()).toEqual({ rows: [{ DATE: '2026-08-17', HOUR: 10, ADVISERS: 1 }], days: ['2026-08-17', '2026-08-18', '2026-08-19'] });
    // The London date rules: 23:59 on Monday in London is still Monday; its midnight is Tuesday though UTC still says Monday.
    clock = new Date('2026-08-17T22:59:00Z');
    expect((await read()).days).toEqual(['2026-08-17', '2026-08-18', '2026-08-19']);
    clock = new Date('2026-08-17T23:00:00Z');
    expect(await read()).toEqual({ rows: [], days: ['2026-08-18', '2026-08-19', '2026-08-20'] });
    clock = MONDAY_0800;
  });

  it('refuses a time that is not a slot offered (400) and an hour nobody is on shift', async () => {
    const hash = await create('CB2');
    const odd = await book(hash, '2026-08-17T09:07:00.000Z');
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe(CALLBACK_TEXTS.NOT_A_SLOT);
    expect((await book(hash, '2026-08-17T13:00:00.000Z')).json().message).toBe(CALLBACK_TEXTS.NOT_A_SLOT);
  });

  it('20 concurrent bookings of a slot with one adviser on shift: exactly one wins, the others get 409', async () => {
    const hashes = await Promise.all(Array.from({ length: 20 }, () => create('CB3')));
    const answers = await Promise.all(hashes.map((hash) => book(hash, TEN)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(CALLBACK_TEXTS.SLOT_TAKEN);
    expect((await slots(hashes[0]!)).slots.map((s) => s.START)).not.toContain(TEN);
  });

  it('cancelling frees the slot; cancelling again answers 404', async () => {
    const hash = await create('CB4');
    expect((await book(hash, '2026-08-17T09:45:00.000Z')).statusCode).toBe(200);
    const cancel = () => app.inject({ ...endpointRequest(APPLICATIONS_SVC.callbackCancel, { params: { hash } }), headers: internalHeaders() });
    const first = await cancel();
    expect(first.statusCode).toBe(200);
    expect(callbackSlotsResponseSchema.parse(first.json()).booking).toBeNull();
    // The cancellation's email leaves through the outbox with it: the same event, cancelled.
    const emails = await callbackEmails(hash);
    expect(emails.map(([action, sequence, , start]) => [action, sequence, start])).toEqual([
      ['booked', 0, '2026-08-17T09:45:00.000Z'],
      ['cancelled', 1, '2026-08-17T09:45:00.000Z'],
    ]);
    expect(emails[1]![2]).toBe(emails[0]![2]);
    const again = await cancel();
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CALLBACK_TEXTS.NO_BOOKING);
  });

  it('the work queue hands out the booked callback once its slot is due (the clock moved, no timers)', async () => {
    await setShift('2026-08-18', 11, 1);
    const hash = await create('CB5');
    // 11:00 London on Tuesday 18 August.
    expect((await book(hash, '2026-08-18T10:00:00.000Z')).statusCode).toBe(200);
    const adviser: StaffUser = { username: 'cb5', name: 'cb5', roles: [{ role: 'Back Office', scope: 'school:CB5' }] };
    const next = async () => {
      const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskQueueNext), headers: as(adviser) });
      expect(res.statusCode).toBe(200);
      return workQueueNextResponseSchema.parse(res.json()).item;
    };
    clock = new Date('2026-08-18T09:59:00Z');
    expect((await next())?.kind).toBe('public-waiting');
    clock = new Date('2026-08-18T10:05:00Z');
    // A new adviser: the first one holds their public-waiting item.
    const other: StaffUser = { ...adviser, username: 'cb5b', name: 'cb5b' };
    const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskQueueNext), headers: as(other) });
    const item = workQueueNextResponseSchema.parse(res.json()).item;
    expect(item?.kind).toBe('callback');
    expect(item?.reason).toBe('Callback booked for 11:00: call the applicant now.');
    clock = MONDAY_0800;
  });

  it('a slot starting this instant can be booked and is due at once', async () => {
    await setShift('2026-08-17', 8, 1);
    const hash = await create('CB6');
    expect((await slots(hash)).slots[0]).toEqual({ START: MONDAY_0800.toISOString(), END: '2026-08-17T07:15:00.000Z' });
    expect((await book(hash, MONDAY_0800.toISOString())).statusCode).toBe(200);
    const adviser: StaffUser = { username: 'cb6', name: 'cb6', roles: [{ role: 'Back Office', scope: 'school:CB6' }] };
    const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskQueueNext), headers: as(adviser) });
    expect(workQueueNextResponseSchema.parse(res.json()).item).toMatchObject({
      kind: 'callback',
      reason: 'Callback booked for 08:00: call the applicant now.',
    });
    // A minute later that slot has begun: it is no longer offered, nor can it be booked.
    clock = new Date(MONDAY_0800.getTime() + 60_000);
    const other = await create('CB6');
    expect((await slots(other)).slots[0]?.START).toBe('2026-08-17T07:15:00.000Z');
    expect((await book(other, MONDAY_0800.toISOString())).statusCode).toBe(400);
    clock = MONDAY_0800;
  });

  it('a callback taken and not closed returns to the queue; the call logged closes it and marks it done', async () => {
    await setShift('2026-08-18', 12, 1);
    const hash = await create('CB7');
    // 12:00 London on Tuesday 18 August.
    expect((await book(hash, '2026-08-18T11:00:00.000Z')).statusCode).toBe(200);
    const adviser = (username: string): StaffUser => ({ username, name: username, roles: [{ role: 'Back Office', scope: 'school:CB7' }] });
    const next = async (user: StaffUser) => {
      const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskQueueNext), headers: as(user) });
      expect(res.statusCode).toBe(200);
      return workQueueNextResponseSchema.parse(res.json()).item;
    };
    clock = new Date('2026-08-18T11:01:00Z');
    const taken = await next(adviser('cb7a'));
    expect(taken).toMatchObject({ kind: 'callback', reason: 'Callback booked for 12:00: call the applicant now.' });
    // Within the claim nobody else gets it; once the claim (5 minutes) runs out with no outcome, the next adviser does.
    clock = new Date('2026-08-18T11:05:00Z');
    expect(await next(adviser('cb7b'))).toBeNull();
    clock = new Date('2026-08-18T11:06:00Z');
    const back = await next(adviser('cb7b'));
    expect(back).toMatchObject({ kind: 'callback', APPLICATION_ID: taken!.APPLICATION_ID });
    const call = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskOutboundCall, { params: { student: back!.STUDENT_ID, course: back!.UCAS_CODE } }),
      headers: as(adviser('cb7b')),
      payload: { CALL_OUTCOME: 'Called left voicemail', NOTES: '' },
    });
    expect(call.statusCode).toBe(200);
    // Done: no longer the applicant's booking, not in the queue (even after every claim would have run out).
    expect((await slots(hash)).booking).toBeNull();
    const client = new Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ status: string }>('select status from callbacks where application_id = $1', [Number(back!.APPLICATION_ID)]);
    await client.end();
    expect(rows.map((r) => r.status)).toEqual(['done']);
    clock = new Date('2026-08-18T11:12:00Z');
    expect(await next(adviser('cb7c'))).toBeNull();
    clock = MONDAY_0800;
  });
});
