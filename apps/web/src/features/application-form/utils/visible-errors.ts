import type { FormError } from '@clearing-desk/contracts';
import type { FormValues } from '../types';

const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/**
 * Whether the value an error is about has been given: a filled field, a group with items, a
 * chosen document, an item with any value besides its type.
 */
export function pathHasValue(values: FormValues, path: string): boolean {
  const [name = '', index, field] = path.split('.');
  const raw = values[name];
  if (index === undefined) return Array.isArray(raw) ? raw.length > 0 : typeof raw === 'object' || filled(raw);
  const item = Array.isArray(raw) ? (raw[Number(index)] as Record<string, string> | undefined) : undefined;
  if (!item) return false;
  if (field === undefined) return Object.entries(item).some(([key, value]) => key !== 'QUALIFICATION' && filled(value));
  return filled(item[field]);
}

export type ErrorVisibility = {
  /** "Validate all" is on: the submit step was opened. */
  validateAll: boolean;
  /** The steps whose Next was pressed: their errors all show. */
  validatedSections: ReadonlySet<string>;
  /** Whether Done was pressed on this item (1-based) while it had errors. */
  isItemChecked: (group: string, item: number) => boolean;
  /** Whether the person has left (blurred) the input of this path at least once. */
  wasLeft: (path: string) => boolean;
};

/**
 * domain.md "Form behaviour the spec leaves open": a field's error shows once the field has a
 * value and has been left, never on the first keystroke; or when validate-all is on, or Next was
 * pressed on its step (hidden fields are never validated): a step never opens with errors for
 * fields nobody has touched. An item whose Done was pressed shows all its errors.
 */
export const isErrorShown = (error: FormError, values: FormValues, { validateAll, validatedSections, isItemChecked, wasLeft }: ErrorVisibility): boolean =>
  validateAll ||
  validatedSections.has(error.section) ||
  (error.item !== undefined && isItemChecked(error.field, error.item)) ||
  (pathHasValue(values, error.path) && (wasLeft(error.path) || isChosenDocument(values, error.path)));

/** A chosen document is complete the moment it is chosen: no typing to wait for. */
const isChosenDocument = (values: FormValues, path: string): boolean => {
  const raw = values[path];
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw);
};
