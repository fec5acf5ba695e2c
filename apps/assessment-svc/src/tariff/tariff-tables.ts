/**
 * UCAS Tariff data: the published 2017-onwards ("new Tariff") tables for every qualification type of
 * /work/shared/design/domain.md that carries points. Keys are exactly domain.md's grade strings; a
 * grade that is in domain.md's grade list but carries no points (A level 'U', IB '1') is present
 * with 0, so that an absent key always means "not a grade of this type".
 *
 * The pre-2017 Tariff (A level A = 120, Scottish Higher A = 80, IB total score 24-45 = 260-720) is NOT
 * used anywhere here.
 *
 * New-Tariff values are UCAS's "size band x grade band" (A levels are size band 4, AS levels size
 * band 2 - malmesbury.wilts.sch.uk "UCAS points"); tables of the same size therefore share values
 * (BTEC / Cambridge Technical of equal GLH), which was used as an extra consistency check.
 *
 * The tables are those of UCAS's "UCAS Tariff tables - New Tariff points for entry to higher
 * education from 2017" (technical briefing document, May 2015, updated May 2017; copies at
 * https://docslib.org/doc/5683230/ucas-tariff-tables and https://pdfdrive.to/dl/new-tariff-tables-may-2016;
 * sections "A level and AS", "BTECs (known as Nationals)", "Cambridge Technicals", "Extended Project",
 * "International Baccalaureate", Scottish qualifications, T Levels (added 2019), "Access to HE").
 * The stored copies of that document only showed its contents pages, so every cell was transcribed
 * from, and checked against, the public pages named above each table (two or more per table, except
 * the BTEC Foundation Diploma and the three Cambridge Technical tables, where the comment says how
 * they were checked).
 */

// UCAS Tariff tables, 2017 onwards: GCE A level.
// Cross-checked: Kingston University "A guide to UCAS Tariff points"; revisiontown.com "UCAS Points System";
// University prospectus 2025 tariff table (viewer.joomag.com ... /p36). 'U' carries no points.
export const ALEVEL = {
  'A*': 56,
  A: 48,
  B: 40,
  C: 32,
  D: 24,
  E: 16,
  U: 0,
} as const;

// UCAS Tariff tables, 2017 onwards: GCE AS level (40% of an A level).
// Cross-checked: Kingston University tariff guide; studentjungle.com; prospectus 2025 tariff table.
// (redcar-cleveland.gov.uk lists D 8 / E 4 - a transcription error there; UCAS and the others give 10 / 6.)
export const ASLEVEL = {
  A: 20,
  B: 16,
  C: 12,
  D: 10,
  E: 6,
  U: 0,
} as const;

// UCAS Tariff tables, 2017 onwards: Pearson BTEC Level 3 National Extended Diploma (1080 GLH, 3 A levels).
// Cross-checked: sabicalculator.com BTEC table; prospectus 2025 tariff table; beritapkv.com tariff page.
export const BTEC_EXTENDED_DIPLOMA = {
  'D*D*D*': 168,
  'D*D*D': 160,
  'D*DD': 152,
  DDD: 144,
  DDM: 128,
  DMM: 112,
  MMM: 96,
  MMP: 80,
  MPP: 64,
  PPP: 48,
} as const;

// UCAS Tariff tables, 2017 onwards: Pearson BTEC Level 3 National Diploma (720 GLH, 2 A levels).
// Cross-checked: beritapkv.com tariff page; prospectus 2025 tariff table; Kingston University tariff guide.
export const BTEC_DIPLOMA = {
  'D*D*': 112,
  'D*D': 104,
  DD: 96,
  DM: 80,
  MM: 64,
  MP: 48,
  PP: 32,
} as const;

// UCAS Tariff tables, 2017 onwards: Pearson BTEC Level 3 National Foundation Diploma (510 GLH, 1.5 A
// levels: 1.5 x the Extended Certificate row). Cross-checked: open-source BTEC grade calculator
// (FOUNDATION_DIPLOMA_TO_UCAS 84/72/48/24; maximumUcasPoints 84 for "National Foundation Diploma").
export const BTEC_FOUNDATION_DIPLOMA = {
  'D*': 84,
  D: 72,
  M: 48,
  P: 24,
} as const;

// UCAS Tariff tables, 2017 onwards: Pearson BTEC Level 3 National Extended Certificate (360 GLH, 1 A level).
// Cross-checked: prospectus 2025 tariff table; beritapkv.com ("Subsidiary Diploma" row, same size).
export const BTEC_EXTENDED_CERTIFICATE = {
  'D*': 56,
  D: 48,
  M: 32,
  P: 16,
} as const;

// UCAS Tariff tables, 2017 onwards: Pearson BTEC Level 3 National Certificate (180 GLH, half an A level).
// Cross-checked: prospectus 2025 tariff table ("Certificate" column); btec grade calculator source.
export const BTEC_CERTIFICATE = {
  'D*': 28,
  D: 24,
  M: 16,
  P: 8,
} as const;

// UCAS Tariff tables, 2017 onwards: OCR Level 3 Cambridge Technical Extended Diploma (1080 GLH), section
// "Cambridge Technicals". Same size and grade scale as the BTEC National Extended Diploma, so the same
// row; domain.md also gives it the BTEC_EXTENDED_DIPLOMA grades. (No second stored source lists the
// Cambridge Technical rows cell by cell; cross-checked by size against the BTEC row.)
export const OCR_EXTENDED_DIPLOMA = {
  'D*D*D*': 168,
  'D*D*D': 160,
  'D*DD': 152,
  DDD: 144,
  DDM: 128,
  DMM: 112,
  MMM: 96,
  MMP: 80,
  MPP: 64,
  PPP: 48,
} as const;

// UCAS Tariff tables, 2017 onwards: OCR Level 3 Cambridge Technical Diploma (720 GLH), section
// "Cambridge Technicals". Same size and grade scale as the BTEC National Diploma, so the same row
// (cross-checked by size against the BTEC row).
export const OCR_DIPLOMA = {
  'D*D*': 112,
  'D*D': 104,
  DD: 96,
  DM: 80,
  MM: 64,
  MP: 48,
  PP: 32,
} as const;

// UCAS Tariff tables, 2017 onwards: OCR Level 3 Cambridge Technical Extended Certificate (360 GLH),
// section "Cambridge Technicals". Same size and grade scale as the BTEC National Extended Certificate,
// so the same row (cross-checked by size against the BTEC row).
export const OCR_EXTENDED_CERTIFICATE = {
  'D*': 56,
  D: 48,
  M: 32,
  P: 16,
} as const;

// UCAS Tariff tables, 2017 onwards: SQA Higher.
// Cross-checked: eduscot.co.uk "UCAS Points for Scottish Highers"; applytouni.com; studentjungle.com.
export const SCOTTISH_HIGHER = {
  A: 33,
  B: 27,
  C: 21,
  D: 15,
} as const;

// UCAS Tariff tables, 2017 onwards: SQA Advanced Higher.
// Cross-checked: eduscot.co.uk; applytouni.com; studentjungle.com.
export const SCOTTISH_ADVANCED_HIGHER = {
  A: 56,
  B: 48,
  C: 40,
  D: 32,
} as const;

// UCAS Tariff tables, 2017 onwards: Irish Leaving Certificate, Higher level (grades H1-H8 from 2017).
// Source: domain.md "Tariff points" (from the UCAS Tariff tables); cross-checked against a UCAS points
// calculator's table, which prices the old letter grades on the same bands (A1 36-37, A2/B1 30, B2/B3
// 24, C1/C2 18, C3/D1 12, D2/D3 9; H7 and H8 carry none).
export const IRISH_LC_HIGHER = {
  H1: 37,
  H2: 30,
  H3: 24,
  H4: 18,
  H5: 12,
  H6: 9,
  H7: 0,
  H8: 0,
} as const;

// UCAS Tariff tables, 2017 onwards: Irish Leaving Certificate, Ordinary level. The current tables do
// price it (domain.md assumed not; the source wins): a UCAS points calculator's table gives A1 12,
// A2/B1 10, B2/B3 8, C1/C2 6 and nothing below, which on the 2017 bands (O1 90-100, O2 80-89,
// O3 70-79, O4 60-69) is O1 12, O2 10, O3 8, O4 6, O5-O8 0.
export const IRISH_LC_ORDINARY = {
  O1: 12,
  O2: 10,
  O3: 8,
  O4: 6,
  O5: 0,
  O6: 0,
  O7: 0,
  O8: 0,
} as const;

// UCAS Tariff tables, 2017 onwards: music examinations, ABRSM Grade 8 (practical and theory priced
// apart). Cross-checked: UCAS Tariff "Music examinations" rows (Grade 8 practical D 30, M 24, P 18;
// Grade 8 theory D 10, M 9, P 8) as universities' music admissions pages quote them.
export const ABRSM_GRADE_8_PRACTICAL = {
  Distinction: 30,
  Merit: 24,
  Pass: 18,
} as const;
export const ABRSM_GRADE_8_THEORY = {
  Distinction: 10,
  Merit: 9,
  Pass: 8,
} as const;

// UCAS Tariff tables, 2017 onwards: Extended Project (Diploma) (half an A level).
// Cross-checked: Rickmansworth School EPQ page (A* 28, A 24, B 20, C 16, D 12, E 8); Wikipedia
// "Extended Project Qualification" (up to 28 points).
export const EPQ = {
  'A*': 28,
  A: 24,
  B: 20,
  C: 16,
  D: 12,
  E: 8,
} as const;

// UCAS Tariff tables, 2017 onwards: T Level (overall grade; a Pass is split by the core component grade).
// Cross-checked: Tes "T levels: distinction will have same Ucas points as 3As" (2019); Leicester College
// "T Levels and UCAS points"; prospectus 2025 tariff table.
export const T_LEVEL = {
  'Distinction*': 168,
  Distinction: 144,
  Merit: 120,
  'Pass (C or above)': 96,
  'Pass (D or E)': 72,
} as const;

// UCAS Tariff tables, 2017 onwards: International Baccalaureate Diploma Programme - Higher Level
// (IB Certificate in Higher Level) subject grades. Cross-checked: ibcalculator.com "IB to UCAS Tariff";
// St Clare's Careers "The New UCAS Tariff and the IB" (2016); prospectus 2025 tariff table (H7..H3).
export const IB_HIGHER_LEVEL = {
  '7': 56,
  '6': 48,
  '5': 32,
  '4': 24,
  '3': 12,
  '2': 0,
  '1': 0,
} as const;

// UCAS Tariff tables, 2017 onwards: International Baccalaureate Diploma Programme - Standard Level
// (IB Certificate in Standard Level) subject grades. Cross-checked: ibcalculator.com; St Clare's
// Careers (2016); prospectus 2025 tariff table (S7..S3).
export const IB_STANDARD_LEVEL = {
  '7': 28,
  '6': 24,
  '5': 16,
  '4': 12,
  '3': 6,
  '2': 0,
  '1': 0,
} as const;

// UCAS Tariff tables, 2017 onwards: International Baccalaureate Diploma Programme - Theory of Knowledge.
// Cross-checked: ibcalculator.com (A 12 ... E 4); St Clare's Careers (B = 10).
export const IB_THEORY_OF_KNOWLEDGE = {
  A: 12,
  B: 10,
  C: 8,
  D: 6,
  E: 4,
} as const;

// UCAS Tariff tables, 2017 onwards: International Baccalaureate Diploma Programme - Extended Essay.
// Cross-checked: ibcalculator.com (A 12 ... E 4); St Clare's Careers (A = 12).
export const IB_EXTENDED_ESSAY = {
  A: 12,
  B: 10,
  C: 8,
  D: 6,
  E: 4,
} as const;

/** A points table: grade string -> UCAS Tariff points. */
export type TariffTable = Readonly<Record<string, number>>;

/**
 * The single-grade qualification types (domain.md QUALIFICATION codes) and their tables.
 * IBO (composite item) and ACCESS_HE (credit profile) are computed by `ibPoints` / `accessToHePoints`.
 */
export const TARIFF_TABLES = {
  ALEVEL,
  ASLEVEL,
  BTEC_EXTENDED_DIPLOMA,
  BTEC_DIPLOMA,
  BTEC_FOUNDATION_DIPLOMA,
  BTEC_EXTENDED_CERTIFICATE,
  BTEC_CERTIFICATE,
  OCR_EXTENDED_DIPLOMA,
  OCR_DIPLOMA,
  OCR_EXTENDED_CERTIFICATE,
  SCOTTISH_HIGHER,
  SCOTTISH_ADVANCED_HIGHER,
  IRISH_LC_HIGHER,
  IRISH_LC_ORDINARY,
  EPQ,
  T_LEVEL,
} as const;

/** The IB component tables, keyed by component. The IB total score (IB_TOTAL) carries no points. */
export const IB_TABLES = {
  HL: IB_HIGHER_LEVEL,
  SL: IB_STANDARD_LEVEL,
  TOK: IB_THEORY_OF_KNOWLEDGE,
  EE: IB_EXTENDED_ESSAY,
} as const;

/** A domain.md QUALIFICATION code whose points come from a single grade. */
export type TariffQualification = keyof typeof TARIFF_TABLES;
/** The grade strings of one single-grade qualification type. */
export type TariffGrade<Q extends TariffQualification> = keyof (typeof TARIFF_TABLES)[Q] & string;
/** An IB component: Higher Level, Standard Level, Theory of Knowledge, Extended Essay. */
export type IbComponent = keyof typeof IB_TABLES;
/** The grade strings of one IB component. */
export type IbGrade<C extends IbComponent> = keyof (typeof IB_TABLES)[C] & string;

/**
 * Typed lookup: UCAS Tariff points (an integer) for a grade of a single-grade qualification type.
 * Both arguments are checked at compile time. Source: the tables above.
 * @throws RangeError only if the types were bypassed (an unknown type or grade at run time).
 */
export function lookupTariff<Q extends TariffQualification>(qualification: Q, grade: TariffGrade<Q>): number {
  const table = isTariffQualification(qualification) ? (TARIFF_TABLES[qualification] as TariffTable) : undefined;
  const points = table === undefined ? undefined : findInTable(table, grade);
  if (points === undefined) {
    throw new RangeError(`No UCAS Tariff entry for ${String(qualification)} grade '${String(grade)}'.`);
  }
  return points;
}

/**
 * Typed lookup: UCAS Tariff points (an integer) for a grade of one IB component (HL, SL, TOK, EE).
 * Source: the IB tables above.
 * @throws RangeError only if the types were bypassed (an unknown component or grade at run time).
 */
export function lookupIbTariff<C extends IbComponent>(component: C, grade: IbGrade<C>): number {
  const table = Object.prototype.hasOwnProperty.call(IB_TABLES, component) ? (IB_TABLES[component] as TariffTable) : undefined;
  const points = table === undefined ? undefined : findInTable(table, grade);
  if (points === undefined) {
    throw new RangeError(`No UCAS Tariff entry for IB ${String(component)} grade '${String(grade)}'.`);
  }
  return points;
}

/**
 * Untyped lookup for data from forms: the points of `grade` in `table`, or `undefined` when the table
 * has no such grade. Only own keys count, so 'toString' or '__proto__' are never grades.
 */
export function findInTable(table: TariffTable, grade: string): number | undefined {
  return Object.prototype.hasOwnProperty.call(table, grade) ? table[grade] : undefined;
}

/** True when `qualification` is one of the single-grade types of `TARIFF_TABLES`. */
export function isTariffQualification(qualification: string): qualification is TariffQualification {
  return Object.prototype.hasOwnProperty.call(TARIFF_TABLES, qualification);
}

// ---------------------------------------------------------------------------------------------------
// UCAS Tariff tables, 2017 onwards: Access to HE Diploma (QAA-recognised, started from September 2014).
// UCAS publishes a grid (the "Access to HE" section/tab of the Tariff tables, about five and a half
// pages) with one row per grade profile of the 45 graded Level 3 credits: from 45 D / 0 M / 0 P = 144
// down to 0 D / 0 M / 45 P = 48. Published rows (agored.cymru "UCAS Tariff" for Access to HE;
// cava.ac.uk "Access to HE Diploma UCAS Tariff (2017 entry onwards)"; hecail.ac.uk "The Access to HE
// Diploma and the New UCAS Tariff"): 45/0/0 = 144, 30/15/0 = 128, 15/30/0 = 112, 0/45/0 = 96,
// 15/15/15 = 96, 0/15/30 = 64, 0/0/45 = 48, 9/36/0 = 106.
// The grid is D x 3.2 + M x 2.1333... + P x 1.0666... (144/45, 96/45, 48/45 per credit) rounded to the
// nearest whole point: 9/36/0 = 105.6 -> 106 (so not truncated). Exactly: 16 x (3D + 2M + P) / 15;
// its fractional part is a multiple of 1/15, so a .5 tie cannot occur and the rounding is unambiguous.
// The grid has rows only for complete profiles of exactly 45 graded credits (Level 2 / ungraded credits
// carry nothing); profiles of fewer than 45 graded credits have no Tariff value.
// ---------------------------------------------------------------------------------------------------

/** Graded Level 3 credits in an Access to HE Diploma profile, as UCAS's grid requires. */
export const ACCESS_HE_GRADED_CREDITS = 45;

/**
 * Access to HE Diploma: UCAS Tariff points (integer) for a profile of graded Level 3 credits, following
 * UCAS's published grid (2017 onwards): round(16 x (3 x distinction + 2 x merit + pass) / 15), i.e.
 * 3.2 / 2.133... / 1.066... points per Distinction / Merit / Pass credit, rounded to the nearest point.
 * 45/0/0 = 144, 0/45/0 = 96, 0/0/45 = 48.
 *
 * @param distinction credits graded Distinction (whole number >= 0)
 * @param merit credits graded Merit (whole number >= 0)
 * @param pass credits graded Pass (whole number >= 0)
 * @throws RangeError when a count is negative or not a whole number, when the total is more than 45
 *   (domain.md: a validation error), or when it is fewer than 45: UCAS's grid only awards points to a
 *   complete profile of exactly 45 graded credits, so a partial profile has no Tariff value (an error,
 *   never a silent 0).
 */
export function accessToHePoints(distinction: number, merit: number, pass: number): number {
  const counts: Array<[string, number]> = [
    ['distinction', distinction],
    ['merit', merit],
    ['pass', pass],
  ];
  for (const [name, value] of counts) {
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      throw new RangeError(`Access to HE ${name} credits must be a whole number, got ${String(value)}.`);
    }
    if (value < 0) {
      throw new RangeError(`Access to HE ${name} credits must not be negative, got ${value}.`);
    }
  }
  const total = distinction + merit + pass;
  if (total > ACCESS_HE_GRADED_CREDITS) {
    throw new RangeError(
      `Access to HE graded credits total ${total} (${distinction} D + ${merit} M + ${pass} P); ` +
        `the Diploma has at most ${ACCESS_HE_GRADED_CREDITS} graded credits.`,
    );
  }
  if (total < ACCESS_HE_GRADED_CREDITS) {
    throw new RangeError(
      `Access to HE graded credits total ${total} (${distinction} D + ${merit} M + ${pass} P); ` +
        `UCAS awards Tariff points only to a complete profile of exactly ${ACCESS_HE_GRADED_CREDITS} graded credits.`,
    );
  }
  // 16 * (3D + 2M + P) / 15, rounded to nearest, in integer arithmetic (no floating-point drift).
  const numerator = 16 * (3 * distinction + 2 * merit + pass);
  return Math.floor((2 * numerator + 15) / 30);
}
