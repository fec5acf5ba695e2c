/**
 * The rehearsal's HTTP clients: one cookie jar and address per person, every request timed and
 * kept as a sample (route as declared in API_ROUTES, status or 'network', start and end instants).
 */
import { API_ROUTES, XSRF_COOKIE, XSRF_HEADER } from '@clearing-desk/contracts';
import type { Pool } from 'undici';

/** Each route of API_ROUTES with a pattern matching its filled paths. */
const DECLARED = Object.values(API_ROUTES).map((r) => ({ ...r, pattern: new RegExp(`^${r.path.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+')}$`) }));

/**
 * The route a request counts under (the rule of tools/bench/results-day/mix.ts, which a tool
 * project may not import): its method and declared path template (`POST /api/apply/:course`),
 * `GET /apply` for the page, else the method and path without its query.
 */
export function routeOf(method: string, pathAndQuery: string): string {
  const p = pathAndQuery.replace(/\?.*/, '');
  const route = DECLARED.find((r) => r.method === method && r.pattern.test(p));
  return route ? `${route.method} ${route.path}` : `${method} ${p}`;
}

/** One request as the rehearsal saw it; `at`/`end` are ms since the epoch. */
export type Sample = { route: string; status: number | 'network'; at: number; end: number; who: 'public' | 'adviser' };

export type Answer = { status: number | 'network'; body: unknown; headers: Record<string, string | string[] | undefined> };

/** A person's client: address (X-Forwarded-For), cookies and XSRF token, writing every request to `samples`. */
export class Person {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly pool: Pool,
    private readonly samples: Sample[],
    readonly who: 'public' | 'adviser',
    readonly address: string | null,
  ) {}

  get token(): string {
    return decodeURIComponent(this.jar.get(XSRF_COOKIE) ?? '');
  }

  /**
   * Sends one request; a body that is not a Buffer is sent as JSON. Never throws for a failed
   * request: no answer is status 'network'.
   */
  async send(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Answer> {
    const route = routeOf(method, path);
    const headers: Record<string, string> = { accept: route === 'GET /apply' ? 'text/html' : 'application/json', ...extraHeaders };
    if (this.address) headers['x-forwarded-for'] = this.address;
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.token) headers[XSRF_HEADER] = this.token;
    let payload: Buffer | string | undefined;
    if (Buffer.isBuffer(body)) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const at = Date.now();
    try {
      const res = await this.pool.request({ method: method as 'GET', path, headers, body: payload });
      for (const line of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
        const pair = line.split(';')[0] ?? '';
        const eq = pair.indexOf('=');
        if (eq > 0) this.jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      const text = await res.body.text();
      let parsed: unknown = text;
      if (/json/.test(String(res.headers['content-type'] ?? '')) && text) parsed = JSON.parse(text) as unknown;
      this.samples.push({ route, status: res.statusCode, at, end: Date.now(), who: this.who });
      return { status: res.statusCode, body: parsed, headers: res.headers };
    } catch {
      this.samples.push({ route, status: 'network', at, end: Date.now(), who: this.who });
      return { status: 'network', body: null, headers: {} };
    }
  }
}

/** Whether an answer is a server failure (5xx or no answer). */
export const failed = (status: number | 'network') => status === 'network' || status >= 500;
