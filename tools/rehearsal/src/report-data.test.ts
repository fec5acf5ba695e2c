import { minuteOf, percentile, reportDataSchema } from './report-data';
import { sampleReportData } from './sample-data';

describe('reportDataSchema', () => {
  it.each(['rehearsal', 'real-day'] as const)('accepts the %s sample', (mode) => {
    expect(reportDataSchema.parse(sampleReportData({ mode })).run.mode).toBe(mode);
  });

  it('refuses another version and names a bad field by its path', () => {
    expect(reportDataSchema.safeParse({ ...sampleReportData(), version: 2 }).success).toBe(false);
    const data = sampleReportData();
    const bad = { ...data, places: { courses: [{ ...data.places.courses[0], offers: -1 }] } };
    const result = reportDataSchema.safeParse(bad);
    expect(result.success ? [] : result.error.issues.map((i) => i.path.join('.'))).toEqual(['places.courses.0.offers']);
  });

  it('refuses a route that is not a method and a path', () => {
    const data = sampleReportData();
    const result = reportDataSchema.safeParse({ ...data, latency: { recorded: true, source: 'prometheus', routes: [{ route: '/api/courses', buckets: [] }] } });
    expect(result.success).toBe(false);
  });
});

describe('minuteOf and percentile', () => {
  it('names the minute a moment falls in', () => {
    expect(minuteOf(Date.parse('2026-08-13T08:12:59.999Z'))).toBe('2026-08-13T08:12:00.000Z');
  });

  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect([percentile(values, 0.5), percentile(values, 0.95), percentile(values, 0.99), percentile([], 0.5)]).toEqual([50, 95, 99, 0]);
  });
});
