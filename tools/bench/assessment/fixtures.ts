import type { AlternativeCandidate, AssessForm } from '@clearing-desk/contracts';
import { createAssessForm, createCourseDetail } from '@clearing-desk/contracts/testing';

/** The typical form of the benchmarks: 3 A levels (A*AB) and 5 GCSEs, green for G400. */
export const TYPICAL_FORM: AssessForm = createAssessForm();

/** A red form (CCC = 96 points), which makes the gateway fetch alternatives. */
export const RED_FORM: AssessForm = createAssessForm({
  QUALIFICATIONS: ['Mathematics', 'Physics', 'Computer Science'].map((SUBJECT) => ({ QUALIFICATION: 'ALEVEL', SUBJECT, GRADE: 'C', YEAR: '2024' })),
});

/** `n` open courses of the Sciences school with accepted tariffs from 48 to 160. */
export function candidates(n: number): AlternativeCandidate[] {
  const { courseData, qualOptions } = createCourseDetail();
  return Array.from({ length: n }, (_, i) => ({
    ...courseData,
    qualOptions,
    UCAS_CODE: `X${String(i).padStart(3, '0')}`,
    COURSE_TITLE: `Course ${i}`,
    TARIFF_ACCEPTED: 48 + ((i * 8) % 112),
    TARIFF_ADVERTISED: 64 + ((i * 8) % 112),
    EXTENSION_NO: String(7000 + i),
  }));
}

/** Percentile of sorted numbers. */
export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Prints rows as an aligned text table. */
export function printTable(rows: Record<string, string | number>[]): void {
  const first = rows[0];
  if (!first) return;
  const keys = Object.keys(first);
  const cell = (v: string | number | undefined) => (typeof v === 'number' ? v.toLocaleString('en-GB', { maximumFractionDigits: 1 }) : (v ?? ''));
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(cell(r[k])).length)));
  const line = (values: string[]) => values.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(keys));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(keys.map((k) => String(cell(r[k])))));
}
