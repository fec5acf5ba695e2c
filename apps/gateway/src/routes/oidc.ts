import { API_ENDPOINTS, API_ROUTES, basePrefix, LOGIN_MESSAGES, routeOf, type StaffUser } from '@clearing-desk/contracts';
import { HttpError } from '@clearing-desk/service-kit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createOidcClient, OidcUnavailableError, oidcSettings, type OidcClient, type OidcTransaction } from '../auth/oidc-client';
import { rolesForGroups, type RoleMapping } from '../auth/role-mapping';
import type { GatewayConfig } from '../config';

/** Cookie holding the PKCE verifier, state and nonce between /login and the callback (signed, HttpOnly). */
export const OIDC_TRANSACTION_COOKIE = 'clearing_oidc';
/** Seconds a started enterprise sign-in may take before its transaction cookie expires. */
const TRANSACTION_MAX_AGE_S = 10 * 60;

const transactionSchema = z.object({ codeVerifier: z.string().min(43), state: z.string().min(1), nonce: z.string().min(1) });

/** One client (and one cached discovery) per gateway config, shared by the two route plugins. */
const clients = new WeakMap<GatewayConfig, OidcClient>();
const clientFor = (config: GatewayConfig): OidcClient => {
  let client = clients.get(config);
  if (!client) {
    client = createOidcClient(oidcSettings(config));
    clients.set(config, client);
  }
  return client;
};

/** The callback's folder below BASE_PATH (e.g. /api/admin/auth/oidc), where the transaction cookie travels. */
const transactionCookiePath = (config: GatewayConfig) => `${basePrefix(config.BASE_PATH)}${API_ROUTES.authOidcCallback.path.replace(/\/[^/]*$/, '')}`;

const unavailable = (request: FastifyRequest, err: OidcUnavailableError) => {
  request.log.error({ err }, 'enterprise sign-in provider unavailable');
  return new HttpError(503, LOGIN_MESSAGES.ENTERPRISE_UNAVAILABLE);
};

/**
 * `GET ${BASE_PATH}login` (the login screen's enterprise link, registered from app.ts when OIDC
 * is configured): 302 to the provider's authorization endpoint (code flow, S256 PKCE challenge,
 * state, nonce, redirect_uri `${PUBLIC_URL}api/admin/auth/oidc/callback`), keeping the verifier,
 * state and nonce in a signed, HttpOnly, SameSite=Lax cookie that lives 10 minutes and is only
 * sent to the callback. 503 ENTERPRISE_UNAVAILABLE when the provider's discovery fails.
 * @throws Error at registration when the OIDC settings are incomplete (e.g. no PUBLIC_URL).
 */
export const oidcLoginRoutes: FastifyPluginAsync<{ config: GatewayConfig }> = async (fastify, { config }) => {
  const client = clientFor(config);

  fastify.get(`${config.BASE_PATH}login`, async (request, reply) => {
    let started: Awaited<ReturnType<OidcClient['startSignIn']>>;
    try {
      started = await client.startSignIn();
    } catch (err) {
      if (err instanceof OidcUnavailableError) throw unavailable(request, err);
      throw err;
    }
    reply.setCookie(OIDC_TRANSACTION_COOKIE, JSON.stringify(started.transaction), {
      path: transactionCookiePath(config),
      httpOnly: true,
      sameSite: 'lax',
      secure: config.COOKIE_SECURE,
      maxAge: TRANSACTION_MAX_AGE_S,
      signed: true,
    });
    reply.header('cache-control', 'no-store');
    return reply.redirect(started.url.href, 302);
  });
};

/**
 * `GET /admin/auth/oidc/callback` under `${BASE_PATH}api` (registered from the api routes when
 * OIDC is configured, so the session cookie's path covers it; public): reads and clears the
 * transaction cookie, exchanges the code (state, PKCE and ID token nonce checked), maps the groups
 * claim to roles with the role mapping file, starts a staff session that ends at the ID token's
 * expiry (no refresh token is held, so its roles cannot be re-read) and redirects to
 * `${BASE_PATH}staff`. A missing or forged cookie, a state mismatch, an error from the provider or
 * a refused token redirects to `${BASE_PATH}staff?signin=failed` without a session (the reason is
 * logged); 503 ENTERPRISE_UNAVAILABLE when the provider cannot be reached.
 */
export const oidcCallbackRoutes: FastifyPluginAsync<{ config: GatewayConfig; roleMapping: RoleMapping }> = async (fastify, { config, roleMapping }) => {
  const client = clientFor(config);

  const failed = (request: FastifyRequest, reply: FastifyReply, reason: string, err?: unknown) => {
    request.log.warn({ reason, err }, 'enterprise sign-in failed');
    reply.header('cache-control', 'no-store');
    return reply.redirect(`${config.BASE_PATH}staff?signin=failed`, 302);
  };

  fastify.route({
    ...routeOf(API_ENDPOINTS.authOidcCallback),
    config: { public: true },
    handler: async (request, reply) => {
      const raw = request.cookies[OIDC_TRANSACTION_COOKIE];
      // One use only, whatever the outcome.
      reply.clearCookie(OIDC_TRANSACTION_COOKIE, { path: transactionCookiePath(config) });
      if (!raw) return failed(request, reply, 'no sign-in transaction cookie (expired, or not started here)');
      const unsigned = request.unsignCookie(raw);
      if (!unsigned.valid || unsigned.value === null) return failed(request, reply, 'sign-in transaction cookie with a bad signature');
      let transaction: OidcTransaction;
      try {
        transaction = transactionSchema.parse(JSON.parse(unsigned.value));
      } catch (err) {
        return failed(request, reply, 'unreadable sign-in transaction cookie', err);
      }

      const callbackUrl = new URL(client.redirectUri);
      const queryAt = request.url.indexOf('?');
      callbackUrl.search = queryAt >= 0 ? request.url.slice(queryAt) : '';
      // openid-client checks it too; checked here first so the log says what was wrong.
      if (callbackUrl.searchParams.get('state') !== transaction.state) return failed(request, reply, 'the state does not match the sign-in transaction');
      let identity;
      try {
        identity = await client.finishSignIn(callbackUrl, transaction);
      } catch (err) {
        if (err instanceof OidcUnavailableError) throw unavailable(request, err);
        return failed(request, reply, 'the provider refused the sign-in, or its answer did not pass the checks', err);
      }

      const user: StaffUser = { username: identity.username, name: identity.name, roles: rolesForGroups(roleMapping, identity.groups) };
      await fastify.signIn(request, reply, user, { from: 'oidc', expiresAt: identity.expiresAt });
      request.log.info({ username: user.username, subject: identity.subject, roles: user.roles }, 'staff signed in (enterprise)');
      reply.header('cache-control', 'no-store');
      return reply.redirect(`${config.BASE_PATH}staff`, 302);
    },
  });
};
