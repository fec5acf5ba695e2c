/**
 * The web app's page routes as the gateway must know them (issue 12 item 5): the SPA fallback
 * answers 200 with index.html for these and 404 (with the app's 404 page) for anything else, so
 * a mistyped address is a real 404 for browsers, crawlers and monitoring. Paths are relative to
 * BASE_PATH, without query or trailing slash. apps/web's router declares the same pages
 * (apps/web/src/app/router.tsx): change both together (page-routes.test.ts lists examples).
 */
const segment = '[^/]+';
const steps = '(?:personal-details|qualifications|submit)';

export const WEB_PAGE_PATTERNS: readonly RegExp[] = [
  /^$/,
  /^apply$/,
  new RegExp(`^apply/${segment}$`),
  new RegExp(`^apply/${segment}/(?:${steps}|confirmation)$`),
  new RegExp(`^review/${segment}$`),
  /^applications$/,
  new RegExp(`^applications/${segment}/${segment}$`),
  new RegExp(`^applications/${segment}/${segment}/${steps}$`),
  new RegExp(`^visa/${segment}/${segment}$`),
  /^staff$/,
  /^staff\/settings$/,
  new RegExp(`^staff/courses/${segment}$`),
  /^staff\/figures$/,
  // Training scenarios (issue 11): the screen, supervisors' progress, the training call and its steps.
  /^staff\/scenarios$/,
  /^staff\/scenarios\/progress$/,
  new RegExp(`^staff/scenarios/training(?:/${steps})?$`),
  /^accessibility$/,
  /^privacy$/,
];

/**
 * True when `path` (relative to BASE_PATH, e.g. 'apply/W100/submit'; a leading or trailing '/'
 * and a query string are ignored) is one of the app's pages.
 */
export function isWebPage(path: string): boolean {
  const clean = (path.split('?')[0] ?? '').replace(/^\/+|\/+$/g, '');
  return WEB_PAGE_PATTERNS.some((pattern) => pattern.test(clean));
}
