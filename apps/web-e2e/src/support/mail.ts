import { expect } from '@playwright/test';
import { caughtAttachment, caughtEmails, type CaughtEmail } from '@clearing-desk/stack';

/** The stack's mail catcher, set by global-setup.ts. */
const inbox = (): string => {
  const url = process.env.E2E_MAIL_INBOX;
  if (!url) throw new Error('E2E_MAIL_INBOX is not set: the stack started no mail catcher');
  return url;
};

/**
 * Waits until the mail catcher holds an email to `address` whose subject matches, and answers it
 * (the decision's outbox relay and notifications-svc's worker run on their own: seconds).
 */
export async function emailTo(address: string, subject: RegExp): Promise<CaughtEmail> {
  let found: CaughtEmail | undefined;
  await expect
    .poll(
      async () => {
        found = (await caughtEmails(inbox())).find((m) => m.to.some((t) => t.address === address) && subject.test(m.subject));
        return found !== undefined;
      },
      { timeout: 60_000, message: `an email to ${address} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** Every email to `address` (oldest first). */
export async function emailsTo(address: string): Promise<CaughtEmail[]> {
  return (await caughtEmails(inbox())).filter((m) => m.to.some((t) => t.address === address));
}

/** The status page link an email gives (`/review/{hash}`), as a path of the stack under test. */
export function statusLink(email: CaughtEmail): string {
  const match = /https?:\/\/[^\s"]+\/review\/[A-Za-z0-9_-]+/.exec(email.text ?? '');
  if (!match) throw new Error(`no status page link in: ${email.text}`);
  return new URL(match[0]).pathname;
}

/** The text of the attachment of `email` whose file name is `fileName` (e.g. a calendar invitation). */
export async function attachmentOf(email: CaughtEmail, fileName: string): Promise<string> {
  const found = email.attachments?.find((a) => (a.fileName ?? a.filename ?? a.generatedFileName) === fileName);
  if (!found) throw new Error(`no attachment ${fileName} in: ${JSON.stringify(email.attachments ?? [])}`);
  return caughtAttachment(inbox(), email.id, found.generatedFileName);
}
