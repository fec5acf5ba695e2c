import { apiPath, applicationFormSchema, assessFormSchema, errorResponseSchema } from '@clearing-desk/contracts';
import { createApplicationForm, createAssessForm } from '@clearing-desk/contracts/testing';
import type { Stack } from '@clearing-desk/stack';
import { connect } from 'node:net';
import fc from 'fast-check';
import { Client } from 'pg';
import { StackClient, startTestStack } from '../../testing/stack-client';

/**
 * Bad input never reaches a 5xx and nothing of it is stored. fast-check builds
 * bodies from the contracts' schemas (the assess form and the application form) with NUL bytes,
 * lone surrogates, oversized values, wrong types and unknown keys, and raw paths and query strings
 * of arbitrary bytes, and sends them through the real gateway and services (about 3,000 cases).
 * Limits are raised so that the rate limits do not hide what the routes answer.
 */
const RUNS = { assess: 700, apply: 700, applied: 500, courses: 500, paths: 600 };
const OPEN = 'G400';

let stack: Stack;
let client: StackClient;
let db: Client;
const unexpected: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({
    services: ['courses', 'applications', 'assessment'],
    gatewayEnv: {
      RATE_LIMIT_APPLIED_MAX: '1000000',
      RATE_LIMIT_ASSESS_MAX: '1000000',
      RATE_LIMIT_APPLY_MAX: '1000000',
      RATE_LIMIT_APPLIED_PER_APPLICANT_MAX: '1000000',
      RATE_LIMIT_ASSESS_PER_APPLICANT_MAX: '1000000',
      RATE_LIMIT_APPLY_PER_APPLICANT_MAX: '1000000',
      LOG_LEVEL: 'fatal',
    },
  });
  client = new StackClient(stack.gatewayUrl);
  await client.get(apiPath('ping'));
  db = new Client({ connectionString: stack.databaseUrls.applications });
  await db.connect();
}, 120_000);

beforeEach(() => {
  unexpected.splice(0);
});

afterAll(async () => {
  await db?.end();
  await stack?.stop();
});

/** Rows of every applications-svc table a submission writes. */
async function storedRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['applications', 'students', 'application_log']) {
    const { rows } = await db.query<{ n: string }>(`select count(*)::text as n from ${table}`);
    counts[table] = Number(rows[0]?.n);
  }
  return counts;
}

/** A string that always holds a NUL or a lone surrogate somewhere. */
const unsafeText = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF'), fc.string({ unit: 'binary', maxLength: 20 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`);
/** A value no string field of the contracts accepts. */
const badValue = fc.oneof(
  unsafeText,
  fc.constant('x'.repeat(5_000)),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.array(unsafeText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), unsafeText, { maxKeys: 3 }),
);
/** Anything JSON can carry (for unknown keys next to the bad field). */
const anyValue = fc.oneof(fc.string({ unit: 'binary', maxLength: 50 }), fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }));

/**
 * A form built from a valid one with 1-3 of its string fields (top level, or inside a
 * qualification item) replaced by bad values, and up to two unknown keys: never a valid form.
 */
function brokenForm(base: Record<string, unknown>, fields: string[]) {
  const mutation = fc.record({
    field: fc.constantFrom(...fields),
    value: badValue,
    inItem: fc.boolean(),
    itemKey: fc.constantFrom('QUALIFICATION', 'SUBJECT', 'GRADE', 'YEAR'),
  });
  return fc
    .tuple(
      fc.array(mutation, { minLength: 1, maxLength: 3 }),
      fc.dictionary(fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }), anyValue, { maxKeys: 2 }),
    )
    .map(([mutations, extra]) => {
      const form: Record<string, unknown> = structuredClone(base);
      for (const m of mutations) {
        const items = form.QUALIFICATIONS as Record<string, unknown>[] | undefined;
        const item = Array.isArray(items) ? items[0] : undefined;
        if (m.inItem && item && typeof item === 'object') item[m.itemKey] = m.value;
        else form[m.field] = m.value;
      }
      for (const [key, value] of Object.entries(extra)) if (!(key in form)) form[key] = value;
      return form;
    });
}

/** Percent-encodes arbitrary bytes (also invalid UTF-8 and encoded NULs), as a raw URL would carry them. */
const rawComponent = fc
  .oneof(
    fc.uint8Array({ maxLength: 24 }),
    fc.string({ unit: 'binary', maxLength: 24 }).map((s) => new Uint8Array(Buffer.from(s, 'utf16le'))),
    fc.string({ maxLength: 24 }).map((s) => new Uint8Array(Buffer.from(`${s}\u0000`))),
  )
  .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));

/** Records any answer that is a 5xx, or an /api error without `{ message }` (a page path gets the web app's index.html). */
function check(route: string, res: { status: number; body: unknown }) {
  if (res.status >= 500) unexpected.push(`${route}: ${res.status} ${JSON.stringify(res.body)}`);
  else if (res.status >= 400 && route.startsWith('/api') && !errorResponseSchema.safeParse(res.body).success)
    unexpected.push(`${route}: ${res.status} without { message }: ${JSON.stringify(res.body).slice(0, 200)}`);
  return res.status < 500;
}

const stringFields = (shape: Record<string, unknown>, exclude: string[] = []) =>
  Object.keys(shape).filter((k) => !exclude.includes(k) && !k.includes('_DOCUMENT_'));

describe('bad input through the real gateway (fast-check)', () => {
  it(`never answers 5xx to broken assess forms (${RUNS.assess} cases)`, async () => {
    const form = brokenForm(createAssessForm() as Record<string, unknown>, stringFields(assessFormSchema.shape));
    await fc.assert(
      fc.asyncProperty(form, async (data) => check('/api assess', await client.send('POST', apiPath('assess', { course: OPEN }), data))),
      { numRuns: RUNS.assess },
    );
    expect(unexpected).toEqual([]);
  }, 120_000);

  it(`never answers 5xx to broken submissions and stores none of them (${RUNS.apply} cases)`, async () => {
    const before = await storedRows();
    const fields = stringFields(applicationFormSchema.shape, ['GCSE_QUALIFICATIONS', 'QUALIFICATIONS']);
    const form = brokenForm(createApplicationForm() as Record<string, unknown>, fields);
    await fc.assert(
      fc.asyncProperty(form, fc.uuid(), async (data, id) => {
        const res = await client.send('POST', apiPath('apply', { course: OPEN }), { ...data, SUBMISSION_ID: id });
        return check('/api apply', res) && res.status >= 400;
      }),
      { numRuns: RUNS.apply },
    );
    expect(unexpected).toEqual([]);
    expect(await storedRows()).toEqual(before);
  }, 120_000);

  it(`never answers 5xx to raw query strings of the applied check and the course search (${RUNS.applied + RUNS.courses} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(rawComponent, rawComponent, rawComponent, async (code, email, id) =>
        check('/api applied', await client.get(`/api/applications/${code || 'G400'}/applied?email=${email}&ucas_personal_id=${id}&_=1`)),
      ),
      { numRuns: RUNS.applied },
    );
    await fc.assert(
      fc.asyncProperty(rawComponent, rawComponent, rawComponent, async (q, p, size) =>
        check('/api courses', await client.get(`${apiPath('courseSearch')}?q=${q}&p=${p}&page_size=${size}`)),
      ),
      { numRuns: RUNS.courses },
    );
    expect(unexpected).toEqual([]);
  }, 120_000);

  it(`never answers 5xx to raw path segments of the review page, course pages and unknown pages (${RUNS.paths} cases)`, async () => {
    const before = await storedRows();
    await fc.assert(
      fc.asyncProperty(rawComponent, fc.constantFrom('/api/applications/', '/api/courses/', '/api/admin/courses/', '/apply/', '/'), async (segment, prefix) =>
        check(prefix, await client.get(`${prefix}${segment || '%00'}`)),
      ),
      { numRuns: RUNS.paths },
    );
    expect(unexpected).toEqual([]);
    expect(await storedRows()).toEqual(before);
  }, 120_000);

  it('answers 431 with a message to request headers larger than Node accepts (16 KiB; a raw socket)', async () => {
    const { hostname, port } = new URL(stack.gatewayUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write(`GET /api/courses HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(errorResponseSchema.parse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).message).toBe('Exceeded maximum allowed HTTP header size');
  });

  it('answers 413 with a message to a body over the limit, and stores nothing', async () => {
    const before = await storedRows();
    // A raw socket sends the headers only: the gateway answers from Content-Length without reading
    // the body and closes, so a client still writing 2 MiB (fetch) could meet EPIPE before the answer.
    const { hostname, port } = new URL(stack.gatewayUrl);
    const length = JSON.stringify({ data: { ...createApplicationForm(), NOTES: 'x'.repeat(2 * 1024 * 1024) }, token: client.xsrfToken }).length;
    const head = [
      `POST ${apiPath('apply', { course: OPEN })} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      `Cookie: ${client.cookieHeader()}`,
      'Content-Type: application/json',
      `Content-Length: ${length}`,
      'Connection: close',
    ];
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write(`${head.join('\r\n')}\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
    expect(errorResponseSchema.safeParse(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).success).toBe(true);
    expect(await storedRows()).toEqual(before);
  });

  it('accepts a request id from the client only when it looks like an id, otherwise answers with a new one', async () => {
    const idOf = async (id: string) => (await client.get(`${apiPath('courseSearch')}?q=law`, { 'x-request-id': id })).headers.get('x-request-id');
    expect(await idOf('lb-7f3a.42_x')).toBe('lb-7f3a.42_x');
    for (const bad of ['<script>alert(1)</script>', 'a'.repeat(65), 'two words', 'new\\nline']) {
      expect(await idOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});
