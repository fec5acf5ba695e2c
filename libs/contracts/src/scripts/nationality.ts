import { HOME_NATIONALITIES } from '../applications/countries';

/**
 * EEA member states as ISO 3166 alpha-3 codes (the 27 EU states plus Iceland, Liechtenstein and
 * Norway; source: the EEA Agreement's contracting parties). The scripts treat the home
 * nationalities GBR and IRL (domain.md "Call scripts") like EEA nationals; IRL is also an EU state.
 * Switzerland is not an EEA member and is not listed.
 */
export const EEA_NATIONALITIES = [
  'AUT',
  'BEL',
  'BGR',
  'HRV',
  'CYP',
  'CZE',
  'DNK',
  'EST',
  'FIN',
  'FRA',
  'DEU',
  'GRC',
  'HUN',
  'IRL',
  'ITA',
  'LVA',
  'LTU',
  'LUX',
  'MLT',
  'NLD',
  'POL',
  'PRT',
  'ROU',
  'SVK',
  'SVN',
  'ESP',
  'SWE',
  'ISL',
  'LIE',
  'NOR',
] as const;

const EEA_OR_HOME: ReadonlySet<string> = new Set<string>([...EEA_NATIONALITIES, ...HOME_NATIONALITIES]);

/**
 * Whether a nationality gets the EEA (home) scripts of spec section 4: an EEA state, GBR or IRL.
 * A missing or unknown nationality is not EEA, so the caller reaches the visa compliance team
 * rather than being told something that may not apply to them.
 */
export const isEeaOrHomeNationality = (nationality: string | null | undefined): boolean => !!nationality && EEA_OR_HOME.has(nationality);
