import { createServer, type RequestListener, type Server } from 'node:http';
import { staffUserResponseSchema, apiPath } from '@clearing-desk/contracts';
import { freePort, type Stack } from '@clearing-desk/stack';
import { startTestStack } from '../testing/stack-client';

/**
 * The enterprise sign-in against a real OpenID provider (oidc-provider, started here on a free
 * port with its development login and consent pages, driven by plain HTTP).
 */

const CLIENT_ID = 'clearing-desk-gateway';
const CLIENT_SECRET = 'clearing-desk-test-client-secret';
/** The gateway's sign-in answers, word for word as staff read them. */
const ENTERPRISE_UNAVAILABLE = 'The enterprise sign-in provider cannot be reached. Please try again in a few minutes.';
const NOT_LOGGED_IN = 'Not logged in';
/** Account ids at the provider and their claims. */
const BACK_OFFICE = 'u-1001';
/** No preferred_username and a long email: the username is the email cut to 16 characters. */
const NO_USERNAME = 'u-1002';
const ACCOUNTS: Record<string, Record<string, unknown>> = {
  [BACK_OFFICE]: { preferred_username: 'jbloggs', name: 'Jo Bloggs', email: 'jo.bloggs@university.example', groups: ['cd-back-office', 'all-staff'] },
  [NO_USERNAME]: { name: 'Alex Longname', email: 'a.very.long.name@university.example', groups: ['all-staff'] },
};

type Cookie = { name: string; value: string; path: string };

/**
 * A browser: one cookie jar for the host (like a browser, cookies do not depend on the port), each
 * cookie sent only under its path; redirects are not followed, so each hop can be looked at.
 */
class Browser {
  private jar = new Map<string, Cookie>();

  private cookieHeader(url: URL) {
    return [...this.jar.values()]
      .filter((c) => url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      const expired = attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.jar.delete(`${name}|${path}`);
      else this.jar.set(`${name}|${path}`, { name, value, path });
    }
  }

  async fetch(url: string | URL, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url);
    const headers: Record<string, string> = { cookie: this.cookieHeader(target) };
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(target, {
      method: init.method ?? 'GET',
      headers,
      body: init.form ? new URLSearchParams(init.form) : undefined,
      redirect: 'manual',
    });
    this.remember(res);
    return res;
  }

  /** The value of a cookie held for `path` (undefined when none). */
  cookie(name: string, path: string): string | undefined {
    return this.jar.get(`${name}|${path}`)?.value;
  }

  setCookie(name: string, value: string, path: string) {
    this.jar.set(`${name}|${path}`, { name, value, path });
  }
}

let gatewayUrl = '';
let callbackUrl = '';
let issuer = '';
let providerPort = 0;
let stack: Stack | undefined;
let providerServer: Server | undefined;
/** Seconds the provider's ID tokens live (a test shortens it to see the session end at the expiry). */
let idTokenTtlS = 600;

/** Imports an ES module for real (SWC would turn `import()` into `require()`, which cannot load ESM-only packages). */
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;

async function startProvider(): Promise<void> {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
  try {
    type ProviderClass = new (issuer: string, configuration: object) => { callback(): RequestListener };
    const { default: Provider } = await importEsm<{ default: ProviderClass }>('oidc-provider');
    const provider = new Provider(issuer, {
      clients: [
        { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [callbackUrl], grant_types: ['authorization_code'], response_types: ['code'] },
      ],
      pkce: { required: () => true },
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ['oidc-test-cookie-key'] },
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: () => idTokenTtlS, AuthorizationCode: 60 },
      claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'], groups: ['groups'] },
      findAccount: async (_ctx: unknown, id: string) => {
        const account = ACCOUNTS[id];
        if (!account) return undefined;
        return { accountId: id, claims: async () => ({ sub: id, ...account }) };
      },
    });
    providerServer = createServer(provider.callback());
    await new Promise<void>((resolve) => providerServer?.listen(providerPort, '127.0.0.1', resolve));
  } finally {
    warn.mockRestore();
    info.mockRestore();
  }
}

async function stopProvider(): Promise<void> {
  const server = providerServer;
  providerServer = undefined;
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Goes from the gateway's /login through the provider's login and consent pages as `accountId`,
 * and answers the URL the provider sends the browser back to (the gateway callback, not yet opened).
 */
async function throughProvider(browser: Browser, accountId: string): Promise<URL> {
  let res = await browser.fetch(`${gatewayUrl}/login`);
  expect(res.status).toBe(302);
  let url = new URL(res.headers.get('location') as string);
  for (let hop = 0; hop < 12; hop += 1) {
    if (url.href.startsWith(callbackUrl)) return url;
    res = await browser.fetch(url);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') as string, url);
      continue;
    }
    // A development interaction page: the login form, else the consent form; both post to the page's URL.
    const html = await res.text();
    expect(res.status).toBe(200);
    const form: Record<string, string> = html.includes('name="login"') ? { prompt: 'login', login: accountId, password: 'any' } : { prompt: 'consent' };
    res = await browser.fetch(url, { method: 'POST', form });
    expect([302, 303]).toContain(res.status);
    url = new URL(res.headers.get('location') as string, url);
  }
  throw new Error(`the provider did not send the browser back to ${callbackUrl}`);
}

const TX_PATH = '/api/admin/auth/oidc';

beforeAll(async () => {
  const gatewayPort = await freePort();
  providerPort = await freePort();
  gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  callbackUrl = `${gatewayUrl}${apiPath('authOidcCallback')}`;
  issuer = `http://127.0.0.1:${providerPort}`;
  stack = await startTestStack({
    services: [],
    gatewayPort,
    gatewayEnv: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, PUBLIC_URL: `${gatewayUrl}/` },
  });
}, 60_000);

afterAll(async () => {
  await stopProvider();
  await stack?.stop();
});

describe('before the provider is up', () => {
  it('offers the enterprise sign-in on the login screen', async () => {
    const res = await fetch(`${gatewayUrl}${apiPath('authOptions')}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ enterprise: true });
  });

  it('answers /login with 503 and the message when discovery fails, and sets no cookie', async () => {
    const res = await new Browser().fetch(`${gatewayUrl}/login`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: ENTERPRISE_UNAVAILABLE });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('clearing_oidc='))).toBe(false);
  });
});

describe('with the provider running', () => {
  beforeAll(startProvider);

  it('redirects /login to the authorization endpoint with an S256 PKCE challenge, state and nonce (a failed discovery was not kept)', async () => {
    const browser = new Browser();
    const res = await browser.fetch(`${gatewayUrl}/login`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') as string);
    expect(location.origin).toBe(issuer);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toEqual(
      expect.objectContaining({
        response_type: 'code',
        client_id: CLIENT_ID,
        redirect_uri: callbackUrl,
        code_challenge_method: 'S256',
        scope: 'openid profile email groups',
      }),
    );
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state?.length).toBeGreaterThanOrEqual(20);
    expect(params.nonce?.length).toBeGreaterThanOrEqual(20);

    const line = res.headers.getSetCookie().find((c) => c.startsWith('clearing_oidc='));
    expect(line).toMatch(/; Path=\/api\/admin\/auth\/oidc(;|$)/);
    expect(line).toMatch(/; Max-Age=600(;|$)/);
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    // Each /login starts its own transaction.
    const again = new URL((await browser.fetch(`${gatewayUrl}/login`)).headers.get('location') as string);
    expect(again.searchParams.get('state')).not.toBe(params.state);
    expect(again.searchParams.get('code_challenge')).not.toBe(params.code_challenge);
  });

  it('signs in through the provider: redirects to /staff with a session holding the roles of the groups claim', async () => {
    const browser = new Browser();
    const back = await throughProvider(browser, BACK_OFFICE);
    const res = await browser.fetch(back);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/staff');
    const session = res.headers.getSetCookie().find((c) => c.startsWith('clearing_session='));
    expect(session).toMatch(/; Path=\/api(;|$)/);
    expect(session).toMatch(/; HttpOnly/i);
    expect(browser.cookie('clearing_oidc', TX_PATH)).toBeUndefined();

    const me = await browser.fetch(`${gatewayUrl}${apiPath('authUser')}`);
    expect(me.status).toBe(200);
    expect(staffUserResponseSchema.parse(await me.json())).toEqual({ username: 'jbloggs', name: 'Jo Bloggs', roles: [{ role: 'Back Office', scope: 'all' }] });

    // The callback cannot be replayed: the transaction cookie is gone.
    const replay = await browser.fetch(back);
    expect(replay.headers.get('location')).toBe('/staff?signin=failed');
  });

  it('uses the email cut to 16 characters when there is no preferred_username; unmapped groups grant no role', async () => {
    const browser = new Browser();
    const res = await browser.fetch(await throughProvider(browser, NO_USERNAME));
    expect(res.headers.get('location')).toBe('/staff');
    const me = await browser.fetch(`${gatewayUrl}${apiPath('authUser')}`);
    expect(await me.json()).toEqual({ username: 'a.very.long.name', name: 'Alex Longname', roles: [] });
  });

  it("ends the session at the ID token's expiry (no refresh token is held): 401 after it", async () => {
    const browser = new Browser();
    const started = Date.now();
    idTokenTtlS = 3;
    try {
      const res = await browser.fetch(await throughProvider(browser, BACK_OFFICE));
      expect(res.headers.get('location')).toBe('/staff');
    } finally {
      idTokenTtlS = 600;
    }
    expect((await browser.fetch(`${gatewayUrl}${apiPath('authUser')}`)).status).toBe(200);
    // The session's end, as the web app's warning reads it, is the token's expiry (exp: whole seconds, 3 s after issue).
    const state = (await (await browser.fetch(`${gatewayUrl}${apiPath('authSession')}`)).json()) as { endsAt: string };
    expect(Date.parse(state.endsAt)).toBeGreaterThanOrEqual(started + 2_000);
    expect(Date.parse(state.endsAt)).toBeLessThanOrEqual(Date.now() + 3_000);
    // Wait for the session to end (the token's exp is whole seconds: at least 2 s after the start).
    let res: Response;
    for (;;) {
      res = await browser.fetch(`${gatewayUrl}${apiPath('authUser')}`);
      if (res.status !== 200 || Date.now() - started > 20_000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: NOT_LOGGED_IN });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });

  it('refuses a tampered state: /staff?signin=failed and no session', async () => {
    const browser = new Browser();
    const back = await throughProvider(browser, BACK_OFFICE);
    back.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const res = await browser.fetch(back);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/staff?signin=failed');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('clearing_session='))).toBe(false);
    expect((await browser.fetch(`${gatewayUrl}${apiPath('authUser')}`)).status).toBe(401);
  });

  it('refuses a callback without the transaction cookie, or with a forged one', async () => {
    const browser = new Browser();
    const back = await throughProvider(browser, BACK_OFFICE);
    const stranger = new Browser();
    expect((await stranger.fetch(back)).headers.get('location')).toBe('/staff?signin=failed');

    // Same state, but a transaction cookie the gateway did not sign.
    const forged = JSON.stringify({ codeVerifier: 'a'.repeat(43), state: back.searchParams.get('state'), nonce: 'n'.repeat(22) });
    browser.setCookie('clearing_oidc', encodeURIComponent(forged), TX_PATH);
    const res = await browser.fetch(back);
    expect(res.headers.get('location')).toBe('/staff?signin=failed');
    expect((await browser.fetch(`${gatewayUrl}${apiPath('authUser')}`)).status).toBe(401);
  });

  it('sends the user to /staff?signin=failed when they cancel at the provider', async () => {
    const browser = new Browser();
    const login = new URL((await browser.fetch(`${gatewayUrl}/login`)).headers.get('location') as string);
    const interaction = new URL((await browser.fetch(login)).headers.get('location') as string, login);
    const aborted = await browser.fetch(new URL(`${interaction.pathname}/abort`, interaction));
    let back = new URL(aborted.headers.get('location') as string, interaction);
    // The provider may bounce through its /auth resume endpoint first.
    while (!back.href.startsWith(callbackUrl)) back = new URL((await browser.fetch(back)).headers.get('location') as string, back);
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await browser.fetch(back);
    expect(res.headers.get('location')).toBe('/staff?signin=failed');
    expect((await browser.fetch(`${gatewayUrl}${apiPath('authUser')}`)).status).toBe(401);
  });
});

describe('after the provider stops', () => {
  it('answers the callback with 503 and the message when the code cannot be exchanged', async () => {
    if (!providerServer) await startProvider();
    const browser = new Browser();
    const back = await throughProvider(browser, BACK_OFFICE);
    await stopProvider();
    const res = await browser.fetch(back);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: ENTERPRISE_UNAVAILABLE });
    expect((await browser.fetch(`${gatewayUrl}${apiPath('authUser')}`)).status).toBe(401);
  });
});
