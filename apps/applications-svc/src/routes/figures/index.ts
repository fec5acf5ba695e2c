import { APPLICATIONS_SVC, routeOf, accessForCourse, canViewReport, FIGURES_TEXTS } from '@clearing-desk/contracts';
import { HttpError, staffUserFromRequest } from '@clearing-desk/service-kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { figuresRepositoryPlugin } from '../../repositories/figures-repository';
import { findLedgers } from '../../places/ledger';

/**
 * POST /figures: counts for the courses the gateway names, called by GET
 * /api/admin/figures. The forwarded user must have view-report on every course asked (the
 * gateway sends each course's school and department, so the scope is checked here too).
 */
export const figuresRoutes: FastifyPluginAsyncZod = async (fastify) => {
  // Registered here rather than in app.ts so the figures stay one line there (encapsulated to these routes).
  await fastify.register(figuresRepositoryPlugin);
  fastify.route({
    ...routeOf(APPLICATIONS_SVC.figures),
    handler: async (request) => {
      const user = staffUserFromRequest(request);
      const { courses } = request.body;
      if (!user || !courses.every((course) => canViewReport(accessForCourse(user.roles, course)))) {
        throw new HttpError(403, FIGURES_TEXTS.FORBIDDEN);
      }
      const codes = courses.map((c) => c.UCAS_CODE);
      const [counts, ledgers] = await Promise.all([fastify.figuresRepository.count(codes), findLedgers(fastify.db, codes)]);
      // Each course's places ledger beside its counts.
      const byCode = new Map(ledgers.map((l) => [l.UCAS_CODE, l]));
      return {
        ...counts,
        rows: counts.rows.map((row) => ({ ...row, places: byCode.get(row.UCAS_CODE) ?? null })),
        FILLS_FAST_MINUTES: fastify.wallboardAlertSettings.fastMinutes,
      };
    },
  });
};
