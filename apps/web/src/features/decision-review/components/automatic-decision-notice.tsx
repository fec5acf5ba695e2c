import { AUTOMATIC_DECISION_TEXTS } from '@clearing-desk/contracts';
import { Link } from 'react-router-dom';

export type AutomaticDecisionNoticeProps = {
  /** The decision's reasons (contracts automaticDecisionReasons); none: they are the decision's own list above. */
  reasons: readonly string[];
  /** The request page of this application. */
  reviewRequestHref: string;
};

/**
 * Tells the applicant the decision was made automatically, why, and how to ask a person to review
 * it (UK GDPR Article 22 safeguards). A section of its own, the same words as the email's.
 */
export function AutomaticDecisionNotice({ reasons, reviewRequestHref }: AutomaticDecisionNoticeProps) {
  return (
    <section aria-labelledby="automatic-decision-heading" className="cd-automatic-decision">
      <h2 className="cd-heading-m" id="automatic-decision-heading">
        {AUTOMATIC_DECISION_TEXTS.HEADING}
      </h2>
      <p className="cd-body">{AUTOMATIC_DECISION_TEXTS.MADE_AUTOMATICALLY}</p>
      {reasons.length > 0 ? (
        <>
          <p className="cd-body">{AUTOMATIC_DECISION_TEXTS.REASONS}:</p>
          <ul className="cd-list cd-list--bullet">
            {reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="cd-body">{AUTOMATIC_DECISION_TEXTS.REASONS_ABOVE}</p>
      )}
      <p className="cd-body">{AUTOMATIC_DECISION_TEXTS.RIGHT}</p>
      <p className="cd-body">
        <Link className="cd-link" to={reviewRequestHref}>
          {AUTOMATIC_DECISION_TEXTS.LINK}
        </Link>
      </p>
    </section>
  );
}
