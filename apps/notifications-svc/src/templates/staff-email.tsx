import { Body, Container, Head, Html, Preview, Text } from '@react-email/components';
import type { CSSProperties } from 'react';

export type StaffEmailProps = { subject: string; lines: readonly string[] };

const body: CSSProperties = { backgroundColor: '#ffffff', color: '#0b0c0c', fontFamily: 'Arial, Helvetica, sans-serif', margin: 0 };
const container: CSSProperties = { maxWidth: '600px', width: '100%', padding: '16px', boxSizing: 'border-box', overflowWrap: 'anywhere' };
const text: CSSProperties = { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' };

/**
 * An email to staff (the nightly reconciliation's differences): one paragraph per line, the words
 * as contracts wrote them (reconciliationEmail); React escapes every value.
 */
export function StaffEmail({ subject, lines }: StaffEmailProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </Head>
      <Preview>{subject}</Preview>
      <Body style={body}>
        <Container style={container}>
          {lines.map((line, i) => (
            <Text key={i} style={text}>
              {line}
            </Text>
          ))}
        </Container>
      </Body>
    </Html>
  );
}
