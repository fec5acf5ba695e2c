import {
  clearingStatusResponseSchema,
  DEFAULT_CLOSED_MESSAGE,
  APPLY_MESSAGES,
  appliedResponseSchema,
  applyApiBodySchema,
  applyResponseSchema,
  assessFormSchema,
  courseDocumentTypes,
  decidePublicOutcome,
  describeFormErrors,
  documentNotAttachedText,
  ERROR_CODES,
  errorResponseSchema,
  fileListResponseSchema,
  formDocuments,
  PUBLIC_USER,
  toAssessForm,
  validateSubmission,
  withoutDocuments,
  type ApplySubmission,
  type DocumentType,
  type StoreApplicationRequestInput,
} from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assessmentGatewayPlugin } from '../../plugins/app/assessment-gateway';
import { ServiceError } from '../../plugins/app/service-clients';

const paramsSchema = z.object({ course: z.string().trim().min(1).max(32) });

/**
 * POST /api/apply/{course} (spec section 7): a public submission, decided at once (domain.md
 * "Public submissions") and stored by applications-svc.
 * 0. While Clearing is closed the public is refused: 403 with the closing message (spec section 4).
 * 1. The course, read fresh from courses-svc (404 passes through): 409 COURSE_SUSPENDED or
 *    COURSE_CLOSED (spec section 8); a course the public cannot apply to (external, or not
 *    intermediary: spec section 4) answers COURSE_CLOSED too.
 * 2. The body: `{ data, token }` with the form and SUBMISSION_ID (400 naming a malformed field),
 *    then the rules of spec section 5 (documents of the course's DOCUMENT_TYPES included) and
 *    second-year entry (400, the messages joined by ' ').
 * 3. The assessment, exactly as POST /api/apply/{course}/assess makes it (shared gateway code).
 * 4. decidePublicOutcome (O/AO|AR, X/AX, S); the body's STATUS and REJECTION_REASONS are ignored:
 *    the public does not choose its status.
 * 5. The documents' file tokens are bound to the application in files-svc (owner SUBMISSION_ID;
 *    idempotent, so a retry binds again): a token that is unknown, not clean or another
 *    application's answers 409 naming the document, and nothing is stored.
 * 6. applications-svc stores it (without documents) in one transaction and answers the record;
 *    the same SUBMISSION_ID again answers the stored record, a second application by the same
 *    person 409 with the duplicate text of spec section 8.
 */
export const applyApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  await fastify.register(assessmentGatewayPlugin);

  /** Whether this person already applied to the course (the applied check of the duplicate rule). */
  const alreadyApplied = async (request: FastifyRequest, ucasCode: string, form: ApplySubmission) => {
    const { rows } = await fastify.services.applications.call(request, {
      path: '/applications/applied',
      query: { ucas_code: ucasCode, email: form.EMAIL?.trim() || undefined, ucas_personal_id: form.APPLIED_TO_UCAS === '1' ? form.UCAS_PERSONAL_ID?.trim() || undefined : undefined },
      response: appliedResponseSchema,
    });
    return rows.length > 0;
  };

  /**
   * Binds the uploaded documents of the course's categories to the submission (files-svc POST
   * /files/claim, all or nothing). files-svc names a refused token by its index (`tokens.2: ...`);
   * the answer names its document instead. A person re-sending the documents of an application
   * already stored gets the duplicate text, as without documents.
   */
  const claimDocuments = async (request: FastifyRequest, ucasCode: string, submission: ApplySubmission, types: readonly DocumentType[]) => {
    const documents = formDocuments(submission, types);
    if (documents.length === 0) return;
    const body = { tokens: documents.map((d) => d.document.file_token), owner: submission.SUBMISSION_ID };
    try {
      await fastify.services.files.call(request, { method: 'POST', path: '/files/claim', body, response: fileListResponseSchema });
    } catch (err) {
      if (!(err instanceof ServiceError) || err.statusCode !== 409) throw err;
      if (await alreadyApplied(request, ucasCode, submission)) throw new HttpError(409, APPLY_MESSAGES.DUPLICATE);
      const refused = documents[Number(/^tokens\.(\d+):/.exec(err.message)?.[1] ?? 0)] ?? documents[0];
      request.log.warn({ reason: err.message, field: refused?.field.name }, 'document claim refused');
      throw new HttpError(409, documentNotAttachedText(refused?.field.label ?? 'document'));
    }
  };

  fastify.post(
    '/apply/:course',
    {
      preHandler: fastify.csrfProtection,
      schema: {
        params: paramsSchema,
        body: applyApiBodySchema,
        response: {
          200: applyResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      if (!request.staffUser) {
        // Spec section 4: while Clearing is closed only logged-in staff may apply.
        const status = await fastify.services.applications.call(request, { path: '/status', response: clearingStatusResponseSchema });
        if (status.state !== 1) throw new HttpError(403, status.closing_message || DEFAULT_CLOSED_MESSAGE);
      }
      const gateway = fastify.assessmentGateway;
      const detail = await gateway.course(request, request.params.course, { fresh: true });
      const { courseData, qualOptions } = detail;
      gateway.assertOpen(courseData);
      if (courseData.EXTERNAL || !courseData.INTERMEDIARY) throw new HttpError(409, ERROR_CODES.COURSE_CLOSED);

      const { STATUS: _status, REJECTION_REASONS: _reasons, ...submission } = request.body.data;
      const documentTypes = courseDocumentTypes(courseData);
      const errors = validateSubmission(submission, { qualOptions, documentTypes, ALLOW_SECOND_YEAR_ENTRY: courseData.ALLOW_SECOND_YEAR_ENTRY });
      if (errors.length > 0) throw new HttpError(400, describeFormErrors(errors));
      // The rules above trim; the assessment takes exact values (e.g. ' 1' is not a year of entry).
      const assessable = assessFormSchema.safeParse(submission);
      if (!assessable.success) {
        const issue = assessable.error.issues[0];
        throw new HttpError(400, `${issue?.path.join('.') ?? 'data'}: ${issue?.message ?? 'is invalid'}`);
      }

      const { result, candidates } = await gateway.assess(request, detail, toAssessForm(assessable.data));
      const decision = decidePublicOutcome({ assessment: result, form: assessable.data, course: courseData, candidates });
      await claimDocuments(request, courseData.UCAS_CODE, submission, documentTypes);
      const body: StoreApplicationRequestInput = {
        submission: withoutDocuments(submission),
        course: { UCAS_CODE: courseData.UCAS_CODE, DEPART_NUMBER: courseData.DEPART_NUMBER, ALLOW_SECOND_YEAR_ENTRY: courseData.ALLOW_SECOND_YEAR_ENTRY },
        qualOptions,
        assessment: result,
        decision,
        user: request.staffUser?.username ?? PUBLIC_USER,
      };
      return fastify.services.applications.call(request, { method: 'POST', path: '/applications', body, response: applyResponseSchema });
    },
  );
};
