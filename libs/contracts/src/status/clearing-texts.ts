/** Clearing status texts and limits without zod: the web app's first screen reads them without the schemas (ADR 0003). */

/** Shown when clearing is closed and the server gave no closing message (spec section 4). */
export const DEFAULT_CLOSED_MESSAGE = 'Online applications for Clearing are now closed. Thank you for your interest.';

/** Longest closing message an Administrator may set (spec section 9's 1024 limit). */
export const CLOSING_MESSAGE_MAX = 1024;
