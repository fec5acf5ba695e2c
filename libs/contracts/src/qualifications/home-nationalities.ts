/** Home nationalities (domain.md "Call scripts": GBR and IRL are treated as home). No dependencies: rules import it. */
export const HOME_NATIONALITIES = ['GBR', 'IRL'] as const;

/** True for a British or Irish national: no Student visa, and English evidence is still asked at GCSE level. */
export const isHomeNationality = (nationality: string | null | undefined): boolean =>
  !!nationality && (HOME_NATIONALITIES as readonly string[]).includes(nationality);
