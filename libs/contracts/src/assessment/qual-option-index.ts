import type { QualField, QualFieldOption, QualOption } from '../qualifications/qual-option';

/** A field of a qualOption with its options by value (null for fields without options). */
export type IndexedField = {
  field: QualField;
  options: ReadonlyMap<string, QualFieldOption> | null;
  /** True when at least one option carries a tariff colour. */
  coloured: boolean;
};

/** A qualOption with its fields by name, built once per qualOptions list. */
export type IndexedQualOption = {
  option: QualOption;
  fields: readonly IndexedField[];
  byName: ReadonlyMap<string, IndexedField>;
  /** True when any field has a coloured option. */
  coloured: boolean;
};

/** A course's qualOptions by QUALIFICATION code. */
export type QualOptionIndex = ReadonlyMap<string, IndexedQualOption>;

const cache = new WeakMap<readonly QualOption[], QualOptionIndex>();

/**
 * Lookup maps for a course's qualOptions (type by code, field by name, option by value), so that
 * checking and assessing an item costs a few map lookups. Cached per qualOptions array: the
 * validator and the assessment share one index per request. Treat the array as immutable.
 */
export function indexQualOptions(qualOptions: readonly QualOption[]): QualOptionIndex {
  const cached = cache.get(qualOptions);
  if (cached) return cached;
  const index = new Map<string, IndexedQualOption>();
  for (const option of qualOptions) {
    if (index.has(option.qualification)) continue;
    const fields = option.fields.map((field): IndexedField => {
      const options = field.options ? new Map(field.options.map((o) => [o.value, o] as const)) : null;
      return { field, options, coloured: field.options?.some((o) => o.tariffColour !== undefined) ?? false };
    });
    index.set(option.qualification, {
      option,
      fields,
      byName: new Map(fields.map((f) => [f.field.name, f] as const)),
      coloured: fields.some((f) => f.coloured),
    });
  }
  cache.set(qualOptions, index);
  return index;
}
