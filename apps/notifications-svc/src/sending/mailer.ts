import nodemailer from 'nodemailer';
import { isEmailAddress } from '@clearing-desk/contracts';
import type { NotificationsConfig } from '../config';
import { oneLine } from './render-email';

/** An SMTP answer: accepted, or refused (temporary or permanent). */
export type SendResult = { response: string };

/** Thrown for an attempt the SMTP server refused for good (a 5xx answer): retrying cannot help. */
export class PermanentSendError extends Error {
  constructor(
    message: string,
    readonly smtpResponse: string | null,
  ) {
    super(message);
    this.name = 'PermanentSendError';
  }
}

export type OutgoingEmail = {
  /** The key of this email (outbox id, or a resend's own id): its Message-ID is derived from it. */
  messageId: string;
  /** The recipient's address only: no display name, so nothing an applicant typed reaches a header but the address. */
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Files sent with it (a callback's .ics); none when absent or null. */
  attachments?: { filename: string; contentType: string; content: string }[] | null;
};

/** The domain of MAIL_FROM ('Clearing <clearing@uni.ac.uk>' -> 'uni.ac.uk'), for Message-IDs. */
export function mailDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'clearing-desk.invalid';
}

/**
 * The Message-ID of an email, derived from its key (the outbox id): a repeat after a worker died
 * between the SMTP server's acceptance and recording it carries the same Message-ID, so mail
 * systems and the applicant's client can tell it is the same message (RFC 5322 section 3.6.4).
 */
export const messageIdFor = (key: string, from: string): string => `<${key}@${mailDomain(from)}>`;

/**
 * nodemailer over SMTP_URL (a pool of connections), with MAIL_FROM and MAIL_REPLY_TO. Every
 * header value is one line (oneLine) and nodemailer encodes non-ASCII text, so nothing an
 * applicant typed can start a header of its own. A 5xx answer (or an address that is not one)
 * throws PermanentSendError; anything else (connection refused, timeout, 4xx) is temporary.
 */
export function createMailer(config: Pick<NotificationsConfig, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_REPLY_TO' | 'SMTP_TIMEOUT_MS'>) {
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    pool: true,
    maxConnections: 4,
    connectionTimeout: config.SMTP_TIMEOUT_MS,
    greetingTimeout: config.SMTP_TIMEOUT_MS,
    socketTimeout: config.SMTP_TIMEOUT_MS,
  });
  return {
    async send(email: OutgoingEmail): Promise<SendResult> {
      const address = email.to.trim();
      if (!isEmailAddress(address)) throw new PermanentSendError(`not an email address: ${JSON.stringify(address).slice(0, 80)}`, null);
      try {
        const info = (await transport.sendMail({
          from: config.MAIL_FROM,
          ...(config.MAIL_REPLY_TO ? { replyTo: config.MAIL_REPLY_TO } : {}),
          to: address,
          subject: oneLine(email.subject),
          html: email.html,
          text: email.text,
          messageId: email.messageId,
          ...(email.attachments?.length ? { attachments: email.attachments.map((a) => ({ ...a })) } : {}),
        })) as { response?: string };
        return { response: info.response ?? '' };
      } catch (err) {
        const e = err as { responseCode?: number; response?: string; message?: string };
        if (typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600) {
          throw new PermanentSendError(e.response ?? e.message ?? 'refused', e.response ?? null);
        }
        throw err;
      }
    },
    close: () => transport.close(),
  };
}
export type Mailer = ReturnType<typeof createMailer>;
