import { Text } from '@react-email/components';
import { EMAIL_STYLES, EmailLayout } from './email-layout';

export type StaffEmailProps = { subject: string; lines: readonly string[] };

/**
 * An email to staff (the nightly reconciliation's differences): one paragraph per line, the words
 * as contracts wrote them (reconciliationEmail); React escapes every value.
 */
export function StaffEmail({ subject, lines }: StaffEmailProps) {
  return (
    <EmailLayout subject={subject} preview={subject}>
      {lines.map((line, i) => (
        <Text key={i} style={EMAIL_STYLES.text}>
          {line}
        </Text>
      ))}
    </EmailLayout>
  );
}
