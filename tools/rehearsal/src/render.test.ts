/**
 * @jest-environment node
 */
// Node, as the real report is rendered: ECharts draws with its SVG server-side renderer and finds
// no DOM (under jsdom it reaches for a canvas jsdom lacks). The HTML is parsed with jsdom only.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { reportDataSchema, type ReportDataInput } from './report-data';
import { NOT_RECORDED, REPORT_HEADINGS, renderReport, verdictLine, writeReport } from './render';
import { sampleReportData } from './sample-data';

function parse(html: string): Document {
  return new JSDOM(html).window.document;
}

const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

function section(doc: Document, id: keyof typeof REPORT_HEADINGS): Element {
  const heading = doc.getElementById(id);
  const found = heading?.closest('section');
  if (!found) throw new Error(`no section ${id}`);
  return found;
}

describe('renderReport: a rehearsal', () => {
  const doc = parse(renderReport(sampleReportData()));

  it('has the title and every section, with its exact heading, in order', () => {
    expect(text(doc.querySelector('h1'))).toBe('Results-day rehearsal report');
    expect([...doc.querySelectorAll('h2')].map(text)).toEqual([
      'Run',
      'Verdicts against the results-day SLOs',
      'Latency per route',
      'Errors by route',
      'Queue waits and callbacks',
      'Offers against places',
      'Decision emails',
      'Submissions acknowledged against stored',
      'Fault and recovery',
    ]);
    expect([...doc.querySelectorAll('nav a')].map((a) => a.getAttribute('href'))).toEqual(Object.keys(REPORT_HEADINGS).map((id) => `#${id}`));
  });

  it('writes one line per SLO verdict', () => {
    const rows = [...section(doc, 'verdicts').querySelectorAll('tbody tr')].map((tr) => [...tr.children].map(text).join(' | '));
    expect(rows).toEqual([
      'Submit p99 | Pass | ≤ 2 s | 1.6 s',
      'Gateway 5xx | Pass | < 1 % of answers | 0.06 %',
      'Decision emails | Pass | none waits over 10 min | max 71 s',
      'Submissions kept | Pass | 0 lost, 0 duplicated | 0 lost, 0 duplicated',
      'Places | Pass | no course over its places | 0 courses over',
      'Callbacks | Fail | ≥ 95 % called in their slot | 93.6 % (44 of 47)',
    ]);
    expect(text(section(doc, 'verdicts').querySelector('.summary'))).toBe('5 of 6 SLOs passed, 1 failed, 0 not recorded.');
    expect(verdictLine({ name: 'Submit p99', target: '≤ 2 s', measured: '1.6 s', status: 'pass' })).toBe('Submit p99: target ≤ 2 s, measured 1.6 s: Pass');
  });

  it('gives every chart an image label, a text summary and its data in a table under details', () => {
    const figures = [...doc.querySelectorAll('figure')];
    // 4 routes' latency, errors, queue waits, places, emails.
    expect(figures.map((f) => text(f.querySelector('figcaption')))).toEqual([
      'GET /api/courses',
      'POST /api/assess',
      'POST /api/apply/:course',
      'GET /api/desk/queue/next',
      'Errors per minute by route',
      'Work queue p95 wait per minute',
      'Places and offers per course',
      'Decision emails sent per minute and their delay',
    ]);
    for (const f of figures) {
      const svg = f.querySelector('svg');
      expect({ role: svg?.getAttribute('role'), labelled: (svg?.getAttribute('aria-label') ?? '').length > 20 }).toEqual({ role: 'img', labelled: true });
      expect(text(f.querySelector('p.summary')).length).toBeGreaterThan(20);
      expect(text(f.querySelector('details > summary'))).toMatch(/^Data table: /);
      expect(f.querySelectorAll('details table tbody tr').length).toBeGreaterThan(0);
    }
  });

  it('summarises each section in words, with UK times', () => {
    expect(text(doc.querySelectorAll('figure')[2]?.querySelector('p.summary'))).toBe(
      'POST /api/apply/:course: 3,360 requests. Highest minute p95 2,376 ms at 09:13; highest minute p99 4,501 ms at 09:13.',
    );
    expect(text(section(doc, 'errors').querySelector('p.summary'))).toBe(
      '42 errors in 52,500 requests (0.1 %). Most in one minute: 41 at 09:12. Answers of 4xx (bad input, limits) are not counted as errors.',
    );
    expect(text(section(doc, 'queue').querySelector('h3 + p.summary'))).toBe(
      'Callbacks: 44 of 47 not cancelled kept within their slot (93.6 %), 2 late, 1 missed. Late ones were p50 240 s, p95 610 s and at most 610 s after their slot.',
    );
    expect(text(section(doc, 'places').querySelector('p.summary'))).toBe(
      '4 courses; 2 filled; none over its places. Forecast against actual fill time: within 3 min for the 2 courses that filled with a forecast.',
    );
    const courses = [...section(doc, 'places').querySelectorAll(':scope > .table-wrap tbody tr')].map((tr) => text(tr.lastElementChild));
    expect(courses).toEqual(['3 min later than forecast', '2 min earlier than forecast', 'Did not fill in the period', 'No forecast']);
    expect(text(section(doc, 'emails').querySelector('p.summary'))).toBe(
      '412 emails sent, 0 failed, 3 not sent by the end. Delay from decision to sent: p50 4.2 s, p95 38 s, longest 71 s.',
    );
    expect(text(section(doc, 'submissions').querySelector('p.summary'))).toBe('3,214 submissions acknowledged, 3,214 stored: 0 lost, 0 duplicated.');
    expect(text(section(doc, 'fault').querySelector('p.summary'))).toBe(
      'applications-svc killed with SIGKILL; the launcher started it again. Recovered in 42 s with 41 errors in between.',
    );
    expect(text(section(doc, 'run').querySelector('dl'))).toContain('Started13 August 2026 at 09:00:00 BST');
  });

  it('is self-contained and printable: no script, no external resource, print styles', () => {
    const html = renderReport(sampleReportData());
    expect(doc.querySelectorAll('script, link, img, iframe, object').length).toBe(0);
    // The only addresses are the SVG namespaces.
    expect([...new Set(html.match(/https?:\/\/[^\s"'<>)]+/g))].sort()).toEqual(['http://www.w3.org/1999/xlink', 'http://www.w3.org/2000/svg']);
    expect(html).toContain('@media print');
    expect(doc.documentElement.getAttribute('lang')).toBe('en-GB');
  });

  it('escapes text from the data', () => {
    const data = sampleReportData();
    data.places.courses[0]!.title = '<script>alert(1)</script>';
    const html = renderReport(data);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(text(section(parse(html), 'places').querySelector(':scope > .table-wrap tbody th'))).toBe('G400 <script>alert(1)</script>');
  });

  it('refuses data of another shape', () => {
    expect(() => renderReport({ ...sampleReportData(), verdicts: [] })).toThrow(/verdicts/);
  });
});

describe('renderReport: a real day', () => {
  const doc = parse(renderReport(sampleReportData({ mode: 'real-day' })));

  it('says what was not recorded instead of drawing it', () => {
    expect(text(doc.querySelector('h1'))).toBe('Results-day report (real day)');
    expect(text(section(doc, 'latency').querySelector('.not-recorded'))).toBe(
      `${NOT_RECORDED} No Prometheus address or gateway request log was given, and the databases keep no request timings.`,
    );
    expect(section(doc, 'latency').querySelector('svg')).toBeNull();
    expect(text(section(doc, 'errors').querySelector('.not-recorded'))).toMatch(/^Not recorded\. /);
    expect(text(section(doc, 'fault').querySelector('p'))).toBe('No fault was injected: this is a real day.');
    expect(text(section(doc, 'submissions').querySelector('p.summary'))).toBe(
      '3,214 applications stored, 0 duplicated. Acknowledgements are not recorded on a real day (they were only shown to the applicants), so lost submissions cannot be counted.',
    );
    expect(text(section(doc, 'verdicts').querySelector('.summary'))).toBe('3 of 6 SLOs passed, 1 failed, 2 not recorded.');
    expect(text(section(doc, 'verdicts').querySelector('tbody tr'))).toBe('Submit p99Not recorded≤ 2 sNot recorded');
  });
});

describe('writeReport', () => {
  it('writes the page and the parsed data as JSON beside it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'report-'));
    try {
      const data: ReportDataInput = sampleReportData();
      const written = writeReport(data, path.join(dir, 'out', 'report.html'));
      expect(written).toEqual({ htmlPath: path.join(dir, 'out', 'report.html'), jsonPath: path.join(dir, 'out', 'report.json') });
      expect(JSON.parse(readFileSync(written.jsonPath, 'utf8'))).toEqual(reportDataSchema.parse(data));
      expect(readFileSync(written.htmlPath, 'utf8')).toBe(renderReport(data));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
