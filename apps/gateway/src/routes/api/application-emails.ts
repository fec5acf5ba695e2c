import { API_ENDPOINTS, APPLICATIONS_SVC, EMAIL_HISTORY_TEXTS, NOTIFICATIONS_SVC, routeOf, staffEditRefusal } from '@clearing-desk/contracts';
import { forbidIfRefused } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadStaffApplication } from '../../applications/staff-application';

/**
 * The decision emails of one application for staff, from notifications-svc:
 * - GET  /admin/applications/:s/:c/emails                   `{ emails }` for anyone with a role on the course (the History)
 * - POST /admin/applications/:s/:c/emails/:emailId/resend   the same email again to the application's current
 *   address, for users who may edit the application (spec section 3); the History LOG records who asked.
 * The application is loaded first, so scope and role are checked as for every desk route; notifications-svc
 * being down answers 503 with a message (the rest of the screen keeps working).
 */
export const applicationEmailRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(API_ENDPOINTS.deskEmails),
    handler: async (request, reply) => {
      const { stored } = await loadStaffApplication(fastify, request, request.params, 'emails');
      void reply.header('cache-control', 'private, no-store');
      return fastify.services.notifications.send(request, NOTIFICATIONS_SVC.list, { query: { application_id: stored.applicationData.APPLICATION_ID } });
    },
  });

  fastify.route({
    ...routeOf(API_ENDPOINTS.deskEmailResend),
    preHandler: fastify.csrfProtection,
    handler: async (request, reply) => {
      const { student, course, emailId } = request.params;
      const { stored, detail } = await loadStaffApplication(fastify, request, { student, course });
      const { applicationData } = stored;
      forbidIfRefused(staffEditRefusal(detail.access, applicationData.STATUS));
      const email = await fastify.services.notifications.send(request, NOTIFICATIONS_SVC.resend, {
        params: { emailId },
        // An application stored without an email (a phone application may have none) is refused by notifications-svc's schema (400).
        body: { applicationId: applicationData.APPLICATION_ID, recipient: applicationData.EMAIL ?? '', requestedBy: request.staffUser!.username },
      });
      await fastify.services.applications.send(request, APPLICATIONS_SVC.deskLog, {
        params: { student, course },
        body: { message: EMAIL_HISTORY_TEXTS.logResent(email.subject, email.recipient) },
      });
      return reply.status(201).send({ email, message: EMAIL_HISTORY_TEXTS.RESENT });
    },
  });
};
