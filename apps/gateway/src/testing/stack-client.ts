import { apiPath, FORM_PROOF_HEADER, FORM_START_HEADER, formProofRequiredSchema, XSRF_COOKIE, XSRF_HEADER } from '@clearing-desk/contracts';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { startStack, type Stack, type StackOptions } from '@clearing-desk/stack';
import { request as httpRequest } from 'node:http';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * A browser-like client of a real stack for the gateway's contract tests: keeps cookies
 * (XSRF-TOKEN and its secret), sends JSON bodies as `{ data, token }` and uploads as multipart
 * with the token in the `x-xsrf-token` header, like the web app.
 */
export class StackClient {
  private cookies = new Map<string, string>();
  private readonly fetch: typeof fetch;

  /**
   * @param localAddress the client's own address, e.g. '127.0.0.2' (any 127.x address is this
   *   machine's): the gateway then sees a client of that address without trusting a proxy header.
   */
  constructor(
    readonly baseUrl: string,
    { localAddress }: { localAddress?: string } = {},
  ) {
    if (localAddress === undefined) this.fetch = globalThis.fetch;
    else {
      const dispatcher = new Agent({ localAddress });
      this.fetch = ((input: string, init: Parameters<typeof undiciFetch>[1]) => undiciFetch(input, { ...init, dispatcher })) as unknown as typeof fetch;
    }
  }

  get xsrfToken(): string | undefined {
    return this.cookies.get(XSRF_COOKIE);
  }

  private remember(res: Response) {
    this.rememberLines(res.headers.getSetCookie());
  }

  private rememberLines(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      // A cleared cookie (empty, or expired) is forgotten, as a browser would.
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header a browser would send now (for a test writing its own request, e.g. on a raw socket). */
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
    const res = await this.fetch(`${this.baseUrl}${path}`, { headers: { cookie: this.cookieHeader(), ...headers } });
    this.remember(res);
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, headers: res.headers };
  }

  async send(method: 'POST' | 'PUT' | 'DELETE', path: string, data: unknown, token = this.xsrfToken): Promise<{ status: number; body: unknown }> {
    const { status, body } = await this.sendWithHeaders(method, path, data, {}, token);
    return { status, body };
  }

  /** As `send`, with extra request headers (e.g. X-Forwarded-For), answering the response headers too. */
  async sendWithHeaders(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    data: unknown,
    headers: Record<string, string>,
    token = this.xsrfToken,
  ): Promise<{ status: number; body: unknown; headers: Headers }> {
    const res = await this.fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ data, token }),
    });
    this.remember(res);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  /**
   * A request exactly as given: no `{ data, token }` wrapping, no added Content-Type (e.g. a
   * client of spec section 7 sending a call whose payload is "none"); the cookies go with it.
   */
  async raw(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    { body, headers = {} }: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: unknown; headers: Headers }> {
    const res = await this.fetch(`${this.baseUrl}${path}`, { method, headers: { cookie: this.cookieHeader(), ...headers }, body });
    this.remember(res);
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, headers: res.headers };
  }

  /** A GET whose answer is left unread (a stream of server-sent events): the caller reads its body and cancels it. */
  async open(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const res = await this.fetch(`${this.baseUrl}${path}`, { headers: { cookie: this.cookieHeader(), ...headers } });
    this.remember(res);
    return res;
  }

  /** A PUT with an If-Match header (the version the client last read), answering the new ETag too. */
  async putIfMatch(path: string, data: unknown, ifMatch: string): Promise<{ status: number; body: unknown; etag: string | null }> {
    const { status, body, headers } = await this.sendWithHeaders('PUT', path, data, { 'if-match': ifMatch });
    return { status, body, etag: headers.get('etag') };
  }

  /** A form-encoded PUT with the XSRF token as a `token` field, as the login screen sends it. */
  async sendForm(
    path: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: unknown; headers: Headers }> {
    const body = new URLSearchParams(fields);
    if (this.xsrfToken && !('token' in fields)) body.set('token', this.xsrfToken);
    const res = await this.fetch(`${this.baseUrl}${path}`, {
      method: 'PUT',
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });
    this.remember(res);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  /** PUT /api/admin/auth/ldap (after a GET for the XSRF cookie when the client has none). */
  async login(username: string, password: string, headers: Record<string, string> = {}) {
    if (!this.xsrfToken) await this.get(apiPath('ping'));
    return this.sendForm(apiPath('authLogin'), { username, password }, headers);
  }

  /**
   * A `{ data, token }` request (JSON) whose body is held back after its first byte: the gateway
   * has the request, with the cookies held now, and has run its request hooks (the session read)
   * while the rest of the body is on the way. `finish()` sends the rest and answers the response,
   * whose cookies the client keeps, as a browser keeps those of a slow request's late answer.
   */
  startSlowly(method: 'POST' | 'PUT', path: string, data: unknown, token = this.xsrfToken): { finish: () => Promise<{ status: number; body: unknown }> } {
    const body = Buffer.from(JSON.stringify({ data, token }));
    const req = httpRequest(`${this.baseUrl}${path}`, {
      method,
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/json', 'content-length': String(body.length) },
    });
    const answered = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          this.rememberLines(res.headers['set-cookie'] ?? []);
          const text = Buffer.concat(chunks).toString();
          resolve({ status: res.statusCode ?? 0, body: text && res.headers['content-type']?.includes('json') ? JSON.parse(text) : text });
        });
      });
    });
    req.write(body.subarray(0, 1));
    return {
      finish: () => {
        req.end(body.subarray(1));
        return answered;
      },
    };
  }

  /** The value of a cookie this client holds (e.g. the session id), or undefined. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Replaces a cookie's value (e.g. to replay an old session id). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** POST /api/file/upload: `document_type` and the `document` file. */
  async upload(content: Uint8Array, fileName: string, documentType: string): Promise<{ status: number; body: unknown }> {
    const form = new FormData();
    form.append('document_type', documentType);
    form.append('document', new Blob([content]), fileName);
    const res = await this.fetch(`${this.baseUrl}/api/file/upload`, {
      method: 'POST',
      headers: { cookie: this.cookieHeader(), [XSRF_HEADER]: this.xsrfToken ?? '' },
      body: form,
    });
    this.remember(res);
    return { status: res.status, body: await res.json() };
  }
}

/**
 * One signed-in client per demo user of a stack, each signed in once (PUT /api/admin/auth/ldap)
 * when first asked for; throws when the directory refuses the sign-in.
 */
export function staffClients(gatewayUrl: () => string, password: string): (username: string) => Promise<StackClient> {
  const clients = new Map<string, StackClient>();
  return async (username) => {
    const known = clients.get(username);
    if (known) return known;
    const client = new StackClient(gatewayUrl());
    const res = await client.login(username, password);
    if (res.status !== 200) throw new Error(`signing in ${username} answered ${res.status}: ${JSON.stringify(res.body)}`);
    clients.set(username, client);
    return client;
  };
}

/**
 * Starts the real services and gateway on fresh test databases with the demo catalogue. A test's
 * submissions all come from 127.0.0.1, faster than any person: the submission budget per address
 * (RATE_LIMIT_APPLY_BUDGET) is raised unless the test sets it (school-limits.test.ts keeps the default).
 */
export const startTestStack = (options: Partial<StackOptions> = {}): Promise<Stack> =>
  startStack({
    database: 'test',
    seedDemoData: true,
    services: ['courses', 'applications', 'assessment'],
    ...options,
    gatewayEnv: { RATE_LIMIT_APPLY_BUDGET: '1000000', ...options.gatewayEnv },
  });

/**
 * Sends a public submission as the web app does (contracts' form-guard.ts): with the form-start
 * token `startToken` (GET /api/form-start) and, when the gateway answers 428, again with the
 * challenge solved (altcha-lib, as the browser solves it). Answers the last response and whether
 * a proof of work was asked.
 */
export async function applyAsBrowser(
  client: StackClient,
  path: string,
  form: unknown,
  startToken: string,
): Promise<{ status: number; body: unknown; proofAsked: boolean }> {
  const first = await client.sendWithHeaders('POST', path, form, { [FORM_START_HEADER]: startToken });
  if (first.status !== 428) return { status: first.status, body: first.body, proofAsked: false };
  const { challenge } = formProofRequiredSchema.parse(first.body);
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  if (!solution) throw new Error('the proof of work was not solved');
  const proof = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const second = await client.sendWithHeaders('POST', path, form, { [FORM_START_HEADER]: startToken, [FORM_PROOF_HEADER]: proof });
  return { status: second.status, body: second.body, proofAsked: true };
}
