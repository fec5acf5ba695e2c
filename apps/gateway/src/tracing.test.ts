import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPath, applyResponseSchema } from '@clearing-desk/contracts';
import { A_STAR_A_B_A_LEVELS, createApplicationForm, FIVE_GCSES } from '@clearing-desk/contracts/testing';
import type { SpanLine } from '@clearing-desk/service-kit';
import { formatTrace, readSpans, type Stack } from '@clearing-desk/stack';
import { StackClient, startTestStack } from './testing/stack-client';

/**
 * Tracing across the stack (service-kit telemetry/tracing.ts, docs/tracing.md): with
 * CLEARING_TRACES_FILE set, one public submission is one trace in the exported spans, from the
 * gateway's server span through its call to applications-svc, the transaction that writes the
 * outbox row (its traceparent stored with it), the relay's hand-over to the email queue and
 * notifications-svc's job, which sends the email, and the relay's hand-over of the course-places
 * event to courses-svc's places projection (service-kit's event consumer). No span carries the applicant's email address,
 * name or UCAS Personal ID, and the applied check's query string is redacted.
 */
const COURSE = 'G400';
let stack: Stack;
let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'clearing-traces-'));
  file = path.join(dir, 'traces.jsonl');
  stack = await startTestStack({ services: ['courses', 'applications', 'assessment', 'notifications'], env: { CLEARING_TRACES_FILE: file } });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const applicant = {
  NAME1: 'Tamsin',
  NAME2: 'Wolverley',
  EMAIL: 'tamsin.wolverley.trace@example.com',
  UCAS_PERSONAL_ID: '8123456799',
};

/** Waits for the spans the processes export (every half second) until `done` holds them, for at most 30 s. */
async function spansUntil(done: (spans: SpanLine[]) => boolean): Promise<SpanLine[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const spans = existsSync(file) ? readSpans(file) : [];
    if (done(spans)) return spans;
    if (Date.now() > deadline) throw new Error(`the spans never arrived; last read:\n${spans.map((s) => `${s.service} ${s.name} ${s.traceId}`).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('one trace from the gateway to the email', () => {
  it('follows a public submission through gateway, applications-svc, the outbox and notifications-svc under one trace id', async () => {
    const client = new StackClient(stack.gatewayUrl);
    await client.get(apiPath('ping'));
    const applied = await client.get(
      `${apiPath('applied', { ucasCode: COURSE })}?email=${encodeURIComponent(applicant.EMAIL)}&ucas_personal_id=${applicant.UCAS_PERSONAL_ID}`,
    );
    expect(applied.status).toBe(200);
    const form = {
      ...createApplicationForm({ DOB: '2006-05-14', NATIONALITY: 'GBR', GCSE_QUALIFICATIONS: FIVE_GCSES, QUALIFICATIONS: A_STAR_A_B_A_LEVELS }),
      ...applicant,
      SUBMISSION_ID: randomUUID(),
    };
    const submitted = await client.sendWithHeaders('POST', apiPath('apply', { course: COURSE }), form, {});
    expect(submitted.status).toBe(200);
    applyResponseSchema.parse(submitted.body);
    const requestId = submitted.headers.get('x-request-id');
    expect(requestId).toBeTruthy();

    // The gateway's server span of the submission carries its request id; its trace id is the one to follow.
    const gatewaySpan = (spans: SpanLine[]) =>
      spans.find((s) => s.service === 'gateway' && s.kind === 'SERVER' && s.attributes['clearing.request_id'] === requestId);
    const spans = await spansUntil((all) => {
      const root = gatewaySpan(all);
      const consumed = (service: string) => all.some((s) => s.traceId === root?.traceId && s.service === service && s.kind === 'CONSUMER');
      return root !== undefined && consumed('notifications-svc') && consumed('courses-svc');
    });
    const root = gatewaySpan(spans)!;
    expect(root.parentSpanId).toBeNull();
    expect(root.name).toBe('POST /api/apply/:course');
    expect(root.attributes['http.route']).toBe('/api/apply/:course');
    const trace = spans.filter((s) => s.traceId === root.traceId);

    // The hops, each a span of the one trace: the call to applications-svc (undici client span,
    // then its server span), the outbox row's insert, the relay's hand-over, notifications-svc's job.
    const byService = (service: string) => trace.filter((s) => s.service === service);
    expect(byService('gateway').some((s) => s.kind === 'CLIENT' && String(s.attributes['url.full']).includes('/applications/'))).toBe(true);
    expect(byService('applications-svc').some((s) => s.kind === 'SERVER')).toBe(true);
    expect(byService('applications-svc').some((s) => s.kind === 'CLIENT' && /insert into "outbox"/i.test(String(s.attributes['db.query.text'])))).toBe(true);
    const relay = byService('applications-svc').find((s) => s.name === 'outbox relay decision-email');
    expect(relay).toBeDefined();
    const consumer = byService('notifications-svc').find((s) => s.kind === 'CONSUMER');
    expect(consumer).toBeDefined();
    // The consumer's ancestry reaches the relay's span (through BullMQ's producer span).
    const parentOf = (span: SpanLine) => trace.find((s) => s.spanId === span.parentSpanId);
    const ancestors: string[] = [];
    for (let at = parentOf(consumer!); at; at = parentOf(at)) ancestors.push(at.spanId);
    expect(ancestors).toContain(relay!.spanId);
    expect(ancestors.at(-1)).toBe(root.spanId);
    // The course-places event of the same transaction: service-kit's relay and event consumer
    // (courses-svc's places projection) carry the trace on as well.
    const placesRelay = byService('applications-svc').find((s) => s.name === 'outbox relay course-places');
    expect(placesRelay).toBeDefined();
    const projection = byService('courses-svc').find((s) => s.kind === 'CONSUMER');
    expect(projection).toBeDefined();
    const projectionAncestors: string[] = [];
    for (let at = parentOf(projection!); at; at = parentOf(at)) projectionAncestors.push(at.spanId);
    expect(projectionAncestors).toContain(placesRelay!.spanId);
    expect(projectionAncestors.at(-1)).toBe(root.spanId);
    // notifications-svc's work under the job (its database) is in the trace too.
    expect(byService('notifications-svc').some((s) => s.kind === 'CLIENT' && /emails/.test(String(s.attributes['db.query.text'])))).toBe(true);

    // The printed tree (tools/traces/print-tree) starts at the gateway's span.
    const tree = formatTrace(spans, root.traceId);
    expect(tree[0]).toMatch(new RegExp(`^trace ${root.traceId}: ${trace.length} spans, `));
    expect(tree[1]).toBe(`└─ gateway  POST /api/apply/:course  ${root.durationMs.toFixed(1)} ms  route=/api/apply/:course status=200 request id=${requestId}`);

    // No personal data in any span; the applied check's URL with its query values redacted.
    const text = readFileSync(file, 'utf8');
    for (const value of Object.values(applicant)) expect(text).not.toContain(value);
    expect(text).not.toContain(encodeURIComponent(applicant.EMAIL));
    expect(
      spans.some(
        (s) =>
          s.service === 'gateway' && s.attributes['url.path'] === `${apiPath('applied', { ucasCode: COURSE })}?email=[redacted]&ucas_personal_id=[redacted]`,
      ),
    ).toBe(true);
  }, 120_000);
});
