/**
 * Validation messages of spec section 5, exactly as users see them. `label` is the field's
 * label; the quotes are part of the text.
 */
export const VALIDATION_MESSAGES = {
  required: (label: string) => `'${label}' is required.`,
  date: (label: string) => `'${label}' must have format: dd/mm/yyyy.`,
  number: (label: string) => `'${label}' must be a number.`,
  tenDigits: (label: string) => `'${label}' must be 10 numeric digits.`,
  // "have have" is the spec's text, kept exactly.
  email: (label: string) => `'${label}' must have have email format.`,
  duplicates: (label: string, items: readonly number[]) => `'${label}' contains duplicated items: ${items.join(', ')}.`,
  onlyOneIbo: (label: string) => `'${label}' cannot contain multiple International Baccalaureate (IBO) entries.`,
  fileTypes: (label: string, list: string) => `'${label}' allowed file formats: ${list}.`,
  fileSize: (label: string, mb: number) => `'${label}' max size is ${mb} MB.`,
  maxLength: (label: string, n: number) => `'${label}' max length is ${n}.`,
  minLength: (label: string, n: number) => `'${label}' min length is ${n}.`,
  groupMinimum: (label: string, n: number) => `'${label}' must have at least ${n} item(s).`,
  // Worded like the group minimum; the spec gives no text for "at most 5 per category".
  groupMaximum: (label: string, n: number) => `'${label}' must have at most ${n} item(s).`,
  boolean: (label: string) => `'${label}' must be 0, 1 or empty.`,
  incorrectMonth: (month: string) => `Incorrect month ${month}: Month must be between 1 and 12.`,
  incorrectDay: (day: string, max: number) => `Incorrect day ${day}: Day must be between 1 and ${max}.`,
  invalidDobYear: (year: string, currentYear: number) => `Invalid Date of Birth Year: ${year}. Year must be between 1900 and ${currentYear}.`,
} as const;

/** Shown when submit is blocked by any error (spec sections 2, 5 and 8). */
export const FORM_INCOMPLETE = 'Some fields are incomplete.';
/** The message of a local validation failure (status _FORM_VALIDATION, spec section 8). */
export const FORM_VALIDATION_MESSAGE = 'Some fields are incomplete';
