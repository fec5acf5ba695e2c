/**
 * Dispatched on `document` once the web app has taken over (hydrated) a pre-rendered page (apps/web
 * src/app/index.tsx), or just before it renders over one (src/app/start.tsx). Until
 * then the pages' boot module (vite.config.ts, `bootAfterFirstPaint`) holds back a search sent
 * from the pre-rendered form, and sends it again through the app at this event: a search started
 * before the app ran is neither lost nor turned into a page reload.
 */
export const APP_STARTED_EVENT = 'clearing-desk:app-started';

/**
 * How long the boot module holds a search for the app before letting the browser send it itself,
 * in ms: longer than the app waits for its first page's module (start.tsx), so on a slow phone an
 * Enter pressed early runs in the app, not as a page reload. A script that fails to load releases
 * the search to the browser at once.
 */
export const HOLD_EARLY_SUBMIT_MS = 30_000;

/** The longest a pre-rendered page waits for its first page's module before the app renders over it, in ms. */
export const PRERENDERED_WAIT_MS = 20_000;

/**
 * sessionStorage key of the scroll positions React Router's ScrollRestoration keeps (its
 * `storageKey`): the app seeds the first page's position there before taking a pre-rendered page
 * over, so taking over leaves the page where the reader has scrolled it.
 */
export const SCROLL_POSITIONS_KEY = 'clearing-desk-scroll-positions';

/**
 * Set on `<html>` (value `true`) once the web app has mounted, whether it took over a
 * pre-rendered page or drew its own: the browser tests wait for it before using the app's links.
 */
export const APP_STARTED_ATTRIBUTE = 'data-app-started';
