import { over18 } from './over18';
import { assessWith } from './test-fixtures';

describe('OVER18 against the course start date', () => {
  it('is 1 on the 18th birthday itself', () => {
    expect(over18('2008-09-28', '2026-09-28')).toBe(1);
  });

  it('is 0 the day before the 18th birthday', () => {
    expect(over18('2008-09-29', '2026-09-28')).toBe(0);
  });

  it('is 1 well over 18 and 0 well under', () => {
    expect(over18('1970-01-01', '2026-09-28')).toBe(1);
    expect(over18('2012-01-01', '2026-09-28')).toBe(0);
  });

  it('lets someone born on 29 February turn 18 on 1 March of a non-leap year', () => {
    expect(over18('2008-02-29', '2026-02-28')).toBe(0);
    expect(over18('2008-02-29', '2026-03-01')).toBe(1);
    expect(over18('2004-02-29', '2022-02-28')).toBe(0);
  });

  it('counts a missing date of birth as 18 or over', () => {
    expect(over18(undefined, '2026-09-28')).toBe(1);
    expect(over18('', '2026-09-28')).toBe(1);
  });

  it('is part of the assessment, judged against the course, not today', () => {
    expect(assessWith({ form: { DOB: '2008-10-01' } }).OVER18).toBe(0);
    expect(assessWith({ form: { DOB: '2008-10-01' }, course: { COURSE_START_DATE: '2027-01-11' } }).OVER18).toBe(1);
  });
});
