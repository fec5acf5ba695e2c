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
  /** "Validate all" is on: Next or Submit was pressed, or the submit step was opened. */
  validateAll: boolean;
  /** Whether Done was pressed on this item (1-based) while it had errors. */
  isItemChecked: (group: string, item: number) => boolean;
};

/**
 * Spec section 5: a field's error shows once the field has a value, or when validate-all is on
 * (hidden fields are never validated). An item whose Done was pressed shows all its errors.
 */
export const isErrorShown = (error: FormError, values: FormValues, { validateAll, isItemChecked }: ErrorVisibility): boolean =>
  validateAll ||
  (error.item !== undefined && isItemChecked(error.field, error.item)) ||
  pathHasValue(values, error.path);
