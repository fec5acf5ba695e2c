import { DECISION_FACT_ATTRIBUTE, DECISION_TEXTS, type DecisionContent } from '@clearing-desk/contracts';
import { Heading, Hr, Link, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { EMAIL_STYLES, EmailLayout } from './email-layout';

export type DecisionEmailProps = {
  /** The subject, also the document's title. */
  subject: string;
  /** The line an inbox shows beside the subject: the action and its deadline first. */
  preview: string;
  greeting: string;
  content: DecisionContent;
  statusUrl: string;
  statusLinkLabel: string;
  /** 'This link works until ...' */
  linkNote: string;
  signOff: string;
  /** A section placed after the decision's words (an automatic decision's safeguards), when the email has one. */
  extra?: ReactNode;
};

const { text, h1, h2, notice: deadline, link, list } = EMAIL_STYLES;

/**
 * A decision email (every kind: offer, interview invitation, received, referred, pooled,
 * rejected, withdrawn). The words come from the contracts' decisionContent, the same the status
 * page shows; React escapes every value, so a name like `<b>Ann</b>` arrives as text. Which
 * status sends what, and the deadlines: docs/domain/emails.md.
 * Order (DfE Apply's habit): the decision, what to do next and by when, then the details.
 */
export function DecisionEmail({ subject, preview, greeting, content, statusUrl, statusLinkLabel, linkNote, signOff, extra }: DecisionEmailProps) {
  const next = content.nextSteps;
  return (
    <EmailLayout subject={subject} preview={preview}>
      <Text style={text}>{greeting}</Text>
      <Heading as="h1" style={h1}>
        {content.heading}
      </Heading>
      {content.paragraphs.map((p) => (
        <Text key={p} style={text}>
          {p}
        </Text>
      ))}
      {next && (
        <Section>
          <Heading as="h2" style={h2}>
            {next.heading}
          </Heading>
          {next.lead.map((p, i) => (
            <Text key={p} style={i === 0 && next.deadline ? deadline : text}>
              {p}
            </Text>
          ))}
          {next.steps.length > 0 && (
            <ol style={list}>
              {next.steps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          )}
          {next.after.map((p) => (
            <Text key={p} style={text}>
              {p}
            </Text>
          ))}
        </Section>
      )}
      <Section>
        <Heading as="h2" style={h2}>
          {DECISION_TEXTS.FACTS}
        </Heading>
        <ul style={list}>
          {content.facts.map((f) => (
            <li key={f.key} {...{ [DECISION_FACT_ATTRIBUTE]: f.key }}>
              {f.label}: <strong>{f.value}</strong>
            </li>
          ))}
        </ul>
      </Section>
      <Section>
        <ul style={list}>
          {content.details.map((d) => (
            <li key={d.key}>
              {d.key}:{' '}
              {d.href ? (
                <Link href={d.href} style={link}>
                  {d.value}
                </Link>
              ) : (
                d.value
              )}
            </li>
          ))}
        </ul>
      </Section>
      {content.lists.map((l) => (
        <Section key={l.heading}>
          <Heading as="h2" style={h2}>
            {l.heading}
          </Heading>
          <ul style={list}>
            {l.items.map((item) => (
              <li key={item.text}>
                {item.href ? (
                  <Link href={item.href} style={link}>
                    {item.text}
                  </Link>
                ) : (
                  item.text
                )}
              </li>
            ))}
          </ul>
        </Section>
      ))}
      {extra}
      <Text style={text}>
        <Link href={statusUrl} style={link}>
          {statusLinkLabel}
        </Link>
      </Text>
      <Text style={text}>{linkNote}</Text>
      <Text style={text}>{content.contact}</Text>
      <Hr />
      <Text style={text}>{signOff}</Text>
    </EmailLayout>
  );
}
