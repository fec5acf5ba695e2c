import { randomUUID } from 'node:crypto';
import {
  COURSES_SVC,
  courseDetailResponseSchema,
  courseHistoryResponseSchema,
  OUTBOX_QUEUES,
  type CoursePlacesEvent,
  type StaffUser,
} from '@clearing-desk/contracts';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { endpointRequest, internalHeaders } from '@clearing-desk/service-kit/testing';
import { Queue } from 'bullmq';
import { DEMO_FIXTURES } from '../db/seed/demo-catalogue';
import { setupCoursesTestApp } from '../testing/courses-test-app';
import { applyPlacesEvent } from './places-projection';

const testApp = setupCoursesTestApp('courses_places_projection');
const admin: StaffUser = { username: 'admin', name: 'Ada', roles: [{ role: 'Administrator', scope: 'all' }] };

const read = async (code: string) =>
  courseDetailResponseSchema.parse(
    (await testApp.app.inject({ ...endpointRequest(COURSES_SVC.detail, { params: { id: code } }), headers: internalHeaders() })).json(),
  ).courseData;
const history = async (code: string) =>
  courseHistoryResponseSchema.parse(
    (
      await testApp.app.inject({
        ...endpointRequest(COURSES_SVC.history, { params: { id: code } }),
        headers: internalHeaders({ 'x-clearing-user': encodeStaffUser(admin) }),
      })
    ).json(),
  ).rows;

const event = (UCAS_CODE: string, VERSION: number, values: Partial<CoursePlacesEvent> = {}): CoursePlacesEvent => ({
  UCAS_CODE,
  CLEARING_PLACES: 6,
  OFFER_ALLOWANCE: 1.5,
  OFFERS: 4,
  VACANCIES_INTERNAL: 5,
  GUARD_CLOSED: false,
  LAST_GUARD_CLOSE: null,
  LAST_GUARD_REOPEN: null,
  VERSION,
  at: new Date().toISOString(),
  history: null,
  ...values,
});

describe('the places projection (courses-svc)', () => {
  it('names for the one-off places backfill every course the ledger never sent, with its internal vacancies, until the ledger sends it', async () => {
    const backfill = async () =>
      (
        (await testApp.app.inject({ ...endpointRequest(COURSES_SVC.placesBackfill), headers: internalHeaders() })).json() as {
          courses: { UCAS_CODE: string; VACANCIES_INTERNAL: number }[];
        }
      ).courses;
    const code = DEMO_FIXTURES.noInternalVacancies;
    const before = await backfill();
    expect(before.length).toBeGreaterThan(100);
    expect(before.find((c) => c.UCAS_CODE === code)).toEqual({ UCAS_CODE: code, VACANCIES_INTERNAL: (await read(code)).VACANCIES_INTERNAL });
    await applyPlacesEvent(testApp.app.db, randomUUID(), event(code, 1));
    const after = await backfill();
    expect(after.find((c) => c.UCAS_CODE === code)).toBeUndefined();
    expect(after).toHaveLength(before.length - 1);
  });

  it("shows the ledger's places left as VACANCIES_INTERNAL, ignoring an older or repeated event; the settings only from the ledger's first event", async () => {
    const code = DEMO_FIXTURES.open;
    expect(await applyPlacesEvent(testApp.app.db, randomUUID(), event(code, 3))).toBe(true);
    // The first event is the ledger the backfill made from this course: the two start alike.
    expect(await read(code)).toMatchObject({ VACANCIES_INTERNAL: 5, CLEARING_PLACES: 6, OFFER_ALLOWANCE: 1.5 });
    expect(await applyPlacesEvent(testApp.app.db, randomUUID(), event(code, 2, { VACANCIES_INTERNAL: 1 }))).toBe(false);
    expect(await applyPlacesEvent(testApp.app.db, randomUUID(), event(code, 3, { VACANCIES_INTERNAL: 1 }))).toBe(false);
    expect((await read(code)).VACANCIES_INTERNAL).toBe(5);
    // Later the settings are course control's, here: an event (one sent before a change reached the ledger) does not move them.
    expect(await applyPlacesEvent(testApp.app.db, randomUUID(), event(code, 4, { VACANCIES_INTERNAL: 2, CLEARING_PLACES: 1, OFFER_ALLOWANCE: 2 }))).toBe(true);
    expect(await read(code)).toMatchObject({ VACANCIES_INTERNAL: 2, CLEARING_PLACES: 6, OFFER_ALLOWANCE: 1.5 });
  });

  it('writes the history an event carries once, however often its job runs and in whatever order', async () => {
    const code = DEMO_FIXTURES.engineering;
    const id = randomUUID();
    const closing = event(code, 8, {
      VACANCIES_INTERNAL: 0,
      GUARD_CLOSED: true,
      history: { username: 'places guard', event: 'guard-closed', changes: [{ field: 'VACANCIES_INTERNAL', old: 1, new: 0 }] },
    });
    await applyPlacesEvent(testApp.app.db, randomUUID(), event(code, 9, { VACANCIES_INTERNAL: 0 }));
    await applyPlacesEvent(testApp.app.db, id, closing);
    await applyPlacesEvent(testApp.app.db, id, closing);
    expect(await history(code)).toEqual([{ at: closing.at, username: 'places guard', changes: [{ field: 'VACANCIES_INTERNAL', old: 1, new: 0 }] }]);
  });

  it('takes the events relayed to its queue', async () => {
    const code = DEMO_FIXTURES.sciences;
    const queue = new Queue(OUTBOX_QUEUES['course-places'], { connection: { host: '127.0.0.1', port: 6379 }, prefix: testApp.config.EVENTS_QUEUE_PREFIX });
    try {
      const outboxId = randomUUID();
      await queue.add(
        'course-places',
        { outboxId, payload: event(code, 1, { VACANCIES_INTERNAL: 2, CLEARING_PLACES: 2, OFFER_ALLOWANCE: 1 }) },
        { jobId: outboxId },
      );
      // Wait for the state, not a time (how fast it follows is tools/bench/places' figure).
      while ((await read(code)).VACANCIES_INTERNAL !== 2) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await read(code)).toMatchObject({ CLEARING_PLACES: 2, OFFER_ALLOWANCE: 1 });
    } finally {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    }
  });
});
