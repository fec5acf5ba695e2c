import { READ_BACK_TEXTS, readBackQualification, type QualificationItem, type QualOption } from '@clearing-desk/contracts';
import type { ReactNode } from 'react';

type StaffReviewProps = {
  /** No validation errors remain (the submit step knows; spec section 2 "when complete"). */
  complete: boolean;
  /** GCSE_QUALIFICATIONS and QUALIFICATIONS of the form, in the order entered. */
  qualifications: readonly QualificationItem[];
  qualOptions: readonly QualOption[];
  /** The feedback script, e.g. <FeedbackPanel … />, shown only once the form is complete. */
  script: ReactNode;
};

/**
 * What staff add to the Review Application tab (spec section 2), for the submit step's
 * `beforeSubmit` slot: the qualifications laid out to read back to the caller (numbered), then the
 * feedback script once every field is complete. The incomplete-fields, no-vacancies, suspended and
 * duplicate warnings are the form's own (features/application-form) and stay there.
 */
export function StaffReview({ complete, qualifications, qualOptions, script }: StaffReviewProps) {
  return (
    <section className="cd-call-scripts__review" aria-labelledby="read-back-heading">
      <h2 className="cd-heading-m" id="read-back-heading">
        {READ_BACK_TEXTS.HEADING}
      </h2>
      <p className="cd-body">{READ_BACK_TEXTS.HINT}</p>
      {qualifications.length === 0 ? (
        <p className="cd-body">{READ_BACK_TEXTS.NONE}</p>
      ) : (
        <ol className="cd-list cd-read-back__list" aria-labelledby="read-back-heading">
          {qualifications.map((item, i) => (
            <li key={i}>{readBackQualification(item, qualOptions)}</li>
          ))}
        </ol>
      )}
      {complete ? script : <p className="cd-body">{READ_BACK_TEXTS.SCRIPT_WHEN_COMPLETE}</p>}
    </section>
  );
}
