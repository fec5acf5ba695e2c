import { APPLICATIONS_SVC, workQueueNextResponseSchema, type StaffUser, type WorkQueueItem } from '@clearing-desk/contracts';
import { endpointRequest } from '@clearing-desk/service-kit/testing';
import { applicationMaker, asStaff, startApplicationsTestApp, type ApplicationsTestApp, type StoredApplication, type StoreOptions } from '../testing/test-app';

const PREFIX = `queue-test-${process.pid}`;
const CLAIM_MINUTES = 15;
// The queue's clock: the real time at the start (the stored rows carry the database's times), moved by the tests.
let clock = new Date();
let testApp: ApplicationsTestApp;
let app: ApplicationsTestApp['app'];

beforeAll(async () => {
  testApp = await startApplicationsTestApp(
    'applications_queue',
    PREFIX,
    {
      // Every offer made now lapses within a week: the test does not depend on the weekday it runs.
      QUEUE_OFFER_LAPSING_HOURS: '168',
      QUEUE_CLAIM_MINUTES: String(CLAIM_MINUTES),
    },
    () => clock,
  );
  ({ app } = testApp);
});

afterAll(async () => {
  await testApp?.close();
});

const adviser = (username: string, school: string, role: StaffUser['roles'][number]['role'] = 'Back Office'): StaffUser => ({
  username,
  name: username,
  roles: [{ role, scope: `school:${school}` }],
});
const as = asStaff;

const make = applicationMaker(() => app, { emailPrefix: 'queue', firstUcasId: 6200000000, namePrefix: 'Caller' });
type Created = StoredApplication;

/** Stores an application on a course of `school` (each test its own school, so its queue is its own). */
const create = (school: string, options: Omit<StoreOptions, 'school'> = {}): Promise<Created> => make({ school, ...options });

const next = async (user: StaffUser): Promise<WorkQueueItem | null> => {
  const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.deskQueueNext), headers: as(user) });
  expect(res.statusCode).toBe(200);
  return workQueueNextResponseSchema.parse(res.json()).item;
};
const logCall = async (c: Created, user: StaffUser, outcome: string) => {
  const res = await app.inject({
    ...endpointRequest(APPLICATIONS_SVC.deskOutboundCall, { params: { student: c.student, course: c.course } }),
    headers: as(user),
    payload: { CALL_OUTCOME: outcome, NOTES: '' },
  });
  expect(res.statusCode).toBe(200);
};
const minutesLater = (n: number) => {
  clock = new Date(clock.getTime() + n * 60_000);
};

describe(`POST ${APPLICATIONS_SVC.deskQueueNext.path} ('Next call')`, () => {
  it('leaves out an offer already added in UCAS: it cannot lapse', async () => {
    const school = 'QUCA';
    const added = await create(school, { status: 'O', user: 'backoffice' });
    const notAdded = await create(school, { status: 'O', user: 'backoffice' });
    const imported = await app.ucas.importCsv({
      csv: `Personal ID,Course code\n${added.ucasPersonalId},${added.course}\n`,
      fileName: 'ucas.csv',
      source: 'upload',
      importedBy: 'admin',
    });
    expect(imported.MATCHED).toBe(1);
    clock = new Date();
    const first = await next(adviser('ucas1', school));
    expect(first && [first.kind, first.APPLICATION_ID]).toEqual(['offer-lapsing', notAdded.applicationId]);
    expect(await next(adviser('ucas2', school))).toBeNull();
  });

  it('hands out one order: lapsing offers, referrals due, public submissions oldest first, then will-call-back; staff submissions never', async () => {
    const school = 'QORD';
    const older = await create(school);
    const newer = await create(school);
    await create(school, { user: 'frontoffice' });
    const callsBack = await create(school);
    const referral = await create(school, { status: 'R', user: 'backoffice' });
    const offer = await create(school, { status: 'O', user: 'backoffice' });
    await logCall(callsBack, adviser('caller', school), 'Student will call back');
    clock = new Date();

    const taken = [];
    for (let n = 1; n <= 6; n += 1) taken.push(await next(adviser(`ord${n}`, school)));
    expect(taken.map((item) => item && [item.kind, item.APPLICATION_ID])).toEqual([
      ['offer-lapsing', offer.applicationId],
      ['referral-due', referral.applicationId],
      ['public-waiting', older.applicationId],
      ['public-waiting', newer.applicationId],
      ['will-call-back', callsBack.applicationId],
      null,
    ]);
    expect(taken[1]).toMatchObject({
      STUDENT_ID: referral.student,
      UCAS_CODE: referral.course,
      reason: expect.stringMatching(/^Referral due back by 12:00 on /),
    });
    expect(taken[2]?.reason).toMatch(/^Public submission waiting (Less than 1 min|\d+ min): call the applicant about their application\.$/);
    expect(taken[0]?.claimed_until).toBe(new Date(clock.getTime() + CLAIM_MINUTES * 60_000).toISOString());
  });

  it('gives advisers asking at the same moment different items, never one item twice', async () => {
    const school = 'QCON';
    const created = [];
    for (let n = 0; n < 8; n += 1) created.push(await create(school));
    const advisers = Array.from({ length: 10 }, (_, n) => adviser(`con${n}`, school));
    const items = await Promise.all(advisers.map((a) => next(a)));
    const ids = items.flatMap((item) => (item ? [item.APPLICATION_ID] : []));
    expect(ids).toHaveLength(8);
    expect(new Set(ids)).toEqual(new Set(created.map((c) => c.applicationId)));
    expect(items.filter((item) => item === null)).toHaveLength(2);
  });

  it('answers an adviser’s open item again until it is closed, and an outcome closes it for good', async () => {
    const school = 'QOWN';
    const first = await create(school);
    const second = await create(school);
    clock = new Date();
    const ann = adviser('ann', school);
    expect((await next(ann))?.APPLICATION_ID).toBe(first.applicationId);
    expect((await next(ann))?.APPLICATION_ID).toBe(first.applicationId);
    await logCall(first, ann, 'Called no answer');
    expect((await next(ann))?.APPLICATION_ID).toBe(second.applicationId);
    // Long after its claim would have run out, the closed item stays out of the queue.
    minutesLater(CLAIM_MINUTES * 4);
    expect(await next(adviser('bob', school))).toMatchObject({ APPLICATION_ID: second.applicationId });
    expect(await next(adviser('cat', school))).toBeNull();
  });

  it('returns an item not closed to the queue once its claim time has passed (the clock moved, no waiting)', async () => {
    const school = 'QEXP';
    const item = await create(school);
    clock = new Date();
    expect((await next(adviser('dan', school)))?.APPLICATION_ID).toBe(item.applicationId);
    minutesLater(CLAIM_MINUTES - 1);
    expect(await next(adviser('eve', school))).toBeNull();
    minutesLater(1);
    const back = await next(adviser('eve', school));
    expect(back).toMatchObject({ APPLICATION_ID: item.applicationId, claimed_until: new Date(clock.getTime() + CLAIM_MINUTES * 60_000).toISOString() });
    // Dan's claim is Eve's now: Dan's next call is another (none here).
    expect(await next(adviser('dan', school))).toBeNull();
  });

  it('returns an item at once when its adviser leaves it without an outcome (the screen or tab closed: presence released)', async () => {
    const school = 'QREL';
    const item = await create(school);
    clock = new Date();
    const fay = adviser('fay', school);
    expect((await next(fay))?.APPLICATION_ID).toBe(item.applicationId);
    expect(await next(adviser('gus', school))).toBeNull();
    const release = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskPresenceRelease, { params: { student: item.student, course: item.course } }),
      headers: as(fay),
    });
    expect(release.statusCode).toBe(200);
    // No time has passed: the claim ran out with the release.
    expect(await next(adviser('gus', school))).toMatchObject({ APPLICATION_ID: item.applicationId });
    // Releasing again (a second pagehide) is harmless, and Gus's claim stands.
    expect(
      (
        await app.inject({
          ...endpointRequest(APPLICATIONS_SVC.deskPresenceRelease, { params: { student: item.student, course: item.course } }),
          headers: as(fay),
        })
      ).statusCode,
    ).toBe(200);
    expect(await next(adviser('hal', school))).toBeNull();
  });

  it('hands each adviser only what their role may edit, and nothing someone else has open', async () => {
    const school = 'QROL';
    const referral = await create(school, { status: 'R', user: 'backoffice' });
    const open = await create(school);
    const waiting = await create(school);
    clock = new Date();
    const fo = adviser('fo', school, 'Front Office');
    // Someone has the older public submission open on the desk (presence): it is skipped.
    const presence = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.deskPresence, { params: { student: open.student, course: open.course } }),
      headers: as(adviser('holder', school)),
      payload: { take_over: false },
    });
    expect(presence.statusCode).toBe(200);
    expect((await next(fo))?.APPLICATION_ID).toBe(waiting.applicationId);
    expect(await next(adviser('fo2', school, 'Front Office'))).toBeNull();
    expect((await next(adviser('bo', school)))?.APPLICATION_ID).toBe(referral.applicationId);
    expect(await next(adviser('elsewhere', 'QNONE'))).toBeNull();
  });
});
