import {
  API_ENDPOINTS,
  APPLICATIONS_SVC,
  canManageClearing,
  FILES_SVC,
  NOTIFICATIONS_SVC,
  retentionScheduleResponse,
  routeOf,
  SUBJECT_ACCESS_TEXTS,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { retentionSchedule, type GatewayConfig } from '../../config';
import { forwardedRoute } from '../../service-calls/forwarded-route';

/** 403 unless an Administrator over all courses (the one rule of subject access, erasure and retention). */
const requireDataProtectionAdmin = async (request: FastifyRequest) => {
  if (!canManageClearing(request.staffUser)) throw new HttpError(403, SUBJECT_ACCESS_TEXTS.FORBIDDEN);
};

/**
 * Erasure on request and the retention schedule (docs/domain/data-protection.md).
 *
 * POST /api/admin/erasure: applications-svc erases first (it finds the person, refuses a live
 * offer with 409, anonymises and records the erasure with its audit entry, keyed by the ticket),
 * then notifications-svc blanks the emails and files-svc deletes the uploads by the keys it
 * answered. Each part is idempotent and applications-svc answers a known ticket's keys again, so
 * a retry after a failure half-way (a service down: 503) finishes the erasure.
 */
export const dataProtectionApiRoutes: FastifyPluginAsyncZod<{ config: GatewayConfig }> = async (fastify, { config }) => {
  const schedule = retentionScheduleResponse(retentionSchedule(config));
  fastify.route({
    ...routeOf(API_ENDPOINTS.deskErasure),
    preHandler: [fastify.csrfProtection, requireDataProtectionAdmin],
    handler: async (request) => {
      const erased = await fastify.services.applications.send(request, APPLICATIONS_SVC.erasure, { body: request.body.data });
      const keys = { applicationIds: erased.applicationIds, submissionIds: erased.submissionIds, outboxIds: erased.outboxIds };
      const [emails, files] = await Promise.all([
        fastify.services.notifications.send(request, NOTIFICATIONS_SVC.erasure, { body: keys }),
        fastify.services.files.send(request, FILES_SVC.erasure, { body: keys }),
      ]);
      request.log.info({ applications: erased.applications, emails: emails.rows, files: files.rows }, 'erasure done');
      return { TICKET: erased.TICKET, APPLICATIONS: erased.applications, EMAILS: emails.rows, FILES: files.rows };
    },
  });

  // Public: the privacy notice prints it.
  fastify.route({ ...routeOf(API_ENDPOINTS.retentionSchedule), handler: async () => schedule });

  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.deskRetentionRuns, APPLICATIONS_SVC.retentionRuns, { preHandler: requireDataProtectionAdmin }));

  fastify.route({
    ...routeOf(API_ENDPOINTS.deskRetentionRun),
    preHandler: [fastify.csrfProtection, requireDataProtectionAdmin],
    handler: async () => fastify.runRetentionNow(),
  });
};
