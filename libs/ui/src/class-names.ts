/** Joins class names, skipping empty ones. */
export const classNames = (...names: Array<string | false | null | undefined>): string => names.filter(Boolean).join(' ');
