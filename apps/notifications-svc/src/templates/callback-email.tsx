import { Heading, Link, Text } from '@react-email/components';
import { EMAIL_STYLES, EmailLayout } from './email-layout';

export type CallbackEmailProps = {
  subject: string;
  greeting: string;
  heading: string;
  /** 'We will call you on Monday 17 August between 10:00 and 10:15' (contracts callbackConfirmation), or its callbackCancellation. */
  confirmation: string;
  /** Keep your phone with you (a booking); null for a cancellation. */
  phoneNote: string | null;
  statusUrl: string;
  changeLabel: string;
  signOff: string;
};

const { text, h1, notice, link } = EMAIL_STYLES;

/**
 * The confirmation of a callback the applicant booked (docs/domain/work-queue.md "Callbacks"):
 * when we will call, and the status page to change or cancel it; or its cancellation, with the
 * status page to book another time. The words are the contracts'
 * CALLBACK_TEXTS and callbackConfirmation, the same the status page shows; React escapes every value.
 */
export function CallbackEmail({ subject, greeting, heading, confirmation, phoneNote, statusUrl, changeLabel, signOff }: CallbackEmailProps) {
  return (
    <EmailLayout subject={subject} preview={confirmation}>
      <Text style={text}>{greeting}</Text>
      <Heading as="h1" style={h1}>
        {heading}
      </Heading>
      <Text style={notice}>{confirmation}.</Text>
      {phoneNote && <Text style={text}>{phoneNote}</Text>}
      <Text style={text}>
        <Link href={statusUrl} style={link}>
          {changeLabel}
        </Link>
      </Text>
      <Text style={text}>{signOff}</Text>
    </EmailLayout>
  );
}
