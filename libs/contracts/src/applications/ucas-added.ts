/**
 * 'Added in UCAS' in a module of its own: the listing, the staff application screen and the
 * applicant's status page import only this label, not the rest of the UCAS reconciliation texts
 * (docs/domain/ucas-reconciliation.md "What each surface shows").
 */
export const UCAS_ADDED_TEXT = 'Added in UCAS';

/** 'Added in UCAS' when UCAS's export showed the Clearing choice added (its time, ISO 8601), else null: the one label every surface shows. */
export const ucasAddedLabel = (addedAt: string | null | undefined): string | null => (addedAt ? UCAS_ADDED_TEXT : null);
