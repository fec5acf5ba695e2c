import { isSciencesCourse, SECOND_YEAR_ENTRY_OPTIONS, SECOND_YEAR_TEXTS } from '@clearing-desk/contracts';
import { FORM_TEXTS } from '../texts';
import { textOf } from '../utils/form-values';
import { useApplicationForm } from './application-form-provider';
import { DocumentUploads } from './document-uploads';
import { FormField } from './form-field';
import { QualificationGroupEditor } from './qualification-group-editor';

/**
 * Step 2: year of entry, previous university study, the GCSE group, the qualifications group and
 * the document uploads of the course's categories (spec sections 2 and 3). The public get a short
 * hint; staff the adviser checklist.
 */
export function QualificationsFields() {
  const { course, qualOptions, values, audience } = useApplicationForm();
  const allowSecondYear = course.ALLOW_SECOND_YEAR_ENTRY;
  // Spec section 4: without second-year entry the Second Year option is removed.
  const yearOptions = allowSecondYear ? SECOND_YEAR_ENTRY_OPTIONS : SECOND_YEAR_ENTRY_OPTIONS.filter((o) => o.value === '0');
  const hasGcseTypes = qualOptions.some((o) => o.group === 'GCSE_QUALIFICATIONS');

  return (
    <>
      {audience === 'staff' ? (
        <ul className="cd-list cd-list--bullet cd-adviser-checklist">
          {FORM_TEXTS.ADVISER_CHECKLIST.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <>
          <p className="cd-body">{FORM_TEXTS.QUALIFICATIONS_INTRO}</p>
          {isSciencesCourse(course) && <p className="cd-body">{FORM_TEXTS.SCIENCES_GCSE_HINT}</p>}
          <p className="cd-body">{FORM_TEXTS.ENGLISH_TEST_HINT}</p>
        </>
      )}

      <FormField
        name="SECOND_YEAR_ENTRY"
        options={yearOptions}
        hint={allowSecondYear ? undefined : SECOND_YEAR_TEXTS.FIRST_YEAR_ONLY}
        after={textOf(values, 'SECOND_YEAR_ENTRY') === '1' ? <p className="cd-inset-text">{SECOND_YEAR_TEXTS.SECOND_YEAR_SELECTED}</p> : null}
      />
      <FormField name="PREVIOUS_UNI_STUDY" after={textOf(values, 'PREVIOUS_UNI_STUDY') === '1' ? <FormField name="PREVIOUS_STUDY_NOTES" /> : null} />

      {hasGcseTypes && <QualificationGroupEditor group="GCSE_QUALIFICATIONS" />}
      <QualificationGroupEditor group="QUALIFICATIONS" />
      <DocumentUploads />
    </>
  );
}
