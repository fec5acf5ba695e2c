import { APPLICATION_FIELD_BY_NAME, type FormError } from '@clearing-desk/contracts';
import { itemErrorText } from '../texts';

/**
 * An error as summaries list it: items are named by their group and number, e.g.
 * "Qualifications item 2: 'Grade' is required."
 */
export const errorSummaryText = (error: FormError): string =>
  error.item !== undefined ? itemErrorText(APPLICATION_FIELD_BY_NAME.get(error.field)?.label ?? error.field, error.item, error.message) : error.message;
