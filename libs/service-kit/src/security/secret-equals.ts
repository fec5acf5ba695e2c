import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether `given` equals the secret `expected`, in time that does not depend on where they differ
 * or on `given`'s length (the internal token was compared with `!==`, which
 * returns at the first differing byte). Both sides are hashed to SHA-256 first, so
 * `timingSafeEqual` always compares 32 bytes. An absent or repeated header (`undefined`, an
 * array) never matches.
 */
export function secretEquals(expected: string, given: string | readonly string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}
