import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list course NOTES may use: text formatting, lists, headings, tables and
 * links. Anything else, and every attribute not listed (so every on* event handler, style, id),
 * is removed; script and style elements are dropped with their content.
 */
const NOTES_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'a', 'span', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'abbr'],
  allowedAttributes: { a: ['href', 'title'], abbr: ['title'], th: ['scope'] },
  // Only web and mail links: javascript:, data: and every other scheme are removed from href.
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links in notes leave the application form: open them in a new tab without giving it window.opener.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  allowedSchemesByTag: {},
};
// target and rel are set by the transform above, so they must pass the filter that runs after it.
NOTES_POLICY.allowedAttributes = { ...NOTES_POLICY.allowedAttributes, a: ['href', 'title', 'target', 'rel'] };

/**
 * Sanitises course NOTES HTML on the server before it is stored (the browser sanitises
 * again when it renders). Returns null for null or for HTML with no content left.
 */
export function sanitizeCourseNotes(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitizeHtml(html, NOTES_POLICY).trim();
  return clean === '' ? null : clean;
}
