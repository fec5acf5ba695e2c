import { errorResponseSchema } from '@clearing-desk/contracts';
import type { z } from 'zod';

/** A non-2xx answer: its HTTP status and the response's `message` (or the status text). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A 2xx answer whose body does not match the contract schema. */
export class ResponseValidationError extends Error {
  override readonly name = 'ResponseValidationError';
  constructor(
    readonly url: string,
    readonly issues: z.ZodError['issues'],
  ) {
    super('The server sent an unexpected response.');
  }
}

/** Generic loading error text of spec section 8: '{status}: {message}'. */
export function formatApiError(error: unknown): string {
  if (error instanceof ApiError) return `${error.status}: ${error.message}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** Cookie the gateway sets for CSRF protection; its value is echoed as `token` in every body. */
export const XSRF_COOKIE = 'XSRF-TOKEN';

export function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  /** Query parameters; undefined, null and '' are left out. */
  params?: Record<string, QueryValue>;
  signal?: AbortSignal;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function buildUrl(path: string, method: Method, params: RequestOptions['params']): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  // Every GET carries a timestamp so no cache between browser and gateway serves a stale answer.
  if (method === 'GET') url.searchParams.set('_', String(Date.now()));
  return url.href;
}

/**
 * Bodies carry the XSRF token: JSON as `{ data, token }`; form-encoded and multipart bodies get
 * a `token` field (the gateway reads `body.token` in every case).
 */
function buildBody(data: unknown): { body: BodyInit; contentType?: string } {
  const token = readCookie(XSRF_COOKIE) ?? '';
  if (data instanceof URLSearchParams) {
    const body = new URLSearchParams(data);
    body.set('token', token);
    return { body, contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  }
  if (data instanceof FormData) {
    data.set('token', token);
    return { body: data };
  }
  return { body: JSON.stringify({ data, token }), contentType: 'application/json' };
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const parsed = errorResponseSchema.safeParse(await response.json());
    if (parsed.success && parsed.data.message) return parsed.data.message;
  } catch {
    // not JSON: fall back to the status text
  }
  return response.statusText || 'Request failed';
}

async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  options: RequestOptions & { data?: unknown } = {},
): Promise<z.output<S>> {
  const url = buildUrl(path, method, options.params);
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (method !== 'GET' && options.data !== undefined) {
    const built = buildBody(options.data);
    body = built.body;
    if (built.contentType) headers['Content-Type'] = built.contentType;
  }

  const response = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: options.signal });
  if (!response.ok) throw new ApiError(response.status, await errorMessage(response));

  const text = await response.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      throw new ResponseValidationError(url, []);
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ResponseValidationError(url, parsed.error.issues);
  return parsed.data;
}

/** The one HTTP client of the app: same-origin cookies, XSRF token, zod-validated responses. */
export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) => request('GET', path, schema, options),
  post: <S extends z.ZodType>(path: string, data: unknown, schema: S, options?: RequestOptions) =>
    request('POST', path, schema, { ...options, data }),
  put: <S extends z.ZodType>(path: string, data: unknown, schema: S, options?: RequestOptions) =>
    request('PUT', path, schema, { ...options, data }),
  delete: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
    request('DELETE', path, schema, options),
};
