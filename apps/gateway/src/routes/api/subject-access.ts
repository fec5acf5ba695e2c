import {
  API_ENDPOINTS,
  APPLICATIONS_SVC,
  canManageClearing,
  FILES_SVC,
  NOTIFICATIONS_SVC,
  routeOf,
  SUBJECT_ACCESS_TEXTS,
  subjectAccessIndex,
  type SubjectAccessTables,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZipFile } from 'yazl';

/**
 * GET /api/admin/subject-access.zip?email=&ucas_personal_id= (UK GDPR Article 15; Administrators
 * over all courses): applications-svc finds the person and answers its tables (students,
 * applications, History, reviews, outbox, reads) with the keys the others hold them under; then
 * notifications-svc's emails sent and files-svc's uploads. One zip (yazl): `index.txt` (readable:
 * what was asked, when, each file with its rows and columns), then `<service>/<table>.json`.
 */
export const subjectAccessApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(API_ENDPOINTS.deskSubjectAccess),
    preHandler: async (request) => {
      if (!canManageClearing(request.staffUser)) throw new HttpError(403, SUBJECT_ACCESS_TEXTS.FORBIDDEN);
    },
    handler: async (request, reply) => {
      const { email, ucas_personal_id } = request.query;
      const found = await fastify.services.applications.send(request, APPLICATIONS_SVC.subjectAccess, { query: { email, ucas_personal_id } });
      const keys = { applicationIds: found.applicationIds, submissionIds: found.submissionIds };
      const [emails, files] = await Promise.all([
        fastify.services.notifications.send(request, NOTIFICATIONS_SVC.subjectAccess, { body: keys }),
        fastify.services.files.send(request, FILES_SVC.subjectAccess, { body: keys }),
      ]);
      const parts: Record<string, SubjectAccessTables> = { applications: found.tables, notifications: emails.tables, files: files.tables };
      const zip = new ZipFile();
      zip.addBuffer(Buffer.from(subjectAccessIndex({ email, ucas_personal_id }, new Date(), parts)), 'index.txt');
      for (const [service, tables] of Object.entries(parts)) {
        for (const [table, rows] of Object.entries(tables)) zip.addBuffer(Buffer.from(`${JSON.stringify(rows, null, 2)}\n`), `${service}/${table}.json`);
      }
      zip.end();
      request.log.info({ services: Object.keys(parts).length }, 'subject access export made');
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${SUBJECT_ACCESS_TEXTS.FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(zip.outputStream as never);
    },
  });
};
