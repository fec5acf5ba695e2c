import { z } from 'zod';

/**
 * Safe text: no request string may carry a NUL character (PostgreSQL refuses
 * it in text, which would surface as a 5xx) or a lone UTF-16 surrogate (not encodable as UTF-8:
 * it would be stored as U+FFFD, i.e. not what the rules checked). One rule, applied to every
 * request schema by `withSafeText` (service-kit's validator compiler wraps every route's params,
 * querystring and body with it, at the gateway and at every service) and to raw URLs by
 * `isSafeUrl` (service-kit's onRequest guard).
 */
export const UNSAFE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

/** Answer (400) to a URL whose path or query is not valid percent-encoded UTF-8 or holds unsafe text. */
export const UNSAFE_URL_MESSAGE = 'The address contains characters that are not allowed (NUL, unpaired surrogates or broken percent-encoding).';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// Any NUL or surrogate at all: text without one (nearly all) is safe after this one quick scan.
const NUL_OR_SURROGATE = /[\u0000\uD800-\uDFFF]/;

/** True when `text` holds no NUL and no lone surrogate. */
export const isSafeText = (text: string): boolean => !NUL_OR_SURROGATE.test(text) || !UNSAFE_TEXT.test(text);

/**
 * Path (keys and indexes) of the first unsafe string in a parsed value, object keys included,
 * or null when every string is safe. Walks plain objects and arrays only (what JSON, query
 * strings and form bodies produce).
 */
export function findUnsafeText(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  const found = unsafeTextAt(value);
  return found ? [...path, ...found.reverse()] : null;
}

/**
 * findUnsafeText's walk, every request body through it: the path of the first
 * unsafe string, innermost key first, built only once one is found (no path copied per value).
 */
function unsafeTextAt(value: unknown): (string | number)[] | null {
  if (typeof value === 'string') return isSafeText(value) ? null : [];
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = unsafeTextAt(value[i]);
      if (found) {
        found.push(i);
        return found;
      }
    }
    return null;
  }
  // Plain objects only (null-prototype ones too: parsed query strings), never class instances such as a Date or a stream.
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return null;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!isSafeText(key)) return [key];
    const found = unsafeTextAt(record[key]);
    if (found) {
      found.push(key);
      return found;
    }
  }
  return null;
}

/**
 * True when a raw URL (path and query, still percent-encoded) decodes as UTF-8 to safe text.
 * `+` is a space in a query string and harmless in a path, so it is not decoded specially.
 */
export function isSafeUrl(url: string): boolean {
  // Nothing percent-encoded (most URLs): the text is what it decodes to.
  if (!url.includes('%')) return isSafeText(url);
  try {
    return isSafeText(decodeURIComponent(url));
  } catch {
    return false; // a broken or non-UTF-8 percent sequence (%E0%A4%A, an encoded surrogate)
  }
}

/**
 * The one refinement: `schema` whose parsed value must hold no unsafe string anywhere (the
 * issue names the field, e.g. `data.NAME1`). Keeps the schema's type.
 */
export const withSafeText = <S extends z.ZodType>(schema: S): S =>
  schema.superRefine((value, ctx) => {
    const path = findUnsafeText(value);
    if (path) ctx.addIssue({ code: 'custom', path, message: UNSAFE_TEXT_MESSAGE, input: value });
  }) as S;

/** A string field that is safe text (for schemas built field by field). */
export const safeTextSchema = z.string().refine(isSafeText, UNSAFE_TEXT_MESSAGE);
