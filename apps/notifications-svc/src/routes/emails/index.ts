import { NOTIFICATIONS_SVC, routeOf } from '@clearing-desk/contracts';
import { HttpError, personalRows } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERSONAL_TABLES } from '../../db/personal-data';
import type { NotificationsConfig } from '../../config';
import { toEmailRecord } from '../../repositories/emails-repository';
import { messageIdFor } from '../../sending/mailer';

/**
 * The endpoints of contracts' NOTIFICATIONS_SVC (only the gateway calls them): an application's
 * emails for the staff History, a staff Resend, and counts and the list of failed emails for the figures.
 */
export const emailRoutes: FastifyPluginAsyncZod<{ config: NotificationsConfig }> = async (fastify, { config }) => {
  // Subject access: every column of the person's rows of each personal table (db/personal-data.ts).
  fastify.route({
    ...routeOf(NOTIFICATIONS_SVC.subjectAccess),
    handler: async (request) => ({ tables: await personalRows(fastify.db, PERSONAL_TABLES, request.body) }),
  });

  fastify.route({
    ...routeOf(NOTIFICATIONS_SVC.list),
    handler: async (request) => ({ emails: await fastify.emailsRepository.listForApplication(request.query.application_id) }),
  });

  fastify.route({
    ...routeOf(NOTIFICATIONS_SVC.summary),
    handler: async (request) => fastify.emailsRepository.summary(request.body.ucasCodes),
  });

  fastify.route({
    ...routeOf(NOTIFICATIONS_SVC.failed),
    handler: async (request) => fastify.emailsRepository.failed(request.body.ucasCodes),
  });

  fastify.route({
    ...routeOf(NOTIFICATIONS_SVC.resend),
    handler: async (request, reply) => {
      const original = await fastify.emailsRepository.findById(request.params.emailId);
      if (!original || original.applicationId !== request.body.applicationId) throw new HttpError(404, 'Email not found.');
      const row = await fastify.emailsRepository.createResend(original, request.body.recipient, request.body.requestedBy, (id) =>
        messageIdFor(id, config.MAIL_FROM),
      );
      try {
        await fastify.emailQueue.addResend(row.id);
      } catch (err) {
        // Nothing half-done: without its job the row would wait forever.
        await fastify.emailsRepository.remove(row.id);
        request.log.warn({ err }, 'resend could not be queued');
        throw new HttpError(503, 'The email could not be queued now. Please try again in a minute.');
      }
      return reply.status(201).send(toEmailRecord(row));
    },
  });
};
