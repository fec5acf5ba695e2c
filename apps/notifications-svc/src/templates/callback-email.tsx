import { Body, Container, Head, Heading, Html, Link, Preview, Text } from '@react-email/components';
import type { CSSProperties } from 'react';

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

// The decision email's look: one column, 16px text, dark on white, underlined links, no images.
const body: CSSProperties = { backgroundColor: '#ffffff', color: '#0b0c0c', fontFamily: 'Arial, Helvetica, sans-serif', margin: 0 };
const container: CSSProperties = { maxWidth: '600px', width: '100%', padding: '16px', boxSizing: 'border-box', overflowWrap: 'anywhere' };
const text: CSSProperties = { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' };
const h1: CSSProperties = { fontSize: '28px', lineHeight: '32px', margin: '0 0 16px' };
const strong: CSSProperties = { ...text, fontWeight: 'bold', borderLeft: '6px solid #1d70b8', paddingLeft: '12px' };
const link: CSSProperties = { color: '#1d70b8', textDecoration: 'underline' };

/**
 * The confirmation of a callback the applicant booked (docs/domain/work-queue.md "Callbacks"):
 * when we will call, and the status page to change or cancel it; or its cancellation, with the
 * status page to book another time. The words are the contracts'
 * CALLBACK_TEXTS and callbackConfirmation, the same the status page shows; React escapes every value.
 */
export function CallbackEmail({ subject, greeting, heading, confirmation, phoneNote, statusUrl, changeLabel, signOff }: CallbackEmailProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </Head>
      <Preview>{confirmation}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Text style={text}>{greeting}</Text>
          <Heading as="h1" style={h1}>
            {heading}
          </Heading>
          <Text style={strong}>{confirmation}.</Text>
          {phoneNote && <Text style={text}>{phoneNote}</Text>}
          <Text style={text}>
            <Link href={statusUrl} style={link}>
              {changeLabel}
            </Link>
          </Text>
          <Text style={text}>{signOff}</Text>
        </Container>
      </Body>
    </Html>
  );
}
