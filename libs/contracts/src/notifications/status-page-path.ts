/**
 * The applicant's status page, relative to the web app's base (BASE_PATH): the web's review route
 * (paths.review) and the link every decision email gives (notifications-svc: PUBLIC_URL + this).
 * A module of its own, free of schemas, so the web's router config imports nothing else with it.
 */
export const statusPagePath = (hash: string): string => `review/${encodeURIComponent(hash)}`;
