import { sanitizeCourseNotes } from '@clearing-desk/contracts/server';

/**
 * `sanitizeHtml` (./sanitize-html.ts) for the server rendering of src/prerender.tsx, where
 * DOMPurify has no DOM: the same allow-list courses-svc applies when notes are stored. The server
 * build (vite.config.ts) uses this file in place of the browser one.
 */
export function sanitizeHtml(html: string): string {
  return sanitizeCourseNotes(html) ?? '';
}
