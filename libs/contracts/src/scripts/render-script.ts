import { SCRIPT_PLACEHOLDERS, type PlaceholderName, type ScriptText } from './script-texts';

/** Values for a script's placeholders; a missing or blank value is not given. */
export type ScriptValues = Partial<Record<PlaceholderName, string | null | undefined>>;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** HTML-escapes a value so it is shown as text, never parsed as markup. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

// `{name}` (application/course fields) and `%name%` (runtime values of spec section 1).
const PLACEHOLDER = /\{([a-zA-Z]+)\}|%([a-zA-Z]+)%/g;

const isPlaceholderName = (name: string): name is PlaceholderName => Object.hasOwn(SCRIPT_PLACEHOLDERS, name);

/**
 * The placeholders a template names, in order.
 *
 * @throws Error when the template names a placeholder that does not exist (an authoring mistake,
 * caught by the scripts' tests).
 */
export function placeholdersOf(template: string): PlaceholderName[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => {
    const name = match[1] ?? match[2] ?? '';
    if (!isPlaceholderName(name)) throw new Error(`Unknown script placeholder: ${match[0]}`);
    return name;
  });
}

const given = (values: ScriptValues, name: PlaceholderName): string => values[name]?.trim() ?? '';

/**
 * Fills a trusted script text (script-texts.ts) with `values` and returns HTML: of its
 * alternatives, the first whose placeholders all have a value (so nothing unfilled is ever read
 * out: no '[label]', no 'undefined', no '%ref%'); the template's own text is escaped as well, and
 * every inserted value is escaped, so a student name such as `<b>Ann</b>` is shown literally.
 * When no alternative can be filled (a value every course has is missing: an authoring or data
 * mistake the demo-catalogue script test catches), the last one is read with the gaps left empty
 * and `onGap` hears of each.
 *
 * @throws Error when a template names a placeholder that does not exist.
 */
export function renderScript(text: ScriptText, values: ScriptValues, onGap?: (name: PlaceholderName) => void): string {
  const alternatives: readonly string[] = typeof text === 'string' ? [text] : text;
  const template = alternatives.find((t) => placeholdersOf(t).every((name) => given(values, name) !== '')) ?? alternatives[alternatives.length - 1] ?? '';
  let html = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = placeholdersOf(match[0])[0] as PlaceholderName;
    if (given(values, name) === '') onGap?.(name);
    html += escapeHtml(template.slice(last, match.index)) + escapeHtml(given(values, name));
    last = match.index + match[0].length;
  }
  return html + escapeHtml(template.slice(last));
}
