import { clearingStatusResponseSchema } from '@clearing-desk/contracts';
import { createTestDatabase, internalHeaders, TEST_INTERNAL_TOKEN, type TestDatabase } from '@clearing-desk/service-kit/testing';
import { buildApp } from '../../app';
import { applicationsConfigSchema } from '../../config';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('applications_status');
});
afterAll(async () => {
  await database.drop();
});

const build = (env: Record<string, string> = {}) =>
  buildApp(applicationsConfigSchema.parse({ DATABASE_URL: database.url, INTERNAL_TOKEN: TEST_INTERNAL_TOKEN, LOG_LEVEL: 'silent', ...env }));

describe('GET /status', () => {
  it('stores the initial state on first start and keeps a stored one on later starts', async () => {
    const first = await build({ CLEARING_INITIAL_STATE: '0', CLEARING_INITIAL_CLOSING_MESSAGE: 'Clearing has closed for 2025/26.' });
    await first.ready();
    const res = await first.inject({ method: 'GET', url: '/status', headers: internalHeaders() });
    await first.close();
    expect(res.statusCode).toBe(200);
    expect(clearingStatusResponseSchema.parse(res.json())).toEqual({ state: 0, closing_message: 'Clearing has closed for 2025/26.' });

    const second = await build({ CLEARING_INITIAL_STATE: '1' });
    await second.ready();
    const again = await second.inject({ method: 'GET', url: '/status', headers: internalHeaders() });
    expect(again.json()).toEqual({ state: 0, closing_message: 'Clearing has closed for 2025/26.' });

    await second.clearingStatusRepository.set({ state: 1, closing_message: null });
    const open = await second.inject({ method: 'GET', url: '/status', headers: internalHeaders() });
    expect(open.json()).toEqual({ state: 1, closing_message: null });
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
