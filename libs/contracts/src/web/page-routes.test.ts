import { coursePageCode, isWebPage } from './page-routes';

describe('isWebPage', () => {
  it.each(['', 'apply', 'apply/G400', '/apply/G400/', 'apply/G400/personal-details', 'apply/G400/confirmation', 'review/abc', 'applications/1/G400/submit', 'staff/scenarios/training/qualifications', 'accessibility?x=1'])(
    'knows %j',
    (path) => expect(isWebPage(path)).toBe(true),
  );

  it.each(['nope', 'apply/G400/step-4', 'apply/G400/personal-details/more', 'staff/unknown', 'api/courses'])('refuses %j', (path) => expect(isWebPage(path)).toBe(false));
});

describe('coursePageCode', () => {
  it('returns the decoded code of a course information page', () => {
    expect(coursePageCode('apply/G400')).toBe('G400');
    expect(coursePageCode('/apply/G400/?from=search')).toBe('G400');
    expect(coursePageCode('apply/L%20100')).toBe('L 100');
  });

  it('is null for every other page and for a code that does not decode', () => {
    expect(coursePageCode('apply')).toBeNull();
    expect(coursePageCode('apply/G400/personal-details')).toBeNull();
    expect(coursePageCode('review/G400')).toBeNull();
    expect(coursePageCode('apply/%E0%A4%A')).toBeNull();
  });
});
