import { randomUUID } from 'node:crypto';
import {
  APPLICATIONS_SVC,
  applyResponseSchema,
  CALLBACK_REQUEST_TEXTS,
  CALLBACK_TEXTS,
  callbackBookingSchema,
  callbackRequestBookedSchema,
  callbackSlotsResponseSchema,
  USER_HEADER,
  workQueueNextResponseSchema,
  type StaffUser,
  type StoreApplicationRequestInput,
  type StoreCallbackRequest,
} from '@clearing-desk/contracts';
import { createApplicationForm, createCourseDetail } from '@clearing-desk/contracts/testing';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { endpointRequest, internalHeaders } from '@clearing-desk/service-kit/testing';
import { Client } from 'pg';
import { applicationMaker, SUBMIT_ONLY_ASSESSMENT, startApplicationsTestApp, type ApplicationsTestApp } from '../../testing/test-app';

/**
 * Calls booked from the course page by someone who has not applied (docs/domain/work-queue.md
 * "Callbacks"): the same slots and capacity as the status page's, their private link, the work
 * queue's callback kind and the application saved from it.
 */
const PREFIX = `callback-requests-test-${process.pid}`;
// Monday 17 August 2026, 08:00 in London (BST): a working day; the next is Tuesday 18 August.
const MONDAY_0800 = new Date('2026-08-17T07:00:00Z');
let clock = MONDAY_0800;
let testApp: ApplicationsTestApp;
let app: ApplicationsTestApp['app'];
let database: ApplicationsTestApp['database'];

beforeAll(async () => {
  testApp = await startApplicationsTestApp('applications_callback_requests', PREFIX, { CALLBACK_SLOT_MINUTES: '15', QUEUE_CLAIM_MINUTES: '5' }, () => clock);
  ({ app, database } = testApp);
});

afterAll(async () => {
  await testApp?.close();
});

const detail = createCourseDetail();
const admin: StaffUser = { username: 'admin1', name: 'Admin One', roles: [{ role: 'Administrator', scope: 'all' }] };
const as = (user: StaffUser) => internalHeaders({ [USER_HEADER]: encodeStaffUser(user) });

async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

const setShift = async (DATE: string, HOUR: number, ADVISERS: number) => {
  const res = await app.inject({
    ...endpointRequest(APPLICATIONS_SVC.callbackCapacityUpdate),
    headers: as(admin),
    payload: { rows: [{ DATE, HOUR, ADVISERS }] },
  });
  expect(res.statusCode).toBe(200);
};

let people = 0;
const caller = (school: string, START: string, extra: Partial<StoreCallbackRequest> = {}): StoreCallbackRequest => {
  people += 1;
  return {
    NAME: `Cara Caller${people}`,
    TEL: '07700 900982',
    EMAIL: `cara.${people}@example.com`,
    UCAS_CODE: detail.courseData.UCAS_CODE,
    START,
    SCHOOL: school,
    DEPT: `${school}D`,
    ...extra,
  };
};
const bookRequest = (body: StoreCallbackRequest) =>
  app.inject({ ...endpointRequest(APPLICATIONS_SVC.callbackRequestBook), headers: internalHeaders(), payload: body });
const page = (token: string) => app.inject({ ...endpointRequest(APPLICATIONS_SVC.callbackRequestPage, { params: { token } }), headers: internalHeaders() });
const move = (token: string, START: string) =>
  app.inject({ ...endpointRequest(APPLICATIONS_SVC.callbackRequestMove, { params: { token } }), headers: internalHeaders(), payload: { START } });
const cancel = (token: string) => app.inject({ ...endpointRequest(APPLICATIONS_SVC.callbackRequestCancel, { params: { token } }), headers: internalHeaders() });

const makeApplication = applicationMaker(() => app, { emailPrefix: 'applicant', firstUcasId: 6400000000, namePrefix: 'Applicant' });
/** Stores a public application on a course of `school`; answers its status page hash. */
const createApplication = async (school: string): Promise<string> => (await makeApplication({ school })).hash;

/** The callback emails of a call booked without an application: [action, sequence, eventId, start, link token], in revision order. */
const requestEmails = async (id: number) =>
  (
    await sql<{ payload: { action: string; sequence: number; eventId: string; start: string; token: string; hash: string } }>(
      "select payload from outbox where kind = 'callback-email' and aggregate_id = $1 order by (payload->>'sequence')::int",
      [`callback-${id}`],
    )
  ).map(({ payload: p }) => [p.action, p.sequence, p.eventId, p.start, p.token]);
const callbackIdOf = async (token: string) => (await sql<{ id: number }>('select id from callbacks where token = $1', [token]))[0]!.id;

// Monday 17 August 2026 (BST): 11:00, 11:15, 11:30 London.
const ELEVEN = '2026-08-17T10:00:00.000Z';
const ELEVEN_15 = '2026-08-17T10:15:00.000Z';
const ELEVEN_30 = '2026-08-17T10:30:00.000Z';

describe('calls booked from the course page without an application', () => {
  beforeAll(async () => {
    await setShift('2026-08-17', 11, 1);
  });

  it('books a free slot with the caller and course: 201, the confirmation in words, a private token and the email in the outbox', async () => {
    const free = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.callbackFree), headers: internalHeaders() });
    expect(callbackSlotsResponseSchema.parse(free.json()).slots.map((s) => s.START)).toContain(ELEVEN);
    const res = await bookRequest(caller('CR1', ELEVEN));
    expect(res.statusCode).toBe(201);
    const booked = callbackRequestBookedSchema.parse(res.json());
    expect(booked.CONFIRMATION).toBe('We will call you on Monday 17 August between 11:00 and 11:15');
    expect(booked.TOKEN).toMatch(/^[0-9a-f]{64}$/);
    const id = await callbackIdOf(booked.TOKEN);
    expect(await requestEmails(id)).toEqual([['booked', 0, `request-${id}`, ELEVEN, booked.TOKEN]]);
    // The private page shows the booking; the slot is no longer free (one adviser on shift).
    const shown = callbackSlotsResponseSchema.parse((await page(booked.TOKEN)).json());
    expect(shown.booking).toEqual({ START: ELEVEN, END: ELEVEN_15, CONFIRMATION: booked.CONFIRMATION });
    expect(shown.slots.map((s) => s.START)).not.toContain(ELEVEN);
    expect((await page('0'.repeat(64))).json()).toEqual({ message: CALLBACK_REQUEST_TEXTS.NOT_FOUND });
  });

  it('shares the slots with the status page: a slot booked there is full here, and the other way round (409)', async () => {
    const hash = await createApplication('CR2');
    const fromStatusPage = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.callbackBook, { params: { hash } }),
      headers: internalHeaders(),
      payload: { START: ELEVEN_15 },
    });
    expect(fromStatusPage.statusCode).toBe(200);
    const refused = await bookRequest(caller('CR2', ELEVEN_15));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: CALLBACK_TEXTS.SLOT_TAKEN });

    expect((await bookRequest(caller('CR2', ELEVEN_30))).statusCode).toBe(201);
    const other = await createApplication('CR2');
    const statusPageRefused = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.callbackBook, { params: { hash: other } }),
      headers: internalHeaders(),
      payload: { START: ELEVEN_30 },
    });
    expect(statusPageRefused.statusCode).toBe(409);
    const slots = callbackSlotsResponseSchema.parse(
      (await app.inject({ ...endpointRequest(APPLICATIONS_SVC.callbackSlots, { params: { hash: other } }), headers: internalHeaders() })).json(),
    );
    expect(slots.slots.map((s) => s.START)).not.toContain(ELEVEN_30);
  });

  it('concurrent bookings of the last slot from both pages: exactly one wins, the others get 409', async () => {
    await setShift('2026-08-17', 13, 1);
    const LAST = '2026-08-17T12:00:00.000Z';
    const hashes = await Promise.all(Array.from({ length: 8 }, () => createApplication('CR3')));
    const answers = await Promise.all([
      ...hashes.map((hash) =>
        app.inject({ ...endpointRequest(APPLICATIONS_SVC.callbackBook, { params: { hash } }), headers: internalHeaders(), payload: { START: LAST } }),
      ),
      ...Array.from({ length: 8 }, () => bookRequest(caller('CR3', LAST))),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200 || c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    expect(await sql<{ n: number }>("select count(*)::int as n from callbacks where status = 'booked' and slot_start = $1", [LAST])).toEqual([{ n: 1 }]);
  });

  it('refuses a time that is not a slot offered (400), and bad details with the field message (400, nothing stored)', async () => {
    const odd = await bookRequest(caller('CR4', '2026-08-17T10:07:00.000Z'));
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({ message: CALLBACK_TEXTS.NOT_A_SLOT });
    const before = await sql<{ n: number }>('select count(*)::int as n from callbacks');
    const badTel = await bookRequest(caller('CR4', ELEVEN_30, { TEL: '12ab' }));
    expect(badTel.statusCode).toBe(400);
    expect(badTel.json()).toEqual({ message: `TEL: ${CALLBACK_REQUEST_TEXTS.TEL_INVALID}` });
    const badEmail = await bookRequest(caller('CR4', ELEVEN_30, { EMAIL: 'not-an-email' }));
    expect(badEmail.json()).toEqual({ message: `EMAIL: ${CALLBACK_REQUEST_TEXTS.EMAIL_INVALID}` });
    const noName = await bookRequest(caller('CR4', ELEVEN_30, { NAME: '  ' }));
    expect(noName.json()).toEqual({ message: `NAME: ${CALLBACK_REQUEST_TEXTS.NAME_MISSING}` });
    expect(await sql<{ n: number }>('select count(*)::int as n from callbacks')).toEqual(before);
  });

  it('the private link moves the call (the same event, one revision on) and cancels it, freeing the slot; then books again', async () => {
    await setShift('2026-08-17', 14, 1);
    const booked = callbackRequestBookedSchema.parse((await bookRequest(caller('CR5', '2026-08-17T13:00:00.000Z'))).json());
    const id = await callbackIdOf(booked.TOKEN);
    const moved = await move(booked.TOKEN, '2026-08-17T13:15:00.000Z');
    expect(moved.statusCode).toBe(200);
    expect(callbackBookingSchema.parse(moved.json()).CONFIRMATION).toBe('We will call you on Monday 17 August between 14:15 and 14:30');
    const cancelled = await cancel(booked.TOKEN);
    expect(cancelled.statusCode).toBe(200);
    const after = callbackSlotsResponseSchema.parse(cancelled.json());
    expect(after.booking).toBeNull();
    expect(after.slots.map((s) => s.START)).toContain('2026-08-17T13:15:00.000Z');
    expect((await cancel(booked.TOKEN)).json()).toEqual({ message: CALLBACK_TEXTS.NO_BOOKING });
    expect((await move(booked.TOKEN, '2026-08-17T13:30:00.000Z')).statusCode).toBe(200);
    const event = `request-${id}`;
    expect(await requestEmails(id)).toEqual([
      ['booked', 0, event, '2026-08-17T13:00:00.000Z', booked.TOKEN],
      ['booked', 2, event, '2026-08-17T13:15:00.000Z', booked.TOKEN],
      ['cancelled', 3, event, '2026-08-17T13:15:00.000Z', booked.TOKEN],
      ['booked', 4, event, '2026-08-17T13:30:00.000Z', booked.TOKEN],
    ]);
  });
});

describe("the work queue's callback kind for a call without an application", () => {
  const adviser = (username: string, school: string, role: StaffUser['roles'][number]['role'] = 'Back Office'): StaffUser => ({
    username,
    name: username,
    roles: [{ role, scope: `school:${school}` }],
  });
  const next = async (user: StaffUser) => {
    const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskQueueNext), headers: as(user) });
    expect(res.statusCode).toBe(200);
    return workQueueNextResponseSchema.parse(res.json()).item;
  };

  it('is handed out in its window with the caller prefilled; the application saved from it links it, marks it done and ends the claim', async () => {
    await setShift('2026-08-18', 10, 1);
    const body = caller('CQ1', '2026-08-18T09:00:00.000Z', { NAME: 'Cara Quinn', TEL: '+33 1 23 45 67 89', EMAIL: 'cara.quinn@example.com' });
    const booked = callbackRequestBookedSchema.parse((await bookRequest(body)).json());
    const id = await callbackIdOf(booked.TOKEN);
    // Before its window nothing waits; an adviser outside the course's scope never gets it.
    clock = new Date('2026-08-18T08:59:00Z');
    expect(await next(adviser('cq1a', 'CQ1'))).toBeNull();
    clock = new Date('2026-08-18T09:02:00Z');
    expect(await next(adviser('cq1x', 'ELSEWHERE'))).toBeNull();
    const item = await next(adviser('cq1a', 'CQ1'));
    expect(item).toEqual({
      kind: 'callback',
      reason: 'Callback booked for 10:00: call the applicant now.',
      due_at: '2026-08-18T09:00:00.000Z',
      claimed_until: '2026-08-18T09:07:00.000Z',
      STUDENT_ID: '',
      APPLICATION_ID: '',
      UCAS_CODE: detail.courseData.UCAS_CODE,
      NAME: 'Cara Quinn',
      CALLER: {
        CALLBACK_ID: String(id),
        NAME: 'Cara Quinn',
        TEL: '+33 1 23 45 67 89',
        EMAIL: 'cara.quinn@example.com',
        UCAS_CODE: detail.courseData.UCAS_CODE,
      },
    });
    // The adviser's own open item comes back to them; nobody else gets it while the claim runs.
    expect((await next(adviser('cq1a', 'CQ1')))?.CALLER?.CALLBACK_ID).toBe(String(id));
    expect(await next(adviser('cq1b', 'CQ1'))).toBeNull();

    // The phone entry saved from it: a staff create carrying the call's id.
    const saved = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.store),
      headers: as(adviser('cq1a', 'CQ1')),
      payload: {
        submission: {
          ...createApplicationForm({
            EMAIL: 'cara.quinn@example.com',
            NAME1: 'Cara',
            NAME2: 'Quinn',
            TEL1: '+33 1 23 45 67 89',
            UCAS_PERSONAL_ID: '6499999999',
          }),
          SUBMISSION_ID: randomUUID(),
        },
        course: {
          UCAS_CODE: detail.courseData.UCAS_CODE,
          DEPART_NUMBER: '12',
          ALLOW_SECOND_YEAR_ENTRY: false,
          SCHOOL: 'CQ1',
          DEPT: 'CQ1D',
          COURSE_CODE_OVERRIDE: null,
        },
        qualOptions: detail.qualOptions,
        assessment: { ...SUBMIT_ONLY_ASSESSMENT, SUBMISSION_OPTIONS: { BUTTONS: [{ STATUS: 'R', LABEL: 'Refer' }] } },
        decision: { confirmed_status: 'R', sub_status: null, rejection_reasons: [], recommended_courses: [] },
        user: 'cq1a',
        staff: true,
        callbackId: id,
      } satisfies StoreApplicationRequestInput,
    });
    expect(saved.statusCode).toBe(201);
    const appId = Number(applyResponseSchema.parse(saved.json()).app_id);
    const [row] = await sql<{ application_id: number; status: string }>('select application_id, status from callbacks where id = $1', [id]);
    expect(row).toEqual({ application_id: appId, status: 'done' });
    // Done: the private page shows no booking to change; the adviser's next call is not this one again.
    expect(callbackSlotsResponseSchema.parse((await page(booked.TOKEN)).json()).booking).toBeNull();
    expect((await cancel(booked.TOKEN)).statusCode).toBe(404);
    const after = await next(adviser('cq1a', 'CQ1'));
    expect(after?.CALLER ?? null).toBeNull();
    clock = MONDAY_0800;
  });

  it('a call taken and not closed returns to the queue when the claim runs out; a role that cannot create applications never gets it', async () => {
    await setShift('2026-08-18', 11, 1);
    const booked = callbackRequestBookedSchema.parse((await bookRequest(caller('CQ2', '2026-08-18T10:00:00.000Z'))).json());
    const id = String(await callbackIdOf(booked.TOKEN));
    clock = new Date('2026-08-18T10:01:00Z');
    expect(await next(adviser('cq2v', 'CQ2', 'Visa Team'))).toBeNull();
    expect((await next(adviser('cq2a', 'CQ2')))?.CALLER?.CALLBACK_ID).toBe(id);
    clock = new Date('2026-08-18T10:05:00Z');
    expect(await next(adviser('cq2b', 'CQ2'))).toBeNull();
    clock = new Date('2026-08-18T10:06:00Z');
    expect((await next(adviser('cq2b', 'CQ2')))?.CALLER?.CALLBACK_ID).toBe(id);
    // Its window over, it leaves the queue (still booked: no outcome).
    clock = new Date('2026-08-18T10:20:00Z');
    expect(await next(adviser('cq2c', 'CQ2'))).toBeNull();
    clock = MONDAY_0800;
  });
});
