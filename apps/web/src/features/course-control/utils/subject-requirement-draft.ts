import { REQUIREMENT_QUALIFICATIONS, type RequirementQualification, type SubjectRequirement } from '@clearing-desk/contracts';

/** A requirement as course control's inputs hold it: comma lists and text, grades by type ('' none). */
export type RequirementDraft = {
  subjects: string;
  count: string;
  grades: Partial<Record<RequirementQualification, string>>;
  own: Partial<Record<RequirementQualification, string>>;
};

const commaList = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The inputs of a stored requirement. */
export function draftFromRequirement(requirement: SubjectRequirement): RequirementDraft {
  const own: RequirementDraft['own'] = {};
  for (const [type, subjects] of Object.entries(requirement.equivalentSubjects ?? {})) own[type as RequirementQualification] = (subjects ?? []).join(', ');
  return { subjects: requirement.subjects.join(', '), count: String(requirement.count), grades: { ...requirement.minimumGrade }, own };
}

/**
 * The requirement the inputs describe, in the contract's shape, complete or not (what is saved:
 * the contract's subjectRequirementSchema refuses an incomplete one with its message). A count
 * that is not a whole number is kept as NaN for the contract to refuse.
 */
export function rawRequirement(draft: RequirementDraft): SubjectRequirement {
  const subjects = commaList(draft.subjects);
  const minimumGrade: SubjectRequirement['minimumGrade'] = {};
  const equivalentSubjects: NonNullable<SubjectRequirement['equivalentSubjects']> = {};
  for (const type of REQUIREMENT_QUALIFICATIONS) {
    const grade = draft.grades[type] ?? '';
    if (!grade) continue;
    minimumGrade[type] = grade;
    const own = commaList(draft.own[type] ?? '');
    if (own.length > 0) equivalentSubjects[type] = own;
  }
  const count = /^\d+$/.test(draft.count.trim()) ? Number(draft.count.trim()) : Number.NaN;
  const requirement: SubjectRequirement = { subjects, count, minimumGrade };
  if (Object.keys(equivalentSubjects).length > 0) requirement.equivalentSubjects = equivalentSubjects;
  return requirement;
}

/** The requirement for the preview; null while it names no subject or no grade (the preview says so). */
export function requirementFromDraft(draft: RequirementDraft): SubjectRequirement | null {
  const requirement = rawRequirement(draft);
  return requirement.subjects.length === 0 || Object.keys(requirement.minimumGrade).length === 0 ? null : requirement;
}

/** The drafts as the form keeps them (one string per field). */
export const draftsText = (drafts: readonly RequirementDraft[]): string => JSON.stringify(drafts);
/** The drafts of the form's string. */
export const draftsOf = (text: string): RequirementDraft[] => JSON.parse(text) as RequirementDraft[];
