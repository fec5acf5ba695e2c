import { APP_STARTED_EVENT, PRERENDERED_WAIT_MS } from '@clearing-desk/contracts';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { getClearingStatusQueryOptions } from '@/lib/clearing-status';
import { createQueryClient, QUERY_STATE_ID } from '@/lib/query-client';
import { App } from './index';
import { createAppRouter, routerReady } from './router';

/**
 * Ends the current task and resumes in a new one, so the work before and after never adds up to
 * one long task that would hold back a tap or a key press (Lighthouse's Total Blocking Time).
 * `scheduler.yield()` resumes ahead of other queued work where the browser has it.
 */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/** How the app started: `hydrated` took over the pre-rendered HTML, `rendered` drew the page itself. */
export type StartedApp = { root: Root; mode: 'hydrated' | 'rendered' };

/**
 * Starts the app in `container` (#root; ADR 0003).
 *
 * A pre-rendered page (dist/apply/index.html, or a course page the gateway rendered)
 * already shows its first screen: React hydrates it (`hydrateRoot`), taking over the
 * elements on screen instead of replacing them, so what someone typed into them before stays.
 * It does so once the first page's module is loaded, so the first render matches the HTML; the
 * Clearing gate shows the page while the status loads (the HTML showed it open), and a closed
 * answer then shows the closed message. When the module is not there in PRERENDERED_WAIT_MS, the
 * app renders from scratch over the HTML instead.
 * A server-rendered page also hands over the answers it was rendered from (TanStack Query's
 * dehydrated state), so the app shows the same course without asking again.
 * Any other page (an empty #root) renders at once. Creating the router, starting the queries, and
 * rendering each get a task of their own.
 */
export async function startApp(container: HTMLElement, rootOptions: Pick<RootOptions, 'onRecoverableError'> = {}): Promise<StartedApp> {
  await nextTask();
  const router = createAppRouter();
  // Creating the router loads the first page's module; the queries get a task of their own.
  await nextTask();
  const queryClient = createQueryClient();
  const queryState = document.getElementById(QUERY_STATE_ID)?.textContent;
  if (queryState) hydrate(queryClient, JSON.parse(queryState));
  // Asked at once: the gate needs it, and the course page's HTML already answered it.
  void queryClient.prefetchQuery(getClearingStatusQueryOptions());
  let takeOver = false;
  if (container.hasChildNodes()) {
    // A slow route module never keeps the first screen without the app for more than
    // PRERENDERED_WAIT_MS: the app then renders over it.
    const timedOut = new Promise<false>((resolve) => setTimeout(() => resolve(false), PRERENDERED_WAIT_MS));
    takeOver = await Promise.race([routerReady(router).then(() => true), timedOut]);
  }
  await nextTask();
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} hydrating={takeOver} />
    </StrictMode>
  );
  if (takeOver) {
    // The App sends APP_STARTED_EVENT once hydrated (app/index.tsx): a search held by the boot module then goes to the app.
    const root = hydrateRoot(container, app, rootOptions);
    return { root, mode: 'hydrated' };
  }
  // The page is about to be replaced: a held search is sent by the browser (a page load with its query) rather than lost.
  document.dispatchEvent(new Event(APP_STARTED_EVENT));
  const root = createRoot(container, rootOptions);
  root.render(app);
  return { root, mode: 'rendered' };
}
