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

/** Erasure by the person's APPLICATION_IDs, and this service's part of the retention job (email bodies past their date, sent or failed). */
export const emailErasureRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(NOTIFICATIONS_SVC.erasure),
    handler: async (request) => ({
      rows: request.body.applicationIds.length ? await blankEmails(fastify.db, inArray(emails.applicationId, request.body.applicationIds)) : 0,
    }),
  });
  fastify.route({
    ...routeOf(NOTIFICATIONS_SVC.retention),
    handler: async (request) => {
      const cutoff = retentionCutoff(request.body.schedule.months.emailBodies, new Date(request.body.now));
      return { counts: { 'emails.bodies': await blankEmails(fastify.db, and(lt(emails.queuedAt, cutoff), ne(emails.state, 'queued'))) } };
    },
  });
};
