import { API_ENDPOINTS, APPLICATIONS_SVC, COURSES_SVC, documentSummarySchema, FILES_SVC, publicStatusPage, routeOf } from '@clearing-desk/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GatewayConfig } from '../../config';
import { applyApiRoutes } from './apply';
import { applicationEmailRoutes } from './application-emails';
import { auditApiRoutes } from './audit';
import { decisionReviewApiRoutes } from './decision-reviews';
import { callbackApiRoutes } from './callbacks';
import { ucasApiRoutes } from './ucas';
import { deskRoutes } from './desk';
import { subjectAccessApiRoutes } from './subject-access';
import { dataProtectionApiRoutes } from './data-protection';

/**
 * Public application routes of spec section 7: the duplicate check, the review page, and (from
 * apply.ts) POST /api/apply/{course}. `/applications/:ucasCode/applied` and `/applications/:hash`
 * differ in their number of segments, so the router never confuses them.
 */
export const applicationApiRoutes: FastifyPluginAsyncZod<{ config: GatewayConfig }> = async (fastify, { config }) => {
  await fastify.register(applyApiRoutes, { institutionCode: config.UCAS_INSTITUTION_CODE });
  await fastify.register(deskRoutes, { institutionCode: config.UCAS_INSTITUTION_CODE });
  await fastify.register(applicationEmailRoutes);
  await fastify.register(decisionReviewApiRoutes);
  await fastify.register(callbackApiRoutes);
  await fastify.register(ucasApiRoutes);
  await fastify.register(auditApiRoutes);
  await fastify.register(subjectAccessApiRoutes);
  await fastify.register(dataProtectionApiRoutes, { config });

  /**
   * GET /api/applications/{ucasCode}/applied: the applications to the course by this email
   * (case-insensitive) and/or UCAS Personal ID. With neither no lookup is made (spec section 4).
   */
  fastify.route({
    ...routeOf(API_ENDPOINTS.applied),
    // It tells whether a person applied (spec section 4 keeps it public): limited hard, bursts logged.
    config: fastify.publicRateLimit('applied'),
    preValidation: fastify.applicantRateLimit('applied'),
    handler: async (request) => {
      const { email, ucas_personal_id } = request.query;
      if (!email && !ucas_personal_id) return { rows: [] };
      return fastify.services.applications.send(request, APPLICATIONS_SVC.applied, {
        query: { ucas_code: request.params.ucasCode, email: email || undefined, ucas_personal_id: ucas_personal_id || undefined },
      });
    },
  });

  /**
   * GET /api/applications/{hash}: the public review page (spec section 2), the applicant's status
   * page: the stored application, assessment and current decision from
   * applications-svc (with the UCAS institution code an offer's steps name), the course and its
   * qualOptions from courses-svc, and the documents bound to its SUBMISSION_ID from files-svc
   * (metadata only: no token, owner or path). The unguessable hash is the only key; 404 when
   * unknown, 410 once the intake's cycle has ended (the link in the emails stops working).
   */
  fastify.route({
    ...routeOf(API_ENDPOINTS.application),
    handler: async (request) => {
      const stored = await fastify.services.applications.send(request, APPLICATIONS_SVC.byHash, { params: request.params });
      const [{ courseData, qualOptions }, { files }] = await Promise.all([
        fastify.services.courses.send(request, COURSES_SVC.detail, { params: { id: stored.UCAS_CODE } }),
        fastify.services.files.send(request, FILES_SVC.list, { query: { owner: stored.SUBMISSION_ID } }),
      ]);
      const documents = files.filter((f) => f.status === 'clean').map((f) => documentSummarySchema.parse(f));
      return publicStatusPage({
        applicationData: stored.applicationData,
        assessment: stored.assessment,
        courseData,
        qualOptions,
        documents,
        decision: { ...stored.decision, INSTITUTION_CODE: config.UCAS_INSTITUTION_CODE },
      });
    },
  });
};
