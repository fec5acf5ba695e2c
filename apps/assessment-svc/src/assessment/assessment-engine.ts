import fp from 'fastify-plugin';
import { assess } from '.';

/** The assessment engine as the routes use it (pure functions; see src/assessment). */
export type AssessmentEngine = { assess: typeof assess };

declare module 'fastify' {
  interface FastifyInstance {
    assessment: AssessmentEngine;
  }
}

/** Decorates `fastify.assessment` with the engine, so routes depend on the plugin, not on file paths. */
export const assessmentEnginePlugin = fp(
  async (fastify) => {
    fastify.decorate('assessment', { assess });
  },
  { name: 'assessment-engine' },
);
