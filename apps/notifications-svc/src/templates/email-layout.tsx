import { Body, Container, Head, Html, Preview } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The look every email shares: one column, 16px text, dark on white (contrast above WCAG AA),
 * underlined links, no images, so it reads on a phone and by a screen reader.
 */
export const EMAIL_STYLES = {
  body: { backgroundColor: '#ffffff', color: '#0b0c0c', fontFamily: 'Arial, Helvetica, sans-serif', margin: 0 },
  // Fluid up to 600 px: at 320-400 px the one column fills the screen and long words (links, codes) wrap.
  container: { maxWidth: '600px', width: '100%', padding: '16px', boxSizing: 'border-box', overflowWrap: 'anywhere' },
  text: { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  h1: { fontSize: '28px', lineHeight: '32px', margin: '0 0 16px' },
  h2: { fontSize: '20px', lineHeight: '28px', margin: '24px 0 8px' },
  link: { color: '#1d70b8', textDecoration: 'underline' },
  /** The one sentence that matters most (a deadline, a booked time): bold, with a blue bar. */
  notice: { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px', fontWeight: 'bold', borderLeft: '6px solid #1d70b8', paddingLeft: '12px' },
  list: { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px', paddingLeft: '24px' },
} satisfies Record<string, CSSProperties>;

export type EmailLayoutProps = {
  /** The subject, also the document's title. */
  subject: string;
  /** The line an inbox shows beside the subject. */
  preview: string;
  children: ReactNode;
};

/** The document around every email's words: language, phone viewport, title, inbox preview, and the one column. */
export function EmailLayout({ subject, preview, children }: EmailLayoutProps) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        {/* Without it a phone lays the email out 980 px wide and shrinks it (text about 6 px at 390 px). */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={EMAIL_STYLES.body}>
        <Container style={EMAIL_STYLES.container}>{children}</Container>
      </Body>
    </Html>
  );
}
