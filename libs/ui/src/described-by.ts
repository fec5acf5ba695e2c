/** Joins element ids for aria-describedby, skipping empty ones; undefined when none is left. */
export const describedBy = (...ids: Array<string | false | null | undefined>): string | undefined => {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
};
