import { isHomeNationality } from './home-nationalities';
/** English qualification options of spec section 3 ("Reference lists"), value -> label. */
export const ENGLISH_QUALIFICATION_OPTIONS = [
  { value: 'no', label: 'No English qualification' },
  { value: 't4', label: 'Tier 4 (Child Visa)' },
  { value: 'englang', label: 'Majority English speaking country' },
  { value: 'ielts', label: 'IELTS' },
  { value: 'pearson', label: 'Pearson test (PTE Academic)' },
  { value: 'trinity', label: 'Trinity College (Integrated Skills)' },
  { value: 'ib', label: 'International Baccalaureate' },
  { value: 'cambridge', label: 'Cambridge English: Advanced/Proficiency' },
  { value: 'hkdse', label: 'HKDSE English' },
  { value: 'toefl', label: 'TOEFL' },
  { value: 'igcse', label: 'IGCSE' },
] as const;

export type EnglishQualification = (typeof ENGLISH_QUALIFICATION_OPTIONS)[number]['value'];

/**
 * Nationalities that need no English test (domain.md "Traffic light", English): GBR and IRL, and
 * the majority English-speaking countries of the UK government's list (GOV.UK "Student visa:
 * knowledge of English", 'You do not need to prove your knowledge of the English language if you're
 * a national of ...': Antigua and Barbuda, Australia, the Bahamas, Barbados, Belize, the British
 * overseas territories, Canada, Dominica, Grenada, Guyana, Jamaica, Malta, New Zealand, St Kitts and
 * Nevis, St Lucia, St Vincent and the Grenadines, Trinidad and Tobago, the USA), as ISO 3166 alpha-3
 * codes. For them the GCSE English rule alone applies.
 */
export const ENGLISH_SPEAKING_NATIONALITIES = [
  'GBR',
  'IRL',
  'ATG',
  'AUS',
  'BHS',
  'BRB',
  'BLZ',
  'CAN',
  'DMA',
  'GRD',
  'GUY',
  'JAM',
  'MLT',
  'NZL',
  'KNA',
  'LCA',
  'VCT',
  'TTO',
  'USA',
  // British overseas territories.
  'AIA',
  'BMU',
  'IOT',
  'VGB',
  'CYM',
  'FLK',
  'GIB',
  'MSR',
  'PCN',
  'SHN',
  'SGS',
  'TCA',
] as const;

const ENGLISH_SPEAKING: ReadonlySet<string> = new Set(ENGLISH_SPEAKING_NATIONALITIES);

/** True for a nationality of ENGLISH_SPEAKING_NATIONALITIES (UKVI's majority English-speaking list, GBR and IRL included). */
export const isEnglishSpeakingNationality = (nationality: string | null | undefined): boolean => !!nationality && ENGLISH_SPEAKING.has(nationality);

/**
 * True when a nationality alone meets the English requirement (domain.md "Traffic light", English):
 * a national of a majority English-speaking country of UKVI's list other than the UK and Ireland,
 * whose applicants are still asked for English evidence at GCSE level (R without any). No test and
 * no GCSE is asked of them, and the call script does not ask the English-evidence question.
 */
export const meetsEnglishByNationality = (nationality: string | null | undefined): boolean =>
  isEnglishSpeakingNationality(nationality) && !isHomeNationality(nationality);

/** Default minimum IELTS overall band of a course (domain.md: "default 6.0"). */
export const DEFAULT_MINIMUM_IELTS = 6;

/** How one scored test's SCORE is written and checked (domain.md: "each test's SCORE is validated in its own range"). */
type NumericScale = { kind: 'numeric'; name: string; min: number; max: number; step: number };
type GradeScale = { kind: 'grades'; name: string; grades: readonly string[] };
export type EnglishTestScale = NumericScale | GradeScale;

/**
 * A row of the equivalence table: the lowest score of a test that counts as an IELTS overall band.
 * Rows run from the highest band down; a score below the last row has no equivalent (band 0).
 */
type EquivalenceRow = readonly [ielts: number, lowest: number | string];

type ScoredTest = { scale: EnglishTestScale; rows: readonly EquivalenceRow[]; source: string };

/** IGCSE and GCSE grades at 4/C or above: English Language at this level meets every minimum (domain.md). */
const IGCSE_GRADES = ['9', '8', '7', '6', '5', '4', '3', '2', '1', 'A*', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'U'] as const;
const IGCSE_PASS: ReadonlySet<string> = new Set(['9', '8', '7', '6', '5', '4', 'A*', 'A', 'B', 'C']);
/** Trinity ISE results, best first (the graded scales are ranked by position). */
const TRINITY_GRADES = ['ISE IV', 'ISE III', 'ISE II', 'ISE I'].flatMap((level) => ['Distinction', 'Merit', 'Pass'].map((result) => `${level} ${result}`));

/**
 * THE equivalence table of English tests against the IELTS overall band (domain.md "Traffic light":
 * one table, its source named beside it). A course sets its minimum as an IELTS band
 * (assessmentInfo.minimumIelts); another test meets it when its score is at or above the row of that band.
 * Sources, per test:
 * - IELTS: the band itself (0-9 in halves).
 * - TOEFL iBT (0-120): ETS, "TOEFL iBT and IELTS Academic score comparison" (ets.org, score users:
 *   compare scores; 2010 linking study).
 * - PTE Academic (10-90): Pearson, "PTE Academic score concordance with IELTS" (2020).
 * - Cambridge English Scale (80-230, C1 Advanced / C2 Proficiency): Cambridge English, "Comparing
 *   Cambridge English Scale scores with IELTS" (cambridgeenglish.org).
 * - Trinity ISE (ISE I-IV with Pass/Merit/Distinction): Trinity College London's CEFR levels (ISE I
 *   B1, II B2, III C1, IV C2) placed on IELTS by the UKVI CEFR-to-IELTS mapping (B1 4.0, B2 5.5, C1 7.0,
 *   C2 8.5), a Merit half a band and a Distinction a band above the Pass.
 * - HKDSE English Language (levels 1-5**): HKEAA, "HKDSE English Language and IELTS" benchmarking
 *   study (2012), each level rounded down to a half band.
 * - IB English (A or B, grades 1-7): IBO grade descriptors as UK universities' English requirement
 *   tables list them (grade 4 for IELTS 6.0, each grade half a band more).
 * - IGCSE English (First or Second Language): grade 4/C or above meets any minimum, as GCSE English
 *   Language does (domain.md); lower grades meet none.
 */
export const ENGLISH_TEST_EQUIVALENCE: Readonly<Record<'ielts' | 'toefl' | 'pearson' | 'cambridge' | 'trinity' | 'hkdse' | 'ib' | 'igcse', ScoredTest>> = {
  ielts: {
    scale: { kind: 'numeric', name: 'an IELTS band score from 0 to 9 in steps of 0.5', min: 0, max: 9, step: 0.5 },
    rows: [9, 8.5, 8, 7.5, 7, 6.5, 6, 5.5, 5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1, 0.5].map((b) => [b, b] as const),
    source: 'IELTS overall band',
  },
  toefl: {
    scale: { kind: 'numeric', name: 'a TOEFL iBT score from 0 to 120', min: 0, max: 120, step: 1 },
    rows: [
      [9, 118],
      [8.5, 115],
      [8, 110],
      [7.5, 102],
      [7, 94],
      [6.5, 79],
      [6, 60],
      [5.5, 46],
      [5, 35],
      [4.5, 32],
    ],
    source: 'ETS TOEFL iBT and IELTS score comparison',
  },
  pearson: {
    scale: { kind: 'numeric', name: 'a PTE Academic score from 10 to 90', min: 10, max: 90, step: 1 },
    rows: [
      [9, 86],
      [8.5, 83],
      [8, 79],
      [7.5, 73],
      [7, 65],
      [6.5, 58],
      [6, 50],
      [5.5, 42],
      [5, 36],
      [4.5, 30],
    ],
    source: 'Pearson PTE Academic concordance with IELTS (2020)',
  },
  cambridge: {
    scale: { kind: 'numeric', name: 'a Cambridge English Scale score from 80 to 230', min: 80, max: 230, step: 1 },
    rows: [
      [9, 215],
      [8.5, 209],
      [8, 200],
      [7.5, 191],
      [7, 185],
      [6.5, 176],
      [6, 169],
      [5.5, 162],
      [5, 154],
      [4.5, 147],
      [4, 140],
    ],
    source: 'Cambridge English Scale comparison with IELTS',
  },
  trinity: {
    scale: { kind: 'grades', name: `one of: ${TRINITY_GRADES.join(', ')}`, grades: TRINITY_GRADES },
    rows: [
      [9, 'ISE IV Distinction'],
      [8.5, 'ISE IV Pass'],
      [8, 'ISE III Distinction'],
      [7.5, 'ISE III Merit'],
      [7, 'ISE III Pass'],
      [6.5, 'ISE II Distinction'],
      [6, 'ISE II Merit'],
      [5.5, 'ISE II Pass'],
      [5, 'ISE I Distinction'],
      [4.5, 'ISE I Merit'],
      [4, 'ISE I Pass'],
    ],
    source: 'Trinity ISE CEFR levels on the UKVI CEFR-to-IELTS mapping',
  },
  hkdse: {
    scale: { kind: 'grades', name: 'an HKDSE English Language level: 1, 2, 3, 4, 5, 5* or 5**', grades: ['5**', '5*', '5', '4', '3', '2', '1'] },
    rows: [
      [7.5, '5**'],
      [7, '5*'],
      [6.5, '5'],
      [6, '4'],
      [5.5, '3'],
      [4.5, '2'],
      [4, '1'],
    ],
    source: 'HKEAA HKDSE English Language and IELTS benchmarking study (2012)',
  },
  ib: {
    scale: { kind: 'grades', name: 'an IB English grade from 1 to 7', grades: ['7', '6', '5', '4', '3', '2', '1'] },
    rows: [
      [7.5, '7'],
      [7, '6'],
      [6.5, '5'],
      [6, '4'],
      [5.5, '3'],
      [5, '2'],
      [4.5, '1'],
    ],
    source: 'IB English grades as UK universities list them against IELTS',
  },
  igcse: {
    scale: { kind: 'grades', name: `an IGCSE English grade: ${IGCSE_GRADES.join(', ')}`, grades: IGCSE_GRADES },
    rows: [],
    source: 'IGCSE English at 4/C counts as GCSE English Language does (domain.md)',
  },
};

export type EnglishTestWithScore = keyof typeof ENGLISH_TEST_EQUIVALENCE;

/** Whether a TEST value carries a SCORE that the table rates (IELTS, TOEFL, PTE, Cambridge, Trinity, HKDSE, IB, IGCSE). */
export const isScoredEnglishTest = (test: string): test is EnglishTestWithScore => test in ENGLISH_TEST_EQUIVALENCE;

/**
 * TEST values that are evidence in themselves, with no score: 't4' (studied at a UK school on a
 * Tier 4 child visa) and 'englang' (degree-level study in a majority English-speaking country); a
 * person checks the document. 'no' is no evidence.
 */
export const ENGLISH_EVIDENCE_WITHOUT_SCORE: ReadonlySet<string> = new Set(['t4', 'englang']);

/** Whether a score is on the test's scale (numeric range and step, or one of its grades). */
function onScale(scale: EnglishTestScale, score: string): boolean {
  if (scale.kind === 'grades') return scale.grades.includes(score);
  if (!/^\d+(\.\d+)?$/.test(score)) return false;
  const n = Number(score);
  return n >= scale.min && n <= scale.max && Number.isInteger((n - scale.min) / scale.step);
}

/**
 * The problem with an ENGLISH_TEST SCORE, or null when it is fine (domain.md: IELTS 0-9 in halves,
 * TOEFL iBT 0-120, PTE Academic 10-90, Cambridge 80-230; the graded tests one of their grades).
 * `label` is the field's label. Tests without a score (no, t4, englang) accept anything, even empty;
 * a scored test needs its score.
 */
export function englishScoreIssue(test: string, score: string, label = 'Score'): string | null {
  if (!isScoredEnglishTest(test)) return null;
  if (score === '') return `'${label}' is required.`;
  const { scale } = ENGLISH_TEST_EQUIVALENCE[test];
  return onScale(scale, score) ? null : `'${label}' must be ${scale.name}.`;
}

/**
 * The IELTS overall band a valid score of a scored test is equivalent to (ENGLISH_TEST_EQUIVALENCE),
 * 0 when below every row. IGCSE: 9 at 4/C or above (meets every minimum), else 0.
 * @throws RangeError for a score not on the test's scale (validate with englishScoreIssue first).
 */
export function ieltsEquivalent(test: EnglishTestWithScore, score: string): number {
  const { scale, rows } = ENGLISH_TEST_EQUIVALENCE[test];
  if (!onScale(scale, score)) throw new RangeError(`${test} score ${score} is not on its scale.`);
  if (test === 'igcse') return IGCSE_PASS.has(score) ? 9 : 0;
  if (scale.kind === 'numeric') {
    const n = Number(score);
    for (const [band, lowest] of rows) if (n >= Number(lowest)) return band;
    return 0;
  }
  // Graded scales list grades best first; a grade meets a row when it is at least as good.
  const rank = (grade: string) => scale.grades.indexOf(grade);
  for (const [band, lowest] of rows) if (rank(score) <= rank(String(lowest))) return band;
  return 0;
}

/** The label of a TEST value ('ielts' -> 'IELTS'); the value itself when unknown. */
export const englishTestLabel = (test: string): string => ENGLISH_QUALIFICATION_OPTIONS.find((o) => o.value === test)?.label ?? test;
