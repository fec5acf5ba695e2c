import { NOTIFICATIONS_SVC, retentionCutoff, routeOf } from '@clearing-desk/contracts';
import { and, inArray, lt, ne, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emails } from '../../db/schema';
import type { NotificationsDatabase } from '../../plugins/external/database';

/**
 * Blanks the personal columns of the emails `where` selects (db/personal-data.ts: address,
 * subject, bodies, the SMTP server's words), keeping the rows: the History and the figures still
 * say which email went when, and its state stays (the figures count emails by state). An email
 * still queued on erasure fails when its job runs (it has no address left).
 * Already blanked rows are skipped. Answers how many it blanked.
 */
export async function blankEmails(db: NotificationsDatabase, where: SQL | undefined): Promise<number> {
  const rows = await db
    .update(emails)
    .set({ recipient: '', subject: '', html: '', text: '', lastError: null, smtpResponse: null })
    .where(and(where, ne(emails.recipient, '')))
    .returning({ id: emails.id });
  return rows.length;
}

/** Erasure by the person's APPLICATION_IDs (with their emails' queue jobs), and this service's part of the retention job (email bodies past their date, sent or failed). */
export const emailErasureRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(NOTIFICATIONS_SVC.erasure),
    handler: async (request) => {
      const { applicationIds, outboxIds } = request.body;
      if (applicationIds.length === 0) return { rows: 0 };
      // The queue's jobs carry the decision's payload (name, address) in Redis until they are removed
      // (a day after sending): the jobs of the person's emails go first, so no job still waiting
      // writes a new email row after the blanking. A job being sent right now cannot be removed;
      // the retry of the same erasure (same ticket) blanks what it wrote.
      const recorded = await fastify.db.select({ outboxId: emails.outboxId }).from(emails).where(inArray(emails.applicationId, applicationIds));
      for (const jobId of new Set([...outboxIds, ...recorded.map((r) => r.outboxId)])) {
        const job = await fastify.emailQueue.queue.getJob(jobId);
        await job?.remove().catch((err: unknown) => request.log.warn({ err }, 'an email job could not be removed on erasure'));
      }
      return { rows: await blankEmails(fastify.db, inArray(emails.applicationId, applicationIds)) };
    },
  });
  fastify.route({
    ...routeOf(NOTIFICATIONS_SVC.retention),
    handler: async (request) => {
      const cutoff = retentionCutoff(request.body.schedule.months.emailBodies, new Date(request.body.now));
      return { counts: { 'emails.bodies': await blankEmails(fastify.db, and(lt(emails.queuedAt, cutoff), ne(emails.state, 'queued'))) } };
    },
  });
};
