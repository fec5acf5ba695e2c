/**
 * Properties of the assessment over generated valid forms and courses (fast-check): monotone total,
 * effective within total, no improvement when a requirement's evidence is removed, determinism, and
 * answers that keep the contract.
 */
import {
  ENGLISH_TEST_EQUIVALENCE,
  isScoredEnglishTest,
  ROLES,
  TRAFFIC_LIGHT_RANK,
  assessmentSchema,
  type AssessForm,
  type CourseData,
  type QualificationItem,
  type QualOption,
} from '@clearing-desk/contracts';
import { createCourse } from '@clearing-desk/contracts/testing';
import fc from 'fast-check';
import { assess, type AssessInput } from './assess';
import { ALL_QUAL_OPTIONS } from './test-fixtures';

const year = fc.integer({ min: 1990, max: 2026 }).map(String);

/** Every valid score of an English test (graded scales, or the numeric range in its steps). */
function validScores(test: string): string[] {
  if (!isScoredEnglishTest(test)) return [];
  const { scale } = ENGLISH_TEST_EQUIVALENCE[test];
  if (scale.kind === 'grades') return [...scale.grades];
  const out: string[] = [];
  for (let v = scale.min; v <= scale.max; v += scale.step) out.push(String(v));
  return out;
}

/** A valid item of `option`: required fields always set, optional ones sometimes. */
function itemOf(option: QualOption): fc.Arbitrary<QualificationItem> {
  if (option.qualification === 'ACCESS_HE') {
    return fc.tuple(fc.integer({ min: 0, max: 45 }), fc.integer({ min: 0, max: 45 }), year).map(([a, b, y]) => {
      const d = Math.min(a, 45);
      const m = Math.min(b, 45 - d);
      return {
        QUALIFICATION: 'ACCESS_HE',
        SUBJECT: 'Science',
        DISTINCTION_CREDITS: String(d),
        MERIT_CREDITS: String(m),
        PASS_CREDITS: String(45 - d - m),
        YEAR: y,
      };
    });
  }
  if (option.qualification === 'ENGLISH_TEST') {
    // A score on the test's own scale (ENGLISH_TEST_EQUIVALENCE); tests without a score get none.
    const tests = (option.fields.find((f) => f.name === 'TEST')?.options ?? []).map((o) => o.value);
    return fc.tuple(fc.constantFrom(...tests), fc.integer({ min: 0, max: 1000 }), year).map(([TEST, n, YEAR]) => {
      const scores = validScores(TEST);
      return { QUALIFICATION: 'ENGLISH_TEST', TEST, SCORE: scores.length === 0 ? '' : (scores[n % scores.length] ?? ''), YEAR };
    });
  }
  const fields: Record<string, fc.Arbitrary<string>> = {};
  for (const field of option.fields) {
    let value: fc.Arbitrary<string>;
    if (field.type === 'select') value = fc.constantFrom(...(field.options ?? []).map((o) => o.value));
    else if (field.type === 'year') value = year;
    else if (field.type === 'number') value = fc.integer({ min: field.min ?? 0, max: field.max ?? 100 }).map(String);
    else value = fc.constantFrom('English', 'Mathematics', 'Physics', 'Art', 'Law');
    fields[field.name] = field.required ? value : fc.option(value, { nil: '' });
  }
  return fc.record(fields).map((values) => ({ QUALIFICATION: option.qualification, ...values }));
}

const GCSE_OPTIONS = ALL_QUAL_OPTIONS.filter((o) => o.group === 'GCSE_QUALIFICATIONS');
const QUAL_OPTIONS = ALL_QUAL_OPTIONS.filter((o) => o.group === 'QUALIFICATIONS');
const gcseItem = fc.oneof(...GCSE_OPTIONS.map(itemOf));
const qualItem = fc.oneof(...QUAL_OPTIONS.map(itemOf));
const anyItem = fc.oneof(
  gcseItem.map((item) => ['GCSE_QUALIFICATIONS', item] as const),
  qualItem.map((item) => ['QUALIFICATIONS', item] as const),
);

const form: fc.Arbitrary<AssessForm> = fc.record({
  NATIONALITY: fc.constantFrom('GBR', 'IRL', 'CHN', 'USA', '', undefined),
  DOB: fc.option(
    fc.date({ min: new Date('1960-01-01'), max: new Date('2015-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    { nil: undefined },
  ),
  SECOND_YEAR_ENTRY: fc.constantFrom('0', '1'),
  GCSE_QUALIFICATIONS: fc.array(gcseItem, { maxLength: 10 }),
  QUALIFICATIONS: fc.array(qualItem, { maxLength: 6 }),
}) as fc.Arbitrary<AssessForm>;

const course: fc.Arbitrary<CourseData> = fc
  .record({
    accepted: fc.integer({ min: 0, max: 160 }),
    gap: fc.integer({ min: 0, max: 64 }),
    school: fc.constantFrom('SCI', 'SHS', 'ART'),
    interviews: fc.boolean(),
    engineering: fc.boolean(),
    functionalSkillsAccepted: fc.boolean(),
    minimumIelts: fc.constantFrom(5.5, 6, 6.5, 7),
  })
  .map(({ accepted, gap, school, ...info }) => {
    const base = createCourse();
    return { ...base, TARIFF_ACCEPTED: accepted, TARIFF_ADVERTISED: accepted + gap, SCHOOL: school, assessmentInfo: { ...base.assessmentInfo, ...info } };
  });

const access = fc.constantFrom(null, ...ROLES);
const input: fc.Arbitrary<AssessInput> = fc.record({ course, form, access }).map((x) => ({ ...x, qualOptions: ALL_QUAL_OPTIONS }));

const rank = (input: AssessInput) => TRAFFIC_LIGHT_RANK[assess(input).TRAFFIC_LIGHT];
const RUNS = { numRuns: 400 };

describe('assessment properties', () => {
  it('adding a qualification never lowers the total', () => {
    fc.assert(
      fc.property(input, anyItem, (x, [group, item]) => {
        const more = { ...x, form: { ...x.form, [group]: [...(x.form[group] ?? []), item] } };
        expect(assess(more).UCAS_POINTS_TOTAL).toBeGreaterThanOrEqual(assess(x).UCAS_POINTS_TOTAL);
      }),
      RUNS,
    );
  });

  it('effective points never exceed the total', () => {
    fc.assert(
      fc.property(input, (x) => {
        const r = assess(x);
        expect(r.UCAS_POINTS_EFFECTIVE).toBeLessThanOrEqual(r.UCAS_POINTS_TOTAL);
        expect(r.UCAS_POINTS_EFFECTIVE).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  // With uncoloured options (ALL_QUAL_OPTIONS): removing a course-coloured red option would rightly lift the light.
  it('removing a GCSE never improves the light', () => {
    fc.assert(
      fc.property(input, fc.nat(), (x, n) => {
        const gcses = x.form.GCSE_QUALIFICATIONS ?? [];
        fc.pre(gcses.length > 0);
        const i = n % gcses.length;
        const fewer = { ...x, form: { ...x.form, GCSE_QUALIFICATIONS: gcses.filter((_, j) => j !== i) } };
        expect(rank(fewer)).toBeLessThanOrEqual(rank(x));
      }),
      RUNS,
    );
  });

  it('removing an English test never improves the light', () => {
    fc.assert(
      fc.property(input, (x) => {
        const quals = x.form.QUALIFICATIONS ?? [];
        fc.pre(quals.some((q) => q.QUALIFICATION === 'ENGLISH_TEST'));
        const fewer = { ...x, form: { ...x.form, QUALIFICATIONS: quals.filter((q) => q.QUALIFICATION !== 'ENGLISH_TEST') } };
        expect(rank(fewer)).toBeLessThanOrEqual(rank(x));
      }),
      { numRuns: 200 },
    );
  });

  it('the same input always gives the same output, and the input is not changed', () => {
    fc.assert(
      fc.property(input, (x) => {
        const copy = structuredClone(x);
        const first = assess(x);
        expect(assess(copy)).toEqual(first);
        expect(assess(x)).toEqual(first);
        expect(x).toEqual(copy);
      }),
      { numRuns: 200 },
    );
  });

  it('answers keep the contract: light is the worst explanation, green has exactly one explanation', () => {
    fc.assert(
      fc.property(input, (x) => {
        const r = assess(x);
        expect(assessmentSchema.safeParse(r).success).toBe(true);
        const worst = Math.min(...r.EXPLANATION.map((e) => TRAFFIC_LIGHT_RANK[e.STATUS]));
        expect(TRAFFIC_LIGHT_RANK[r.TRAFFIC_LIGHT]).toBe(worst);
        if (r.TRAFFIC_LIGHT === 'G') expect(r.EXPLANATION).toHaveLength(1);
        // The public and every role that edits applications get a button; the Visa Team (spec section 6: no edit permission) none.
        expect(r.SUBMISSION_OPTIONS.BUTTONS.length > 0).toBe(x.access !== 'Visa Team');
      }),
      RUNS,
    );
  });
});
