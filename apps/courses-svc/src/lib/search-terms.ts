/**
 * What applicants type, rewritten to the words the catalogue uses. Keys are
 * matched as whole words or phrases in the lower-cased query (apostrophes removed), longest first.
 */
export const SEARCH_SYNONYMS: Readonly<Record<string, string>> = {
  'comp sci': 'computer science',
  'comp-sci': 'computer science',
  compsci: 'computer science',
  maths: 'mathematics',
  math: 'mathematics',
  childrens: 'children',
  kids: 'children',
  ai: 'artificial intelligence',
  cybersecurity: 'cyber security',
  accountancy: 'accounting',
  physio: 'physiotherapy',
  econ: 'economics',
  psych: 'psychology',
  'english lit': 'english literature',
  'eng lit': 'english literature',
  'media studies': 'media',
  // 'Law LLB': the qualification is searched too; 'degree' and 'course' name no course.
  degree: '',
  degrees: '',
  course: '',
  courses: '',
  honours: '',
};

const synonymPattern = new RegExp(
  `(^|\\s)(${Object.keys(SEARCH_SYNONYMS)
    .sort((a, b) => b.length - a.length)
    .map((k) => k.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
    .join('|')})(?=\\s|$)`,
  'g',
);

/** One searched word: `text` for codes and typo matching, `prefix` for full text ('' when nothing in it can match). */
export type SearchWord = { text: string; prefix: string };

/**
 * Splits a keyword query into words after the synonym list: lower-cased, apostrophes dropped
 * ("children's" is "childrens"), each word's full-text form keeps letters and digits only and is
 * searched as a prefix ('psycho' finds Psychology). A word with no letter or digit ('%%%') can
 * match nothing, so the whole query then finds nothing.
 */
export function searchWords(q: string): SearchWord[] {
  const normalised = q
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(synonymPattern, (_m, lead: string, key: string) => `${lead}${SEARCH_SYNONYMS[key] ?? key}`);
  return normalised
    .split(' ')
    .filter(Boolean)
    .map((text) => ({ text, prefix: text.replace(/[^\p{L}\p{N}]+/gu, '') }));
}
