import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { subjectRequirementSchema, subjectRequirementSentence } from '@clearing-desk/contracts';
import { demoCatalogue } from './demo-catalogue';

const catalogue = demoCatalogue();
const courses = catalogue.courses.map((c) => c.course);
const course = (code: string) => {
  const found = courses.find((c) => c.UCAS_CODE === code);
  if (!found) throw new Error(`no course ${code}`);
  return found;
};
/** The notes' first paragraph: the typical offer and the subjects it names. */
const offerText = (notes: string | null) => notes?.match(/<p>(.*?)<\/p>/)?.[1] ?? '';
/** A required subject in the notes' words: 'including ...' (never 'in any subjects' or '... welcome but not required'). */
const namesRequiredSubject = (notes: string | null) => /\bincluding\b/.test(offerText(notes));

describe('demo catalogue subject requirements (reviewed table, domain.md traffic light)', () => {
  it('gives every course whose notes name a required subject a requirement, and none to a course whose notes name none', () => {
    const withNotes = courses.filter((c) => c.NOTES !== null);
    const missing = withNotes.filter((c) => namesRequiredSubject(c.NOTES) && (c.SUBJECT_REQUIREMENTS ?? []).length === 0).map((c) => c.UCAS_CODE);
    const invented = withNotes.filter((c) => !namesRequiredSubject(c.NOTES) && (c.SUBJECT_REQUIREMENTS ?? []).length > 0).map((c) => c.UCAS_CODE);
    expect(missing).toEqual([]);
    expect(invented).toEqual([]);
    expect(withNotes.filter((c) => namesRequiredSubject(c.NOTES)).length).toBeGreaterThan(60);
  });

  it("lists beside the seed exactly the catalogue's courses as checked by hand, with the requirement each carries", () => {
    const checked = readFileSync(join(__dirname, 'subject-requirements-checked.md'), 'utf8');
    const rows = [...checked.matchAll(/^\| ([A-Z0-9]{4}) \| [^|]+ \| [^|]+ \| ([^|]+) \| ([0-9.]+) \|$/gm)];
    expect(rows.map((r) => r[1]).sort()).toEqual(courses.map((c) => c.UCAS_CODE).sort());
    for (const [, code, requirement] of rows) {
      const c = course(code as string);
      const lead = (c.SUBJECT_REQUIREMENTS ?? []).map((r) => subjectRequirementSentence(r).split(' Also accepted')[0]).join(' ');
      const expected = c.assessmentInfo.priorEntry ? `not assessed on school-leaver points: ${c.assessmentInfo.priorEntry}` : lead || 'none';
      expect(`${code}: ${(requirement as string).trim()}`).toBe(`${code}: ${expected}`);
    }
  });

  it('stores only requirements the contract accepts', () => {
    for (const c of courses) for (const r of c.SUBJECT_REQUIREMENTS ?? []) expect(subjectRequirementSchema.safeParse(r).success).toBe(true);
  });

  it('states the requirements of the examples: Mathematics at B, two sciences for Optometry, Mathematics and Physics for Mechanical Engineering', () => {
    expect(subjectRequirementSentence(course('G100').SUBJECT_REQUIREMENTS?.[0] ?? { subjects: [], count: 1, minimumGrade: {} })).toMatch(
      /^A Level Mathematics or Further Mathematics at grade B or above is required\. Also accepted in the same subject: IB Higher Level at grade 5 or above/,
    );
    expect(course('B510').SUBJECT_REQUIREMENTS?.[0]).toMatchObject({ subjects: ['Biology', 'Chemistry', 'Physics', 'Mathematics'], count: 2 });
    expect(course('H300').SUBJECT_REQUIREMENTS?.map((r) => r.subjects)).toEqual([['Mathematics', 'Further Mathematics'], ['Physics']]);
    expect(course('H300').SUBJECT_REQUIREMENTS?.[0]?.equivalentSubjects?.BTEC_EXTENDED_DIPLOMA).toEqual(['Engineering']);
  });

  it('offers Access to HE wherever the notes invite it', () => {
    const inviting = catalogue.courses.filter(({ course: c }) => (c.NOTES ?? '').includes('Access to HE'));
    expect(inviting.length).toBeGreaterThanOrEqual(5);
    for (const { course: c, qualOptions } of inviting)
      expect(`${c.UCAS_CODE}: ${qualOptions.some((o) => o.qualification === 'ACCESS_HE')}`).toBe(`${c.UCAS_CODE}: true`);
  });

  it('asks IELTS 8.0 for Speech and Language Therapy (HCPC registration), not 7.0', () => {
    expect(course('B620').assessmentInfo.minimumIelts).toBe(8);
  });

  it('does not assess graduate and registered-nurse entry on school-leaver points (B721, M120)', () => {
    expect(course('B721').assessmentInfo.priorEntry).toBe('Registration as an adult nurse with the Nursing and Midwifery Council (NMC) is required.');
    expect(course('M120').assessmentInfo.priorEntry).toBe('A first degree at 2:2 or above in any subject is required.');
    expect(courses.filter((c) => c.assessmentInfo.priorEntry).map((c) => c.UCAS_CODE)).toEqual(['B721', 'M120']);
  });
});
