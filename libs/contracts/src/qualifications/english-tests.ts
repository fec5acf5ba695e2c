/** English qualification options of spec section 3 ("Reference lists"), value -> label. */
export const ENGLISH_QUALIFICATION_OPTIONS = [
  { value: 'no', label: 'No English qualification' },
  { value: 't4', label: 'Tier 4 (Child Visa)' },
  { value: 'englang', label: 'Majority English speaking country' },
  { value: 'ielts', label: 'IELTS' },
  { value: 'pearson', label: 'Pearson test (PTE Academic)' },
  { value: 'trinity', label: 'Trinity College (Integrated Skills)' },
  { value: 'ib', label: 'International Baccalaureate' },
  { value: 'cambridge', label: 'Cambridge English: Advanced/Proficiency' },
  { value: 'hkdse', label: 'HKDSE English' },
  { value: 'toefl', label: 'TOEFL' },
  { value: 'igcse', label: 'IGCSE' },
] as const;

export type EnglishQualification = (typeof ENGLISH_QUALIFICATION_OPTIONS)[number]['value'];
