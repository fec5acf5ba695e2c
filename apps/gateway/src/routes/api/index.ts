import type { FastifyPluginAsync } from 'fastify';
import { applicationApiRoutes } from './applications';
import { assessApiRoutes } from './assess';
import { courseApiRoutes } from './courses';
import { fileApiRoutes } from './files';
import { statusApiRoutes } from './status';

/** Every /api route of spec section 7, mounted under `${BASE_PATH}api`. */
export const apiRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(courseApiRoutes);
  await fastify.register(statusApiRoutes);
  await fastify.register(assessApiRoutes);
  await fastify.register(applicationApiRoutes);
  await fastify.register(fileApiRoutes);
};
