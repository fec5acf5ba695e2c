import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SpanLine } from '@clearing-desk/service-kit';
import { formatTrace, readSpans, traceIds, traceOfRequest } from '@clearing-desk/stack';

/** The trace tree of tools/traces/print-tree, drawn from a spans file as the apps write it. */
const T1 = 'a'.repeat(32);
const T2 = 'b'.repeat(32);
const span = (
  traceId: string,
  spanId: string,
  parentSpanId: string | null,
  service: string,
  name: string,
  start: number,
  durationMs: number,
  attributes: Record<string, unknown> = {},
): SpanLine => ({
  traceId,
  spanId,
  parentSpanId,
  name,
  kind: 'INTERNAL',
  service,
  scope: 'test',
  start,
  durationMs,
  status: 'UNSET',
  attributes,
  events: [],
});

let dir: string;
let file: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'print-tree-'));
  file = path.join(dir, 'traces.jsonl');
  const spans = [
    span(T1, '03', '02', 'applications-svc', 'POST /applications', 1010, 40, { 'http.route': '/applications', 'http.response.status_code': 201 }),
    span(T1, '01', null, 'gateway', 'POST /api/apply/:course', 1000, 60.25, { 'http.route': '/api/apply/:course', 'clearing.request_id': 'req-1' }),
    span(T1, '02', '01', 'gateway', 'POST', 1005, 50, { 'url.full': 'http://127.0.0.1:3102/applications' }),
    span(T1, '05', '99', 'notifications-svc', 'process decision-emails', 1100, 12, { 'bullmq.job.name': 'decision-email' }),
    span(T1, '04', '03', 'applications-svc', 'pg.query:INSERT db', 1020, 1.5, { 'db.query.text': 'insert into "outbox" ("id") values ($1)' }),
    span(T2, '11', null, 'gateway', 'GET /api/ping', 900, 2),
  ];
  // A torn last line (a process stopped mid-write) is skipped.
  writeFileSync(file, `${spans.map((s) => JSON.stringify(s)).join('\n')}\n{"traceId":"c`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('print-tree', () => {
  it('draws a trace with each span under its parent, children by start time, and an orphan at the top', () => {
    expect(formatTrace(readSpans(file), T1)).toEqual([
      `trace ${T1}: 5 spans, 3 services (gateway, applications-svc, notifications-svc), 112.0 ms`,
      '├─ gateway  POST /api/apply/:course  60.3 ms  route=/api/apply/:course request id=req-1',
      '│  └─ gateway  POST  50.0 ms  url=http://127.0.0.1:3102/applications',
      '│     └─ applications-svc  POST /applications  40.0 ms  route=/applications status=201',
      '│        └─ applications-svc  pg.query:INSERT db  1.5 ms  db=insert into "outbox" ("id") values ($1)',
      '└─ notifications-svc  process decision-emails  12.0 ms  job=decision-email',
    ]);
  });

  it('lists the traces oldest first and finds the trace of a request id', () => {
    const spans = readSpans(file);
    expect(spans).toHaveLength(6);
    expect(traceIds(spans)).toEqual([T2, T1]);
    expect(traceOfRequest(spans, 'req-1')).toBe(T1);
    expect(traceOfRequest(spans, 'req-2')).toBeUndefined();
  });
});
