import {
  REQUIREMENT_GRADES,
  REQUIREMENT_QUALIFICATION_NAMES,
  REQUIREMENT_QUALIFICATIONS,
  subjectRequirementSentence,
  type RequirementQualification,
  type SubjectRequirement,
} from '@clearing-desk/contracts';
import { Button, Select, TextInput } from '@clearing-desk/ui';
import { COURSE_CONTROL_TEXTS as T } from '../texts';
import { requirementFromDraft, type RequirementDraft } from '../utils/subject-requirement-draft';

type SubjectRequirementsEditorProps = {
  drafts: RequirementDraft[];
  onChange: (drafts: RequirementDraft[]) => void;
  error?: string | undefined;
};

const EMPTY: RequirementDraft = { subjects: '', count: '1', grades: {}, own: {} };
/** Types whose subjects differ from the A Level ones (a BTEC in Engineering for Mathematics and Physics). */
const OWN_SUBJECT_TYPES: ReadonlySet<RequirementQualification> = new Set(['BTEC_EXTENDED_DIPLOMA', 'T_LEVEL', 'ACCESS_HE']);

/**
 * Course control's editor of SUBJECT_REQUIREMENTS (domain.md "Traffic light"): per requirement the
 * subjects (any of, comma list), how many, the minimum grade per qualification type (blank: the type
 * does not meet it) and, for vocational types, their own subjects; under each, a preview of the
 * sentence the course page and the assessment show.
 */
export function SubjectRequirementsEditor({ drafts, onChange, error }: SubjectRequirementsEditorProps) {
  const update = (at: number, change: Partial<RequirementDraft>) => onChange(drafts.map((d, i) => (i === at ? { ...d, ...change } : d)));
  return (
    <fieldset className="cd-fieldset" id="course-subject-requirements" aria-describedby={error ? 'course-subject-requirements-error' : undefined}>
      <legend className="cd-fieldset__legend cd-heading-m">{T.REQUIREMENTS_LEGEND}</legend>
      <p className="cd-body">{T.REQUIREMENTS_INTRO}</p>
      {error && (
        <p className="cd-error-message" id="course-subject-requirements-error">
          <span className="cd-visually-hidden">Error:</span> {error}
        </p>
      )}
      {drafts.length === 0 && <p className="cd-body">{T.REQUIREMENTS_NONE}</p>}
      {drafts.map((draft, at) => {
        const n = at + 1;
        const requirement: SubjectRequirement | null = requirementFromDraft(draft);
        return (
          <fieldset className="cd-fieldset cd-requirement" key={at}>
            <legend className="cd-fieldset__legend cd-heading-s">{T.REQUIREMENT_LEGEND(n)}</legend>
            <TextInput
              id={`requirement-${n}-subjects`}
              label={T.REQUIREMENT_SUBJECTS}
              hint={T.REQUIREMENT_SUBJECTS_HINT}
              value={draft.subjects}
              autoComplete="off"
              onChange={(event) => update(at, { subjects: event.target.value })}
            />
            <TextInput
              id={`requirement-${n}-count`}
              label={T.REQUIREMENT_COUNT}
              value={draft.count}
              inputMode="numeric"
              width="2"
              onChange={(event) => update(at, { count: event.target.value })}
            />
            {REQUIREMENT_QUALIFICATIONS.map((type) => (
              <div key={type}>
                <Select
                  id={`requirement-${n}-${type.toLowerCase()}`}
                  label={T.REQUIREMENT_GRADE(REQUIREMENT_QUALIFICATION_NAMES[type])}
                  placeholder={T.REQUIREMENT_NOT_ACCEPTED}
                  options={REQUIREMENT_GRADES[type].map((g) => ({ value: g, label: g }))}
                  value={draft.grades[type] ?? ''}
                  onChange={(event) => update(at, { grades: { ...draft.grades, [type]: event.target.value } })}
                />
                {OWN_SUBJECT_TYPES.has(type) && (draft.grades[type] ?? '') !== '' && (
                  <TextInput
                    id={`requirement-${n}-${type.toLowerCase()}-subjects`}
                    label={T.REQUIREMENT_OWN_SUBJECTS(REQUIREMENT_QUALIFICATION_NAMES[type])}
                    hint={T.REQUIREMENT_OWN_SUBJECTS_HINT}
                    value={draft.own[type] ?? ''}
                    autoComplete="off"
                    onChange={(event) => update(at, { own: { ...draft.own, [type]: event.target.value } })}
                  />
                )}
              </div>
            ))}
            <section aria-label={T.REQUIREMENT_PREVIEW(n)} className="cd-inset-text">
              <h3 className="cd-heading-s">{T.REQUIREMENT_PREVIEW(n)}</h3>
              <p className="cd-body" data-testid={`requirement-${n}-preview`}>
                {requirement ? subjectRequirementSentence(requirement) : T.REQUIREMENT_INCOMPLETE}
              </p>
            </section>
            <Button variant="secondary" type="button" onClick={() => onChange(drafts.filter((_, i) => i !== at))}>
              {T.REQUIREMENT_REMOVE(n)}
            </Button>
          </fieldset>
        );
      })}
      <Button variant="secondary" type="button" onClick={() => onChange([...drafts, EMPTY])}>
        {T.REQUIREMENT_ADD}
      </Button>
    </fieldset>
  );
}
