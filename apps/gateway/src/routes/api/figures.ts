import {
  API_ENDPOINTS,
  APPLICATIONS_SVC,
  buildFigures,
  FIGURES_TEXTS,
  figuresCsv,
  NOTIFICATIONS_SVC,
  COURSES_SVC,
  routeOf,
  type FiguresResponse,
} from '@clearing-desk/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The figures of the courses the user may view reports on: courses-svc answers those
 * courses by the user's scopes (403 when there are none), applications-svc counts their
 * applications in SQL (with its 'filling fast' threshold, WALLBOARD_FILLS_FAST_MINUTES, the one
 * its alerts use), and the contracts' `buildFigures` adds the fill states and the school and
 * overall totals.
 */
async function loadFigures(fastify: Parameters<FastifyPluginAsyncZod>[0], request: FastifyRequest, margin: number): Promise<FiguresResponse> {
  const { rows: courses } = await fastify.services.courses.send(request, COURSES_SVC.reportable);
  const counts = await fastify.services.applications.send(request, APPLICATIONS_SVC.figures, {
    body: { courses: courses.map(({ UCAS_CODE, SCHOOL, DEPT }) => ({ UCAS_CODE, SCHOOL, DEPT })) },
  });
  return buildFigures(courses, counts, {
    margin,
    fastMinutes: counts.FILLS_FAST_MINUTES,
    emails: await emailSummary(
      fastify,
      request,
      courses.map((c) => c.UCAS_CODE),
    ),
  });
}

/**
 * The decision emails of these courses by state (failed emails on the figures),
 * from notifications-svc; null when it cannot answer, so the figures still load on results day.
 */
async function emailSummary(fastify: Parameters<FastifyPluginAsyncZod>[0], request: FastifyRequest, ucasCodes: string[]) {
  try {
    return await fastify.services.notifications.send(request, NOTIFICATIONS_SVC.summary, { body: { ucasCodes } });
  } catch (err) {
    request.log.warn({ err }, 'email figures unavailable');
    return null;
  }
}

/**
 * GET /api/admin/figures (JSON) and GET /api/admin/figures.csv (the same figures as a download):
 * live results-day figures for users with view-report, scoped to their courses; `margin` sets the
 * over-offer warning (percent of places left); a course is 'filling fast' under applications-svc's
 * WALLBOARD_FILLS_FAST_MINUTES of time-to-full forecast. GET
 * /api/admin/figures/failed-emails lists the failed emails of the same courses (notifications-svc;
 * 503 with a message while it is down).
 */
export const figuresApiRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.route({
    ...routeOf(API_ENDPOINTS.figures),
    handler: async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return loadFigures(fastify, request, request.query.margin);
    },
  });

  // The failed emails behind the figures' 'Emails that failed', of the same courses; each row's
  // Resend is the desk's (deskEmailResend), which checks that the user may edit that application.
  fastify.route({
    ...routeOf(API_ENDPOINTS.figuresFailedEmails),
    handler: async (request, reply) => {
      const { rows: courses } = await fastify.services.courses.send(request, COURSES_SVC.reportable);
      void reply.header('cache-control', 'private, no-store');
      return fastify.services.notifications.send(request, NOTIFICATIONS_SVC.failed, { body: { ucasCodes: courses.map((c) => c.UCAS_CODE) } });
    },
  });

  fastify.route({
    ...routeOf(API_ENDPOINTS.figuresCsv),
    handler: async (request, reply) => {
      const csv = figuresCsv(await loadFigures(fastify, request, request.query.margin));
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${FIGURES_TEXTS.CSV_FILE_NAME}"`)
        .header('cache-control', 'no-store');
      return csv;
    },
  });
};
