/**
 * Names on the wire between the browser and the gateway (spec section 7, architecture.md
 * "Calls"), once for the web app, the gateway, the test fakes and the tools.
 */

/** Cookie the gateway issues with the XSRF token; the web app echoes its value in every write. */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/**
 * Header carrying the XSRF token on bodies that have no JSON `token` (multipart uploads, which
 * the gateway streams on unparsed).
 */
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * Header a client of POST /api/apply/{course} may send instead of the body's SUBMISSION_ID
 * (any string of 1-255 visible characters; applySubmissionSchema).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * Header the web app sends with a staff call while an application form is open:
 * the gateway then extends the session's absolute lifetime, up to its hard ceiling.
 */
export const FORM_OPEN_HEADER = 'x-form-open';

/** Query parameter of the timestamp every GET carries (spec section 7), so no cache serves a stale answer. */
export const TIMESTAMP_PARAM = '_';
