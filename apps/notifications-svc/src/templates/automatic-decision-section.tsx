import { AUTOMATIC_DECISION_TEXTS } from '@clearing-desk/contracts';
import { Heading, Link, Section, Text } from '@react-email/components';
import { EMAIL_STYLES } from './email-layout';

export type AutomaticDecisionSectionProps = {
  /** The decision's reasons (contracts automaticDecisionReasons). */
  reasons: readonly string[];
  /** The status page's 'Ask for a person to review this decision' page. */
  reviewUrl: string;
};

const { text, h2, link, list } = EMAIL_STYLES;

/**
 * Tells the applicant a decision was made automatically, with its reasons and the link to ask for
 * a person to review it (UK GDPR Article 22 safeguards); the same words as the confirmation and
 * the status page (AUTOMATIC_DECISION_TEXTS). A section of its own beside the decision's words.
 */
export function AutomaticDecisionSection({ reasons, reviewUrl }: AutomaticDecisionSectionProps) {
  return (
    <Section>
      <Heading as="h2" style={h2}>
        {AUTOMATIC_DECISION_TEXTS.HEADING}
      </Heading>
      <Text style={text}>{AUTOMATIC_DECISION_TEXTS.MADE_AUTOMATICALLY}</Text>
      {reasons.length > 0 ? (
        <>
          <Text style={text}>{AUTOMATIC_DECISION_TEXTS.REASONS}:</Text>
          <ul style={list}>
            {reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      ) : (
        <Text style={text}>{AUTOMATIC_DECISION_TEXTS.REASONS_ABOVE}</Text>
      )}
      <Text style={text}>{AUTOMATIC_DECISION_TEXTS.RIGHT}</Text>
      <Text style={text}>
        <Link href={reviewUrl} style={link}>
          {AUTOMATIC_DECISION_TEXTS.LINK}
        </Link>
      </Text>
    </Section>
  );
}
