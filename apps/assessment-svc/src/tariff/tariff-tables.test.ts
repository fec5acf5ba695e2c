/**
 * Cell-by-cell check of the UCAS Tariff data module against tables transcribed by hand from the
 * published sources (UCAS Tariff tables, 2017 onwards, and the cross-check pages named in
 * tariff-tables.ts). Nothing below is computed from the module under test.
 */
import {
  ACCESS_HE_GRADED_CREDITS,
  ALEVEL,
  ASLEVEL,
  BTEC_CERTIFICATE,
  BTEC_DIPLOMA,
  BTEC_EXTENDED_CERTIFICATE,
  BTEC_EXTENDED_DIPLOMA,
  BTEC_FOUNDATION_DIPLOMA,
  EPQ,
  IB_EXTENDED_ESSAY,
  IB_HIGHER_LEVEL,
  IB_STANDARD_LEVEL,
  IB_TABLES,
  IB_THEORY_OF_KNOWLEDGE,
  OCR_DIPLOMA,
  OCR_EXTENDED_CERTIFICATE,
  OCR_EXTENDED_DIPLOMA,
  SCOTTISH_ADVANCED_HIGHER,
  SCOTTISH_HIGHER,
  TARIFF_TABLES,
  T_LEVEL,
  accessToHePoints,
  lookupIbTariff,
  lookupTariff,
} from './tariff-tables';
import { NO_POINT_TYPES, TariffLookupError, abrsmGrade8Points, ibPoints, tariffPoints } from './tariff-points';

// ---- Expected tables, transcribed from the sources (grade -> points) ------------------------------

const EXPECTED_SINGLE_GRADE: Record<string, Array<[string, number]>> = {
  // GCE A level
  ALEVEL: [
    ['A*', 56],
    ['A', 48],
    ['B', 40],
    ['C', 32],
    ['D', 24],
    ['E', 16],
    ['U', 0],
  ],
  // GCE AS level
  ASLEVEL: [
    ['A', 20],
    ['B', 16],
    ['C', 12],
    ['D', 10],
    ['E', 6],
    ['U', 0],
  ],
  // BTEC National Extended Diploma
  BTEC_EXTENDED_DIPLOMA: [
    ['D*D*D*', 168],
    ['D*D*D', 160],
    ['D*DD', 152],
    ['DDD', 144],
    ['DDM', 128],
    ['DMM', 112],
    ['MMM', 96],
    ['MMP', 80],
    ['MPP', 64],
    ['PPP', 48],
  ],
  // BTEC National Diploma
  BTEC_DIPLOMA: [
    ['D*D*', 112],
    ['D*D', 104],
    ['DD', 96],
    ['DM', 80],
    ['MM', 64],
    ['MP', 48],
    ['PP', 32],
  ],
  // BTEC National Foundation Diploma
  BTEC_FOUNDATION_DIPLOMA: [
    ['D*', 84],
    ['D', 72],
    ['M', 48],
    ['P', 24],
  ],
  // BTEC National Extended Certificate
  BTEC_EXTENDED_CERTIFICATE: [
    ['D*', 56],
    ['D', 48],
    ['M', 32],
    ['P', 16],
  ],
  // BTEC National Certificate
  BTEC_CERTIFICATE: [
    ['D*', 28],
    ['D', 24],
    ['M', 16],
    ['P', 8],
  ],
  // OCR Cambridge Technical Extended Diploma
  OCR_EXTENDED_DIPLOMA: [
    ['D*D*D*', 168],
    ['D*D*D', 160],
    ['D*DD', 152],
    ['DDD', 144],
    ['DDM', 128],
    ['DMM', 112],
    ['MMM', 96],
    ['MMP', 80],
    ['MPP', 64],
    ['PPP', 48],
  ],
  // OCR Cambridge Technical Diploma
  OCR_DIPLOMA: [
    ['D*D*', 112],
    ['D*D', 104],
    ['DD', 96],
    ['DM', 80],
    ['MM', 64],
    ['MP', 48],
    ['PP', 32],
  ],
  // OCR Cambridge Technical Extended Certificate
  OCR_EXTENDED_CERTIFICATE: [
    ['D*', 56],
    ['D', 48],
    ['M', 32],
    ['P', 16],
  ],
  // SQA Higher
  SCOTTISH_HIGHER: [
    ['A', 33],
    ['B', 27],
    ['C', 21],
    ['D', 15],
  ],
  // SQA Advanced Higher
  SCOTTISH_ADVANCED_HIGHER: [
    ['A', 56],
    ['B', 48],
    ['C', 40],
    ['D', 32],
  ],
  // Irish Leaving Certificate, Higher level (domain.md "Tariff points", from the UCAS Tariff tables)
  IRISH_LC_HIGHER: [
    ['H1', 37],
    ['H2', 30],
    ['H3', 24],
    ['H4', 18],
    ['H5', 12],
    ['H6', 9],
    ['H7', 0],
    ['H8', 0],
  ],
  // Irish Leaving Certificate, Ordinary level (UCAS points calculator: A1 12, A2/B1 10, B2/B3 8, C1/C2 6, on the 2017 bands)
  IRISH_LC_ORDINARY: [
    ['O1', 12],
    ['O2', 10],
    ['O3', 8],
    ['O4', 6],
    ['O5', 0],
    ['O6', 0],
    ['O7', 0],
    ['O8', 0],
  ],
  // Extended Project
  EPQ: [
    ['A*', 28],
    ['A', 24],
    ['B', 20],
    ['C', 16],
    ['D', 12],
    ['E', 8],
  ],
  // T Level
  T_LEVEL: [
    ['Distinction*', 168],
    ['Distinction', 144],
    ['Merit', 120],
    ['Pass (C or above)', 96],
    ['Pass (D or E)', 72],
  ],
};

const EXPECTED_IB: Record<'HL' | 'SL' | 'TOK' | 'EE', Array<[string, number]>> = {
  HL: [
    ['7', 56],
    ['6', 48],
    ['5', 32],
    ['4', 24],
    ['3', 12],
    ['2', 0],
    ['1', 0],
  ],
  SL: [
    ['7', 28],
    ['6', 24],
    ['5', 16],
    ['4', 12],
    ['3', 6],
    ['2', 0],
    ['1', 0],
  ],
  TOK: [
    ['A', 12],
    ['B', 10],
    ['C', 8],
    ['D', 6],
    ['E', 4],
  ],
  EE: [
    ['A', 12],
    ['B', 10],
    ['C', 8],
    ['D', 6],
    ['E', 4],
  ],
};

const singleGradeCells = Object.entries(EXPECTED_SINGLE_GRADE).flatMap(([q, rows]) => rows.map(([grade, points]) => [q, grade, points] as const));
const ibCells = Object.entries(EXPECTED_IB).flatMap(([c, rows]) => rows.map(([grade, points]) => [c, grade, points] as const));

describe('UCAS Tariff tables (2017 onwards), every cell', () => {
  it.each(singleGradeCells)('%s %s = %d (table)', (q, grade, points) => {
    const table = (TARIFF_TABLES as Record<string, Record<string, number>>)[q];
    expect(table).toBeDefined();
    expect(table?.[grade]).toBe(points);
  });

  it.each(singleGradeCells)('%s %s = %d (tariffPoints)', (q, grade, points) => {
    expect(tariffPoints(q, grade)).toBe(points);
  });

  it.each(ibCells)('IB %s %s = %d', (component, grade, points) => {
    expect((IB_TABLES as Record<string, Record<string, number>>)[component]?.[grade]).toBe(points);
  });

  it('each table has exactly the transcribed grades, in order, and no others', () => {
    expect(Object.keys(TARIFF_TABLES).sort()).toEqual(Object.keys(EXPECTED_SINGLE_GRADE).sort());
    for (const [q, rows] of Object.entries(EXPECTED_SINGLE_GRADE)) {
      const table = (TARIFF_TABLES as Record<string, Record<string, number>>)[q] ?? {};
      expect(Object.entries(table)).toEqual(rows);
    }
    expect(Object.keys(IB_TABLES).sort()).toEqual(Object.keys(EXPECTED_IB).sort());
    // Integer-like keys ('1'..'7') enumerate in ascending order in JS, so compare IB rows as sets.
    const byGrade = (rows: Array<[string, number]>) => [...rows].sort(([a], [b]) => a.localeCompare(b));
    for (const [c, rows] of Object.entries(EXPECTED_IB)) {
      const actual = Object.entries((IB_TABLES as Record<string, Record<string, number>>)[c] ?? {});
      expect(byGrade(actual)).toEqual(byGrade(rows));
    }
  });

  it('uses the grade strings of domain.md exactly', () => {
    expect(Object.keys(ALEVEL)).toEqual(['A*', 'A', 'B', 'C', 'D', 'E', 'U']);
    expect(Object.keys(ASLEVEL)).toEqual(['A', 'B', 'C', 'D', 'E', 'U']);
    expect(Object.keys(BTEC_EXTENDED_DIPLOMA)[0]).toBe('D*D*D*');
    expect(Object.keys(BTEC_EXTENDED_DIPLOMA).at(-1)).toBe('PPP');
    expect(Object.keys(BTEC_DIPLOMA)[0]).toBe('D*D*');
    expect(Object.keys(BTEC_DIPLOMA).at(-1)).toBe('PP');
    for (const t of [BTEC_FOUNDATION_DIPLOMA, BTEC_EXTENDED_CERTIFICATE, BTEC_CERTIFICATE, OCR_EXTENDED_CERTIFICATE]) {
      expect(Object.keys(t)).toEqual(['D*', 'D', 'M', 'P']);
    }
    expect(Object.keys(OCR_EXTENDED_DIPLOMA)).toEqual(Object.keys(BTEC_EXTENDED_DIPLOMA));
    expect(Object.keys(OCR_DIPLOMA)).toEqual(Object.keys(BTEC_DIPLOMA));
    expect(Object.keys(SCOTTISH_HIGHER)).toEqual(['A', 'B', 'C', 'D']);
    expect(Object.keys(SCOTTISH_ADVANCED_HIGHER)).toEqual(['A', 'B', 'C', 'D']);
    expect(Object.keys(EPQ)).toEqual(['A*', 'A', 'B', 'C', 'D', 'E']);
    expect(Object.keys(T_LEVEL)).toEqual(['Distinction*', 'Distinction', 'Merit', 'Pass (C or above)', 'Pass (D or E)']);
    for (const t of [IB_HIGHER_LEVEL, IB_STANDARD_LEVEL]) {
      expect(Object.keys(t).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    }
    for (const t of [IB_THEORY_OF_KNOWLEDGE, IB_EXTENDED_ESSAY]) {
      expect(Object.keys(t)).toEqual(['A', 'B', 'C', 'D', 'E']);
    }
  });

  it('matches the brief anchors and not the pre-2017 Tariff', () => {
    expect(lookupTariff('ALEVEL', 'A*')).toBe(56);
    expect(lookupTariff('ALEVEL', 'A')).toBe(48); // pre-2017: 120
    expect(lookupTariff('ASLEVEL', 'A')).toBe(20);
    expect(lookupTariff('ASLEVEL', 'E')).toBe(6);
    expect(lookupTariff('SCOTTISH_HIGHER', 'A')).toBe(33); // pre-2017: 80
    expect(lookupTariff('SCOTTISH_ADVANCED_HIGHER', 'A')).toBe(56);
    expect(lookupIbTariff('HL', '7')).toBe(56);
    expect(lookupIbTariff('SL', '7')).toBe(28);
    expect(lookupTariff('EPQ', 'A*')).toBe(28);
    expect(lookupTariff('T_LEVEL', 'Distinction*')).toBe(168);
    expect(lookupTariff('BTEC_EXTENDED_DIPLOMA', 'D*D*D*')).toBe(168);
    expect(lookupTariff('BTEC_EXTENDED_DIPLOMA', 'PPP')).toBe(48);
    expect(lookupTariff('BTEC_EXTENDED_CERTIFICATE', 'D*')).toBe(56);
  });

  it('typed lookups reject unknown types and grades at compile time (and at run time)', () => {
    // @ts-expect-error 'F' is not an A level grade
    expect(() => lookupTariff('ALEVEL', 'F')).toThrow(RangeError);
    // @ts-expect-error IBO is not a single-grade type
    expect(() => lookupTariff('IBO', '7')).toThrow(RangeError);
    // @ts-expect-error '8' is not an IB Higher Level grade
    expect(() => lookupIbTariff('HL', '8')).toThrow(RangeError);
  });

  it('never treats prototype keys as grades or types', () => {
    expect(() => tariffPoints('ALEVEL', 'toString')).toThrow(TariffLookupError);
    expect(() => tariffPoints('ALEVEL', '__proto__')).toThrow(TariffLookupError);
    expect(() => tariffPoints('constructor', 'A')).toThrow(TariffLookupError);
  });
});

describe('tariffPoints errors and no-point types', () => {
  it.each([
    ['ALEVEL', 'F'],
    ['ALEVEL', 'a'],
    ['ALEVEL', ' A'],
    ['ALEVEL', ''],
    ['ASLEVEL', 'A*'],
    ['EPQ', 'U'],
    ['SCOTTISH_HIGHER', 'E'],
    ['BTEC_DIPLOMA', 'DDD'],
    ['BTEC_EXTENDED_DIPLOMA', 'DD'],
    ['BTEC_CERTIFICATE', 'Distinction'],
    ['T_LEVEL', 'Pass'],
  ])('unknown grade %s %j throws TariffLookupError with its fields', (q, grade) => {
    let caught: unknown;
    try {
      tariffPoints(q, grade);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(TariffLookupError);
    expect(caught).toBeInstanceOf(Error);
    expect((caught as TariffLookupError).qualification).toBe(q);
    expect((caught as TariffLookupError).grade).toBe(grade);
    expect((caught as TariffLookupError).name).toBe('TariffLookupError');
  });

  it.each([['A_LEVEL'], ['alevel'], ['BTEC'], [''], ['IB_TOTAL']])('unknown type %j throws', (q) => {
    expect(() => tariffPoints(q, 'A')).toThrow(TariffLookupError);
    expect(() => tariffPoints(q, 'A')).toThrow(/Unknown qualification type/);
  });

  it('IBO and ACCESS_HE are not single-grade types', () => {
    expect(() => tariffPoints('IBO', '7')).toThrow(/ibPoints/);
    expect(() => tariffPoints('ACCESS_HE', 'D')).toThrow(/accessToHePoints/);
  });

  it('NO_POINT_TYPES are exactly the GCSE group but the Irish Ordinary level, ENGLISH_TEST and OTHER, and give 0', () => {
    expect([...NO_POINT_TYPES].sort()).toEqual(['ENGLISH_TEST', 'FUNCTIONAL_SKILLS', 'GCSE', 'IGCSE', 'OLEVEL', 'OTHER', 'SCOTTISH_NATIONAL_5'].sort());
    expect(tariffPoints('SCOTTISH_NATIONAL_5', 'A')).toBe(0);
    expect(tariffPoints('GCSE', '9')).toBe(0);
    expect(tariffPoints('GCSE', 'A*')).toBe(0);
    expect(tariffPoints('IGCSE', '4')).toBe(0);
    expect(tariffPoints('OLEVEL', 'A')).toBe(0);
    expect(tariffPoints('FUNCTIONAL_SKILLS', 'Pass')).toBe(0);
    expect(tariffPoints('ENGLISH_TEST', '6.5')).toBe(0);
    expect(tariffPoints('OTHER', 'Grade 8 Piano, Merit')).toBe(0);
  });
});

describe('abrsmGrade8Points (music examinations, Grade 8)', () => {
  it.each([
    ['Practical', 'Distinction', 30],
    ['Practical', 'Merit', 24],
    ['Practical', 'Pass', 18],
    ['Theory', 'Distinction', 10],
    ['Theory', 'Merit', 9],
    ['Theory', 'Pass', 8],
  ])('%s %s = %d', (exam, grade, points) => {
    expect(abrsmGrade8Points(exam, grade)).toBe(points);
  });

  it('refuses an unknown examination or grade', () => {
    expect(() => abrsmGrade8Points('Aural', 'Pass')).toThrow(TariffLookupError);
    expect(() => abrsmGrade8Points('Practical', 'Fail')).toThrow(TariffLookupError);
  });
});

describe('Irish Leaving Certificate, a worked example', () => {
  it('prices H1 H1 H2 H2 H3 H3 at 182 points', () => {
    expect(['H1', 'H1', 'H2', 'H2', 'H3', 'H3'].reduce((sum, grade) => sum + tariffPoints('IRISH_LC_HIGHER', grade), 0)).toBe(182);
  });
});

describe('ibPoints (IBO composite item)', () => {
  it('sums HL, SL, TOK and EE; IB_TOTAL adds nothing', () => {
    // St Clare's Careers worked example: HL 7,6,5 + SL 6,5,4 + EE A + TOK B = 136 + 52 + 22 = 210.
    const item = {
      QUALIFICATION: 'IBO',
      IB_TOTAL: '36',
      IB_TOTAL_YEAR: '2024',
      HL_SUBJECT_1: 'Mathematics',
      HL_GRADE_1: '7',
      HL_YEAR_1: '2024',
      HL_SUBJECT_2: 'Physics',
      HL_GRADE_2: '6',
      HL_YEAR_2: '2024',
      HL_SUBJECT_3: 'Chemistry',
      HL_GRADE_3: '5',
      HL_YEAR_3: '2024',
      SL_SUBJECT_1: 'English',
      SL_GRADE_1: '6',
      SL_YEAR_1: '2024',
      SL_SUBJECT_2: 'French',
      SL_GRADE_2: '5',
      SL_YEAR_2: '2024',
      SL_SUBJECT_3: 'History',
      SL_GRADE_3: '4',
      SL_YEAR_3: '2024',
      EE_GRADE: 'A',
      EE_YEAR: '2024',
      TOK_GRADE: 'B',
      TOK_YEAR: '2024',
    };
    expect(ibPoints(item)).toBe(210);
    expect(ibPoints({ ...item, IB_TOTAL: '45' })).toBe(210);
    expect(ibPoints({ ...item, IB_TOTAL: '24' })).toBe(210);
  });

  it('IB_TOTAL alone carries no points', () => {
    expect(ibPoints({ QUALIFICATION: 'IBO', IB_TOTAL: '45', IB_TOTAL_YEAR: '2024' })).toBe(0);
  });

  it('skips empty and undefined slots', () => {
    expect(ibPoints({ HL_GRADE_1: '7', HL_GRADE_2: '', HL_GRADE_3: undefined, SL_GRADE_1: '  ', TOK_GRADE: 'E' })).toBe(56 + 4);
  });

  it.each(ibCells)('single component %s %s = %d via ibPoints', (component, grade, points) => {
    const fieldFor: Record<string, string> = { HL: 'HL_GRADE_2', SL: 'SL_GRADE_3', TOK: 'TOK_GRADE', EE: 'EE_GRADE' };
    const field = fieldFor[component] ?? 'MISSING_FIELD';
    expect(ibPoints({ [field]: grade })).toBe(points);
  });

  it('grades 1 and 2 are valid and worth 0', () => {
    expect(ibPoints({ HL_GRADE_1: '1', HL_GRADE_2: '2', SL_GRADE_1: '1', SL_GRADE_2: '2' })).toBe(0);
  });

  it.each([
    ['HL_GRADE_1', '8'],
    ['HL_GRADE_2', '0'],
    ['SL_GRADE_1', 'A'],
    ['TOK_GRADE', 'F'],
    ['EE_GRADE', '7'],
    ['TOK_GRADE', 'a'],
  ])('bad %s %j throws TariffLookupError naming the field', (field, grade) => {
    let caught: unknown;
    try {
      ibPoints({ [field]: grade });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(TariffLookupError);
    expect((caught as TariffLookupError).qualification).toBe('IBO');
    expect((caught as TariffLookupError).grade).toBe(grade);
    expect((caught as TariffLookupError).field).toBe(field);
  });

  it('rejects an item of another type', () => {
    expect(() => ibPoints({ QUALIFICATION: 'ALEVEL', HL_GRADE_1: '7' })).toThrow(TariffLookupError);
  });
});

describe('accessToHePoints (UCAS Access to HE Diploma grid)', () => {
  // [distinction, merit, pass, points] rows as published.
  const PUBLISHED: Array<[number, number, number, number, string]> = [
    [45, 0, 0, 144, 'agored.cymru; cava.ac.uk; hecail.ac.uk'],
    [0, 45, 0, 96, 'agored.cymru; cava.ac.uk'],
    [0, 0, 45, 48, 'agored.cymru; cava.ac.uk; hecail.ac.uk'],
    [30, 15, 0, 128, 'agored.cymru; cava.ac.uk; academyonlinelearning.com'],
    [15, 30, 0, 112, 'agored.cymru; cava.ac.uk; academyonlinelearning.com'],
    [15, 15, 15, 96, 'agored.cymru; cava.ac.uk'],
    [0, 15, 30, 64, 'agored.cymru; cava.ac.uk'],
    [9, 36, 0, 106, 'hecail.ac.uk (UCAS grid p.2 and p.4; 105.6 rounded to nearest)'],
  ];

  it.each(PUBLISHED)('%i D / %i M / %i P = %i (%s)', (d, m, p, points) => {
    expect(accessToHePoints(d, m, p)).toBe(points);
  });

  // Further rows of the grid, hand-worked from UCAS's per-credit values (3.2 / 2.1333 / 1.0667) and
  // rounded to the nearest point; not quoted from a source, they pin the rounding direction both ways.
  const HAND_WORKED: Array<[number, number, number, number]> = [
    [44, 1, 0, 143], // 140.8 + 2.133 = 142.93 -> 143
    [44, 0, 1, 142], // 140.8 + 1.067 = 141.87 -> 142
    [1, 44, 0, 97], //  3.2 + 93.867 = 97.07 -> 97 (rounds down: not a ceiling)
    [0, 1, 44, 49], //  2.133 + 46.933 = 49.07 -> 49
    [1, 0, 44, 50], //  3.2 + 46.933 = 50.13 -> 50
    [36, 9, 0, 134], // 115.2 + 19.2 = 134.4 -> 134
    [24, 21, 0, 122], // 76.8 + 44.8 = 121.6 -> 122
    [20, 20, 5, 112], // 64 + 42.667 + 5.333 = 112
  ];

  it.each(HAND_WORKED)('%i D / %i M / %i P = %i (hand-worked)', (d, m, p, points) => {
    expect(accessToHePoints(d, m, p)).toBe(points);
  });

  it('needs exactly 45 graded credits', () => {
    expect(ACCESS_HE_GRADED_CREDITS).toBe(45);
  });

  it.each([
    [46, 0, 0],
    [30, 15, 1],
    [45, 45, 45],
    [0, 0, 46],
  ])('more than 45 credits (%i/%i/%i) is a RangeError', (d, m, p) => {
    expect(() => accessToHePoints(d, m, p)).toThrow(RangeError);
    expect(() => accessToHePoints(d, m, p)).toThrow(/at most 45/);
  });

  it.each([
    [0, 0, 0],
    [30, 0, 0],
    [15, 15, 14],
  ])('fewer than 45 credits (%i/%i/%i) has no Tariff value: RangeError', (d, m, p) => {
    expect(() => accessToHePoints(d, m, p)).toThrow(RangeError);
    expect(() => accessToHePoints(d, m, p)).toThrow(/exactly 45/);
  });

  it.each([
    [-1, 46, 0],
    [45, -0.5, 0.5],
    [44.5, 0.5, 0],
    [Number.NaN, 45, 0],
    [Number.POSITIVE_INFINITY, 0, 0],
  ])('negative or non-whole credits (%p/%p/%p) are a RangeError', (d, m, p) => {
    expect(() => accessToHePoints(d, m, p)).toThrow(RangeError);
  });
});
