import { isWebPage } from './page-routes';

describe('isWebPage', () => {
  it.each([
    '',
    'apply',
    'apply/G400',
    '/apply/G400/',
    'apply/G400/personal-details',
    'apply/G400/confirmation',
    'review/abc',
    'applications/1/G400/submit',
    'staff/scenarios/training/qualifications',
    'accessibility?x=1',
  ])('knows %j', (path) => expect(isWebPage(path)).toBe(true));

  it.each(['nope', 'apply/G400/step-4', 'apply/G400/personal-details/more', 'staff/unknown', 'api/courses'])('refuses %j', (path) =>
    expect(isWebPage(path)).toBe(false),
  );
});
