import { basePrefix, clockFromSetting, isWebPage } from '@clearing-desk/contracts';
import { createService, notFoundHandler } from '@clearing-desk/service-kit';
import { createLdapDirectory } from './auth/ldap-directory';
import { loadRoleMapping } from './auth/role-mapping';
import { createRolesRefresher } from './auth/staff-roles';
import { oidcConfigured, type GatewayConfig } from './config';
import { serviceClientsPlugin } from './plugins/app/service-clients';
import { serviceReadinessPlugin } from './plugins/app/service-readiness';
import { noStorePlugin } from './plugins/app/no-store';
import { openApiPlugin } from './plugins/external/openapi';
import { staffSessionPlugin } from './plugins/app/staff-session';
import { rateLimitPlugin } from './plugins/external/rate-limit';
import { formGuardPlugin } from './plugins/app/form-guard';
import { securityHeadersPlugin } from './plugins/external/security-headers';
import { redisPlugin } from './plugins/external/redis';
import { retentionJobPlugin } from './plugins/app/retention-job';
import { webAppPlugin } from './plugins/external/web-app';
import { xsrfPlugin } from './plugins/external/xsrf';
import { placesPlugin } from './places/places';
import { apiRoutes } from './routes/api';
import { oidcLoginRoutes } from './routes/oidc';

/**
 * Builds the gateway, the only public entry (architecture.md): security headers, XSRF cookie,
 * Redis, rate limits, staff session, service clients, /api routes under BASE_PATH, then the web app.
 * @throws Error when ROLE_MAPPING_FILE is missing or invalid (the deployment is broken).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Now, as the cycle rules read it (CLEARING_CLOCK). */
    clearingClock: () => Date;
  }
}

export async function buildApp(config: GatewayConfig) {
  const apiPrefix = `${config.BASE_PATH}api`;
  const app = createService({
    name: 'gateway',
    logLevel: config.LOG_LEVEL,
    requestLogSample: config.LOG_REQUEST_SAMPLE,
    // Only the configured proxies' X-Forwarded-For sets request.ip (rate limits count by it).
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    notFoundHandler: (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isPage = request.method === 'GET' && !path.startsWith(apiPrefix) && app.webAppAvailable;
      // Known pages 200, anything else the app's 404 page with a real 404 status.
      if (isPage && path.startsWith(config.BASE_PATH)) {
        const page = path.slice(config.BASE_PATH.length);
        if (!isWebPage(page)) return reply.code(404).type('text/html').sendFile('index.html');
        // Pages pre-rendered by the web build (dist/<page>/index.html) paint before any script runs.
        const prerendered = `${page.replace(/\/+$/, '')}/index.html`;
        return reply.type('text/html').sendFile(app.prerenderedPages?.has(prerendered) ? prerendered : 'index.html');
      }
      if (isPage && path === '/') return reply.redirect(config.BASE_PATH);
      return notFoundHandler(request, reply);
    },
  });
  // The one clock of the cycle rules (CLEARING_CLOCK; the real time when unset).
  app.decorate('clearingClock', clockFromSetting(config.CLEARING_CLOCK));
  await app.register(securityHeadersPlugin);
  await app.register(xsrfPlugin, { config });
  await app.register(redisPlugin, { config });
  await app.register(rateLimitPlugin, { config });
  await app.register(formGuardPlugin, { config });
  const directory = createLdapDirectory(config);
  const roleMapping = loadRoleMapping(config.ROLE_MAPPING_FILE);
  const refreshRoles = createRolesRefresher({ directory, roleMapping, refreshMs: config.STAFF_ROLES_REFRESH_MS, maxAgeMs: config.STAFF_ROLES_MAX_AGE_MS });
  await app.register(staffSessionPlugin, { config, refreshRoles });
  await app.register(serviceClientsPlugin, { config });
  await app.register(serviceReadinessPlugin);
  await app.register(retentionJobPlugin, { config });
  await app.register(placesPlugin);
  await app.register(noStorePlugin, { apiPrefix });
  await app.register(openApiPlugin, { apiPrefix, basePath: config.BASE_PATH });
  // Each route's declared path is its full public path ('/api/...'): mounted below the base only.
  await app.register(apiRoutes, { prefix: basePrefix(config.BASE_PATH), config, directory, roleMapping });
  if (oidcConfigured(config)) await app.register(oidcLoginRoutes, { config });
  await app.register(webAppPlugin, { config });

  return app;
}
