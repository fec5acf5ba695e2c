import { APPLICATIONS_SVC, clearingStatusAuditResponseSchema, clearingStatusResponseSchema, type StaffUser } from '@clearing-desk/contracts';
import { encodeStaffUser } from '@clearing-desk/service-kit';
import { createTestDatabase, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase, endpointRequest } from '@clearing-desk/service-kit/testing';
import { buildApp } from '../../app';
import { applicationsConfigSchema } from '../../config';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('applications_status');
});
afterAll(async () => {
  await database.drop();
});

// Results day 2025: inside the 2025/26 cycle's Clearing window (5 July to 20 October 2025).
const build = (env: Record<string, string> = {}) =>
  buildApp(
    applicationsConfigSchema.parse({
      DATABASE_URL: database.url,
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
      LOG_LEVEL: 'silent',
      CLEARING_CLOCK: '2025-08-14',
      ...env,
    }),
  );
/** The public's state and message of a status answer (the setting and the cycle beside them are tested below). */
const publicPart = (body: unknown) => {
  const { state, closing_message } = clearingStatusResponseSchema.parse(body);
  return { state, closing_message };
};

describe(`GET ${APPLICATIONS_SVC.status.path}`, () => {
  it('stores the initial state on first start and keeps a stored one on later starts', async () => {
    const first = await build({ CLEARING_INITIAL_STATE: '0', CLEARING_INITIAL_CLOSING_MESSAGE: 'Clearing has closed for 2025/26.' });
    await first.ready();
    const res = await first.inject({ ...endpointRequest(APPLICATIONS_SVC.status), headers: internalHeaders() });
    await first.close();
    expect(res.statusCode).toBe(200);
    expect(publicPart(res.json())).toEqual({ state: 0, closing_message: 'Clearing has closed for 2025/26.' });

    const second = await build({ CLEARING_INITIAL_STATE: '1' });
    await second.ready();
    const again = await second.inject({ ...endpointRequest(APPLICATIONS_SVC.status), headers: internalHeaders() });
    expect(publicPart(again.json())).toEqual({ state: 0, closing_message: 'Clearing has closed for 2025/26.' });

    await second.clearingStatusRepository.set({ state: 1, closing_message: null });
    const open = await second.inject({ ...endpointRequest(APPLICATIONS_SVC.status), headers: internalHeaders() });
    expect(publicPart(open.json())).toEqual({ state: 1, closing_message: null });
    await second.close();
  });

  it('answers /readyz once the database is reachable', async () => {
    const app = await build();
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });
});

describe(`PUT ${APPLICATIONS_SVC.statusUpdate.path} and GET ${APPLICATIONS_SVC.statusAudit.path}`, () => {
  const admin: StaffUser = { username: 'admin', name: 'Ada Administrator', roles: [{ role: 'Administrator', scope: 'all' }] };
  const schoolAdmin: StaffUser = { username: 'lawadmin', name: 'Law Admin', roles: [{ role: 'Administrator', scope: 'school:LAW' }] };
  const editor: StaffUser = { username: 'editor', name: 'Eddie Editor', roles: [{ role: 'Editor', scope: 'all' }] };
  const as = (user: StaffUser) => internalHeaders({ 'x-clearing-user': encodeStaffUser(user) });

  it('lets an Administrator over all courses close Clearing, and audits the change with user and time', async () => {
    const app = await build();
    await app.ready();
    const before = Date.now();
    const res = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.statusUpdate),
      headers: as(admin),
      payload: { state: 0, closing_message: '  Clearing has closed. ' },
    });
    expect(res.statusCode).toBe(200);
    expect(publicPart(res.json())).toEqual({ state: 0, closing_message: 'Clearing has closed.' });
    const audit = clearingStatusAuditResponseSchema.parse((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.statusAudit), headers: as(admin) })).json());
    expect(audit.rows[0]).toMatchObject({ username: 'admin', state: 0, closing_message: 'Clearing has closed.' });
    expect(Date.parse(audit.rows[0]?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);

    await app.inject({ ...endpointRequest(APPLICATIONS_SVC.statusUpdate), headers: as(admin), payload: { state: 1, closing_message: '' } });
    const again = clearingStatusAuditResponseSchema.parse((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.statusAudit), headers: as(admin) })).json());
    expect(again.rows.slice(0, 2).map((r) => [r.state, r.closing_message])).toEqual([
      [1, null],
      [0, 'Clearing has closed.'],
    ]);
    await app.close();
  });

  it.each([
    ['no user', internalHeaders()],
    ['an Editor', as(editor)],
    ['an Administrator of one school only', as(schoolAdmin)],
  ])('refuses %s with 403 and changes nothing', async (_who, headers) => {
    const app = await build();
    await app.ready();
    const stateBefore = (await app.inject({ ...endpointRequest(APPLICATIONS_SVC.status), headers: internalHeaders() })).json();
    const res = await app.inject({
      ...endpointRequest(APPLICATIONS_SVC.statusUpdate),
      headers,
      payload: { state: stateBefore.state === 1 ? 0 : 1, closing_message: null },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You do not have permission to do this.' });
    expect((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.status), headers: internalHeaders() })).json()).toEqual(stateBefore);
    expect((await app.inject({ ...endpointRequest(APPLICATIONS_SVC.statusAudit), headers })).statusCode).toBe(403);
    await app.close();
  });

  it('answers 400 for a bad state, an unknown key or a message over 1024 characters', async () => {
    const app = await build();
    await app.ready();
    for (const payload of [
      { state: 2, closing_message: null },
      { state: 1, closing_message: null, extra: 1 },
      { state: 0, closing_message: 'x'.repeat(1025) },
    ]) {
      const res = await app.inject({ ...endpointRequest(APPLICATIONS_SVC.statusUpdate), headers: as(admin), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    await app.close();
  });
});
