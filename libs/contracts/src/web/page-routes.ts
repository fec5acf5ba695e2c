/**
 * Every page of the web app, declared once: the web's router builds its route
 * tree and its links from these templates (apps/web/src/config/paths.ts), and the gateway's SPA
 * fallback answers 200 with index.html only for them, 404 (with the app's 404 page) for anything
 * else, so a mistyped address is a real 404 for browsers, crawlers and monitoring.
 * Templates use react-router's syntax, relative to BASE_PATH; `:step` is one of
 * APPLICATION_STEP_IDS, any other `:param` one path segment.
 */
import { fillPath, type ParamsOf } from '../common/path';

/** The application form's tabs, in order (spec section 2: Step 1, 2 and 3 as sub-routes). */
export const APPLICATION_STEP_IDS = ['personal-details', 'qualifications', 'submit'] as const;
export type ApplicationStepId = (typeof APPLICATION_STEP_IDS)[number];

export const PAGE_ROUTES = {
  home: '/',
  // Public (spec section 2).
  applySearch: '/apply',
  applyCourse: '/apply/:ucasCode',
  applyStep: '/apply/:ucasCode/:step',
  applyConfirmation: '/apply/:ucasCode/confirmation',
  // A submitted application by its hash: also the status page every decision email links to.
  review: '/review/:applicationHash',
  // Ask for a person to review an automatic decision (its path: decisionReviewPagePath).
  reviewRequest: '/review/:applicationHash/ask-for-review',
  // A call booked from a course page by someone who has not applied: its private link (the email's).
  callbackRequest: '/call/:token',
  accessibility: '/accessibility',
  privacy: '/privacy',
  // Staff (spec section 2).
  staff: '/staff',
  staffSettings: '/staff/settings',
  staffCourse: '/staff/courses/:ucasCode',
  staffFigures: '/staff/figures',
  staffFailedEmails: '/staff/figures/failed-emails',
  staffReconciliation: '/staff/reconciliation',
  staffWallboard: '/staff/wallboard',
  staffDecisionReviews: '/staff/decision-reviews',
  staffUcas: '/staff/ucas',
  staffScenarios: '/staff/scenarios',
  staffScenarioProgress: '/staff/scenarios/progress',
  staffScenarioTraining: '/staff/scenarios/training',
  staffScenarioTrainingStep: '/staff/scenarios/training/:step',
  applications: '/applications',
  applicationEdit: '/applications/:studentId/:ucasCode',
  applicationEditStep: '/applications/:studentId/:ucasCode/:step',
  visa: '/visa/:studentId/:ucasCode',
} as const;
export type PageRoute = (typeof PAGE_ROUTES)[keyof typeof PAGE_ROUTES];

/**
 * A link to a page: `template` with each `:param` replaced by its value, URL-encoded, e.g.
 * pageHref(PAGE_ROUTES.applyCourse, { ucasCode: 'G400' }) is '/apply/G400' (fillPath, as API paths).
 */
export function pageHref<T extends PageRoute>(template: T, ...[params]: ParamsOf<T> extends never ? [] : [Record<ParamsOf<T>, string>]): string {
  return fillPath<string>(template, params);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PAGE_PATTERNS: readonly RegExp[] = Object.values(PAGE_ROUTES).map((template) => {
  const segments = template
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment === ':step' ? `(?:${APPLICATION_STEP_IDS.join('|')})` : segment.startsWith(':') ? '[^/]+' : escape(segment)));
  return new RegExp(`^${segments.join('/')}$`);
});

/**
 * True when `path` (relative to BASE_PATH, e.g. 'apply/W100/submit'; a leading or trailing '/'
 * and a query string are ignored) is one of PAGE_ROUTES.
 */
export function isWebPage(path: string): boolean {
  const clean = (path.split('?')[0] ?? '').replace(/^\/+|\/+$/g, '');
  return PAGE_PATTERNS.some((pattern) => pattern.test(clean));
}
