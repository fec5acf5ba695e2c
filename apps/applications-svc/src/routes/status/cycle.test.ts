import {
  APPLICATIONS_SVC,
  clearingStatusResponseSchema,
  courseStartsMovedEventSchema,
  cycleResponseSchema,
  CYCLE_MESSAGES,
  CYCLE_ROLL_MESSAGES,
  OUTBOX_KINDS,
  type StaffUser,
} from '@clearing-desk/contracts';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, endpointRequest, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { applicationsConfigSchema } from '../../config';
import { outbox, recruitmentCycleAudit, recruitmentCycles } from '../../db/schema';

const admin: StaffUser = { username: 'admin', name: 'Ada Administrator', roles: [{ role: 'Administrator', scope: 'all' }] };
const editor: StaffUser = { username: 'editor', name: 'Eddie Editor', roles: [{ role: 'Editor', scope: 'all' }] };
const as = (user: StaffUser) => internalHeaders({ 'x-clearing-user': encodeStaffUser(user) });

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase('applications_cycle');
});
afterEach(async () => {
  await database.drop();
});

const build = (clock: string, env: Record<string, string> = {}) =>
  buildApp(
    applicationsConfigSchema.parse({ DATABASE_URL: database.url, INTERNAL_TOKEN: TEST_INTERNAL_TOKEN, LOG_LEVEL: 'silent', CLEARING_CLOCK: clock, ...env }),
  );

const THE_2025_CYCLE = {
  NAME: '2025/26',
  CLEARING_OPENS: '2025-07-05',
  CLEARING_CLOSES: '2025-10-20',
  RESULTS_DAY: '2025-08-14',
  COURSE_START_DATE: '2025-09-22',
  TARIFF_VERSION: '2025',
};
const THE_2026_CYCLE = {
  NAME: '2026/27',
  CLEARING_OPENS: '2026-07-05',
  CLEARING_CLOSES: '2026-10-20',
  RESULTS_DAY: '2026-08-14',
  COURSE_START_DATE: '2026-09-22',
  TARIFF_VERSION: '2026',
};

describe('the recruitment cycle', () => {
  it('is seeded from configuration on first start, and later starts keep the stored one', async () => {
    const first = await build('2025-08-14');
    await first.ready();
    const res = await first.inject({ ...endpointRequest(APPLICATIONS_SVC.cycle), headers: as(admin) });
    await first.close();
    expect(res.statusCode).toBe(200);
    expect(cycleResponseSchema.parse(res.json())).toEqual({ current: { ...THE_2025_CYCLE, IN_WINDOW: true }, next: THE_2026_CYCLE, rolls: [] });

    const second = await build('2025-08-14', { INTAKE_YEAR: '2027/28', COURSE_START_DATE: '2027-09-20' });
    await second.ready();
    const again = await second.inject({ ...endpointRequest(APPLICATIONS_SVC.cycle), headers: as(admin) });
    await second.close();
    expect(cycleResponseSchema.parse(again.json()).current.NAME).toBe('2025/26');
  });

  it('takes the seed dates configuration gives (npm start: a demo cycle open today)', async () => {
    const app = await build('2026-11-29', {
      INTAKE_YEAR: '2026/27',
      CLEARING_OPENS: '2026-11-15',
      CLEARING_CLOSES: '2026-12-27',
      RESULTS_DAY: '2026-11-22',
      COURSE_START_DATE: '2027-01-25',
    });
    await app.ready();
    const status = clearingStatusResponseSchema.parse((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.status), headers: internalHeaders() })).json());
    await app.close();
    expect(status.state).toBe(1);
    expect(status.cycle).toEqual({
      NAME: '2026/27',
      CLEARING_OPENS: '2026-11-15',
      CLEARING_CLOSES: '2026-12-27',
      RESULTS_DAY: '2026-11-22',
      COURSE_START_DATE: '2027-01-25',
      TARIFF_VERSION: '2026',
      IN_WINDOW: true,
    });
  });

  it('closes Clearing to the public outside its window, whatever the setting, with the setting beside it', async () => {
    const app = await build('2025-10-21');
    await app.ready();
    const status = clearingStatusResponseSchema.parse((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.status), headers: internalHeaders() })).json());
    expect(status).toEqual({
      state: 0,
      closing_message: 'Clearing 2025/26 is open from 5 July 2025 to 20 October 2025.',
      setting: { state: 1, closing_message: null },
      cycle: { ...THE_2025_CYCLE, IN_WINDOW: false },
    });
    expect(status.closing_message).toBe(CYCLE_MESSAGES.CLOSED_OUTSIDE_WINDOW(THE_2025_CYCLE));
    // A submission reads the same closed state.
    const facts = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.submitFacts),
      headers: internalHeaders(),
      payload: { ucas_code: 'G400', submission_id: '6f1b0c52-6f0e-4d6e-9d52-2f1f3f7b7a10' },
    });
    expect(facts.json().clearing).toEqual({ state: 0, closing_message: CYCLE_MESSAGES.CLOSED_OUTSIDE_WINDOW(THE_2025_CYCLE) });
    // An Administrator's own closing message is what the public reads.
    await app.clearingStatusRepository.set({ state: 1, closing_message: 'Clearing opens again next July.' });
    const own = clearingStatusResponseSchema.parse((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.status), headers: internalHeaders() })).json());
    expect([own.state, own.closing_message]).toEqual([0, 'Clearing opens again next July.']);
    await app.close();
  });

  it('rolls to the next cycle for an Administrator: the cycle, its audit row and the course moves in one transaction, once', async () => {
    const app = await build('2025-08-14');
    await app.ready();
    const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.cycleRoll), headers: as(admin), payload: { FROM: '2025/26' } });
    expect(res.statusCode).toBe(200);
    const body = cycleResponseSchema.parse(res.json());
    // The clock is still in 2025: the new cycle's window has not opened.
    expect(body.current).toEqual({ ...THE_2026_CYCLE, IN_WINDOW: false });
    expect(body.next.NAME).toBe('2027/28');
    expect(body.rolls).toEqual([{ at: expect.any(String), username: 'admin', FROM: '2025/26', TO: '2026/27' }]);

    const cycles = await app.db.select().from(recruitmentCycles).orderBy(recruitmentCycles.name);
    expect(cycles.map((c) => [c.name, c.current])).toEqual([
      ['2025/26', false],
      ['2026/27', true],
    ]);
    const [event] = await app.db.select().from(outbox).where(eq(outbox.kind, OUTBOX_KINDS.COURSE_STARTS));
    expect(courseStartsMovedEventSchema.parse(event?.payload)).toEqual({
      FROM_CYCLE: '2025/26',
      TO_CYCLE: '2026/27',
      FROM: '2025-09-22',
      TO: '2026-09-22',
      username: 'admin',
      at: expect.any(String),
    });

    // The same confirmation again changes nothing.
    const repeated = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.cycleRoll), headers: as(admin), payload: { FROM: '2025/26' } });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.json()).toEqual({ message: CYCLE_ROLL_MESSAGES.NOT_CURRENT('2025/26', '2026/27') });
    expect(repeated.json().message).toBe('The 2025/26 cycle is no longer the current one: the current cycle is 2026/27. Nothing was changed.');
    expect(await app.db.select().from(recruitmentCycleAudit)).toHaveLength(1);
    expect(await app.db.select().from(outbox).where(eq(outbox.kind, OUTBOX_KINDS.COURSE_STARTS))).toHaveLength(1);
    await app.close();
  });

  it('refuses the cycle and its roll to anyone but an Administrator over all courses', async () => {
    const app = await build('2025-08-14');
    await app.ready();
    expect((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.cycle), headers: as(editor) })).statusCode).toBe(403);
    const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.cycleRoll), headers: as(editor), payload: { FROM: '2025/26' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
    expect(await app.db.select().from(recruitmentCycleAudit)).toHaveLength(0);
    await app.close();
  });
});
