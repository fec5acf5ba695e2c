import { PAGE_ROUTES, pageHref } from '../web/page-routes';

/**
 * The applicant's status page, relative to the web app's base (BASE_PATH): the web's review route
 * (PAGE_ROUTES.review) and the link every decision email gives (notifications-svc: PUBLIC_URL + this).
 */
export const statusPagePath = (hash: string): string => pageHref(PAGE_ROUTES.review, { applicationHash: hash }).slice(1);

/** The private page of a call booked without an application (PAGE_ROUTES.callbackRequest), relative to the web app's base: the booking email's link. */
export const callbackRequestPagePath = (token: string): string => pageHref(PAGE_ROUTES.callbackRequest, { token }).slice(1);
