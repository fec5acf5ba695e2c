import {
  accessForCourse,
  canEditCourse,
  canViewReport,
  COURSE_OPEN_TEXTS,
  COURSE_UPDATE_MESSAGES,
  COURSES_SVC,
  courseNamed,
  FIGURES_TEXTS,
  PLACES_MESSAGES,
  routeOf,
} from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The course and the forwarded user, when the user may edit it (canEditCourse on the course's
 * access); 404 for no such course, 403 otherwise. Checked here as well as at the gateway.
 */
async function editableCourse(fastify: Parameters<FastifyPluginAsyncZod>[0], request: FastifyRequest, code: string) {
  const found = await fastify.coursesRepository.find(code);
  if (!found) throw new HttpError(404, `Course ${code} not found`);
  const user = staffUserFromRequest(request);
  const access = accessForCourse(user?.roles, found.courseData);
  if (!user || !canEditCourse(access)) throw new HttpError(403, COURSE_UPDATE_MESSAGES.FORBIDDEN);
  return { found, user, access };
}

/**
 * Course catalogue routes (spec section 7): the endpoints of contracts' COURSES_SVC, called by
 * the gateway.
 */
export const courseRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(COURSES_SVC.search),
    handler: async (request) => {
      const result = await fastify.coursesRepository.search(request.query);
      const user = staffUserFromRequest(request);
      // Staff see their role on each course (the /staff search); the public answer stays as spec section 7 has it.
      if (!user) return result;
      return { ...result, rows: result.rows.map((row) => ({ ...row, access: accessForCourse(user.roles, row) })) };
    },
  });

  // Internal (gateway only): candidates for the alternatives of a red assessment (domain.md "Submit buttons").
  fastify.route({
    ...routeOf(COURSES_SVC.candidates),
    handler: async (request) => ({
      courses: await fastify.coursesRepository.alternativeCandidates(request.query.max_tariff_accepted, request.query.max_ib_accepted, request.query.near),
    }),
  });

  fastify.route({
    ...routeOf(COURSES_SVC.detail),
    handler: async (request) => {
      const found = await fastify.coursesRepository.find(request.params.id);
      if (!found) throw new HttpError(404, `Course ${request.params.id} not found`);
      const user = staffUserFromRequest(request);
      const access = accessForCourse(user?.roles, found.courseData);
      // Staff see what Reopen would restore; the public answer stays as spec section 7 has it.
      if (!user) return { ...found, access };
      return { ...found, access, reopenVacancies: await fastify.coursesRepository.reopenVacancies(found.courseData.UCAS_CODE) };
    },
  });

  // The courses the forwarded user may view reports on (GET /api/admin/figures asks applications-svc to count them).
  fastify.route({
    ...routeOf(COURSES_SVC.reportable),
    handler: async (request) => {
      const user = staffUserFromRequest(request);
      if (!user) throw new HttpError(403, FIGURES_TEXTS.FORBIDDEN);
      const rows = (await fastify.coursesRepository.allRows()).filter((row) => canViewReport(accessForCourse(user.roles, row)));
      if (rows.length === 0) throw new HttpError(403, FIGURES_TEXTS.FORBIDDEN);
      return { rows };
    },
  });

  fastify.route({
    ...routeOf(COURSES_SVC.placesBackfill),
    handler: async () => ({ courses: await fastify.coursesRepository.placesBackfill() }),
  });

  // Course control, the one owner of a course's settings: only the changed editable fields; 412
  // when If-Match no longer matches. A change of the places settings leaves in the same transaction
  // as the ledger's event (outbox), relayed at once.
  fastify.route({
    ...routeOf(COURSES_SVC.update),
    handler: async (request) => {
      const { found, user, access } = await editableCourse(fastify, request, request.params.id);
      const outcome = await fastify.coursesRepository.update(found.courseData.UCAS_CODE, request.body.data, user.username, request.body.ifMatch);
      if (outcome.kind === 'not-found') throw new HttpError(404, `Course ${request.params.id} not found`);
      if (outcome.kind === 'conflict') throw new HttpError(412, COURSE_UPDATE_MESSAGES.CONFLICT);
      if (outcome.kind === 'invalid') throw new HttpError(400, outcome.message);
      if (outcome.kind === 'not-counted') throw new HttpError(409, PLACES_MESSAGES.NOT_COUNTED_YET);
      if (outcome.announced) fastify.outboxRelay.kick();
      if (outcome.changes.length > 0) {
        request.log.info({ username: user.username, course: outcome.courseData.UCAS_CODE, fields: outcome.changes.map((c) => c.field) }, 'course changed');
      }
      return { courseData: outcome.courseData, qualOptions: found.qualOptions, access };
    },
  });

  // Course control's explicit Close and Reopen (external vacancies kept and restored), each named in its refusal.
  for (const [declaration, open] of [
    [COURSES_SVC.close, false],
    [COURSES_SVC.reopen, true],
  ] as const) {
    fastify.route({
      ...routeOf(declaration),
      handler: async (request) => {
        const { found, user, access } = await editableCourse(fastify, request, request.params.id);
        const named = courseNamed(found.courseData);
        const outcome = await fastify.coursesRepository.setOpen(found.courseData.UCAS_CODE, open, user.username);
        if (outcome.kind === 'not-found') throw new HttpError(404, `Course ${request.params.id} not found`);
        if (outcome.kind === 'already-closed') throw new HttpError(409, COURSE_OPEN_TEXTS.alreadyClosed(named));
        if (outcome.kind === 'not-closed') throw new HttpError(409, COURSE_OPEN_TEXTS.notClosed(named));
        if (outcome.kind === 'nothing-to-restore') throw new HttpError(409, COURSE_OPEN_TEXTS.nothingToRestore(named));
        request.log.info({ username: user.username, course: found.courseData.UCAS_CODE, open }, open ? 'course reopened' : 'course closed');
        const after = await fastify.coursesRepository.find(found.courseData.UCAS_CODE);
        if (!after) throw new HttpError(404, `Course ${request.params.id} not found`);
        return { ...after, access, reopenVacancies: await fastify.coursesRepository.reopenVacancies(found.courseData.UCAS_CODE) };
      },
    });
  }

  fastify.route({
    ...routeOf(COURSES_SVC.history),
    handler: async (request) => {
      const { found } = await editableCourse(fastify, request, request.params.id);
      return { rows: await fastify.coursesRepository.history(found.courseData.UCAS_CODE) };
    },
  });
};
