import { decisionDeadline } from '@clearing-desk/contracts/server';
import {
  APPLICATIONS_SVC,
  routeOf,
  accessForCourse,
  DESK_MESSAGES,
  APPLY_MESSAGES,
  AUDIT_TEXTS,
  canEditVisa,
  describeFormErrors,
  INTERVIEW_MESSAGES,
  overAllowanceRefusal,
  PLACES_MESSAGES,
  outboundCallRemark,
  canEditApplication,
  heldByOther,
  PRESENCE_TEXTS,
  type PresenceResponse,
  staffEditRefusal,
  staffStatusRefusal,
  validateSubmission,
  type StaffUser,
} from '@clearing-desk/contracts';
import { forbidIfRefused, HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deskRepositoryPlugin } from '../../repositories/desk-repository';

/** The forwarded staff user; the desk is staff-only, so none is 403. */
function requireUser(request: FastifyRequest): StaffUser {
  const user = staffUserFromRequest(request);
  if (!user) throw new HttpError(403, DESK_MESSAGES.NO_ROLE);
  return user;
}

/**
 * The applications desk, called by the gateway's /api/admin/applications and
 * /api/admin/students routes. Permissions are checked here too (never only in the gateway):
 * the user comes from the forwarded header, the role from the SCHOOL/DEPT stored on the row.
 */
export const deskRoutes: FastifyPluginAsyncZod = async (fastify) => {
  await fastify.register(deskRepositoryPlugin);
  const repo = () => fastify.deskRepository;

  /** The locked-or-not row of an application and the user's role on its course; 404 / 403. */
  const load = async (request: FastifyRequest, params: { student: string; course: string }) => {
    const user = requireUser(request);
    const row = await repo().findRow(params.student, params.course);
    if (!row) throw new HttpError(404, DESK_MESSAGES.NOT_FOUND);
    const access = accessForCourse(user.roles, { SCHOOL: row.school, DEPT: row.dept });
    if (!access) throw new HttpError(403, DESK_MESSAGES.NO_ROLE);
    return { user, row, access };
  };

  /**
   * Refuses (409) a save by `user` while another adviser holds the application (presence): the
   * message names the holder. Presence that cannot be read lets the save go on to the version check.
   */
  const refuseIfHeld = async (applicationId: number, user: StaffUser) => {
    const { holder } = await fastify.presence.holder(applicationId);
    if (heldByOther(holder, user.username)) throw new HttpError(409, PRESENCE_TEXTS.held(holder.name));
  };
  const presenceAnswer = (holder: PresenceResponse['holder'], user: StaffUser): PresenceResponse => ({
    holder,
    mine: holder?.username === user.username,
    heartbeat_ms: fastify.presence.heartbeatMs,
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.deskPresence),
    handler: async (request) => {
      const { user, row, access } = await load(request, request.params);
      // Only an adviser who may edit it holds an application: a reader (the Visa Team, a role that
      // cannot edit this status) sees who holds it and never stops anyone saving.
      if (!canEditApplication(access, row.status)) return presenceAnswer((await fastify.presence.holder(row.applicationId)).holder, user);
      const before = request.body.take_over ? (await fastify.presence.holder(row.applicationId)).holder : null;
      const state = await fastify.presence.claim(row.applicationId, user, request.body.take_over);
      // A take-over is in the History log: whose call was taken, by whom (the LOG's user), when.
      if (heldByOther(before, user.username) && state.holder?.username === user.username) {
        await repo().addLog(row, PRESENCE_TEXTS.takeOverLog(before.name), user.username);
      }
      // A new hold (not a heartbeat) changes what the advisers have open on the wallboard.
      if (state.fresh) fastify.presence.announceDesk();
      return presenceAnswer(state.holder, user);
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.deskPresenceRelease),
    handler: async (request) => {
      const { user, row } = await load(request, request.params);
      const state = await fastify.presence.release(row.applicationId, user.username);
      // Leaving without an outcome: the adviser's 'Next call' item on it returns to the queue now.
      await fastify.workQueue.release(row.applicationId, user.username);
      fastify.presence.announceDesk();
      return presenceAnswer(state.holder, user);
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.deskQueueNext),
    handler: async (request) => {
      const user = requireUser(request);
      if (user.roles.length === 0) throw new HttpError(403, DESK_MESSAGES.NO_ROLE);
      const item = await fastify.workQueue.next(user);
      // An item taken leaves the queue the wallboard counts.
      if (item) fastify.presence.announceDesk();
      return { item };
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.deskList),
    handler: async (request) => repo().list(request.query, requireUser(request).roles),
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.deskStudents),
    handler: async (request) => {
      const user = requireUser(request);
      if (user.roles.length === 0) throw new HttpError(403, DESK_MESSAGES.NO_ROLE);
      return repo().searchStudents(request.query, user.roles);
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.deskApplication),
    handler: async (request) => {
      const { user, row } = await load(request, request.params);
      // A staff read on a screen is audited (who, when, which screen); reads before a write are not.
      if (request.query.screen) await fastify.auditRepository.recordRead(row, user.username, request.query.screen);
      const found = await repo().find(request.params.student, request.params.course);
      if (!found) throw new HttpError(404, DESK_MESSAGES.NOT_FOUND);
      return found;
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.deskAudit),
    handler: async (request) => {
      const { row, access } = await load(request, request.params);
      if (access !== 'Administrator') throw new HttpError(403, AUDIT_TEXTS.FORBIDDEN);
      return { rows: await fastify.auditRepository.forApplication(row.applicationId) };
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.deskUpdate),
    handler: async (request) => {
      const user = requireUser(request);
      const { submission, qualOptions, ALLOW_SECOND_YEAR_ENTRY, assessment } = request.body;
      const errors = validateSubmission(submission, { qualOptions, ALLOW_SECOND_YEAR_ENTRY });
      if (errors.length > 0) throw new HttpError(400, describeFormErrors(errors));
      const held = await repo().findRow(request.params.student, request.params.course);
      if (held) await refuseIfHeld(held.applicationId, user);
      // The rules run on the locked row inside the transaction, so a status changed meanwhile counts.
      const result = await repo().update(request.params.student, request.params.course, request.body, user.username, (row) => {
        const access = accessForCourse(user.roles, { SCHOOL: row.school, DEPT: row.dept });
        forbidIfRefused(staffStatusRefusal(access, row.status, submission.STATUS, assessment.SUBMISSION_OPTIONS.BUTTONS));
        forbidIfRefused(overAllowanceRefusal(access, submission.OVER_ALLOWANCE));
      });
      if (result.kind === 'not-found') throw new HttpError(404, DESK_MESSAGES.NOT_FOUND);
      if (result.kind === 'conflict') throw new HttpError(409, DESK_MESSAGES.VERSION_CONFLICT);
      if (result.kind === 'duplicate') throw new HttpError(409, APPLY_MESSAGES.DUPLICATE);
      if (result.kind === 'interview-required') throw new HttpError(400, INTERVIEW_MESSAGES.REQUIRED);
      if (result.kind === 'no-place') throw new HttpError(409, PLACES_MESSAGES.NO_PLACE_LEFT);
      fastify.outboxRelay.kick();
      if (result.status !== result.previousStatus) fastify.decisionMetrics.record(result.status, 'staff');
      const changed = result.status !== result.previousStatus;
      // A decision is an outcome: the adviser's hold ends with it, so the application is free for the next.
      if (changed && held) {
        await fastify.presence.release(held.applicationId, user.username);
        // ...and closes its work-queue item: it does not come back.
        await fastify.workQueue.close(held.applicationId);
        fastify.presence.announceDesk();
      }
      return {
        confirmed_status: result.status,
        version: result.version,
        updated_at: result.updatedAt,
        ...(changed
          ? { decision_deadline: decisionDeadline(result.status, new Date(result.updatedAt), fastify.intakeCycle.calendar)?.toISOString() ?? null }
          : {}),
      };
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.deskOutboundCall),
    handler: async (request) => {
      const { user, row, access } = await load(request, request.params);
      // Only a user who may edit the application logs a call on it (spec section 6).
      forbidIfRefused(staffEditRefusal(access, row.status));
      await refuseIfHeld(row.applicationId, user);
      const remark = outboundCallRemark(request.body);
      const log = await repo().logOutboundCall(row, remark, user.username);
      // A call logged is an outcome: the adviser's hold ends with it.
      await fastify.presence.release(row.applicationId, user.username);
      await fastify.workQueue.close(row.applicationId);
      fastify.presence.announceDesk();
      return { OUTBOUND_CALL_FLAG: 1 as const, OUTBOUND_CALL_REMARK: remark, log };
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.deskVisa),
    handler: async (request) => {
      const { user, row, access } = await load(request, request.params);
      if (!canEditVisa(access, true)) throw new HttpError(403, DESK_MESSAGES.CANNOT_EDIT_VISA);
      return { updated_at: await repo().saveVisa(row, request.body, user.username) };
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.deskVisaState),
    handler: async (request) => {
      const { user, row, access } = await load(request, request.params);
      if (!canEditVisa(access, true)) throw new HttpError(403, DESK_MESSAGES.CANNOT_EDIT_VISA);
      return repo().setVisaState(row, request.body.VISA_STATUS, user.username);
    },
  });

  fastify.route({
    ...routeOf(APPLICATIONS_SVC.deskLog),
    handler: async (request) => {
      const { user, row } = await load(request, request.params);
      await repo().addLog(row, request.body.message, user.username);
      return { version: row.version };
    },
  });
};
