import {
  ENGLISH_QUALIFICATION_OPTIONS,
  ENGLISH_TEST_EQUIVALENCE,
  englishScoreIssue,
  ieltsEquivalent,
  isEnglishSpeakingNationality,
  isScoredEnglishTest,
} from './english-tests';

describe('ENGLISH_TEST_EQUIVALENCE (domain.md "Traffic light": one table, its source named)', () => {
  it("rates every scored test of the spec's English qualification options, each with a source", () => {
    const scored = ENGLISH_QUALIFICATION_OPTIONS.map((o) => o.value).filter(isScoredEnglishTest);
    expect(scored.sort()).toEqual(['cambridge', 'hkdse', 'ib', 'ielts', 'igcse', 'pearson', 'toefl', 'trinity']);
    for (const test of scored) expect(ENGLISH_TEST_EQUIVALENCE[test].source.length).toBeGreaterThan(10);
  });

  it('lists each table from the highest band down, with scores never rising', () => {
    for (const [test, { rows, scale }] of Object.entries(ENGLISH_TEST_EQUIVALENCE)) {
      for (let i = 1; i < rows.length; i++) {
        const [band, lowest] = rows[i] as readonly [number, number | string];
        const [prevBand, prevLowest] = rows[i - 1] as readonly [number, number | string];
        expect(band).toBeLessThan(prevBand);
        if (scale.kind === 'numeric') expect(Number(lowest)).toBeLessThan(Number(prevLowest));
        else expect(scale.grades.indexOf(String(lowest))).toBeGreaterThan(scale.grades.indexOf(String(prevLowest)));
        expect(englishScoreIssue(test, String(lowest))).toBeNull();
      }
    }
  });

  it.each([
    ['ielts', '6.5', 6.5],
    ['toefl', '79', 6.5],
    ['toefl', '78', 6],
    ['toefl', '120', 9],
    ['toefl', '10', 0],
    ['pearson', '58', 6.5],
    ['pearson', '50', 6],
    ['cambridge', '169', 6],
    ['cambridge', '185', 7],
    ['trinity', 'ISE II Merit', 6],
    ['trinity', 'ISE III Pass', 7],
    ['hkdse', '4', 6],
    ['hkdse', '5**', 7.5],
    ['ib', '5', 6.5],
    ['igcse', 'C', 9],
    ['igcse', '3', 0],
  ] as const)('rates %s %s as IELTS %s', (test, score, band) => {
    expect(ieltsEquivalent(test, score)).toBe(band);
  });

  it('refuses a score off its scale', () => {
    expect(() => ieltsEquivalent('toefl', '130')).toThrow(RangeError);
    expect(englishScoreIssue('ielts', '6.3')).toBe("'Score' must be an IELTS band score from 0 to 9 in steps of 0.5.");
    expect(englishScoreIssue('hkdse', '6')).toBe("'Score' must be an HKDSE English Language level: 1, 2, 3, 4, 5, 5* or 5**.");
    expect(englishScoreIssue('t4', 'anything')).toBeNull();
  });
});

describe('isEnglishSpeakingNationality (GOV.UK majority English-speaking countries, GBR and IRL)', () => {
  it.each(['GBR', 'IRL', 'USA', 'CAN', 'AUS', 'NZL', 'JAM', 'MLT', 'BMU'])('%s needs no English test', (code) => {
    expect(isEnglishSpeakingNationality(code)).toBe(true);
  });

  it.each(['CHN', 'IND', 'NGA', 'FRA', '', undefined])('%s is not on the list', (code) => {
    expect(isEnglishSpeakingNationality(code)).toBe(false);
  });
});
