import { createService, isDatabaseUnavailable } from '../index';

/** A request that meets a database outage answers 503 with words and Retry-After, never a bare 500. */
describe('a database outage', () => {
  const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3100'), { code: 'ECONNREFUSED' })],
    ['a server shutting down (57P01)', pgError('57P01', 'terminating connection due to administrator command')],
    ['a server starting up (57P03)', pgError('57P03', 'the database system is not yet accepting connections')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['one wrapped by Drizzle', Object.assign(new Error('Failed query: select 1'), { cause: pgError('08006', 'connection failure') })],
  ])('is recognised: %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('is not a constraint violation or a bug', () => {
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });

  it('answers 503 with a message and Retry-After', async () => {
    const app = createService({ name: 'outage-test', logLevel: 'silent' } as never);
    app.get('/down', async () => {
      throw Object.assign(new Error('Failed query'), { cause: pgError('57P01', 'terminating connection due to administrator command') });
    });
    const res = await app.inject({ method: 'GET', url: '/down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ message: 'The database is not available for a moment. Please try again in a few seconds.' });
    await app.close();
  });
});
