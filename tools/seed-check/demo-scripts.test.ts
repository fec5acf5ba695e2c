/**
 * Scripts without gaps: every outcome script, with every note, built for every
 * course of the demo catalogue as an adviser meets it on the phone (before saving: no name, no
 * application id, no reference yet) and after saving, reaches the adviser without a bracketed
 * label, 'undefined', 'null' or an unfilled placeholder, and names one extension per script.
 * buildCallScript is a pure function: the whole table runs in well under a second.
 */
import {
  buildCallScript,
  courseScriptValues,
  SCRIPT_EXTENSIONS,
  SCRIPT_VARIANTS,
  type Alternate,
  type ApplicationStatus,
  type CallScript,
  type Role,
  type ScriptSituation,
} from '@clearing-desk/contracts';
import { demoCatalogue } from '@clearing-desk/courses-svc/seed';

/** The Clearing team's number the web app is built with in this test (VITE_CLEARING_TEAM_TELEPHONE). */
const CLEARING_TEAM = '020 7040 4000';
const courses = demoCatalogue().courses.map((c) => c.course);

const STATUSES: readonly (ApplicationStatus | null)[] = [null, 'O', 'I', 'S', 'R', 'P', 'X', 'D', 'W', 'V'];
/** Callers as they differ for the script: home or not, age, year of entry, UCAS, light, the adviser's role. */
const CALLERS: readonly Omit<ScriptSituation, 'status' | 'school' | 'allowSecondYearEntry'>[] = [
  { nationality: 'GBR', over18: 1, secondYearEntry: false, trafficLight: 'G', access: 'Back Office', appliedToUcas: true },
  { nationality: 'NGA', over18: 1, secondYearEntry: false, trafficLight: 'R', access: 'Back Office Limited', appliedToUcas: false },
  { nationality: 'FRA', over18: 0, secondYearEntry: false, trafficLight: 'A', access: 'Front Office', appliedToUcas: null },
  { nationality: '', over18: 0, secondYearEntry: true, trafficLight: 'G', access: 'Front Office', appliedToUcas: true },
  { nationality: 'USA', over18: 1, secondYearEntry: true, trafficLight: null, access: 'Administrator', appliedToUcas: false },
  { nationality: 'IRL', over18: 0, secondYearEntry: true, trafficLight: 'R', access: 'Editor', appliedToUcas: null },
];
const ROLES_SEEN = new Set<Role>(CALLERS.map((c) => c.access as Role));

/** Three other courses as a red assessment's alternatives; the last as an assessment stored before school names (no name, no extension). */
function alternatesFor(index: number): Alternate[] {
  const pick = [1, 2, 3].map((step) => courses[(index + step * 17) % courses.length]!);
  return pick.map((c, i) => ({
    COURSE: c.UCAS_CODE,
    SCHOOL: c.SCHOOL,
    EXTENSION: i === 2 ? null : c.EXTENSION_NO,
    TITLE: c.COURSE_TITLE,
    ...(i === 2 ? {} : { SCHOOL_NAME: c.SCHOOL_NAME }),
  }));
}

const texts = (s: CallScript): string[] => [
  s.greeting,
  ...(s.startDate ? [s.startDate] : []),
  s.dataProtection,
  ...(s.englishEvidence ? [s.englishEvidence] : []),
  ...s.searchPrompts,
  ...s.notes.flatMap((n) => n.paragraphs),
  ...s.outcome,
];
// A bracketed label, an unfilled {name} or %name%, or a value that never arrived.
const GAP = /[[\]{}%]|\bundefined\b|\bnull\b|\bNaN\b|\(\s*\)|\s{2}/;
const extensionsIn = (paragraphs: readonly string[]): Set<string> =>
  new Set(paragraphs.flatMap((p) => [...p.matchAll(/extension (\d{3,5})/g)].map((m) => m[1]!)));

type Row = { course: string; status: string; caller: number; saved: boolean; aid?: string; ref?: string; script: CallScript };
const rows: Row[] = [];
courses.forEach((course, index) => {
  const base = courseScriptValues(course, CLEARING_TEAM);
  for (const status of STATUSES) {
    CALLERS.forEach((caller, callerIndex) => {
      for (const saved of [false, true]) {
        const situation: ScriptSituation = {
          ...caller,
          status,
          school: course.SCHOOL,
          allowSecondYearEntry: course.ALLOW_SECOND_YEAR_ENTRY,
          // The form forces first-year entry where the course has no second-year entry (spec section 4).
          secondYearEntry: caller.secondYearEntry && course.ALLOW_SECOND_YEAR_ENTRY,
        };
        const ids = saved ? { aid: `A${index}`, ref: `${course.DEPART_NUMBER}R${index}` } : {};
        const values = saved ? { ...base, ...ids, studentName: 'Amara Okafor' } : base;
        rows.push({
          course: course.UCAS_CODE,
          status: status ?? 'none',
          caller: callerIndex,
          saved,
          ...ids,
          script: buildCallScript(situation, values, { alternates: alternatesFor(index) }),
        });
      }
    });
  }
});

describe('call scripts on every course of the demo catalogue', () => {
  it('cover every outcome variant and every note on the 161 courses, with and without a telephone', () => {
    expect(courses).toHaveLength(161);
    expect(courses.filter((c) => !c.FEEDBACK_TELEPHONE).length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.script.choice.outcome))).toEqual(new Set([...SCRIPT_VARIANTS, null]));
    expect(new Set(rows.map((r) => r.script.choice.secondYear))).toEqual(new Set(['TRANSFER', 'END_CALL', 'SUPERVISOR', 'REFERRAL', null]));
    expect(new Set(rows.flatMap((r) => r.script.notes.map((n) => n.id)))).toEqual(new Set(['no-ucas-id', 'under-18', 'second-year']));
    expect(ROLES_SEEN.size).toBeGreaterThanOrEqual(4);
  });

  it("never reads out a bracketed label, 'undefined', 'null' or an unfilled placeholder", () => {
    const gaps = rows.flatMap((r) =>
      texts(r.script)
        .filter((t) => GAP.test(t) || t.trim() === '')
        .map((t) => `${r.course} ${r.status} caller ${r.caller}: ${t}`),
    );
    expect(gaps).toEqual([]);
    const unfilled = rows.filter((r) => r.script.gaps.length > 0).map((r) => `${r.course} ${r.status} caller ${r.caller}: ${r.script.gaps.join(', ')}`);
    expect(unfilled).toEqual([]);
  });

  it('names one extension per script (the partner and alternative transfers of a rejection aside)', () => {
    const clashes = rows.flatMap((r) => {
      const own = r.script.choice.rejectForm ? r.script.outcome.slice(0, 2) : r.script.outcome;
      const found = extensionsIn([...r.script.notes.flatMap((n) => n.paragraphs), ...own]);
      return found.size > 1 ? [`${r.course} ${r.status} caller ${r.caller}: ${[...found].join(', ')}`] : [];
    });
    expect(clashes).toEqual([]);
    const underEighteen = rows.filter((r) => r.script.choice.under18 && r.script.choice.outcome === 'OFFER_CALLBACK');
    expect(underEighteen.length).toBeGreaterThan(0);
    for (const r of underEighteen) expect(extensionsIn(r.script.outcome)).toEqual(new Set([SCRIPT_EXTENSIONS.UNDER_18_REFERRAL]));
  });

  it("gives the priority hotline of a course without a telephone as the Clearing team's number", () => {
    const noPhone = new Set(courses.filter((c) => !c.FEEDBACK_TELEPHONE).map((c) => c.UCAS_CODE));
    const notes = rows
      .filter((r) => noPhone.has(r.course) && r.script.choice.under18)
      .flatMap((r) => r.script.notes.find((n) => n.id === 'under-18')!.paragraphs);
    expect(notes.length).toBeGreaterThan(0);
    for (const p of notes.filter((p) => p.includes('hotline'))) expect(p).toContain(`(${CLEARING_TEAM})`);
  });

  it('gives the reference and the application id once saved, and says they will be given before', () => {
    const pooled = rows.filter((r) => r.script.choice.outcome === 'POOL');
    expect(pooled.length).toBeGreaterThan(0);
    for (const r of pooled) {
      expect(r.script.outcome).toContain(
        r.saved
          ? `Your reference number is ${r.ref}; please quote it whenever you contact us about this application.`
          : 'I will give you your reference number once your application is saved.',
      );
    }
    const underEighteen = rows.filter((r) => r.script.choice.under18);
    for (const r of underEighteen) {
      const hotline = r.script.notes.find((n) => n.id === 'under-18')!.paragraphs[1]!;
      expect(hotline.endsWith(r.saved ? `quote your application id ${r.aid}.` : 'which I will give you once your application is saved.')).toBe(true);
    }
  });

  it("reads alternatives with the school's name, never its code", () => {
    const names = new Set(courses.map((c) => c.SCHOOL_NAME));
    const alternatives = rows
      .filter((r) => r.script.choice.rejectForm)
      .flatMap((r) => r.script.outcome.filter((p) => p.startsWith('We may be able to offer you')));
    expect(alternatives.length).toBeGreaterThan(0);
    for (const p of alternatives) {
      const school = /\) in (.+?) instead\./.exec(p)?.[1];
      if (school !== undefined) expect(names).toContain(school.replace(/&amp;/g, '&'));
    }
  });
});
