import { intakeYearSchema, intakeYears, isInIntake } from './intake';

describe('intake (domain.md "Intake": configuration, 2025/26 by default)', () => {
  it("defaults to the spec's 2025/26 and takes another intake", () => {
    expect(intakeYearSchema.parse(undefined)).toBe('2025/26');
    expect(intakeYearSchema.parse('2026/27')).toBe('2026/27');
    expect(intakeYearSchema.safeParse('2026/28').success).toBe(false);
    expect(intakeYearSchema.safeParse('2026').success).toBe(false);
    expect(intakeYears('2025/26')).toEqual({ first: 2025, second: 2026 });
  });

  it('holds autumn of the first year and January of the second', () => {
    expect(isInIntake('2025-09-22', '2025/26')).toBe(true);
    expect(isInIntake('2026-01-26', '2025/26')).toBe(true);
    expect(isInIntake('2026-09-28', '2025/26')).toBe(false);
    expect(isInIntake('2025-01-27', '2025/26')).toBe(false);
  });
});
