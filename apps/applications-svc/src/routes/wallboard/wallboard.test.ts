import { APPLICATIONS_SVC, wallboardDeskSchema, workQueueNextResponseSchema, type StaffUser } from '@clearing-desk/contracts';
import { endpointRequest, internalHeaders } from '@clearing-desk/service-kit/testing';
import { applicationMaker, asStaff, startApplicationsTestApp, type ApplicationsTestApp } from '../../testing/test-app';

const PREFIX = `wallboard-test-${process.pid}`;
// Monday 17 August 2026, 08:00 in London (BST): a working day.
let clock = new Date('2026-08-17T07:00:00Z');
const at = (iso: string) => {
  clock = new Date(iso);
};
let testApp: ApplicationsTestApp;
let app: ApplicationsTestApp['app'];

beforeAll(async () => {
  testApp = await startApplicationsTestApp('applications_wallboard', PREFIX, { CALLBACK_SLOT_MINUTES: '15' }, () => clock);
  ({ app } = testApp);
});

afterAll(async () => {
  await testApp?.close();
});

const SCHOOL = 'WB1';
const admin: StaffUser = { username: 'admin1', name: 'Admin One', roles: [{ role: 'Administrator', scope: 'all' }] };
const adviser: StaffUser = { username: 'sam', name: 'Sam Patel', roles: [{ role: 'Back Office', scope: `school:${SCHOOL}` }] };
const supervisor: StaffUser = { username: 'sup', name: 'Sue Pervisor', roles: [{ role: 'Editor', scope: `school:${SCHOOL}` }] };
const elsewhere: StaffUser = { username: 'other', name: 'Otto Other', roles: [{ role: 'Editor', scope: 'school:ELSEWHERE' }] };
const as = asStaff;

const make = applicationMaker(() => app, { emailPrefix: 'board', firstUcasId: 6400000000, namePrefix: 'Caller' });
/** A public submission (status S: waiting in the queue) on a course of `school`. */
const create = (school = SCHOOL) => make({ school });

const board = async (user: StaffUser = supervisor) => {
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.wallboardDesk, { query: { at_risk_minutes: 5 } }), headers: as(user) });
  expect(res.statusCode).toBe(200);
  return wallboardDeskSchema.parse(res.json());
};

describe(`GET ${APPLICATIONS_SVC.wallboardDesk.path}`, () => {
  it('counts the queue and its oldest wait, and callbacks due, at risk and missed as the clock moves and advisers answer them', async () => {
    const shift = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.callbackCapacityUpdate),
      headers: as(admin),
      payload: { rows: [{ DATE: '2026-08-17', HOUR: 10, ADVISERS: 3 }] },
    });
    expect(shift.statusCode).toBe(200);
    const first = await create();
    at('2026-08-17T07:10:00Z');
    const [a, b] = [await create(), await create()];
    // Two callbacks in the 10:00 slot, one at 10:15 (London).
    for (const [who, START] of [
      [first, '2026-08-17T09:00:00.000Z'],
      [a, '2026-08-17T09:00:00.000Z'],
      [b, '2026-08-17T09:15:00.000Z'],
    ] as const) {
      const res = await app.inject({
        ...endpointRequest(APPLICATIONS_SVC.callbackBook, { params: { hash: who.hash } }),
        headers: internalHeaders(),
        payload: { START },
      });
      expect(res.statusCode).toBe(200);
    }

    // 09:50: three public submissions wait; no callback is due yet.
    at('2026-08-17T08:50:00Z');
    expect(await board()).toMatchObject({
      queue: { length: 3 },
      callbacks: { due: 0, at_risk: 0, missed: 0 },
    });
    // Another school's supervisor sees none of it.
    expect(await board(elsewhere)).toMatchObject({ queue: { length: 0, oldest_since: null }, callbacks: { due: 0, at_risk: 0, missed: 0 } });

    // 10:02: two callbacks due, with 13 minutes left: not at risk.
    at('2026-08-17T09:02:00Z');
    expect((await board()).callbacks).toEqual({ due: 2, at_risk: 0, missed: 0 });

    // 10:11: four minutes left of the window and nobody has taken them: both at risk.
    at('2026-08-17T09:11:00Z');
    expect((await board()).callbacks).toEqual({ due: 2, at_risk: 2, missed: 0 });

    // Sam takes 'Next call': the first callback; taken, it is no longer at risk (still due until answered).
    const next = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskQueueNext), headers: as(adviser) });
    const item = workQueueNextResponseSchema.parse(next.json()).item;
    expect(item).toMatchObject({ kind: 'callback', APPLICATION_ID: first.applicationId });
    expect(await board()).toMatchObject({ queue: { length: 2 }, callbacks: { due: 2, at_risk: 1, missed: 0 } });

    // Sam logs the call: answered, no longer due.
    const call = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskOutboundCall, { params: { student: first.student, course: first.course } }),
      headers: as(adviser),
      payload: { CALL_OUTCOME: 'Called no answer', NOTES: '' },
    });
    expect(call.statusCode).toBe(200);
    expect((await board()).callbacks).toEqual({ due: 1, at_risk: 1, missed: 0 });

    // 10:20: the 10:00 window nobody answered has ended: missed; the 10:15 one is due.
    at('2026-08-17T09:20:00Z');
    expect((await board()).callbacks).toEqual({ due: 1, at_risk: 0, missed: 1 });
    // The next day the miss is yesterday's: not counted.
    at('2026-08-18T08:00:00Z');
    expect((await board()).callbacks.missed).toBe(0);
  });

  it("counts a caller's callback booked without an application on its course's board: due, at risk until taken, then missed", async () => {
    const school = 'WB3';
    const board3: StaffUser = { username: 'sup3', name: 'Sue Three', roles: [{ role: 'Editor', scope: `school:${school}` }] };
    const adviser3: StaffUser = { username: 'sam3', name: 'Sam Three', roles: [{ role: 'Back Office', scope: `school:${school}` }] };
    // Wednesday 19 August 2026: a slot at 11:00 and one at 11:15 London.
    const shift = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.callbackCapacityUpdate),
      headers: as(admin),
      payload: { rows: [{ DATE: '2026-08-19', HOUR: 11, ADVISERS: 2 }] },
    });
    expect(shift.statusCode).toBe(200);
    at('2026-08-19T08:00:00Z');
    for (const [n, START] of [
      [1, '2026-08-19T10:00:00.000Z'],
      [2, '2026-08-19T10:15:00.000Z'],
    ] as const) {
      const res = await app.inject({
        ...endpointRequest(APPLICATIONS_SVC.callbackRequestBook),
        headers: internalHeaders(),
        payload: { NAME: `Cara Board${n}`, TEL: '07700 900983', EMAIL: `cara.board${n}@example.com`, UCAS_CODE: 'WB3A', START, SCHOOL: school, DEPT: 'WB3D' },
      });
      expect(res.statusCode).toBe(201);
    }
    // 11:11: the first is due with four minutes left and nobody has it: at risk; not on another school's board.
    at('2026-08-19T10:11:00Z');
    expect((await board(board3)).callbacks).toEqual({ due: 1, at_risk: 1, missed: 0 });
    expect((await board(elsewhere)).callbacks).toEqual({ due: 0, at_risk: 0, missed: 0 });
    // An adviser takes it from the queue: still due, no longer at risk.
    const next = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskQueueNext), headers: as(adviser3) });
    expect(workQueueNextResponseSchema.parse(next.json()).item).toMatchObject({ kind: 'callback' });
    expect((await board(board3)).callbacks).toEqual({ due: 1, at_risk: 0, missed: 0 });
    // 11:20: the 11:00 window ended unanswered (missed); the 11:15 one is due.
    at('2026-08-19T10:20:00Z');
    expect((await board(board3)).callbacks).toEqual({ due: 1, at_risk: 0, missed: 1 });
  });

  it('says since when the oldest call has waited', async () => {
    // A submission's time is the database's (the real clock): the board's clock is set after it.
    const supervisor2: StaffUser = { username: 'sup2', name: 'Sue Two', roles: [{ role: 'Editor', scope: 'school:WB2' }] };
    const before = Date.now();
    await create('WB2');
    const after = Date.now();
    await create('WB2');
    clock = new Date(after + 10 * 60_000);
    const { queue } = await board(supervisor2);
    expect(queue.length).toBe(2);
    const oldest = Date.parse(queue.oldest_since ?? '');
    expect(oldest).toBeGreaterThanOrEqual(before - 1000);
    expect(oldest).toBeLessThanOrEqual(after + 1000);
  });

  it('lists the applications open on the desk and the decisions each adviser made today, in scope', async () => {
    at('2026-08-19T09:00:00Z');
    const c = await create();
    const open = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskPresence, { params: { student: c.student, course: c.course } }),
      headers: as(adviser),
      payload: { take_over: false },
    });
    expect(open.statusCode).toBe(200);
    const seen = await board();
    expect(seen.open.filter((o) => o.APPLICATION_ID === c.applicationId)).toEqual([
      { username: 'sam', name: 'Sam Patel', since: '2026-08-19T09:00:00.000Z', APPLICATION_ID: c.applicationId, UCAS_CODE: c.course },
    ]);
    expect((await board(elsewhere)).open).toEqual([]);
    // The public's submissions today are the public's (its LOG rows' user), not an adviser's.
    expect(seen.decisions_today.filter((d) => d.username === 'sam')).toEqual([]);
    await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskPresenceRelease, { params: { student: c.student, course: c.course } }),
      headers: as(adviser),
    });
    expect((await board()).open.filter((o) => o.APPLICATION_ID === c.applicationId)).toEqual([]);
  });

  it('refuses a call without a user (403)', async () => {
    const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.wallboardDesk, { query: { at_risk_minutes: 5 } }), headers: internalHeaders() });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Your roles do not include viewing reports on any course.' });
  });
});
