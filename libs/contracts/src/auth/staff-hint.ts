/**
 * The staff sign-in hint (public pages make no staff call). The session cookie
 * is HttpOnly, so the web app cannot see whether a staff session may exist; the gateway sets this
 * cookie beside it at sign-in (readable by scripts, value `1`, no secret in it) and clears it at
 * sign-out and whenever an API call finds no session. The app asks GET /api/admin/auth/user only
 * on staff pages or when this cookie is present. A stale hint costs one 401; a missing one only
 * means a public page shows no staff extras until a staff page is opened.
 */
export const STAFF_SIGNED_IN_COOKIE = 'clearing_staff_signed_in';

/** Whether a `Cookie` header value (or `document.cookie`) carries the staff sign-in hint. */
export const hasStaffSignedInHint = (cookies: string): boolean => cookies.split(';').some((part) => part.trim() === `${STAFF_SIGNED_IN_COOKIE}=1`);
