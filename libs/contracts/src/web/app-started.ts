/**
 * Dispatched on `document` once the web app has taken over a pre-rendered page (apps/web
 * src/app/start.tsx; the browser tests wait for it). Until
 * then the pages' boot module (vite.config.ts, `bootAfterFirstPaint`) holds back a search sent
 * from the pre-rendered form, and sends it again through the app at this event: a search started
 * before the app ran is neither lost nor turned into a page reload.
 */
export const APP_STARTED_EVENT = 'clearing-desk:app-started';

/** How long the boot module holds a search for the app before letting the browser send it itself, in ms. */
export const HOLD_EARLY_SUBMIT_MS = 8000;

/**
 * Set on `<html>` (value `true`) once the web app has mounted, whether it took over a
 * pre-rendered page or drew its own: the browser tests wait for it before using the app's links.
 */
export const APP_STARTED_ATTRIBUTE = 'data-app-started';
