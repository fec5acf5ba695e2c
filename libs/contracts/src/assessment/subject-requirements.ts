import {
  REQUIREMENT_GCSE_LETTER,
  REQUIREMENT_GRADES,
  REQUIREMENT_QUALIFICATIONS,
  subjectRequirementSentence,
  type RequirementQualification,
  type SubjectRequirement,
} from '../courses/subject-requirement-sentence';
import { IB_SUBJECT_SLOTS } from '../qualifications/catalogue';
import type { Explanation } from './assessment';
import type { QualificationItem } from './assess-form';
import { gradeRank, normaliseSubject } from './resits';
import { itemValue } from './validate-qualification-items';

/** 'a, b or c'. */
const orList = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`);

/** The types of a requirement in sentence order. */
const typesOf = (requirement: SubjectRequirement): RequirementQualification[] =>
  REQUIREMENT_QUALIFICATIONS.filter((type) => requirement.minimumGrade[type] !== undefined);

/** A subject name of an item matches a requirement's subject: same words, or the same words then a qualifier ('Mathematics: Analysis and Approaches'). */
function subjectMatches(given: string, wanted: string): boolean {
  const g = normaliseSubject(given);
  const w = normaliseSubject(wanted);
  if (!g || !w) return false;
  return g === w || (g.startsWith(w) && /^[^a-z0-9]/.test(g.slice(w.length)));
}

/**
 * A subject of another type's own list matches as whole words anywhere in the item's subject: a
 * T Level 'Design and Development for Engineering and Manufacturing' is an 'Engineering' one.
 */
function containsWords(given: string, wanted: string): boolean {
  const g = ` ${normaliseSubject(given).replace(/[^a-z0-9]+/g, ' ')} `;
  const w = normaliseSubject(wanted)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return w !== '' && g.includes(` ${w} `);
}

/** Whether `grade` of type `type` is at or above `minimum`. */
function gradeMeets(type: RequirementQualification, grade: string, minimum: string): boolean {
  if (type === 'IBO') return Number(grade) >= Number(minimum);
  if (type === 'GCSE') {
    const letter = REQUIREMENT_GCSE_LETTER[minimum];
    const asNumber = gradeRank('GCSE', grade);
    if (/^\d$/.test(grade)) return asNumber >= Number(minimum);
    return letter !== undefined && asNumber >= gradeRank('GCSE', letter);
  }
  const list = REQUIREMENT_GRADES[type];
  const at = list.indexOf(grade);
  const min = list.indexOf(minimum);
  return at >= 0 && min >= 0 && at <= min;
}

/** [subject, grade] pairs an item gives for a type (IB: each Higher Level slot; Access to HE: the subject at its best credit grade). */
function subjectGrades(item: QualificationItem, type: RequirementQualification): [string, string][] {
  if (type === 'IBO') {
    return IB_SUBJECT_SLOTS.map((n): [string, string] => [itemValue(item, `HL_SUBJECT_${n}`), itemValue(item, `HL_GRADE_${n}`)]).filter(([s, g]) => s && g);
  }
  if (type === 'ACCESS_HE') {
    const credits = (field: string) => Number(itemValue(item, field) || '0');
    const grade = credits('DISTINCTION_CREDITS') > 0 ? 'Distinction' : credits('MERIT_CREDITS') > 0 ? 'Merit' : credits('PASS_CREDITS') > 0 ? 'Pass' : '';
    return grade ? [[itemValue(item, 'SUBJECT'), grade]] : [];
  }
  // ABRSM Grade 8 is a music examination whatever the instrument.
  if (type === 'ABRSM_GRADE_8') return [['Music', itemValue(item, 'GRADE')]];
  return [[itemValue(item, 'SUBJECT'), itemValue(item, 'GRADE')]];
}

/** The item types a requirement type reads (a GCSE requirement reads IGCSE too). */
const ITEM_TYPES: Readonly<Record<RequirementQualification, readonly string[]>> = {
  ALEVEL: ['ALEVEL'],
  IBO: ['IBO'],
  SCOTTISH_ADVANCED_HIGHER: ['SCOTTISH_ADVANCED_HIGHER'],
  SCOTTISH_HIGHER: ['SCOTTISH_HIGHER'],
  IRISH_LC_HIGHER: ['IRISH_LC_HIGHER'],
  BTEC_EXTENDED_DIPLOMA: ['BTEC_EXTENDED_DIPLOMA'],
  T_LEVEL: ['T_LEVEL'],
  ACCESS_HE: ['ACCESS_HE'],
  ABRSM_GRADE_8: ['ABRSM_GRADE_8'],
  GCSE: ['GCSE', 'IGCSE'],
};

/**
 * Whether the items meet one requirement: `count` different subjects of the requirement, each in
 * some type at or above that type's minimum; an item in one of a type's `equivalentSubjects` at
 * its minimum meets the whole requirement.
 */
export function meetsSubjectRequirement(requirement: SubjectRequirement, items: readonly QualificationItem[]): boolean {
  const met = new Set<string>();
  for (const type of typesOf(requirement)) {
    const minimum = requirement.minimumGrade[type] ?? '';
    const equivalent = requirement.equivalentSubjects?.[type];
    for (const item of items) {
      if (!ITEM_TYPES[type].includes(item.QUALIFICATION)) continue;
      for (const [subject, grade] of subjectGrades(item, type)) {
        if (!gradeMeets(type, grade, minimum)) continue;
        if (equivalent) {
          if (equivalent.some((w) => containsWords(subject, w))) return true;
          continue;
        }
        const wanted = requirement.subjects.find((w) => subjectMatches(subject, w));
        if (wanted) met.add(normaliseSubject(wanted));
      }
    }
  }
  return met.size >= requirement.count;
}

/** The A explanation's tail: an OTHER item a person may judge as the equivalent. */
export const subjectRequirementOtherMessage = (sentence: string, titles: readonly string[]): string =>
  `${sentence} An admissions adviser must check whether ${orList(titles.map((t) => `'${t}'`))} meets it.`;

/**
 * The subject-requirement rule of the traffic light (domain.md "Traffic light", rule 3): one
 * explanation per requirement the form does not meet, R with the requirement's sentence, or A
 * (with the sentence and the OTHER items named) when the form holds an OTHER qualification that
 * could be the equivalent, for a person to check. `items` are both groups (GCSE-level and
 * QUALIFICATIONS; a resit's best attempt is enough). Pure.
 */
export function subjectRequirementExplanations(
  requirements: readonly SubjectRequirement[] | undefined | null,
  items: readonly QualificationItem[],
): Explanation[] {
  const others = items.filter((item) => item.QUALIFICATION === 'OTHER').map((item) => itemValue(item, 'TITLE') || 'Other qualification');
  const out: Explanation[] = [];
  for (const requirement of requirements ?? []) {
    if (meetsSubjectRequirement(requirement, items)) continue;
    const sentence = subjectRequirementSentence(requirement);
    out.push(others.length > 0 ? { STATUS: 'A', MESSAGE: subjectRequirementOtherMessage(sentence, others) } : { STATUS: 'R', MESSAGE: sentence });
  }
  return out;
}
