import { API_ROUTES, LIMITS } from '@clearing-desk/contracts';
import * as oidc from 'openid-client';
import type { GatewayConfig } from '../config';

/** Path of the callback under PUBLIC_URL; the redirect URI to register with the provider. */
export const OIDC_CALLBACK_PATH = API_ROUTES.authOidcCallback.path.slice(1);

/** Seconds the provider may take to answer discovery, the token exchange or userinfo. */
const PROVIDER_TIMEOUT_S = 10;

/** The provider cannot be reached (discovery, token or userinfo endpoint down, slow or broken): 503. */
export class OidcUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OidcUnavailableError';
  }
}

/** What the gateway keeps between /login and the callback (in a signed, HttpOnly cookie). */
export type OidcTransaction = {
  /** PKCE code verifier; only its S256 challenge goes to the provider. */
  codeVerifier: string;
  state: string;
  nonce: string;
};

/** The signed-in person as the provider describes them. */
export type OidcIdentity = {
  /** The provider's stable subject identifier. */
  subject: string;
  /** preferred_username, else email, else sub; at most LIMITS.USERNAME_MAX characters. */
  username: string;
  /** The `name` claim, else the username. */
  name: string;
  /** Values of the groups claim (OIDC_GROUPS_CLAIM), to map to roles like directory groups. */
  groups: string[];
  /** Epoch milliseconds of the ID token's expiry (its `exp`), when the staff session ends. */
  expiresAt: number;
};

/** Settings of the enterprise sign-in, checked once at start. */
export type OidcSettings = {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** `${PUBLIC_URL}api/admin/auth/oidc/callback`. */
  redirectUri: string;
  groupsClaim: string;
};

const isLoopback = (url: URL) => url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);

/**
 * The enterprise sign-in settings of the gateway config.
 * @throws Error with a message naming the variable when OIDC is configured without PUBLIC_URL, with
 * a PUBLIC_URL that does not end in BASE_PATH, or with a plain-HTTP issuer that is not on loopback;
 * the gateway then refuses to start.
 */
export function oidcSettings(config: GatewayConfig): OidcSettings {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, PUBLIC_URL, BASE_PATH } = config;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) {
    throw new Error('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must all be set for the enterprise sign-in');
  }
  if (!PUBLIC_URL) {
    throw new Error(
      `PUBLIC_URL must be set when the enterprise sign-in (OIDC_ISSUER) is configured: the gateway's public address with BASE_PATH, e.g. https://clearing.example.ac.uk${BASE_PATH}`,
    );
  }
  const publicUrl = new URL(PUBLIC_URL);
  if (!publicUrl.pathname.endsWith(BASE_PATH) || publicUrl.search || publicUrl.hash) {
    throw new Error(`PUBLIC_URL must be the gateway's public address ending with BASE_PATH (${BASE_PATH}), without query: got ${PUBLIC_URL}`);
  }
  const issuer = new URL(OIDC_ISSUER);
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && isLoopback(issuer))) {
    throw new Error(`OIDC_ISSUER must be an https:// URL (plain http only on loopback, for tests): got ${OIDC_ISSUER}`);
  }
  return {
    issuer,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    redirectUri: new URL(OIDC_CALLBACK_PATH, publicUrl).href,
    groupsClaim: config.OIDC_GROUPS_CLAIM,
  };
}

/** The enterprise sign-in: the authorization-code flow with PKCE against one provider. */
export interface OidcClient {
  /** `${PUBLIC_URL}api/admin/auth/oidc/callback`, where the provider sends the browser back. */
  readonly redirectUri: string;
  /**
   * Starts a sign-in: the provider's authorization URL (code flow, S256 PKCE challenge, state,
   * nonce) and the transaction to keep until the callback.
   * @throws OidcUnavailableError when the provider's discovery document cannot be fetched.
   */
  startSignIn(): Promise<{ url: URL; transaction: OidcTransaction }>;
  /**
   * Completes a sign-in from the callback URL: checks state, exchanges the code with the PKCE
   * verifier, checks the ID token (signature, issuer, audience, nonce) and reads the identity
   * from its claims, falling back to userinfo for the missing ones.
   * @throws OidcUnavailableError when the provider cannot be reached or answers with a server error.
   * @throws another Error when the response is refused (provider error, wrong state, bad token).
   */
  finishSignIn(callbackUrl: URL, transaction: OidcTransaction): Promise<OidcIdentity>;
}

const UNAVAILABLE_CODES = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON']);

/** Whether an openid-client failure means the provider is unreachable or broken (not a refusal). */
function isUnavailable(err: unknown): boolean {
  // fetch() network failures (connection refused, DNS) are TypeErrors without a code.
  if (err instanceof TypeError && (err as { code?: unknown }).code === undefined) return true;
  if (err instanceof oidc.ClientError) return UNAVAILABLE_CODES.has(err.code ?? '');
  if (err instanceof oidc.ResponseBodyError) return err.status >= 500;
  return false;
}

/** A claim as a string, when it is a non-empty one. */
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The groups claim as a list: an array of strings, or a single string. */
function groupsOf(value: unknown): string[] | undefined {
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string' && g !== '');
  if (typeof value === 'string' && value !== '') return [value];
  return undefined;
}

/**
 * The enterprise sign-in client. The provider's discovery document is fetched on first use and
 * kept (a failed discovery is not kept, so the next sign-in tries again). `execute:
 * [allowInsecureRequests]` is passed only for a plain-HTTP issuer on loopback (the tests' local
 * provider; oidcSettings refuses any other http issuer). The client authenticates at the token
 * endpoint with client_secret_basic, or client_secret_post where that is all the provider offers.
 */
export function createOidcClient(settings: OidcSettings): OidcClient {
  const insecure = settings.issuer.protocol === 'http:' && isLoopback(settings.issuer);
  const scopeBase = 'openid profile email';
  let discovered: Promise<oidc.Configuration> | undefined;

  const execute = insecure ? [oidc.allowInsecureRequests] : [];

  /**
   * client_secret_basic (the OpenID default), or client_secret_post for a provider whose
   * discovery document offers only that.
   */
  const withClientAuth = (discoveredConfig: oidc.Configuration): oidc.Configuration => {
    const server = discoveredConfig.serverMetadata();
    const methods = server.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    if (methods.includes('client_secret_basic') || !methods.includes('client_secret_post')) return discoveredConfig;
    const config = new oidc.Configuration(server, settings.clientId, settings.clientSecret, oidc.ClientSecretPost(settings.clientSecret));
    config.timeout = PROVIDER_TIMEOUT_S;
    for (const run of execute) run(config);
    return config;
  };

  const configuration = (): Promise<oidc.Configuration> => {
    discovered ??= oidc
      .discovery(settings.issuer, settings.clientId, settings.clientSecret, oidc.ClientSecretBasic(settings.clientSecret), {
        timeout: PROVIDER_TIMEOUT_S,
        execute,
      })
      .then(withClientAuth)
      .catch((err: unknown) => {
        discovered = undefined;
        throw new OidcUnavailableError(`discovery of ${settings.issuer.href} failed`, { cause: err });
      });
    return discovered;
  };

  return {
    redirectUri: settings.redirectUri,

    async startSignIn() {
      const config = await configuration();
      const transaction: OidcTransaction = { codeVerifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
      // Ask for the groups scope only where the provider offers it (others may refuse an unknown scope).
      const scope = config.serverMetadata().scopes_supported?.includes('groups') ? `${scopeBase} groups` : scopeBase;
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope,
        code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
        code_challenge_method: 'S256',
        state: transaction.state,
        nonce: transaction.nonce,
      });
      return { url, transaction };
    },

    async finishSignIn(callbackUrl, transaction) {
      const config = await configuration();
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: transaction.codeVerifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new Error('the token response has no ID token');
        let claims: Record<string, unknown> = idClaims;
        const missing = groupsOf(claims[settings.groupsClaim]) === undefined || !text(claims.name) || !(text(claims.preferred_username) ?? text(claims.email));
        if (missing && config.serverMetadata().userinfo_endpoint) {
          // Many providers put profile and group claims in userinfo only; the ID token's win.
          const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          claims = { ...userinfo, ...idClaims };
        }
        const username = (text(claims.preferred_username) ?? text(claims.email) ?? idClaims.sub).slice(0, LIMITS.USERNAME_MAX);
        return {
          subject: idClaims.sub,
          username,
          name: text(claims.name) ?? username,
          groups: groupsOf(claims[settings.groupsClaim]) ?? [],
          expiresAt: idClaims.exp * 1000,
        };
      } catch (err) {
        if (isUnavailable(err)) throw new OidcUnavailableError('the provider could not complete the token exchange', { cause: err });
        throw err;
      }
    },
  };
}
