import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json';
import { HOME_NATIONALITIES, isHomeNationality } from '../qualifications/home-nationalities';

countries.registerLocale(en);

export type CountryOption = { value: string; label: string };

export { HOME_NATIONALITIES, isHomeNationality };

/**
 * Nationality options (spec section 3): ISO 3166 three-letter codes with English names from
 * i18n-iso-countries, the United Kingdom first, then alphabetical.
 */
export const COUNTRY_OPTIONS: CountryOption[] = (() => {
  const names = countries.getNames('en', { select: 'official' });
  // Alphabetical without Intl.Collator: its first use loads ICU's collation data, about 30 ms of
  // a phone's first screen. Accents dropped and case folded, these names sort
  // exactly as the en-GB collation sorts them (countries.test.ts checks it).
  const sortKey = (label: string) =>
    label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const options = Object.entries(names)
    .map(([alpha2, label]) => ({ value: countries.alpha2ToAlpha3(alpha2) ?? '', label }))
    .filter((o) => o.value !== '' && o.value !== 'GBR')
    .map((o) => ({ ...o, key: sortKey(o.label) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ value, label }) => ({ value, label }));
  return [{ value: 'GBR', label: 'United Kingdom' }, ...options];
})();

const COUNTRY_NAMES = new Map(COUNTRY_OPTIONS.map((o) => [o.value, o.label]));

/** A country's name by its three-letter code; 'n/a' when unknown (spec section 3). */
export const countryName = (code: string | null | undefined): string => (code && COUNTRY_NAMES.get(code)) || 'n/a';

export const isCountryCode = (code: string): boolean => COUNTRY_NAMES.has(code);

/** Whether VISA_TYPE is asked: hidden for GBR and IRL. */
export const needsVisaType = (nationality: string | undefined): boolean => !!nationality && !isHomeNationality(nationality);
