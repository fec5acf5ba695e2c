import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { baseServiceConfigSchema, ConfigError, connectDatabase, createService, HttpError, loadConfig, metricsPortSchema, ReadinessError } from '../index';
import { createTestDatabase } from '../testing';

describe('loadConfig', () => {
  const schema = baseServiceConfigSchema.extend({ PORT: z.coerce.number().int().min(0).max(65535).default(3101), METRICS_PORT: metricsPortSchema(9301) });

  it('applies defaults and treats empty strings as unset', () => {
    expect(loadConfig(schema, { PORT: '', LOG_LEVEL: 'warn', INTERNAL_TOKEN: 't'.repeat(16) })).toMatchObject({
      PORT: 3101,
      METRICS_PORT: 9301,
      METRICS_HOST: '127.0.0.1',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });
  });

  it('refuses to start without INTERNAL_TOKEN and says which variable to set', () => {
    expect(() => loadConfig(schema, { PORT: '3101' })).toThrow(
      'Invalid configuration:\n  - INTERNAL_TOKEN: is required: set INTERNAL_TOKEN to the secret shared by the gateway and every service (16+ characters)',
    );
    expect(() => loadConfig(schema, { INTERNAL_TOKEN: 'short' })).toThrow(
      'Invalid configuration:\n  - INTERNAL_TOKEN: must be at least 16 characters: set INTERNAL_TOKEN to a long random secret',
    );
  });

  it('names every bad variable', () => {
    expect(() => loadConfig(schema, { PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    try {
      loadConfig(schema, { PORT: 'eighty', LOG_LEVEL: 'loud', INTERNAL_TOKEN: 't'.repeat(16) });
    } catch (err) {
      expect((err as ConfigError).issues).toHaveLength(2);
      expect((err as Error).message).toMatch(/PORT: /);
      expect((err as Error).message).toMatch(/LOG_LEVEL: /);
    }
  });
});

describe('createService', () => {
  const build = () => {
    const app = createService({ name: 'test', logLevel: 'silent', internalToken: 'x'.repeat(20) });
    app.post('/echo', { schema: { body: z.object({ name: z.string().max(3) }) } }, async (req) => req.body);
    app.get('/teapot', async () => {
      throw new HttpError(418, 'I am a teapot');
    });
    app.get('/unavailable', async () => {
      throw new HttpError(503, 'The directory cannot be reached.');
    });
    app.get('/boom', async () => {
      throw new Error('database password is hunter2');
    });
    return app;
  };
  const headers = { 'x-internal-token': 'x'.repeat(20) };

  it('answers 400 naming the field for a body that breaks the schema', async () => {
    const res = await build().inject({ method: 'POST', url: '/echo', headers, payload: { name: 'toolong' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^name: /);
  });

  it('keeps the message of a 4xx and hides the message of a 5xx', async () => {
    const app = build();
    expect((await app.inject({ method: 'GET', url: '/teapot', headers })).json()).toEqual({ message: 'I am a teapot' });
    const boom = await app.inject({ method: 'GET', url: '/boom', headers });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ message: 'Internal Server Error' });
  });

  it('shows the message of a deliberate HttpError 5xx', async () => {
    const res = await build().inject({ method: 'GET', url: '/unavailable', headers });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The directory cannot be reached.' });
  });

  it('echoes the x-request-id it was given, and makes one up otherwise', async () => {
    const app = build();
    const given = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await app.inject({ method: 'GET', url: '/healthz' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('replaces a request id that does not look like an id with a new UUID', async () => {
    const app = build();
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const bad of ['a b', 'x'.repeat(65), '<script>', 'id\u00e9', 'a/b', '']) {
      const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(uuid);
    }
    for (const good of ['x'.repeat(64), 'req-1.A_b']) {
      const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': good } });
      expect(res.headers['x-request-id']).toBe(good);
    }
  });

  it('answers unknown routes with 404 and a message, and refuses calls without the internal token', async () => {
    const app = build();
    expect((await app.inject({ method: 'GET', url: '/nope', headers })).json()).toEqual({ message: 'Route GET /nope not found' });
    expect((await app.inject({ method: 'GET', url: '/teapot' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('refuses every token but the exact one: a prefix, a longer one, another case or a repeated header (compared in constant time)', async () => {
    const app = build();
    const token = 'x'.repeat(20);
    const status = async (value: string | string[]) => (await app.inject({ method: 'GET', url: '/nope', headers: { 'x-internal-token': value } })).statusCode;
    for (const wrong of ['', 'x', 'x'.repeat(19), `${token}x`, 'X'.repeat(20), [token, token]])
      expect({ wrong, status: await status(wrong) }).toEqual({ wrong, status: 401 });
    expect(await status(token)).toBe(404);
  });

  it('answers 503 on /readyz while a readiness check fails', async () => {
    const app = build();
    app.readinessChecks.push(async () => {
      throw new Error('db down');
    });
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Service Unavailable' });
  });

  it('names every failing dependency of a ReadinessError in the 503 answer', async () => {
    const app = build();
    app.readinessChecks.push(async () => {
      throw new ReadinessError('courses down', { services: { courses: 'unreachable' } });
    });
    app.readinessChecks.push(async () => {
      throw new ReadinessError('files down', { services: { files: 'unreachable' } });
    });
    app.readinessChecks.push(async () => undefined);
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Service Unavailable', services: { courses: 'unreachable', files: 'unreachable' } });
  });
});

describe('connectDatabase', () => {
  const notes = pgTable('notes', { body: text('body').notNull() });
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'kit-migrations-'));
    const migrations = path.join(folder, 'drizzle');
    mkdirSync(path.join(migrations, 'meta'), { recursive: true });
    writeFileSync(path.join(migrations, '0000_init.sql'), 'CREATE TABLE "notes" ("body" text NOT NULL);');
    writeFileSync(
      path.join(migrations, 'meta/_journal.json'),
      JSON.stringify({ version: '7', dialect: 'postgresql', entries: [{ idx: 0, version: '7', when: 1, tag: '0000_init', breakpoints: true }] }),
    );
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('runs the same migrations on PostgreSQL and on PGlite', async () => {
    const database = await createTestDatabase('kit_connect');
    try {
      for (const url of [database.url, undefined]) {
        const conn = await connectDatabase({ url, dataDir: path.join(folder, 'pglite'), migrationsFolder: path.join(folder, 'drizzle'), schema: { notes } });
        await conn.db.insert(notes).values({ body: 'hello' });
        const rows = await conn.db.select({ n: count() }).from(notes);
        expect(conn.driver).toBe(url ? 'postgres' : 'pglite');
        expect(rows).toEqual([{ n: 1 }]);
        await conn.ping();
        await conn.close();
      }
    } finally {
      await database.drop();
    }
  }, 60_000);
});

describe('connectDatabase on a server that ends an idle session', () => {
  it('reports the error instead of crashing the process', async () => {
    const database = await createTestDatabase('kit_idle');
    const folder = mkdtempSync(path.join(tmpdir(), 'kit-idle-'));
    mkdirSync(path.join(folder, 'meta'), { recursive: true });
    writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries: [] }));
    const errors: Error[] = [];
    const conn = await connectDatabase({ url: database.url, dataDir: folder, migrationsFolder: folder, schema: {}, onIdleError: (err) => errors.push(err) });
    try {
      await conn.ping();
      const { Client } = await import('pg');
      const admin = new Client({ connectionString: database.url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      await admin.end();
      for (let i = 0; i < 50 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(errors[0]?.message).toMatch(/terminating connection/);
      await conn.ping();
    } finally {
      await conn.close();
      await database.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 30_000);
});
