import { statusPagePath } from '../notifications/status-page-path';
import { isWebPage, PAGE_ROUTES, pageHref } from './page-routes';

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

describe('pageHref', () => {
  it('fills each parameter, URL-encoded', () => {
    expect(pageHref(PAGE_ROUTES.applyStep, { ucasCode: 'G4 00', step: 'submit' })).toBe('/apply/G4%2000/submit');
    expect(pageHref(PAGE_ROUTES.staffFigures)).toBe('/staff/figures');
    expect(statusPagePath('a/b')).toBe('review/a%2Fb');
  });
});
