import { HOME_NATIONALITIES, isHomeNationality } from '../qualifications/home-nationalities';

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

/**
 * VISA_TYPE values (spec section 3's visa-status list) of a permission that already allows study, so
 * that no Student visa is needed: settled and pre-settled status (EU Settlement Scheme), indefinite
 * leave to remain, refugee status, the family routes (spouse or partner, dependant of an EEA/EU
 * national or of a points-based migrant), UK Ancestry and British National (Overseas) visas.
 * Source: GOV.UK "Student visa" (who needs one) and the study conditions of each route's guidance.
 * Student (Tier 4) holders are not here: their visa is tied to a sponsor, so the visa team acts.
 */
export const STUDY_PERMITTED_VISA_TYPES: ReadonlySet<string> = new Set(['settled', 'presettled', 'ilr', 'ref', 'partner', 'eeaDep', 'psd', 'ances', 'bno']);

/**
 * Visa need (domain.md "Call scripts"): since 1 January 2021 only British and Irish citizens, and
 * people whose VISA_TYPE already allows study (STUDY_PERMITTED_VISA_TYPES), need no Student visa;
 * everyone else does, EU, EEA and Swiss nationals included. A missing nationality needs one, so the
 * caller reaches the visa compliance team rather than being told something that may not apply.
 * This one rule chooses the *_NONEEA scripts, the emails' visa sentence and the Visa Team's list.
 */
export function needsStudentVisa(nationality: string | null | undefined, visaType: string | null | undefined): boolean {
  if (isHomeNationality(nationality)) return false;
  return !(visaType && STUDY_PERMITTED_VISA_TYPES.has(visaType));
}
