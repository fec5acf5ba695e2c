import DOMPurify from 'dompurify';

/**
 * Course NOTES are HTML written by staff. Sanitise before rendering anyway (defence in depth):
 * scripts, event handlers and javascript: URLs are removed; links open safely.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });
}
