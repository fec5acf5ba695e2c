import { statusPagePath } from '@clearing-desk/contracts';
import { matchPath } from 'react-router-dom';
import { basePathSchema } from '../env';
import { absoluteHref, createApiPaths, paths, routerBasename } from '../paths';

describe('paths', () => {
  it('builds API URLs under the base prefix', () => {
    expect(createApiPaths('/').courses()).toBe('/api/courses');
    const api = createApiPaths('/clearing/');
    expect(api.courses()).toBe('/clearing/api/courses');
    expect(api.course('G4 00')).toBe('/clearing/api/courses/G4%2000');
    expect(api.clearingStatus()).toBe('/clearing/api/admin/status');
    expect(api.ping()).toBe('/clearing/api/ping');
    expect(api.applied('G400')).toBe('/clearing/api/applications/G400/applied');
    expect(api.assess('G400')).toBe('/clearing/api/apply/G400/assess');
    expect(api.apply('G400')).toBe('/clearing/api/apply/G400');
    expect(api.application('a1b2')).toBe('/clearing/api/applications/a1b2');
    expect(api.deskCourse('G400')).toBe('/clearing/api/admin/courses/G400');
    expect(api.clearingStatusAudit()).toBe('/clearing/api/admin/status/audit');
    expect(api.authOptions()).toBe('/clearing/api/admin/auth/options');
    expect(api.authLogin()).toBe('/clearing/api/admin/auth/ldap');
    expect(api.authLogout()).toBe('/clearing/api/admin/auth/logout');
    expect(api.authUser()).toBe('/clearing/api/admin/auth/user');
    expect(api.deskDocument('S 1', 'G400', 'f/1')).toBe('/clearing/api/admin/applications/S%201/G400/documents/f%2F1');
    expect(api.deskEmailResend('S1', 'G400', 'e1')).toBe('/clearing/api/admin/applications/S1/G400/emails/e1/resend');
    expect(api.scenario('all', 'CMPS', 'all')).toBe('/clearing/api/scenario/all/CMPS/all/');
  });

  it('gives the router the prefix as basename and builds absolute page URLs with it', () => {
    expect(routerBasename('/')).toBe('/');
    expect(routerBasename('/clearing/')).toBe('/clearing');
    expect(absoluteHref(paths.apply.course.getHref('G400'), '/clearing/')).toBe('/clearing/apply/G400');
    expect(absoluteHref('/apply', '/')).toBe('/apply');
  });

  it('builds page links', () => {
    expect(paths.apply.search.getHref()).toBe('/apply');
    expect(paths.apply.search.getHref({ q: 'law', p: 2 })).toBe('/apply?q=law&p=2');
    expect(paths.apply.step.getHref('G400', 'qualifications')).toBe('/apply/G400/qualifications');
    expect(paths.apply.step.getHref('G400', 'qualifications', 'QUALIFICATIONS-1-GRADE')).toBe('/apply/G400/qualifications#QUALIFICATIONS-1-GRADE');
    expect(paths.apply.confirmation.getHref('G400')).toBe('/apply/G400/confirmation');
    expect(paths.review.getHref('a1b2')).toBe('/review/a1b2');
    expect(paths.staff.getHref()).toBe('/staff');
    expect(paths.staff.getHref({ q: 'law' })).toBe('/staff?q=law');
    expect(paths.staffSettings.getHref()).toBe('/staff/settings');
    // The enterprise sign-in is the gateway's, so it gets the base prefix: /clearing/login.
    expect(absoluteHref(paths.enterpriseLogin.getHref(), '/clearing/')).toBe('/clearing/login');
  });

  it('routes the link of every decision email (PUBLIC_URL + statusPagePath) to the status page, under any base prefix', () => {
    const hash = 'a'.repeat(64);
    // notifications-svc's PUBLIC_URL is the public address with BASE_PATH, e.g. https://clearing.example.ac.uk/clearing/.
    const emailLink = new URL(statusPagePath(hash), 'https://clearing.example.ac.uk/clearing/');
    expect(emailLink.pathname).toBe(absoluteHref(paths.review.getHref(hash), '/clearing/'));
    const inRouter = emailLink.pathname.slice(routerBasename('/clearing/').length);
    expect(matchPath(paths.review.path, inRouter)?.params).toEqual({ applicationHash: hash });
  });

  it('normalises BASE_PATH to a leading and trailing slash', () => {
    expect(basePathSchema.parse(undefined)).toBe('/');
    expect(basePathSchema.parse('/')).toBe('/');
    expect(basePathSchema.parse('clearing')).toBe('/clearing/');
    expect(basePathSchema.parse('/a/b')).toBe('/a/b/');
  });
});
