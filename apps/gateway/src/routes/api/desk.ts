import {
  API_ENDPOINTS,
  APPLICATIONS_SVC,
  DESK_MESSAGES,
  assessFormSchema,
  canEditVisa,
  documentSummarySchema,
  FILES_SVC,
  hasAnyRole,
  parseVersionEtag,
  routeOf,
  toAssessForm,
  versionEtag,
  type Assessment,
  type AuditScreen,
  type CourseDetailResponse,
  type StaffStoredApplication,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadStaffApplication } from '../../applications/staff-application';
import { submitStaff, updateStaff } from '../../applications/submit';
import { assessmentGatewayPlugin } from '../../plugins/app/assessment-gateway';
import { forwardedRoute } from '../../service-calls/forwarded-route';

/** 403 for a user with no role at all (the student search is for anyone with one). */
const requireAnyRole = async (request: FastifyRequest) => {
  if (!hasAnyRole(request.staffUser)) throw new HttpError(403, DESK_MESSAGES.NO_ROLE);
};

/**
 * The staff applications desk (spec sections 2, 3, 4 and 7), under /api/admin (a session
 * is required by the /admin hook in index.ts). The gateway checks the user's role on the course
 * (courses-svc `access`) and applications-svc checks it again from the SCHOOL/DEPT on the row.
 * - GET  /admin/applications               listing (q, s, visa, page, page_size): `{ rows, total }`
 * - GET  /admin/students                    student search: `{ rows }`
 * - GET  /admin/applications/:s/:c          `{ applicationData, assessment, courseData, access, qualOptions, documents }`, `ETag`
 * - POST /admin/applications/:s/:c          staff create (`:s` = 'new' or a STUDENT_ID), answers as the public apply
 * - PUT  /admin/applications/:s/:c          update (`If-Match` optional; stale: 409), `{ confirmed_status, version, updated_at }`
 * - PUT / DELETE /admin/applications/:s/:c/presence  open (heartbeat, take over) / release: `{ holder, mine, heartbeat_ms }`
 * - POST /admin/queue/next                 'Next call': `{ item }` claimed for the user, or `{ item: null }`
 * - PUT  /admin/applications/:s/:c/outbound-call, GET/PUT .../visa, PUT .../visa-state, GET .../documents/:fileId (attachment, logged)
 */
export const deskRoutes: FastifyPluginAsyncZod<{ institutionCode: string }> = async (fastify, { institutionCode }) => {
  await fastify.register(assessmentGatewayPlugin);
  const load = (request: FastifyRequest, params: { student: string; course: string }, screen?: AuditScreen) =>
    loadStaffApplication(fastify, request, params, screen);

  /** The assessment with the buttons for this user's role (re-assessed); the stored one if the form no longer assesses. */
  const assessmentFor = async (request: FastifyRequest, stored: StaffStoredApplication, detail: CourseDetailResponse): Promise<Assessment> => {
    const form = assessFormSchema.safeParse(stored.applicationData);
    if (!form.success) return stored.assessment;
    try {
      return (await fastify.assessmentGateway.assess(request, detail, toAssessForm(form.data))).result;
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode !== 400) throw err;
      request.log.warn({ reason: err.message }, 'stored application no longer assesses; showing its stored assessment');
      return stored.assessment;
    }
  };

  const ifMatch = (request: FastifyRequest): number | undefined => {
    const header = request.headers['if-match'];
    const parsed = parseVersionEtag(Array.isArray(header) ? header[0] : header);
    // An If-Match that is not one of our ETags cannot match the current version.
    if (parsed === null) throw new HttpError(409, DESK_MESSAGES.VERSION_CONFLICT);
    return parsed;
  };
  const setEtag = (reply: FastifyReply, version: number) => reply.header('etag', versionEtag(version)).header('cache-control', 'private, no-store');

  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.deskApplications, APPLICATIONS_SVC.deskList));
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.deskStudents, APPLICATIONS_SVC.deskStudents, { preHandler: requireAnyRole }));

  fastify.route({
    ...routeOf(API_ENDPOINTS.deskApplication),
    handler: async (request, reply) => {
      const { stored, detail } = await load(request, request.params, 'application');
      const [assessment, { files }] = await Promise.all([
        assessmentFor(request, stored, detail),
        fastify.services.files.send(request, FILES_SVC.list, { query: { owner: stored.SUBMISSION_ID } }),
      ]);
      setEtag(reply, stored.version);
      return {
        applicationData: stored.applicationData,
        assessment,
        courseData: detail.courseData,
        access: detail.access,
        qualOptions: detail.qualOptions,
        documents: files.filter((f) => f.status === 'clean').map((f) => documentSummarySchema.parse(f)),
        decision: { DEADLINE: stored.DEADLINE ?? null, INTERVIEW: stored.INTERVIEW ?? null, INSTITUTION_CODE: institutionCode },
        CYCLE: stored.CYCLE,
        UCAS_ADDED_AT: stored.UCAS_ADDED_AT ?? null,
      };
    },
  });

  fastify.route({
    ...routeOf(API_ENDPOINTS.deskApplicationCreate),
    preHandler: fastify.csrfProtection,
    handler: async (request) => ({
      ...(await submitStaff(fastify, request, request.params.student, request.params.course, request.body.data)),
      institution_code: institutionCode,
    }),
  });

  fastify.route({
    ...routeOf(API_ENDPOINTS.deskApplicationUpdate),
    preHandler: fastify.csrfProtection,
    handler: async (request, reply) => {
      const version = ifMatch(request);
      const { stored, detail } = await load(request, request.params);
      // `detail` carries places left as applications-svc's ledger counts them (loadStaffApplication).
      const result = await updateStaff(fastify, request, request.params, detail, stored.applicationData.STATUS, request.body.data, version);
      setEtag(reply, result.version);
      return { ...result, institution_code: institutionCode };
    },
  });

  // The application's audit (Administrators on its course; applications-svc checks).
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.deskApplicationAudit, APPLICATIONS_SVC.deskAudit));

  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.deskOutboundCall, APPLICATIONS_SVC.deskOutboundCall, { preHandler: fastify.csrfProtection }));

  // Presence: who has the application open (applications-svc checks the role and holds it in Redis).
  // Passive: the open form's heartbeat is not the adviser's activity, so it never keeps a session alive.
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.deskPresence, APPLICATIONS_SVC.deskPresence, { preHandler: fastify.csrfProtection, config: { passive: true } }),
  );
  fastify.route(
    forwardedRoute(fastify, API_ENDPOINTS.deskPresenceRelease, APPLICATIONS_SVC.deskPresenceRelease, {
      preHandler: fastify.csrfProtection,
      config: { passive: true },
    }),
  );

  // 'Next call': the work queue lives in applications-svc, which claims the item for the user.
  fastify.route(forwardedRoute(fastify, API_ENDPOINTS.deskQueueNext, APPLICATIONS_SVC.deskQueueNext, { preHandler: fastify.csrfProtection }));

  fastify.route({
    ...routeOf(API_ENDPOINTS.deskVisa),
    handler: async (request) => {
      const { stored, detail } = await load(request, request.params, 'visa');
      if (!canEditVisa(detail.access, true)) throw new HttpError(403, DESK_MESSAGES.CANNOT_EDIT_VISA);
      return {
        applicationData: stored.applicationData,
        visaData: stored.visaData,
        VISA_STATUS: stored.VISA_STATUS ?? null,
        courseData: detail.courseData,
        qualOptions: detail.qualOptions,
        access: detail.access,
        assessment: stored.assessment,
      };
    },
  });

  fastify.route({
    ...routeOf(API_ENDPOINTS.deskVisaUpdate),
    preHandler: fastify.csrfProtection,
    handler: async (request) => {
      const { detail } = await load(request, request.params);
      if (!canEditVisa(detail.access, true)) throw new HttpError(403, DESK_MESSAGES.CANNOT_EDIT_VISA);
      return fastify.services.applications.send(request, APPLICATIONS_SVC.deskVisa, { params: request.params, body: request.body.data });
    },
  });

  fastify.route({
    ...routeOf(API_ENDPOINTS.deskVisaState),
    preHandler: fastify.csrfProtection,
    handler: async (request) => {
      const { detail } = await load(request, request.params);
      if (!canEditVisa(detail.access, true)) throw new HttpError(403, DESK_MESSAGES.CANNOT_EDIT_VISA);
      return fastify.services.applications.send(request, APPLICATIONS_SVC.deskVisaState, { params: request.params, body: request.body.data });
    },
  });

  /**
   * A document of the application: only a clean file bound to its SUBMISSION_ID,
   * for a user with a role on the course; logged (LOG row) before the bytes are streamed from
   * files-svc, always as an attachment (never inline) with nosniff and a sandboxing CSP.
   */
  fastify.route({
    ...routeOf(API_ENDPOINTS.deskDocument),
    handler: async (request, reply) => {
      const { stored } = await load(request, request.params, 'document');
      const { files } = await fastify.services.files.send(request, FILES_SVC.list, { query: { owner: stored.SUBMISSION_ID } });
      const file = files.find((f) => f.file_id === request.params.fileId && f.status === 'clean');
      if (!file) throw new HttpError(404, DESK_MESSAGES.DOCUMENT_NOT_FOUND);
      await fastify.services.applications.send(request, APPLICATIONS_SVC.deskLog, {
        params: request.params,
        body: { message: `Document downloaded: ${file.file_name} (${file.document_type}).` },
      });
      const res = await fastify.services.files.stream(request, FILES_SVC.content, { params: { fileId: file.file_id }, query: { owner: stored.SUBMISSION_ID } });
      if (res.statusCode !== 200) {
        await res.body.dump();
        throw new HttpError(404, DESK_MESSAGES.DOCUMENT_NOT_FOUND);
      }
      const safeName = file.file_name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', file.file_type)
        .header('content-length', String(file.file_size))
        .header('content-disposition', `attachment; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(file.file_name)}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(res.body);
    },
  });
};
