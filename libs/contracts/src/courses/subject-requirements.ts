import { z } from 'zod';
import { REQUIREMENT_GRADES, REQUIREMENT_QUALIFICATIONS, type RequirementQualification, type SubjectRequirement } from './subject-requirement-sentence';

/** Texts course control shows for a requirement it cannot store. */
export const SUBJECT_REQUIREMENT_MESSAGES = {
  SUBJECTS: 'Name at least one subject for each requirement.',
  GRADES: 'Give a minimum grade for at least one qualification type.',
  GRADE: (type: string, grade: string) => `'${grade}' is not a grade of ${type}.`,
  COUNT: 'The number of subjects required cannot be more than the subjects named.',
} as const;

const subjectName = z.string().trim().min(1, { error: SUBJECT_REQUIREMENT_MESSAGES.SUBJECTS }).max(80);
const typeSchema = z.enum(REQUIREMENT_QUALIFICATIONS);

/**
 * One SUBJECT_REQUIREMENTS entry (domain.md "Traffic light"; rule and sentence in
 * subject-requirement-sentence.ts, rule in assessment/subject-requirements.ts): subjects (any of), how many of them, and the minimum grade per
 * qualification type, each grade one of that type's REQUIREMENT_GRADES.
 */
export const subjectRequirementSchema = z
  .strictObject({
    subjects: z.array(subjectName).min(1, { error: SUBJECT_REQUIREMENT_MESSAGES.SUBJECTS }).max(20),
    count: z.number().int().min(1).max(5),
    minimumGrade: z.partialRecord(typeSchema, z.string().trim()),
    equivalentSubjects: z.partialRecord(typeSchema, z.array(subjectName).min(1).max(20)).optional(),
  })
  .superRefine((value, ctx) => {
    const types = Object.keys(value.minimumGrade) as RequirementQualification[];
    if (types.length === 0) ctx.addIssue({ code: 'custom', message: SUBJECT_REQUIREMENT_MESSAGES.GRADES, path: ['minimumGrade'] });
    for (const type of types) {
      const grade = value.minimumGrade[type] ?? '';
      if (!REQUIREMENT_GRADES[type].includes(grade))
        ctx.addIssue({ code: 'custom', message: SUBJECT_REQUIREMENT_MESSAGES.GRADE(type, grade), path: ['minimumGrade', type] });
    }
    if (value.count > value.subjects.length) ctx.addIssue({ code: 'custom', message: SUBJECT_REQUIREMENT_MESSAGES.COUNT, path: ['count'] });
  }) satisfies z.ZodType<SubjectRequirement>;

/** SUBJECT_REQUIREMENTS of a course: every entry must be met; none for a course without subject requirements. */
export const subjectRequirementsSchema = z.array(subjectRequirementSchema).max(6);
