import type { QualificationItem } from '../assessment/assess-form';
import type { QualOption } from '../qualifications/qual-option';

/** Heading and hint of the read-back at confirmation (spec section 2). */
export const READ_BACK_TEXTS = {
  HEADING: 'Read the qualifications back to the caller',
  HINT: 'Read each one aloud and ask the caller to confirm it: Admissions staff check them.',
  NONE: 'No qualifications entered.',
  SCRIPT_WHEN_COMPLETE: 'The feedback script appears here once every field is complete.',
} as const;

/**
 * One qualification as the adviser reads it back (spec section 2 "Read the qualifications back to
 * the caller at confirmation"): 'A Level: Subject Mathematics, Grade A*, Year 2025'. Select values
 * use their option labels; empty fields (unused IB slots) are left out. An item whose type the
 * course does not offer is read by its code and raw values.
 */
export function readBackQualification(item: QualificationItem, qualOptions: readonly QualOption[]): string {
  const option = qualOptions.find((o) => o.qualification === item.QUALIFICATION);
  if (!option) {
    const raw = Object.entries(item).filter(([k, v]) => k !== 'QUALIFICATION' && v?.trim());
    return `${item.QUALIFICATION}: ${raw.map(([, v]) => v).join(', ')}`;
  }
  const parts = option.fields
    .map((field) => {
      const value = item[field.name]?.trim() ?? '';
      if (!value) return null;
      const shown = field.options?.find((o) => o.value === value)?.label ?? value;
      return `${field.label} ${shown}`;
    })
    .filter((p): p is string => p !== null);
  return `${option.label}: ${parts.join(', ')}`;
}
