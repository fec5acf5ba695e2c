import {
  emailIdParamsSchema,
  emailListQuerySchema,
  emailListResponseSchema,
  emailRecordSchema,
  emailSummaryRequestSchema,
  emailSummarySchema,
  errorResponseSchema,
  resendEmailRequestSchema,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationsConfig } from '../../config';
import { toEmailRecord } from '../../plugins/app/emails-repository';
import { messageIdFor } from '../../sending/mailer';

/**
 * Internal routes (only the gateway calls them; notifications-svc itself calls nobody):
 * an application's emails for the staff History, a staff Resend, and counts for the figures.
 * The gateway checks who may see and resend (the user's role on the application's course).
 */
export const emailRoutes: FastifyPluginAsyncZod<{ config: NotificationsConfig }> = async (fastify, { config }) => {
  fastify.get(
    '/emails',
    { schema: { querystring: emailListQuerySchema, response: { 200: emailListResponseSchema, 400: errorResponseSchema } } },
    async (request) => ({ emails: await fastify.emailsRepository.listForApplication(request.query.application_id) }),
  );

  fastify.post(
    '/emails/summary',
    { schema: { body: emailSummaryRequestSchema, response: { 200: emailSummarySchema, 400: errorResponseSchema } } },
    async (request) => fastify.emailsRepository.summary(request.body.ucasCodes),
  );

  fastify.post(
    '/emails/:emailId/resend',
    {
      schema: {
        params: emailIdParamsSchema,
        body: resendEmailRequestSchema,
        response: { 201: emailRecordSchema, 400: errorResponseSchema, 404: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
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
  );
};
