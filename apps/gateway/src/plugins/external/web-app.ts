import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { GatewayConfig } from '../../config';

/**
 * Serves the built web app under BASE_PATH; any other GET that accepts HTML gets index.html so
 * the React router can answer (its 404 page included). Skipped when there is no build.
 */
export const webAppPlugin = fp<{ config: GatewayConfig }>(
  async (fastify, { config }) => {
    const root = config.WEB_DIST_DIR;
    if (!existsSync(path.join(root, 'index.html'))) {
      fastify.log.warn({ root }, 'no web build found: the gateway serves the API only');
      return;
    }
    await fastify.register(fastifyStatic, { root, prefix: config.BASE_PATH, wildcard: false, index: ['index.html'] });
    fastify.decorate('webAppAvailable', true);
  },
  { name: 'web-app' },
);

declare module 'fastify' {
  interface FastifyInstance {
    webAppAvailable?: boolean;
  }
}
