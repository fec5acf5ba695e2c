import {
  APPLICATIONS_SVC,
  routeOf,
  accessForCourse,
  DESK_MESSAGES,
  APPLY_MESSAGES,
  describeFormErrors,
  ERROR_CODES,
  overAllowanceRefusal,
  PLACES_MESSAGES,
  INTERVIEW_MESSAGES,
  interviewNeeded,
  normaliseEmail,
  SUBMISSION_ID_OTHER_APPLICANT,
  SUBMISSION_ID_REUSED,
  staffStatusRefusal,
  STATUS_PAGE_MESSAGES,
  validateSubmission,
  type ApplyResponse,
  type RoleAssignment,
} from '@clearing-desk/contracts';
import { forbidIfRefused, HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formUcasPersonalId, type ApplicantKey } from '../../repositories/applications-repository';
import { findLedgers } from '../../places/ledger';
import { clearingStatusNow } from '../status';

/**
 * Application routes called by the gateway (spec section 7): the duplicate check
 * (`/api/applications/{ucasCode}/applied`), storing a decided submission (`/api/apply/{course}`)
 * and the public review page (`/api/applications/{hash}`). `now` is the clock of the status page's
 * links (tests set their own); `today` the calendar date the Clearing window is judged on.
 */
export const applicationRoutes: FastifyPluginAsyncZod<{ now?: () => Date; today: () => string }> = async (fastify, { now = () => new Date(), today }) => {
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.applied),
    handler: async (request) => {
      const { ucas_code, email, ucas_personal_id } = request.query;
      // Spec section 4: with no parameters no lookup is made.
      if (!email && !ucas_personal_id) return { rows: [] };
      return fastify.applicationsRepository.applied(ucas_code, {
        emailNormalised: email ? normaliseEmail(email) : undefined,
        ucasPersonalId: ucas_personal_id || undefined,
      });
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.store),
    handler: async (request, reply) => {
      const { submission, course, qualOptions } = request.body;
      // A staff create's user: whose scopes the chosen student must be in.
      let staffRoles: readonly RoleAssignment[] | undefined;
      if (request.body.staff) {
        // A staff create: the forwarded user's role on the course, and a status
        // among the buttons the assessment made for that role (checked here, not only in the gateway).
        const user = staffUserFromRequest(request);
        if (!user) throw new HttpError(403, DESK_MESSAGES.NO_ROLE);
        const access = accessForCourse(user.roles, { SCHOOL: course.SCHOOL ?? '', DEPT: course.DEPT ?? '' });
        forbidIfRefused(staffStatusRefusal(access, null, request.body.decision.confirmed_status, request.body.assessment.SUBMISSION_OPTIONS.BUTTONS));
        staffRoles = user.roles;
        forbidIfRefused(overAllowanceRefusal(access, request.body.overAllowance));
      } else forbidIfRefused(overAllowanceRefusal(null, request.body.overAllowance));
      // A replayed key answers the stored record only to the same applicant (same normalised email and
      // UCAS Personal ID): another person reusing a key must never see someone else's application.
      const replay = (stored: { response: ApplyResponse; ucasCode: string; applicant: ApplicantKey }) => {
        if (stored.ucasCode !== course.UCAS_CODE) throw new HttpError(409, SUBMISSION_ID_REUSED);
        const email = normaliseEmail(submission.EMAIL ?? '');
        const ucasPersonalId = formUcasPersonalId(submission);
        if (stored.applicant.emailNormalised !== email || stored.applicant.ucasPersonalId !== ucasPersonalId) {
          throw new HttpError(409, SUBMISSION_ID_OTHER_APPLICANT);
        }
        return reply.status(200).send(stored.response);
      };
      // Idempotency: a SUBMISSION_ID seen before answers what was stored, and stores nothing.
      const stored = await fastify.applicationsRepository.findBySubmissionId(submission.SUBMISSION_ID);
      if (stored) return replay(stored);

      const errors = validateSubmission(submission, { qualOptions, ALLOW_SECOND_YEAR_ENTRY: course.ALLOW_SECOND_YEAR_ENTRY });
      if (errors.length > 0) throw new HttpError(400, describeFormErrors(errors));
      // An adviser who creates it as I arranges the interview in the same step.
      if (request.body.staff && interviewNeeded(null, request.body.decision.confirmed_status) && !request.body.interview) {
        throw new HttpError(400, INTERVIEW_MESSAGES.REQUIRED);
      }

      const result = await fastify.applicationsRepository.store(request.body, staffRoles);
      if (result.kind === 'duplicate') throw new HttpError(409, APPLY_MESSAGES.DUPLICATE);
      // No place left: the public gets spec section 8's COURSE_CLOSED, staff the reason (the form re-assesses without O).
      if (result.kind === 'no-place') throw new HttpError(409, request.body.staff ? PLACES_MESSAGES.NO_PLACE_LEFT : ERROR_CODES.COURSE_CLOSED);
      if (result.kind === 'unknown-student') throw new HttpError(404, DESK_MESSAGES.STUDENT_NOT_FOUND);
      if (result.kind === 'replayed') return replay(result);
      fastify.decisionMetrics.record(result.response.confirmed_status, request.body.staff ? 'staff' : 'public');
      fastify.outboxRelay.kick();
      return reply.status(201).send(result.response);
    },
  });

  // What a public submit reads before it is assessed, in one call: the Clearing setting, a replayed
  // key, the duplicate check and the course's places left. It holds nothing: POST /applications takes the place.
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.submitFacts),
    handler: async (request) => {
      const { ucas_code, submission_id, email, ucas_personal_id } = request.body;
      const code = ucas_code.toUpperCase();
      const [clearing, stored, applied, ledgers] = await Promise.all([
        // Closed outside the cycle's Clearing window, whatever the setting.
        clearingStatusNow(fastify, today),
        fastify.applicationsRepository.findBySubmissionId(submission_id),
        email?.trim() || ucas_personal_id?.trim()
          ? fastify.applicationsRepository.applied(code, {
              emailNormalised: email?.trim() ? normaliseEmail(email) : undefined,
              ucasPersonalId: ucas_personal_id?.trim() || undefined,
            })
          : Promise.resolve({ rows: [] }),
        findLedgers(fastify.db, [code]),
      ]);
      return {
        clearing: { state: clearing.state, closing_message: clearing.closing_message ?? null },
        stored: stored !== null,
        applied: applied.rows.length > 0,
        placesLeft: ledgers[0]?.VACANCIES_INTERNAL ?? null,
      };
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.submission),
    handler: async (request) => ({ stored: (await fastify.applicationsRepository.findBySubmissionId(request.params.id)) !== null }),
  });

  /**
   * The applicant's status page by hash: 404 for an unknown hash; 410 once its
   * intake's cycle has ended (intakeCycleEnd, by `now`), or a later intake is configured:
   * the link every email carries stops working, and personal data is not kept reachable.
   */
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.byHash),
    handler: async (request) => {
      const found = await fastify.applicationsRepository.findByHash(request.params.hash);
      if (!found) throw new HttpError(404, STATUS_PAGE_MESSAGES.NOT_FOUND);
      const ended = now().getTime() > new Date(found.stored.decision.LINK_VALID_UNTIL).getTime();
      if (ended || !found.currentIntake) throw new HttpError(410, STATUS_PAGE_MESSAGES.expired(found.intake));
      return found.stored;
    },
  });
};
