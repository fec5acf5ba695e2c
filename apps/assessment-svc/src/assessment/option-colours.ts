import { itemValue, type Explanation, type QualificationItem, type QualOptionIndex } from '@clearing-desk/contracts';
import { MESSAGES } from './messages';

/** The subject an item's field belongs to: HL_GRADE_2 -> HL_SUBJECT_2 for IB slots, else SUBJECT or TITLE. */
function subjectOf(item: QualificationItem, fieldName: string): string {
  if (fieldName === 'SUBJECT') return '';
  const slot = /^(HL|SL)_GRADE_(\d)$/.exec(fieldName);
  if (slot) return itemValue(item, `${slot[1]}_SUBJECT_${slot[2]}`);
  return itemValue(item, 'SUBJECT') || itemValue(item, 'TITLE');
}

/**
 * Traffic-light rule 2 of domain.md, option colours: every chosen field option (a grade, a subject)
 * the course colours amber or red gives an explanation with that status; a colour with `subjects`
 * applies only to items of those subjects (domain.md: a low grade in an unrelated subject never makes
 * an applicant red). Green options never lower the light and give none. Items must already be validated against the course's qualOptions.
 */
export function optionColourExplanations(groups: readonly (readonly QualificationItem[])[], qualOptions: QualOptionIndex): Explanation[] {
  const out: Explanation[] = [];
  for (const items of groups) {
    for (const item of items) {
      const indexed = qualOptions.get(itemValue(item, 'QUALIFICATION'));
      if (!indexed?.coloured) continue;
      for (const { field, options, coloured } of indexed.fields) {
        if (!coloured || !options) continue;
        const value = itemValue(item, field.name);
        const option = value === '' ? undefined : options.get(value);
        // A colour limited to named subjects (an entry requirement such as A level Mathematics) leaves other subjects alone.
        if (option?.subjects && !option.subjects.includes(subjectOf(item, field.name))) continue;
        const colour = option?.tariffColour;
        if (colour === 'A' || colour === 'R') {
          out.push({
            STATUS: colour,
            MESSAGE: MESSAGES.optionColour(indexed.option.label, subjectOf(item, field.name), field.label, value, colour),
          });
        }
      }
    }
  }
  return out;
}
