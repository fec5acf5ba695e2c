import type { QualField, QualificationItem } from '@clearing-desk/contracts';

/** The International Baccalaureate composite type (domain.md "Qualification catalogue"). */
export const IB_CODE = 'IBO';
export const IB_TOTAL_YEAR = 'IB_TOTAL_YEAR';

/** The IB year fields IB_TOTAL_YEAR fills: every year field of the type but itself. */
export const ibYearFields = (fields: readonly QualField[]): string[] => fields.filter((f) => f.type === 'year' && f.name !== IB_TOTAL_YEAR).map((f) => f.name);

/**
 * Typing IB_TOTAL_YEAR fills every empty IB year field (spec section 3, domain.md). A field that
 * still holds the previous total year was filled that way, so it follows while the year is typed.
 */
export function withIbTotalYear(item: QualificationItem, yearFields: readonly string[], year: string): QualificationItem {
  const previous = item[IB_TOTAL_YEAR] ?? '';
  const next: QualificationItem = { ...item, [IB_TOTAL_YEAR]: year };
  for (const name of yearFields) {
    const current = item[name] ?? '';
    if (current === '' || (previous !== '' && current === previous)) next[name] = year;
  }
  return next;
}

export type IbSection = { key: string; legend: string; fields: QualField[] };

const SECTION_OF: Array<[RegExp, (n: string) => string]> = [
  [/^IB_TOTAL/, () => 'IB Total'],
  [/^EE_/, () => 'Extended Essay'],
  [/^TOK_/, () => 'Theory of Knowledge'],
  [/^HL_[A-Z]+_(\d)$/, (n) => `Higher Level Subject ${n}`],
  [/^SL_[A-Z]+_(\d)$/, (n) => `Standard Level Subject ${n}`],
];

/** The IB fields in the groups the form shows them in: total, core, then each subject slot. */
export function ibSections(fields: readonly QualField[]): IbSection[] {
  const sections = new Map<string, IbSection>();
  for (const field of fields) {
    let legend = 'Other';
    for (const [pattern, name] of SECTION_OF) {
      const match = pattern.exec(field.name);
      if (match) {
        legend = name(match[1] ?? '');
        break;
      }
    }
    const section = sections.get(legend) ?? { key: legend.replace(/\s+/g, '-').toLowerCase(), legend, fields: [] };
    section.fields.push(field);
    sections.set(legend, section);
  }
  return [...sections.values()];
}
