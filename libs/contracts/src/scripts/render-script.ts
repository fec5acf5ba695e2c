import { PLACEHOLDER_LABELS, type PlaceholderName } from './script-texts';

/** Values for a script's placeholders; a missing or blank value shows as `[label]`. */
export type ScriptValues = Partial<Record<PlaceholderName, string | null | undefined>>;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escapes a value so it is shown as text, never parsed as markup. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

// `{name}` (application/course fields) and `%name%` (runtime values of spec section 1).
const PLACEHOLDER = /\{([a-zA-Z]+)\}|%([a-zA-Z]+)%/g;

const isPlaceholderName = (name: string): name is PlaceholderName => Object.hasOwn(PLACEHOLDER_LABELS, name);

/**
 * Fills a trusted script template (script-texts.ts) with `values` and returns HTML: the template's
 * own text is escaped as well, and every inserted value is escaped, so a student name such as
 * `<b>Ann</b>` is shown literally. A placeholder without a value shows as `[student name]` etc. so
 * the adviser sees what is still missing (spec section 1 writes placeholders that way).
 *
 * @throws Error when the template names a placeholder that does not exist (an authoring mistake,
 * caught by the scripts' tests).
 */
export function renderScript(template: string, values: ScriptValues): string {
  let html = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? match[2] ?? '';
    if (!isPlaceholderName(name)) throw new Error(`Unknown script placeholder: ${match[0]}`);
    const value = values[name]?.trim();
    html += escapeHtml(template.slice(last, match.index)) + escapeHtml(value ? value : `[${PLACEHOLDER_LABELS[name]}]`);
    last = match.index + match[0].length;
  }
  return html + escapeHtml(template.slice(last));
}
