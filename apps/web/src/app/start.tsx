import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { getClearingStatusQueryOptions } from '@/lib/clearing-status';
import { createQueryClient, QUERY_STATE_ID } from '@/lib/query-client';
import { App } from './index';
import { createAppRouter, routerReady } from './router';

/** The longest a pre-rendered page waits for its route module and the Clearing status, in ms. */
const PRERENDERED_WAIT_MS = 4000;

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
 * A pre-rendered page (dist/apply/index.html, or a course page the gateway rendered; issue 12
 * item 4) already shows its first screen: React hydrates it (`hydrateRoot`), taking over the
 * elements on screen instead of replacing them, so what someone typed into them before stays.
 * It does so once the first page's module and the Clearing status are loaded, so the first render
 * matches the HTML. When they are not there in PRERENDERED_WAIT_MS, or Clearing is not open (the
 * app would show another screen than the HTML), the app renders from scratch over it instead.
 * A server-rendered page also hands over the answers it was rendered from (TanStack Query's
 * dehydrated state), so the app shows the same course without asking again.
 * Any other page (an empty #root) renders at once. Creating the router, and rendering, each get a
 * task of their own.
 */
export async function startApp(container: HTMLElement, rootOptions: Pick<RootOptions, 'onRecoverableError'> = {}): Promise<StartedApp> {
  await nextTask();
  const router = createAppRouter();
  const queryClient = createQueryClient();
  const queryState = document.getElementById(QUERY_STATE_ID)?.textContent;
  if (queryState) hydrate(queryClient, JSON.parse(queryState));
  let takeOver = false;
  if (container.hasChildNodes()) {
    // A failed status call is the gate's business (it shows the app), and a slow one never keeps
    // the read-only first screen up for more than PRERENDERED_WAIT_MS: the app then mounts anyway.
    const ready = Promise.all([routerReady(router), queryClient.prefetchQuery(getClearingStatusQueryOptions())]).then(() => true);
    const timedOut = new Promise<false>((resolve) => setTimeout(() => resolve(false), PRERENDERED_WAIT_MS));
    takeOver = (await Promise.race([ready, timedOut])) && queryClient.getQueryData(getClearingStatusQueryOptions().queryKey)?.state === 1;
  }
  await nextTask();
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  if (takeOver) return { root: hydrateRoot(container, app, rootOptions), mode: 'hydrated' };
  const root = createRoot(container, rootOptions);
  root.render(app);
  return { root, mode: 'rendered' };
}
