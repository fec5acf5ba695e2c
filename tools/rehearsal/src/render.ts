/**
 * The results-day report as one self-contained HTML page: inline CSS, charts as inline SVG drawn
 * server-side by Apache ECharts (its SSR SVG renderer: no DOM, no canvas, no network), each with a
 * text summary and its data as a table under a details/summary. Readable at 1280 px and on a
 * phone (the SVGs scale to the page's width, wide tables scroll in their own focusable region),
 * and printable (@media print opens every table and keeps each figure on one page).
 *
 * Times are shown in UK time (Europe/London), as the desk works; the JSON keeps UTC instants.
 *
 * `renderReport(data)` returns the page; `writeReport(data, htmlPath)` writes it and the data as
 * JSON beside it (`report.html` → `report.json`). Both parse the data with `reportDataSchema`
 * first and throw its ZodError on a bad shape.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as echarts from 'echarts';
import {
  reportDataSchema,
  type Callbacks,
  type CourseFill,
  type EmailsSection,
  type ErrorsSection,
  type Fault,
  type LatencySection,
  type NotRecorded,
  type QueueSection,
  type ReportData,
  type RunMetadata,
  type SubmissionsSection,
  type Verdict,
  type VerdictStatus,
} from './report-data';

/** The page's headings, in order: the tests and docs/rehearsal.md name them exactly. */
export const REPORT_HEADINGS = {
  run: 'Run',
  verdicts: 'Verdicts against the results-day SLOs',
  latency: 'Latency per route',
  errors: 'Errors by route',
  queue: 'Queue waits and callbacks',
  places: 'Offers against places',
  emails: 'Decision emails',
  submissions: 'Submissions acknowledged against stored',
  fault: 'Fault and recovery',
} as const;

/** The page's title (and h1) for each mode. */
export const REPORT_TITLES = { rehearsal: 'Results-day rehearsal report', 'real-day': 'Results-day report (real day)' } as const;

/** How a verdict's status reads on the page. */
export const VERDICT_WORDS: Record<VerdictStatus, string> = { pass: 'Pass', fail: 'Fail', 'not-recorded': 'Not recorded' };

/** What the page says where a section's figures were not recorded (followed by the reason). */
export const NOT_RECORDED = 'Not recorded.';

/** One verdict as a line of text: `Submit p99: target ≤ 2 s, measured 1.6 s: Pass`. */
export function verdictLine(verdict: Verdict): string {
  return `${verdict.name}: target ${verdict.target}, measured ${verdict.measured}: ${VERDICT_WORDS[verdict.status]}`;
}

const CHART_WIDTH = 1000;
/** Charts drawn so far on the page being rendered (renderReport is synchronous and resets it). */
let chartsOnPage = 0;
const TIME_ZONE = 'Europe/London';
const clock = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
const clockSeconds = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});
const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/** Escapes text for HTML content and attribute values. */
function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const hhmm = (instant: string) => clock.format(new Date(instant));
const hhmmss = (instant: string) => clockSeconds.format(new Date(instant));
const num = (n: number) => whole.format(n);
const ms = (n: number) => `${whole.format(n)} ms`;
const seconds = (n: number) => `${oneDecimal.format(n)} s`;
const percent = (part: number, of: number) => (of === 0 ? '0 %' : `${oneDecimal.format((100 * part) / of)} %`);

/** A table: caption, header cells and rows of already escaped cells. */
function table(caption: string, head: string[], rows: string[][]): string {
  return `<div class="table-wrap" role="region" aria-label="${esc(caption)}" tabindex="0"><table><caption>${esc(caption)}</caption><thead><tr>${head
    .map((h) => `<th scope="col">${esc(h)}</th>`)
    .join(
      '',
    )}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c, i) => (i === 0 ? `<th scope="row">${c}</th>` : `<td>${c}</td>`)).join('')}</tr>`).join('')}</tbody></table></div>`;
}

/** A table hidden under a details/summary: the chart's data for those who cannot see the chart. */
function dataTable(caption: string, head: string[], rows: string[][]): string {
  return `<details><summary>Data table: ${esc(caption)}</summary>${table(caption, head, rows)}</details>`;
}

/**
 * Draws an ECharts option to an SVG string (server-side, fixed size, no animation), labelled as
 * one image for assistive technology (its text summary and table say what it shows).
 */
function chartSvg(option: echarts.EChartsCoreOption, label: string, height = 320): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: CHART_WIDTH, height });
  try {
    chart.setOption({
      animation: false,
      // Print, and readers who cannot tell the colours apart: lines differ by dash too.
      color: ['#1d4e89', '#b3261e', '#2e7d32', '#6a3d9a', '#8a5a00', '#00695c', '#ad1457', '#37474f'],
      // No quoted family names: ECharts writes them into a double-quoted style attribute unescaped.
      textStyle: { fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif', fontSize: 13, color: '#1f1f1f' },
      grid: { left: 70, right: 70, top: 50, bottom: 60 },
      ...option,
    });
    const id = chartsOnPage++;
    // ECharts numbers its instances for the whole process: numbered per page instead, so the same data gives the same page.
    // The hover styles and their classes are for an interactive chart in a browser: a static page has no use for them.
    const svg = chart
      .renderToSVGString()
      .replace(/\bzr\d+-/g, `chart${id}-`)
      .replace(/<style\s*>[\s\S]*?<\/style>/g, '')
      .replace(/ class="[^"]*"/g, '');
    return svg.replace(/^<svg width="\d+" height="\d+"/, `<svg role="img" aria-label="${esc(label)}" class="chart"`);
  } finally {
    chart.dispose();
  }
}

/** A figure: heading, chart, its text summary, and its data table. */
function figure(title: string, svg: string, summary: string, tableHtml: string): string {
  // On a narrow screen the chart keeps a readable width and scrolls sideways in its own focusable region.
  const chart = `<div class="chart-wrap" role="region" aria-label="${esc(`Chart: ${title}`)}" tabindex="0">${svg}</div>`;
  return `<figure><figcaption>${esc(title)}</figcaption>${chart}<p class="summary">${esc(summary)}</p>${tableHtml}</figure>`;
}

function notRecorded(section: NotRecorded): string {
  return `<p class="not-recorded"><strong>${NOT_RECORDED}</strong> ${esc(section.reason)}</p>`;
}

/** The minutes of the whole report, the x axis every per-minute chart shares. */
function minutesOf(run: RunMetadata): string[] {
  const start = Math.floor(Date.parse(run.startedAt) / 60_000) * 60_000;
  const end = Date.parse(run.endedAt);
  const out: string[] = [];
  for (let t = start; t < end; t += 60_000) out.push(new Date(t).toISOString());
  return out;
}

/** The fault's window as a shaded band on a per-minute chart, when there was one. */
function faultBand(fault: Fault | null, lastMinute: number): Record<string, unknown> {
  if (!fault) return {};
  const from = new Date(Math.floor(Date.parse(fault.injectedAt) / 60_000) * 60_000).toISOString();
  const toInstant = fault.recoveredAt ?? fault.clearedAt ?? fault.injectedAt;
  // The band ends at the minute after recovery, so a fault within one minute still shows as a band on a line.
  const to = new Date(Math.min(Math.floor(Date.parse(toInstant) / 60_000) * 60_000 + 60_000, lastMinute)).toISOString();
  return {
    markArea: {
      silent: true,
      itemStyle: { color: 'rgba(179, 38, 30, 0.10)' },
      label: { show: true, color: '#1f1f1f' },
      data: [[{ name: 'Fault', xAxis: hhmm(from) }, { xAxis: hhmm(to) }]],
    },
  };
}

function timeAxis(minutes: string[]) {
  return { type: 'category', data: minutes.map(hhmm), name: `Minute (UK time)`, nameLocation: 'middle', nameGap: 35, axisLabel: { hideOverlap: true } };
}

function runSection(run: RunMetadata): string {
  const rows: Array<[string, string]> = [
    ['Mode', run.mode === 'rehearsal' ? 'Rehearsal (synthetic load)' : 'Real day (records read afterwards)'],
    ['Started', dateTime.format(new Date(run.startedAt))],
    ['Ended', dateTime.format(new Date(run.endedAt))],
    ['Duration', `${num(Math.round(run.durationSeconds / 60))} min (${num(run.durationSeconds)} s)`],
    ['Seed', run.seed === null ? 'None (real day)' : String(run.seed)],
    ['Scale', run.scale === null ? 'None (real day)' : `${run.scale} × the results-day model`],
    [
      'Load average (1, 5, 15 min)',
      run.loadAverage
        ? `start ${run.loadAverage.start.join(', ')}; end ${run.loadAverage.end.join(', ')}; ${run.loadAverage.cpus} CPUs`
        : 'Not recorded (real day: see the servers’ monitoring)',
    ],
    ['Host', run.host],
    ['Commit', run.commit ?? 'Not in a git checkout'],
    ['Generated', dateTime.format(new Date(run.generatedAt))],
  ];
  const notes = run.notes.length ? `<ul class="notes">${run.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : '';
  return `<section aria-labelledby="run"><h2 id="run">${REPORT_HEADINGS.run}</h2><dl class="meta">${rows
    .map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`)
    .join('')}</dl>${notes}</section>`;
}

function verdictsSection(verdicts: Verdict[]): string {
  const failed = verdicts.filter((v) => v.status === 'fail').length;
  const missing = verdicts.filter((v) => v.status === 'not-recorded').length;
  const summary = `${verdicts.length - failed - missing} of ${verdicts.length} SLOs passed, ${failed} failed, ${missing} not recorded.`;
  // The result next to the name: on a phone the table scrolls sideways, and the result is what must show first.
  const rows = verdicts.map((v) => [
    esc(v.name),
    `<span class="verdict verdict-${v.status}">${VERDICT_WORDS[v.status]}</span>`,
    esc(v.target),
    esc(v.measured),
  ]);
  return `<section aria-labelledby="verdicts"><h2 id="verdicts">${REPORT_HEADINGS.verdicts}</h2><p class="summary">${esc(summary)}</p>${table(
    'Each SLO, its target, what was measured and the result',
    ['SLO', 'Result', 'Target', 'Measured'],
    rows,
  )}</section>`;
}

function latencySection(section: LatencySection, minutes: string[], fault: Fault | null): string {
  const head = `<h2 id="latency">${REPORT_HEADINGS.latency}</h2>`;
  if (!section.recorded) return `<section aria-labelledby="latency">${head}${notRecorded(section)}</section>`;
  const source = `<p>Source: ${esc(sourceWords(section.source))}. Percentiles of the requests that finished in each minute.</p>`;
  const figures = section.routes.map(({ route, buckets }) => {
    const byMinute = new Map(buckets.map((b) => [b.minute, b]));
    const series = (['p50Ms', 'p95Ms', 'p99Ms'] as const).map((key, i) => ({
      name: key.replace('Ms', ''),
      type: 'line',
      showSymbol: false,
      connectNulls: false,
      lineStyle: { width: 2, type: ['solid', 'dashed', 'dotted'][i] },
      data: minutes.map((m) => byMinute.get(m)?.[key] ?? null),
      ...(i === 0 ? faultBand(fault, last(minutes)) : {}),
    }));
    const svg = chartSvg(
      { legend: { top: 5, itemGap: 30 }, xAxis: timeAxis(minutes), yAxis: { type: 'value', name: 'ms', nameLocation: 'end' }, series },
      `Line chart of ${route}: p50, p95 and p99 latency in milliseconds per minute`,
    );
    const requests = buckets.reduce((s, b) => s + b.count, 0);
    const worst95 = maxBy(buckets, (b) => b.p95Ms);
    const worst99 = maxBy(buckets, (b) => b.p99Ms);
    const summary =
      worst95 && worst99
        ? `${route}: ${num(requests)} requests. Highest minute p95 ${ms(worst95.p95Ms)} at ${hhmm(worst95.minute)}; highest minute p99 ${ms(worst99.p99Ms)} at ${hhmm(worst99.minute)}.`
        : `${route}: no requests.`;
    const rows = buckets.map((b) => [hhmm(b.minute), num(b.count), ms(b.p50Ms), ms(b.p95Ms), ms(b.p99Ms)]);
    return figure(route, svg, summary, dataTable(`${route} latency per minute`, ['Minute', 'Requests', 'p50', 'p95', 'p99'], rows));
  });
  return `<section aria-labelledby="latency">${head}${source}${figures.join('')}</section>`;
}

function errorsSection(section: ErrorsSection, minutes: string[], fault: Fault | null): string {
  const head = `<h2 id="errors">${REPORT_HEADINGS.errors}</h2>`;
  if (!section.recorded) return `<section aria-labelledby="errors">${head}${notRecorded(section)}</section>`;
  const series = section.routes.map(({ route, buckets }, i) => {
    const byMinute = new Map(buckets.map((b) => [b.minute, b.errors]));
    return { name: route, type: 'bar', stack: 'errors', data: minutes.map((m) => byMinute.get(m) ?? 0), ...(i === 0 ? faultBand(fault, last(minutes)) : {}) };
  });
  const svg = chartSvg(
    { legend: { top: 5, itemGap: 30 }, xAxis: timeAxis(minutes), yAxis: { type: 'value', name: 'errors', minInterval: 1 }, series },
    'Stacked bar chart of errors (5xx and no answer) per minute, by route',
  );
  const totals = section.routes.map(({ route, buckets }) => ({
    route,
    requests: buckets.reduce((s, b) => s + b.requests, 0),
    errors: buckets.reduce((s, b) => s + b.errors, 0),
    byStatus: buckets.reduce<Record<string, number>>((acc, b) => {
      for (const [k, v] of Object.entries(b.byStatus)) acc[k] = (acc[k] ?? 0) + v;
      return acc;
    }, {}),
  }));
  const allRequests = totals.reduce((s, t) => s + t.requests, 0);
  const allErrors = totals.reduce((s, t) => s + t.errors, 0);
  const perMinute = minutes.map((m) => ({
    minute: m,
    errors: section.routes.reduce((s, r) => s + (r.buckets.find((b) => b.minute === m)?.errors ?? 0), 0),
  }));
  const worst = maxBy(perMinute, (p) => p.errors);
  const summary =
    `${num(allErrors)} errors in ${num(allRequests)} requests (${percent(allErrors, allRequests)}).` +
    (worst && worst.errors > 0 ? ` Most in one minute: ${num(worst.errors)} at ${hhmm(worst.minute)}.` : '') +
    ' Answers of 4xx (bad input, limits) are not counted as errors.';
  const statusWords = (byStatus: Record<string, number>) =>
    Object.entries(byStatus)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}: ${num(v)}`)
      .join(', ') || 'none';
  const totalsTable = table(
    'Errors by route over the whole period',
    ['Route', 'Requests', 'Errors', 'Error ratio', 'By status'],
    totals.map((t) => [esc(t.route), num(t.requests), num(t.errors), percent(t.errors, t.requests), esc(statusWords(t.byStatus))]),
  );
  const rows = section.routes.flatMap(({ route, buckets }) =>
    buckets.filter((b) => b.errors > 0).map((b) => [hhmm(b.minute), esc(route), num(b.requests), num(b.errors), esc(statusWords(b.byStatus))]),
  );
  return `<section aria-labelledby="errors">${head}<p>Source: ${esc(sourceWords(section.source))}.</p>${figure(
    'Errors per minute by route',
    svg,
    summary,
    dataTable('Minutes with errors, by route', ['Minute', 'Route', 'Requests', 'Errors', 'By status'], rows),
  )}${totalsTable}</section>`;
}

function callbacksTable(c: Callbacks): string {
  const due = c.booked - c.cancelled;
  return table(
    'Callbacks booked and whether they were kept within their slot',
    ['Callbacks', 'Count', 'Share of those not cancelled'],
    [
      ['Booked', num(c.booked), ''],
      ['Kept within their slot', num(c.keptInWindow), percent(c.keptInWindow, due)],
      ['Called late', num(c.late), percent(c.late, due)],
      ['Missed', num(c.missed), percent(c.missed, due)],
      ['Cancelled by the applicant', num(c.cancelled), ''],
    ],
  );
}

function queueSection(section: QueueSection, minutes: string[], fault: Fault | null): string {
  const kinds = [...new Set(section.waits.map((w) => w.kind))];
  const series = kinds.map((kind, i) => {
    const byMinute = new Map(section.waits.filter((w) => w.kind === kind).map((w) => [w.minute, w.p95WaitSeconds]));
    return {
      name: `${kind} p95`,
      type: 'line',
      // Kinds claimed only now and then leave minutes empty: joined, with each minute's point shown.
      connectNulls: true,
      symbolSize: 5,
      lineStyle: { width: 2, type: ['solid', 'dashed', 'dotted'][i % 3] },
      data: minutes.map((m) => byMinute.get(m) ?? null),
      ...(i === 0 ? faultBand(fault, last(minutes)) : {}),
    };
  });
  const svg = chartSvg(
    { legend: { top: 5, itemGap: 30 }, xAxis: timeAxis(minutes), yAxis: { type: 'value', name: 's' }, series },
    'Line chart of the p95 wait in seconds of the work queue per minute, by kind of work',
  );
  const perKind = kinds.map((kind) => {
    const rows = section.waits.filter((w) => w.kind === kind);
    const worst = maxBy(rows, (w) => w.p95WaitSeconds);
    const claimed = rows.reduce((s, w) => s + w.claimed, 0);
    const longest = Math.max(...rows.map((w) => w.maxWaitSeconds));
    return `${kind}: ${num(claimed)} claimed, highest minute p95 ${seconds(worst?.p95WaitSeconds ?? 0)}${worst ? ` at ${hhmm(worst.minute)}` : ''}, longest wait ${seconds(longest)}`;
  });
  const c = section.callbacks;
  const due = c.booked - c.cancelled;
  const callbackSummary =
    `Callbacks: ${num(c.keptInWindow)} of ${num(due)} not cancelled kept within their slot (${percent(c.keptInWindow, due)}), ${num(c.late)} late, ${num(c.missed)} missed.` +
    (c.lateBySeconds
      ? ` Late ones were p50 ${seconds(c.lateBySeconds.p50)}, p95 ${seconds(c.lateBySeconds.p95)} and at most ${seconds(c.lateBySeconds.max)} after their slot.`
      : '');
  const waitsSummary = kinds.length ? `${perKind.join('; ')}.` : 'Nothing was claimed from the work queue.';
  const rows = section.waits.map((w) => [
    hhmm(w.minute),
    esc(w.kind),
    num(w.claimed),
    seconds(w.p50WaitSeconds),
    seconds(w.p95WaitSeconds),
    seconds(w.maxWaitSeconds),
  ]);
  return `<section aria-labelledby="queue"><h2 id="queue">${REPORT_HEADINGS.queue}</h2><p>Wait: from an item being due in the desk’s work queue to an adviser claiming it.</p>${figure(
    'Work queue p95 wait per minute',
    svg,
    waitsSummary,
    dataTable('Work queue waits per minute', ['Minute', 'Kind', 'Claimed', 'p50 wait', 'p95 wait', 'Longest wait'], rows),
  )}<h3>Callbacks</h3><p class="summary">${esc(callbackSummary)}</p>${callbacksTable(c)}</section>`;
}

/** Minutes between the forecast and the actual fill: positive when the course filled later than forecast. */
function forecastError(course: CourseFill): number | null {
  if (!course.forecastFullAt || !course.actualFullAt) return null;
  return Math.round((Date.parse(course.actualFullAt) - Date.parse(course.forecastFullAt)) / 60_000);
}

function forecastWords(course: CourseFill): string {
  const error = forecastError(course);
  if (error === null) return course.forecastFullAt ? 'Did not fill in the period' : 'No forecast';
  if (error === 0) return 'On time';
  return error > 0 ? `${num(error)} min later than forecast` : `${num(-error)} min earlier than forecast`;
}

function placesSection(courses: CourseFill[]): string {
  const svg = chartSvg(
    {
      legend: { top: 5, itemGap: 30 },
      xAxis: { type: 'category', data: courses.map((c) => c.courseCode), name: 'Course', nameLocation: 'middle', nameGap: 35 },
      yAxis: { type: 'value', name: 'places', minInterval: 1 },
      series: [
        { name: 'Places', type: 'bar', data: courses.map((c) => c.places), itemStyle: { color: '#8fa9c9' } },
        {
          name: 'Offers',
          type: 'bar',
          data: courses.map((c) => c.offers),
          itemStyle: { color: '#1d4e89', decal: { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 5], rotation: 0.8 } },
        },
      ],
    },
    'Bar chart of Clearing places and offers made per course',
  );
  const over = courses.filter((c) => c.offers > c.places);
  const full = courses.filter((c) => c.actualFullAt);
  const errors = courses.map(forecastError).filter((e): e is number => e !== null);
  const summary =
    `${num(courses.length)} courses; ${num(full.length)} filled; ${over.length === 0 ? 'none' : over.map((c) => c.courseCode).join(', ')} over its places.` +
    (errors.length
      ? ` Forecast against actual fill time: within ${num(Math.max(...errors.map(Math.abs)))} min for the ${num(errors.length)} courses that filled with a forecast.`
      : '');
  const rows = courses.map((c) => [
    `${esc(c.courseCode)} ${esc(c.title)}`,
    num(c.places),
    num(c.offers),
    c.offers > c.places ? `<strong>${num(c.offers - c.places)} over</strong>` : 'No',
    c.forecastFullAt ? `${hhmm(c.forecastFullAt)} (taken ${c.forecastTakenAt ? hhmm(c.forecastTakenAt) : 'unknown'})` : 'None',
    c.actualFullAt ? hhmmss(c.actualFullAt) : 'Not full',
    esc(forecastWords(c)),
  ]);
  return `<section aria-labelledby="places"><h2 id="places">${REPORT_HEADINGS.places}</h2>${figure(
    'Places and offers per course',
    svg,
    summary,
    dataTable(
      'Places and offers per course',
      ['Course', 'Places', 'Offers'],
      courses.map((c) => [esc(c.courseCode), num(c.places), num(c.offers)]),
    ),
  )}${table('Offers against places and the forecast fill time against the actual, per course', ['Course', 'Places', 'Offers', 'Over places', 'Forecast full at', 'Actually full at', 'Forecast against actual'], rows)}</section>`;
}

function emailsSection(section: EmailsSection, minutes: string[], fault: Fault | null): string {
  const byMinute = new Map(section.perMinute.map((b) => [b.minute, b]));
  const svg = chartSvg(
    {
      legend: { top: 5, itemGap: 30 },
      xAxis: timeAxis(minutes),
      yAxis: [
        { type: 'value', name: 'emails', minInterval: 1 },
        { type: 'value', name: 's', position: 'right', splitLine: { show: false } },
      ],
      series: [
        {
          name: 'Sent',
          type: 'bar',
          data: minutes.map((m) => byMinute.get(m)?.sent ?? 0),
          itemStyle: { color: '#8fa9c9' },
          ...faultBand(fault, last(minutes)),
        },
        {
          name: 'p95 delay',
          type: 'line',
          yAxisIndex: 1,
          showSymbol: false,
          lineStyle: { width: 2, type: 'dashed', color: '#b3261e' },
          itemStyle: { color: '#b3261e' },
          data: minutes.map((m) => byMinute.get(m)?.p95DelaySeconds ?? null),
        },
      ],
    },
    'Bar chart of decision emails sent per minute with a line of their p95 delay in seconds',
  );
  const d = section.delaySeconds;
  const summary =
    `${num(section.sent)} emails sent, ${num(section.failed)} failed, ${num(section.pending)} not sent by the end.` +
    (d ? ` Delay from decision to sent: p50 ${seconds(d.p50)}, p95 ${seconds(d.p95)}, longest ${seconds(d.max)}.` : ' None was sent.');
  const rows = section.perMinute.map((b) => [hhmm(b.minute), num(b.sent), seconds(b.p50DelaySeconds), seconds(b.p95DelaySeconds), seconds(b.maxDelaySeconds)]);
  return `<section aria-labelledby="emails"><h2 id="emails">${REPORT_HEADINGS.emails}</h2>${figure(
    'Decision emails sent per minute and their delay',
    svg,
    summary,
    dataTable('Decision emails per minute', ['Minute', 'Sent', 'p50 delay', 'p95 delay', 'Longest delay'], rows),
  )}</section>`;
}

function submissionsSection(s: SubmissionsSection): string {
  const summary =
    s.acknowledged === null
      ? `${num(s.stored)} applications stored, ${num(s.duplicated)} duplicated. Acknowledgements are not recorded on a real day (they were only shown to the applicants), so lost submissions cannot be counted.`
      : `${num(s.acknowledged)} submissions acknowledged, ${num(s.stored)} stored: ${num(s.lost ?? 0)} lost, ${num(s.duplicated)} duplicated.`;
  const rows = [
    ['Acknowledged to the applicant', s.acknowledged === null ? 'Not recorded' : num(s.acknowledged)],
    ['Stored', num(s.stored)],
    ['Lost (acknowledged, not stored)', s.lost === null ? 'Not recorded' : num(s.lost)],
    ['Duplicated', num(s.duplicated)],
  ];
  const ids = (label: string, list: string[]) => (list.length ? `<p>${esc(label)}: <code>${list.map(esc).join(', ')}</code></p>` : '');
  return `<section aria-labelledby="submissions"><h2 id="submissions">${REPORT_HEADINGS.submissions}</h2><p class="summary">${esc(summary)}</p>${table(
    'Submissions acknowledged against stored',
    ['Submissions', 'Count'],
    rows,
  )}${ids('Lost', s.lostIds)}${ids('Duplicated', s.duplicatedIds)}</section>`;
}

function faultSection(fault: Fault | null, mode: RunMetadata['mode']): string {
  const head = `<h2 id="fault">${REPORT_HEADINGS.fault}</h2>`;
  if (!fault) {
    const words = mode === 'real-day' ? 'No fault was injected: this is a real day.' : 'No fault was injected in this run.';
    return `<section aria-labelledby="fault">${head}<p>${words}</p></section>`;
  }
  const summary = fault.recoveredAt
    ? `${fault.description}. Recovered in ${seconds(fault.recoverySeconds ?? 0)} with ${num(fault.errorsDuringFault)} errors in between.`
    : `${fault.description}. It had not recovered by the end of the run; ${num(fault.errorsDuringFault)} errors since.`;
  const rows = [
    ['What', esc(fault.description)],
    ['Part hit', esc(fault.target)],
    ['Injected', hhmmss(fault.injectedAt)],
    ['Lifted', fault.clearedAt ? hhmmss(fault.clearedAt) : 'Not lifted'],
    ['First successful answer after', fault.recoveredAt ? hhmmss(fault.recoveredAt) : 'None'],
    ['Recovery', fault.recoverySeconds === null ? 'Did not recover' : seconds(fault.recoverySeconds)],
    ['Errors during the fault', num(fault.errorsDuringFault)],
    ['Routes still answering', fault.routesAnsweringDuringFault.length ? esc(fault.routesAnsweringDuringFault.join(', ')) : 'None'],
  ];
  return `<section aria-labelledby="fault">${head}<p class="summary">${esc(summary)}</p>${table('The fault’s window and the recovery', ['Fault', 'Value'], rows)}</section>`;
}

function sourceWords(source: 'rehearsal-clients' | 'prometheus' | 'gateway-log'): string {
  return {
    'rehearsal-clients': 'the rehearsal’s own clients',
    prometheus: 'Prometheus (the gateway’s request histograms)',
    'gateway-log': 'the gateway’s request log',
  }[source];
}

/** The last minute of the axis, in ms since the epoch. */
function last(minutes: string[]): number {
  return Date.parse(minutes[minutes.length - 1] ?? '1970-01-01T00:00:00.000Z');
}

function maxBy<T>(items: readonly T[], key: (item: T) => number): T | undefined {
  let best: T | undefined;
  for (const item of items) if (best === undefined || key(item) > key(best)) best = item;
  return best;
}

const CSS = `
:root { color-scheme: light; --ink: #1f1f1f; --muted: #4a4a4a; --line: #c9cdd4; --pass: #1b5e20; --fail: #b3261e; --na: #5f4b00; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
main { max-width: 1120px; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.9rem; margin: 0 0 .25rem; }
h2 { font-size: 1.4rem; margin: 2.5rem 0 .75rem; padding-top: .5rem; border-top: 2px solid var(--ink); }
h3 { font-size: 1.15rem; margin: 1.5rem 0 .5rem; }
nav ul { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; padding: 0; list-style: none; }
a { color: #1d4e89; }
a:focus-visible, summary:focus-visible, .table-wrap:focus-visible, .chart-wrap:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
dl.meta { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: .5rem 1.5rem; margin: 0; }
dl.meta div { border-bottom: 1px solid var(--line); padding: .25rem 0; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
figure { margin: 1.25rem 0 2rem; break-inside: avoid; page-break-inside: avoid; }
figcaption { font-weight: 600; font-size: 1.05rem; margin-bottom: .25rem; }
svg.chart { display: block; width: 100%; height: auto; max-width: 1000px; min-width: 640px; }
.chart-wrap { overflow-x: auto; max-width: 100%; }
.summary { margin: .5rem 0; }
.not-recorded { border-left: 4px solid var(--na); padding: .5rem .75rem; background: #fff8e1; }
details { margin: .5rem 0; }
summary { cursor: pointer; color: #1d4e89; text-decoration: underline; }
.table-wrap { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: .5rem 0; min-width: 20rem; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { border: 1px solid var(--line); padding: .3rem .6rem; text-align: left; vertical-align: top; }
thead th { background: #eef1f5; }
td { font-variant-numeric: tabular-nums; }
.verdict { font-weight: 700; }
.verdict-pass { color: var(--pass); }
.verdict-fail { color: var(--fail); }
.verdict-not-recorded { color: var(--na); }
code { overflow-wrap: anywhere; }
@media (max-width: 600px) { body { font-size: 15px; } h1 { font-size: 1.5rem; } }
@media print {
  @page { size: A4 landscape; margin: 12mm; }
  body { font-size: 10.5pt; }
  main { max-width: none; padding: 0; }
  nav { display: none; }
  h2 { break-before: auto; break-after: avoid; }
  details > summary { display: none; }
  details::details-content { content-visibility: visible; display: block; }
  .table-wrap, .chart-wrap { overflow: visible; }
  svg.chart { min-width: 0; }
  a { color: inherit; text-decoration: none; }
}
`;

/**
 * The report page for `input` (parsed with reportDataSchema first).
 * @returns a complete HTML document: no external resource, no script
 * @throws ZodError when the data does not have the report's shape
 */
export function renderReport(input: unknown): string {
  const data: ReportData = reportDataSchema.parse(input);
  chartsOnPage = 0;
  const title = REPORT_TITLES[data.run.mode];
  const minutes = minutesOf(data.run);
  const period = `${dateTime.format(new Date(data.run.startedAt))} to ${dateTime.format(new Date(data.run.endedAt))}`;
  const nav = Object.entries(REPORT_HEADINGS)
    .map(([id, heading]) => `<li><a href="#${id}">${esc(heading)}</a></li>`)
    .join('');
  const body = [
    runSection(data.run),
    verdictsSection(data.verdicts),
    latencySection(data.latency, minutes, data.fault),
    errorsSection(data.errors, minutes, data.fault),
    queueSection(data.queue, minutes, data.fault),
    placesSection(data.places.courses),
    emailsSection(data.emails, minutes, data.fault),
    submissionsSection(data.submissions),
    faultSection(data.fault, data.run.mode),
  ].join('\n');
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}: ${esc(period)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<h1>${esc(title)}</h1>
<p>${esc(period)}. Times are UK time (Europe/London).</p>
<nav aria-label="Sections"><ul>${nav}</ul></nav>
${body}
</main>
</body>
</html>
`;
}

/**
 * Writes the page to `htmlPath` and the parsed data as JSON beside it (same name, `.json`),
 * creating the folder.
 * @returns both paths
 */
export function writeReport(input: unknown, htmlPath: string): { htmlPath: string; jsonPath: string } {
  const data = reportDataSchema.parse(input);
  const html = renderReport(data);
  const jsonPath = path.join(path.dirname(htmlPath), `${path.basename(htmlPath, path.extname(htmlPath))}.json`);
  mkdirSync(path.dirname(htmlPath), { recursive: true });
  writeFileSync(htmlPath, html);
  writeFileSync(jsonPath, `${JSON.stringify(data, null, 2)}\n`);
  return { htmlPath, jsonPath };
}
