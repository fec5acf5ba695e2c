import helmet from '@fastify/helmet';
import { createService, notFoundHandler } from '@clearing-desk/service-kit';
import type { GatewayConfig } from './config';
import { serviceClientsPlugin } from './plugins/app/service-clients';
import { staffSessionPlugin } from './plugins/app/staff-session';
import { webAppPlugin } from './plugins/external/web-app';
import { xsrfPlugin } from './plugins/external/xsrf';
import { apiRoutes } from './routes/api';

/**
 * Builds the gateway, the only public entry (architecture.md): security headers, XSRF cookie,
 * staff session, service clients, /api routes under BASE_PATH, then the web app.
 */
export async function buildApp(config: GatewayConfig) {
  const apiPrefix = `${config.BASE_PATH}api`;
  const app = createService({
    name: 'gateway',
    logLevel: config.LOG_LEVEL,
    trustProxy: true,
    notFoundHandler: (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isPage = request.method === 'GET' && !path.startsWith(apiPrefix) && app.webAppAvailable;
      if (isPage && path.startsWith(config.BASE_PATH)) return reply.type('text/html').sendFile('index.html');
      if (isPage && path === '/') return reply.redirect(config.BASE_PATH);
      return notFoundHandler(request, reply);
    },
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: { 'script-src': ["'self'"], 'img-src': ["'self'", 'data:', 'blob:'], 'upgrade-insecure-requests': null },
    },
  });
  await app.register(xsrfPlugin, { config });
  await app.register(staffSessionPlugin);
  await app.register(serviceClientsPlugin, { config });
  await app.register(apiRoutes, { prefix: apiPrefix });
  await app.register(webAppPlugin, { config });

  return app;
}
