import { subjectRequirementSentences, type CourseData } from '@clearing-desk/contracts';

type SubjectRequirementsProps = {
  course: Pick<CourseData, 'SUBJECT_REQUIREMENTS'> & { assessmentInfo?: Pick<CourseData['assessmentInfo'], 'priorEntry'> | undefined };
  /** Where the list sits, for its class: the course page's summary row or the staff feedback panel. */
  className?: string;
};

/**
 * A course's subject requirements in plain words (domain.md "Traffic light": the sentence of
 * contracts' subjectRequirementSentence, the same the assessment's explanation names), and the prior
 * qualification of a graduate or registered-nurse entry course. Nothing for a course without either.
 */
export function SubjectRequirements({ course, className = 'cd-list cd-subject-requirements' }: SubjectRequirementsProps) {
  const sentences = [course.assessmentInfo?.priorEntry ?? '', ...subjectRequirementSentences(course.SUBJECT_REQUIREMENTS)].filter(Boolean);
  if (sentences.length === 0) return null;
  return (
    <ul className={className}>
      {sentences.map((sentence) => (
        <li key={sentence}>{sentence}</li>
      ))}
    </ul>
  );
}
