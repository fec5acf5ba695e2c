import { randomUUID } from 'node:crypto';
import { FAILED_EMAILS_LIMIT, type EmailRecord, type EmailSummary, type FailedEmailsResponse } from '@clearing-desk/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { emails, type EmailRow } from '../db/schema';
import type { NotificationsDatabase } from '../plugins/external/database';

export type NewEmail = Omit<EmailRow, 'id' | 'state' | 'attempts' | 'lastError' | 'smtpResponse' | 'queuedAt' | 'sentAt' | 'failedAt' | 'attachments'> & {
  id?: string;
  attachments?: EmailRow['attachments'];
};

/** A stored email as staff see it (History): no bodies. */
export const toEmailRecord = (row: EmailRow): EmailRecord => ({
  id: row.id,
  kind: row.kind,
  recipient: row.recipient,
  subject: row.subject,
  state: row.state,
  attempts: row.attempts,
  lastError: row.lastError,
  smtpResponse: row.smtpResponse,
  queuedAt: row.queuedAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  failedAt: row.failedAt?.toISOString() ?? null,
  resendOf: row.resendOf,
  requestedBy: row.requestedBy,
});

/**
 * The emails table. Every state change is conditional on the state it expects,
 * so two runs of one job (a stalled job taken over) cannot mark a sent email failed.
 */
export function createEmailsRepository(db: NotificationsDatabase) {
  return {
    async findByOutboxId(outboxId: string): Promise<EmailRow | undefined> {
      const [row] = await db.select().from(emails).where(eq(emails.outboxId, outboxId)).limit(1);
      return row;
    },

    async findById(id: string): Promise<EmailRow | undefined> {
      const [row] = await db.select().from(emails).where(eq(emails.id, id)).limit(1);
      return row;
    },

    /**
     * Records the email of an outbox row once: a second call for the same outbox id (a repeated
     * job) inserts nothing and answers the row stored first, with its rendering.
     */
    async insertOnce(email: NewEmail): Promise<EmailRow> {
      await db
        .insert(emails)
        .values({ ...email, id: email.id ?? randomUUID() })
        .onConflictDoNothing({ target: emails.outboxId });
      const row = await this.findByOutboxId(email.outboxId);
      if (!row) throw new Error(`email of outbox row ${email.outboxId} vanished`);
      return row;
    },

    /** Counts an attempt that is about to talk to the SMTP server. */
    async startAttempt(id: string): Promise<number> {
      const [row] = await db
        .update(emails)
        .set({ attempts: sql`${emails.attempts} + 1` })
        .where(and(eq(emails.id, id), eq(emails.state, 'queued')))
        .returning({ attempts: emails.attempts });
      return row?.attempts ?? 0;
    },

    async markSent(id: string, smtpResponse: string): Promise<void> {
      await db
        .update(emails)
        .set({ state: 'sent', smtpResponse, sentAt: sql`now()`, lastError: null })
        .where(eq(emails.id, id));
    },

    /** An attempt failed; another follows (the state stays queued). */
    async markRetry(id: string, error: string): Promise<void> {
      await db
        .update(emails)
        .set({ lastError: error })
        .where(and(eq(emails.id, id), eq(emails.state, 'queued')));
    },

    /** Refused for good, or out of attempts: a person may resend it. */
    async markFailed(id: string, error: string, smtpResponse: string | null): Promise<void> {
      await db
        .update(emails)
        .set({ state: 'failed', lastError: error, smtpResponse, failedAt: sql`now()` })
        .where(and(eq(emails.id, id), eq(emails.state, 'queued')));
    },

    /** An application's emails, oldest first (the History). */
    async listForApplication(applicationId: string): Promise<EmailRecord[]> {
      const rows = await db.select().from(emails).where(eq(emails.applicationId, applicationId)).orderBy(asc(emails.queuedAt), asc(emails.id));
      return rows.map(toEmailRecord);
    },

    /** Emails by state for some courses (the figures screen). */
    async summary(ucasCodes: readonly string[]): Promise<EmailSummary> {
      const result: EmailSummary = { queued: 0, sent: 0, failed: 0 };
      if (ucasCodes.length === 0) return result;
      const rows = await db
        .select({ state: emails.state, n: count() })
        .from(emails)
        .where(inArray(emails.ucasCode, [...ucasCodes]))
        .groupBy(emails.state);
      for (const r of rows) result[r.state] = r.n;
      return result;
    },

    /**
     * The failed emails of some courses, newest failure first, at most FAILED_EMAILS_LIMIT (`more`
     * when there were others), each with the state of its newest resend (null: never resent). The
     * same emails the summary counts as failed.
     */
    async failed(ucasCodes: readonly string[]): Promise<FailedEmailsResponse> {
      if (ucasCodes.length === 0) return { emails: [], more: false };
      const rows = await db
        .select()
        .from(emails)
        .where(and(inArray(emails.ucasCode, [...ucasCodes]), eq(emails.state, 'failed')))
        .orderBy(desc(emails.failedAt), desc(emails.id))
        .limit(FAILED_EMAILS_LIMIT + 1);
      const shown = rows.slice(0, FAILED_EMAILS_LIMIT);
      const resends =
        shown.length === 0
          ? []
          : await db
              .select({ resendOf: emails.resendOf, state: emails.state })
              .from(emails)
              .where(
                inArray(
                  emails.resendOf,
                  shown.map((r) => r.id),
                ),
              )
              .orderBy(asc(emails.queuedAt), asc(emails.id));
      // Oldest first, so the newest resend of each is the one kept.
      const newest = new Map(resends.map((r) => [r.resendOf, r.state]));
      return {
        emails: shown.map((row) => ({ ...toEmailRecord(row), studentId: row.studentId, ucasCode: row.ucasCode, resent: newest.get(row.id) ?? null })),
        more: rows.length > FAILED_EMAILS_LIMIT,
      };
    },

    /** A new row sending `original` again to `recipient` (a staff Resend); its id is its own key. */
    async createResend(original: EmailRow, recipient: string, requestedBy: string, messageId: (id: string) => string): Promise<EmailRow> {
      const id = randomUUID();
      const [row] = await db
        .insert(emails)
        .values({
          id,
          outboxId: id,
          kind: original.kind,
          applicationId: original.applicationId,
          studentId: original.studentId,
          ucasCode: original.ucasCode,
          status: original.status,
          recipient,
          subject: original.subject,
          html: original.html,
          text: original.text,
          attachments: original.attachments,
          messageId: messageId(id),
          decidedAt: original.decidedAt,
          resendOf: original.id,
          requestedBy,
        })
        .returning();
      if (!row) throw new Error('resend insert returned no row');
      return row;
    },

    async remove(id: string): Promise<void> {
      await db.delete(emails).where(eq(emails.id, id));
    },
  };
}
export type EmailsRepository = ReturnType<typeof createEmailsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    emailsRepository: EmailsRepository;
  }
}

export const emailsRepositoryPlugin = fp(
  async (fastify) => {
    fastify.decorate('emailsRepository', createEmailsRepository(fastify.db));
  },
  { name: 'emails-repository', dependencies: ['notifications-database'] },
);
