import { XSRF_HEADER } from '@clearing-desk/contracts';
import { startStack, type Stack, type StackOptions } from '@clearing-desk/stack';

/**
 * A browser-like client of a real stack for the gateway's contract tests: keeps cookies
 * (XSRF-TOKEN and its secret), sends JSON bodies as `{ data, token }` and uploads as multipart
 * with the token in the `x-xsrf-token` header, like the web app.
 */
export class StackClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get xsrfToken(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  private remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq).trim(), decodeURIComponent(pair.slice(eq + 1).trim()));
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  }

  async get(path: string): Promise<{ status: number; body: unknown; headers: Headers }> {
    const res = await fetch(`${this.baseUrl}${path}`, { headers: { cookie: this.cookieHeader() } });
    this.remember(res);
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, headers: res.headers };
  }

  async send(method: 'POST' | 'PUT', path: string, data: unknown, token = this.xsrfToken): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { cookie: this.cookieHeader(), 'content-type': 'application/json' },
      body: JSON.stringify({ data, token }),
    });
    this.remember(res);
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  /** POST /api/file/upload: `document_type` and the `document` file. */
  async upload(content: Uint8Array, fileName: string, documentType: string): Promise<{ status: number; body: unknown }> {
    const form = new FormData();
    form.append('document_type', documentType);
    form.append('document', new Blob([content]), fileName);
    const res = await fetch(`${this.baseUrl}/api/file/upload`, {
      method: 'POST',
      headers: { cookie: this.cookieHeader(), [XSRF_HEADER]: this.xsrfToken ?? '' },
      body: form,
    });
    this.remember(res);
    return { status: res.status, body: await res.json() };
  }
}

/** Starts the real services and gateway on fresh test databases with the demo catalogue. */
export const startTestStack = (options: Partial<StackOptions> = {}): Promise<Stack> =>
  startStack({ database: 'test', seedDemoData: true, services: ['courses', 'applications', 'assessment'], ...options });
