import { StrictMode } from 'react';
import { hydrate } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter, routerReady } from './app/router';
import { getClearingStatusQueryOptions } from './lib/clearing-status';
import { createQueryClient, QUERY_STATE_ID } from './lib/query-client';
import './styles/index.css';

/** The longest a pre-rendered page waits for its route module and the Clearing status, in ms. */
const PRERENDERED_WAIT_MS = 4000;

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

/**
 * Ends the current task and resumes in a new one, so the work before and after never adds up to
 * one long task that would hold back a tap or a key press (Lighthouse's Total Blocking Time).
 * `scheduler.yield()` resumes ahead of other queued work where the browser has it.
 */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * A pre-rendered page (dist/apply/index.html, or a course page the gateway rendered; issue 12
 * item 4) already shows its first screen: the app takes over only once the first page's module and
 * the Clearing status are loaded, so the screen goes straight from the pre-rendered HTML to the
 * live page, with no spinner in between and nothing moving. A server-rendered page also hands
 * over the answers it was rendered from, so the app shows the same course without asking again.
 * Any other page mounts at once. Creating the router, and rendering, each get a task of their own.
 */
async function start(container: HTMLElement) {
  await nextTask();
  const router = createAppRouter();
  const queryClient = createQueryClient();
  const queryState = document.getElementById(QUERY_STATE_ID)?.textContent;
  if (queryState) hydrate(queryClient, JSON.parse(queryState));
  if (container.hasChildNodes()) {
    // A failed status call is the gate's business (it shows the app), and a slow one never keeps
    // the read-only first screen up for more than PRERENDERED_WAIT_MS: the app then mounts anyway.
    const ready = Promise.all([routerReady(router), queryClient.prefetchQuery(getClearingStatusQueryOptions())]);
    await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, PRERENDERED_WAIT_MS))]);
  }
  await nextTask();
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}

void start(root);
