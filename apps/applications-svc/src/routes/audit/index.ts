import { APPLICATIONS_SVC, SUBJECT_ACCESS_TEXTS, AUDIT_TEXTS, canManageClearing, routeOf } from '@clearing-desk/contracts';
import { eraseSubject, listRetentionRuns, recordRetentionRun, runRetention } from '../../repositories/erasure';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportSubject } from '../../repositories/subject-access';

/**
 * Erasure on request and the retention job's part (repositories/erasure.ts). The audit trail: the gateway's sign-in and role events, and the whole trail for export
 * (Administrators over all courses); a person's subject access export (the same Administrators). An application's own audit is a desk route (routes/desk).
 */
export const auditRoutes: FastifyPluginAsyncZod<{ now?: () => Date }> = async (fastify, { now = () => new Date() }) => {
  // Erasure on request: this service's part, the keys of the others' (the gateway orchestrates).
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.erasure),
    handler: async (request) => {
      const user = staffUserFromRequest(request);
      if (!user || !canManageClearing(user)) throw new HttpError(403, SUBJECT_ACCESS_TEXTS.FORBIDDEN);
      return eraseSubject(fastify.db, request.body, user.username, now());
    },
  });

  // The retention job's part here, its record of each run, and the runs (the gateway checks the Administrator).
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.retention),
    handler: async (request) => ({ counts: await runRetention(fastify.db, request.body.schedule, new Date(request.body.now)) }),
  });
  fastify.route({ ...routeOf(APPLICATIONS_SVC.retentionRecord), handler: (request) => recordRetentionRun(fastify.db, request.body) });
  fastify.route({ ...routeOf(APPLICATIONS_SVC.retentionRuns), handler: async () => ({ rows: await listRetentionRuns(fastify.db) }) });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.auditEvent),
    handler: async (request) => {
      await fastify.auditRepository.recordEvent(request.body);
      return { ok: true as const };
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.subjectAccess),
    handler: async (request) => {
      if (!canManageClearing(staffUserFromRequest(request))) throw new HttpError(403, SUBJECT_ACCESS_TEXTS.FORBIDDEN);
      const found = await exportSubject(fastify.db, { email: request.query.email, ucasPersonalId: request.query.ucas_personal_id });
      if (!found) throw new HttpError(404, SUBJECT_ACCESS_TEXTS.NOT_FOUND);
      return found;
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.auditExport),
    handler: async (request) => {
      if (!canManageClearing(staffUserFromRequest(request))) throw new HttpError(403, AUDIT_TEXTS.FORBIDDEN);
      return { rows: await fastify.auditRepository.export(request.query) };
    },
  });
};
