import {
  API_ROUTES,
  APPLICATIONS_SVC,
  ADMIN_APPLICATION_MESSAGES,
  adminApplicationParamsSchema,
  adminApplicationResponseSchema,
  adminDocumentParamsSchema,
  applicationListingQuerySchema,
  applicationListingResponseSchema,
  applyResponseSchema,
  assessFormSchema,
  canEditVisa,
  documentSummarySchema,
  errorResponseSchema,
  FILES_SVC,
  fillPath,
  hasAnyRole,
  outboundCallBodySchema,
  outboundCallResponseSchema,
  parseVersionEtag,
  staffCreateBodySchema,
  staffUpdateBodySchema,
  staffUpdateResponseSchema,
  studentSearchQuerySchema,
  studentSearchResponseSchema,
  toAssessForm,
  versionEtag,
  visaBodySchema,
  visaResponseSchema,
  visaUpdateResponseSchema,
  type Assessment,
  type CourseDetailResponse,
  type StaffStoredApplication,
  timestampQuerySchema,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadStaffApplication } from '../../applications/staff-application';
import { createSubmitPipeline } from '../../applications/submit-pipeline';
import { assessmentGatewayPlugin } from '../../plugins/app/assessment-gateway';

const errors = { 400: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/**
 * The staff applications desk (issue 9; spec sections 2, 3, 4 and 7), under /api/admin (a session
 * is required by the /admin hook in index.ts). The gateway checks the user's role on the course
 * (courses-svc `access`) and applications-svc checks it again from the SCHOOL/DEPT on the row.
 * - GET  /admin/applications               listing (q, s, visa, page, page_size): `{ rows, total }`
 * - GET  /admin/students                    student search: `{ rows }`
 * - GET  /admin/applications/:s/:c          `{ applicationData, assessment, courseData, access, qualOptions, documents }`, `ETag`
 * - POST /admin/applications/:s/:c          staff create (`:s` = 'new' or a STUDENT_ID), answers as the public apply
 * - PUT  /admin/applications/:s/:c          update (`If-Match` optional; stale: 409), `{ confirmed_status, version, updated_at }`
 * - PUT  /admin/applications/:s/:c/outbound-call, GET/PUT .../visa, GET .../documents/:fileId (attachment, logged)
 */
export const adminApplicationRoutes: FastifyPluginAsyncZod = async (fastify) => {
  await fastify.register(assessmentGatewayPlugin);
  const pipeline = createSubmitPipeline(fastify);
  const load = (request: FastifyRequest, params: { student: string; course: string }) => loadStaffApplication(fastify, request, params);

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
    if (parsed === null) throw new HttpError(409, ADMIN_APPLICATION_MESSAGES.VERSION_CONFLICT);
    return parsed;
  };
  const setEtag = (reply: FastifyReply, version: number) => reply.header('etag', versionEtag(version)).header('cache-control', 'private, no-store');

  fastify.get(
    API_ROUTES.adminApplications.path,
    { schema: { querystring: applicationListingQuerySchema, response: { 200: applicationListingResponseSchema, ...errors } } },
    async (request) => {
      const { q, s, visa, page, page_size } = request.query;
      return fastify.services.applications.send(request, APPLICATIONS_SVC.deskList, { query: { q, s, visa, page, page_size } });
    },
  );

  fastify.get(
    API_ROUTES.adminStudents.path,
    { schema: { querystring: studentSearchQuerySchema, response: { 200: studentSearchResponseSchema, ...errors } } },
    async (request) => {
      if (!hasAnyRole(request.staffUser)) throw new HttpError(403, ADMIN_APPLICATION_MESSAGES.NO_ROLE);
      const { _: _timestamp, ...query } = request.query;
      return fastify.services.applications.send(request, APPLICATIONS_SVC.deskStudents, { query });
    },
  );

  fastify.get(
    API_ROUTES.adminApplication.path,
    { schema: { params: adminApplicationParamsSchema, querystring: timestampQuerySchema, response: { 200: adminApplicationResponseSchema, ...errors } } },
    async (request, reply) => {
      const { stored, detail } = await load(request, request.params);
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
      };
    },
  );

  fastify.post(
    API_ROUTES.adminApplicationCreate.path,
    {
      preHandler: fastify.csrfProtection,
      schema: { params: adminApplicationParamsSchema, body: staffCreateBodySchema, response: { 200: applyResponseSchema, ...errors } },
    },
    async (request) => pipeline.submitStaff(request, request.params.student, request.params.course, request.body.data),
  );

  fastify.put(
    API_ROUTES.adminApplicationUpdate.path,
    {
      preHandler: fastify.csrfProtection,
      schema: { params: adminApplicationParamsSchema, body: staffUpdateBodySchema, response: { 200: staffUpdateResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const version = ifMatch(request);
      const { stored, detail } = await load(request, request.params);
      const result = await pipeline.updateStaff(request, request.params, detail, stored.applicationData.STATUS, request.body.data, version);
      setEtag(reply, result.version);
      return result;
    },
  );

  fastify.put(
    API_ROUTES.adminOutboundCall.path,
    {
      preHandler: fastify.csrfProtection,
      schema: { params: adminApplicationParamsSchema, body: outboundCallBodySchema, response: { 200: outboundCallResponseSchema, ...errors } },
    },
    async (request) => fastify.services.applications.send(request, APPLICATIONS_SVC.deskOutboundCall, { params: request.params, body: request.body.data }),
  );

  fastify.get(
    API_ROUTES.adminVisa.path,
    { schema: { params: adminApplicationParamsSchema, querystring: timestampQuerySchema, response: { 200: visaResponseSchema, ...errors } } },
    async (request) => {
      const { stored, detail } = await load(request, request.params);
      if (!canEditVisa(detail.access, true)) throw new HttpError(403, ADMIN_APPLICATION_MESSAGES.CANNOT_EDIT_VISA);
      return {
        applicationData: stored.applicationData,
        visaData: stored.visaData,
        courseData: detail.courseData,
        qualOptions: detail.qualOptions,
        access: detail.access,
        assessment: stored.assessment,
      };
    },
  );

  fastify.put(
    API_ROUTES.adminVisaUpdate.path,
    {
      preHandler: fastify.csrfProtection,
      schema: { params: adminApplicationParamsSchema, body: visaBodySchema, response: { 200: visaUpdateResponseSchema, ...errors } },
    },
    async (request) => {
      const { detail } = await load(request, request.params);
      if (!canEditVisa(detail.access, true)) throw new HttpError(403, ADMIN_APPLICATION_MESSAGES.CANNOT_EDIT_VISA);
      return fastify.services.applications.send(request, APPLICATIONS_SVC.deskVisa, { params: request.params, body: request.body.data });
    },
  );

  /**
   * A document of the application (issue 9 item 8): only a clean file bound to its SUBMISSION_ID,
   * for a user with a role on the course; logged (LOG row) before the bytes are streamed from
   * files-svc, always as an attachment (never inline) with nosniff and a sandboxing CSP.
   */
  fastify.get(API_ROUTES.adminDocument.path, { schema: { params: adminDocumentParamsSchema, querystring: timestampQuerySchema } }, async (request, reply) => {
    const { stored } = await load(request, request.params);
    const { files } = await fastify.services.files.send(request, FILES_SVC.list, { query: { owner: stored.SUBMISSION_ID } });
    const file = files.find((f) => f.file_id === request.params.fileId && f.status === 'clean');
    if (!file) throw new HttpError(404, ADMIN_APPLICATION_MESSAGES.DOCUMENT_NOT_FOUND);
    await fastify.services.applications.send(request, APPLICATIONS_SVC.deskLog, {
      params: request.params,
      body: { message: `Document downloaded: ${file.file_name} (${file.document_type}).` },
    });
    const res = await fastify.services.files.pool.request({
      method: FILES_SVC.content.method,
      path: `${fillPath(FILES_SVC.content.path, { fileId: file.file_id })}?${new URLSearchParams({ owner: stored.SUBMISSION_ID })}`,
      headers: fastify.services.files.internalHeaders(request),
    });
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new HttpError(404, ADMIN_APPLICATION_MESSAGES.DOCUMENT_NOT_FOUND);
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
  });
};
