import { createScenario } from '../testing';
import {
  expectedScenarioLight,
  expectedScenarioStatuses,
  isExpectedScenarioOutcome,
  scenarioCompletionRequestSchema,
  scenarioFilterSchema,
  scenarioSchema,
} from './scenario';

describe('scenarioSchema', () => {
  it('accepts the generator and refuses unknown keys', () => {
    expect(scenarioSchema.parse(createScenario())).toEqual(createScenario());
    expect(scenarioSchema.safeParse({ ...createScenario(), EXTRA: 'x' }).success).toBe(false);
  });
});

describe('scenarioFilterSchema and scenarioCompletionRequestSchema', () => {
  it.each([
    [{ gender: 'all', dept: 'all', course: 'all' }, true],
    [{ gender: 'F', dept: 'CMPS', course: 'G400' }, true],
    [{ gender: 'f', dept: 'all', course: 'all' }, false],
    [{ gender: 'all', dept: 'cmps', course: 'all' }, false],
    [{ gender: 'all', dept: 'all', course: "G400'--" }, false],
  ])('%j valid: %s', (params, valid) => {
    expect(scenarioFilterSchema.safeParse(params).success).toBe(valid);
  });

  it('takes a 32-hex hash and an optional status, nothing else', () => {
    const hash = 'a'.repeat(32);
    expect(scenarioCompletionRequestSchema.parse({ applicationHash: hash, STATUS: 'P' })).toEqual({ applicationHash: hash, STATUS: 'P' });
    expect(scenarioCompletionRequestSchema.safeParse({ applicationHash: hash, STATUS: 'Q' }).success).toBe(false);
    expect(scenarioCompletionRequestSchema.safeParse({ applicationHash: hash, other: 1 }).success).toBe(false);
  });
});

describe('expected outcome (domain.md "Submit buttons")', () => {
  const rows = (...statuses: ('G' | 'A' | 'R')[]) => statuses.map((STATUS) => ({ STATUS, QUESTION: 'Q' }));

  it('takes the worst light of SCENARIOQUESTIONS', () => {
    expect(expectedScenarioLight(rows('G', 'A', 'G'))).toBe('A');
    expect(expectedScenarioLight(rows('G', 'R', 'A'))).toBe('R');
    expect(expectedScenarioLight([])).toBeNull();
  });

  it.each([
    ['G', 1, '0', ['O', 'I']],
    ['A', 1, '0', ['R', 'P']],
    ['R', 1, '0', ['X']],
    ['G', 0, '0', ['R']],
    ['R', 1, '1', ['R']],
  ] as const)('light %s, OVER18 %i, SECOND_YEAR_ENTRY %s expects %j', (light, over18, secondYear, expected) => {
    expect(expectedScenarioStatuses({ OVER18: over18, SECOND_YEAR_ENTRY: secondYear, SCENARIOQUESTIONS: rows(light) })).toEqual(expected);
  });

  it('says whether the chosen status matches, and null without one', () => {
    const scenario = createScenario(1, { SCENARIOQUESTIONS: rows('A') });
    expect(isExpectedScenarioOutcome(scenario, 'P')).toBe(true);
    expect(isExpectedScenarioOutcome(scenario, 'O')).toBe(false);
    expect(isExpectedScenarioOutcome(scenario, undefined)).toBeNull();
  });
});
