import type { FormError } from '@clearing-desk/contracts';
import type { FormAudience } from '../types';

/** DOM id of the input holding a value: 'QUALIFICATIONS.1.GRADE' -> 'QUALIFICATIONS-1-GRADE'. */
export const fieldId = (path: string): string => path.replace(/\./g, '-');

/** id of a group's section and of one item's fieldset (both focusable). */
export const groupId = (group: string): string => group;
export const itemId = (group: string, index: number): string => `${group}-${index}`;
export const addButtonId = (group: string): string => `${group}-add`;

/**
 * Where an error's link leads: the field's input; the day box of the date of birth (the public
 * form's three boxes; staff type it in one); the item for an error about a whole item
 * (Access to HE credits); the group for an error about a group.
 */
export function errorTargetId(error: Pick<FormError, 'path' | 'field'>, audience: FormAudience = 'public'): string {
  const parts = error.path.split('.');
  if (parts.length === 1) return error.field === 'DOB' && audience === 'public' ? 'DOB-day' : fieldId(error.path);
  if (parts.length === 2) return itemId(parts[0] ?? error.field, Number(parts[1]));
  return fieldId(error.path);
}
