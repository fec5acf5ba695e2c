import { FORM_OPEN_HEADER, TIMESTAMP_PARAM, XSRF_COOKIE, XSRF_HEADER } from '@clearing-desk/contracts';
import type { z } from 'zod';

/** A non-2xx answer: its HTTP status and the response's `message` (or the status text). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The parsed JSON body of the answer, when it had one (some 404s carry more than `message`). */
    readonly body?: unknown,
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

/**
 * A response schema loaded when first needed, by a dynamic import of the module that holds it. The
 * calls the public first screen makes validate with these (PUBLIC_SCHEMAS), so zod and the contract
 * schemas are not part of the JavaScript /apply runs before it can be used (ADR 0003); they load
 * beside the first answer instead. Loaded once, then shared.
 */
export class LazySchema<S extends z.ZodType> {
  #loaded: Promise<S> | undefined;
  readonly #load: () => Promise<S>;
  constructor(load: () => Promise<S>) {
    this.#load = load;
  }
  load(): Promise<S> {
    this.#loaded ??= this.#load();
    return this.#loaded;
  }
}

/** A schema, or one loaded on first use. */
export type ResponseSchema<S extends z.ZodType> = S | LazySchema<S>;

const publicSchemas = () => import('./public-schemas');

/** The contract schemas of the public first screen's calls (lib/public-schemas.ts), loaded on first use. */
export const PUBLIC_SCHEMAS = {
  error: new LazySchema(() => publicSchemas().then((m) => m.errorResponseSchema)),
  clearingStatus: new LazySchema(() => publicSchemas().then((m) => m.clearingStatusResponseSchema)),
  ping: new LazySchema(() => publicSchemas().then((m) => m.pingResponseSchema)),
  staffUser: new LazySchema(() => publicSchemas().then((m) => m.staffUserResponseSchema)),
  session: new LazySchema(() => publicSchemas().then((m) => m.sessionStateSchema)),
  courseSearch: new LazySchema(() => publicSchemas().then((m) => m.courseSearchResponseSchema)),
  /** An answer whose body is not read (a 204). */
  anything: new LazySchema(() => publicSchemas().then((m) => m.anyResponseSchema)),
};

const resolveSchema = async <S extends z.ZodType>(schema: ResponseSchema<S>): Promise<S> => (schema instanceof LazySchema ? schema.load() : schema);

/** Generic loading error text of spec section 8: '{status}: {message}'. */
export function formatApiError(error: unknown): string {
  if (error instanceof ApiError) return `${error.status}: ${error.message}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

function readCookie(name: string): string | undefined {
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
  /** Extra request headers (e.g. `If-Match` with a version read from an `ETag`). */
  headers?: Record<string, string>;
  /** Called with the response headers of a successful answer (e.g. to read its `ETag`). */
  onHeaders?: (headers: Headers) => void;
  /** Let the request outlive the page (fetch keepalive): a release sent as the tab closes. */
  keepalive?: boolean;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function buildUrl(path: string, method: Method, params: RequestOptions['params']): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  // Every GET carries a timestamp so no cache between browser and gateway serves a stale answer.
  if (method === 'GET') url.searchParams.set(TIMESTAMP_PARAM, String(Date.now()));
  return url.href;
}

const xsrfToken = (): string => readCookie(XSRF_COOKIE) ?? '';

let openForms = 0;
/**
 * Marks a staff application form open until the returned function is called:
 * meanwhile every call carries FORM_OPEN_HEADER, so the gateway extends the session's absolute
 * lifetime (up to its hard ceiling) and a caller is never cut off mid-call.
 */
export function markFormOpen(): () => void {
  openForms += 1;
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    openForms -= 1;
  };
}

/** True while a staff application form is open (markFormOpen): a 401 then asks to sign in over the form. */
export const isFormOpen = (): boolean => openForms > 0;

/**
 * Bodies carry the XSRF token (the value of the gateway's XSRF_COOKIE): JSON as `{ data, token }`, form-encoded bodies as a `token` field,
 * multipart bodies (which the gateway streams on unparsed) in the `x-xsrf-token` header.
 */
function buildBody(data: unknown): { body: BodyInit; headers: Record<string, string> } {
  const token = xsrfToken();
  if (data instanceof URLSearchParams) {
    const body = new URLSearchParams(data);
    body.set('token', token);
    return { body, headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' } };
  }
  if (data instanceof FormData) return { body: data, headers: { [XSRF_HEADER]: token } };
  return { body: JSON.stringify({ data, token }), headers: { 'Content-Type': 'application/json' } };
}

/** The `message` of an error body, else the status text. */
async function messageOf(text: string, statusText: string): Promise<string> {
  const json = jsonOf(text);
  if (json !== undefined) {
    const parsed = (await PUBLIC_SCHEMAS.error.load()).safeParse(json);
    if (parsed.success && parsed.data.message) return parsed.data.message;
  }
  return statusText || 'Request failed';
}

/** The JSON of a body, or undefined when it is empty or not JSON. */
function jsonOf(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** A 2xx body validated against its contract schema. */
function parseBody<S extends z.ZodType>(url: string, text: string, schema: S): z.output<S> {
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

async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: ResponseSchema<S>,
  options: RequestOptions & { data?: unknown } = {},
): Promise<z.output<S>> {
  const url = buildUrl(path, method, options.params);
  let headers: Record<string, string> = { Accept: 'application/json', ...(openForms > 0 ? { [FORM_OPEN_HEADER]: '1' } : {}), ...options.headers };
  let body: BodyInit | undefined;
  if (method !== 'GET' && options.data !== undefined) {
    const built = buildBody(options.data);
    body = built.body;
    headers = { ...headers, ...built.headers };
  }

  const response = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: options.signal, keepalive: options.keepalive });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, await messageOf(text, response.statusText), jsonOf(text));
  const parsed = parseBody(url, text, await resolveSchema(schema));
  options.onHeaders?.(response.headers);
  return parsed;
}

export type UploadOptions = {
  /** Called as the body goes out, with the fraction sent (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * POST of a multipart body with upload progress (fetch reports none, so XMLHttpRequest): the XSRF
 * token in the `x-xsrf-token` header, same errors as the other calls (ApiError with the answer's
 * message, ResponseValidationError), a plain Error when the network fails.
 */
function upload<S extends z.ZodType>(path: string, data: FormData, schema: S, { onProgress, signal }: UploadOptions = {}): Promise<z.output<S>> {
  const url = new URL(path, window.location.origin).href;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(XSRF_HEADER, xsrfToken());
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    });
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        void messageOf(xhr.responseText, xhr.statusText).then((message) => reject(new ApiError(xhr.status, message)), reject);
        return;
      }
      try {
        resolve(parseBody(url, xhr.responseText, schema));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('error', () => reject(new Error('The upload could not reach the server.')));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(data);
  });
}

/** The one HTTP client of the app: same-origin cookies, XSRF token, zod-validated responses (a schema, or a LazySchema). */
export const api = {
  upload,
  get: <S extends z.ZodType>(path: string, schema: ResponseSchema<S>, options?: RequestOptions) => request('GET', path, schema, options),
  post: <S extends z.ZodType>(path: string, data: unknown, schema: ResponseSchema<S>, options?: RequestOptions) =>
    request('POST', path, schema, { ...options, data }),
  put: <S extends z.ZodType>(path: string, data: unknown, schema: ResponseSchema<S>, options?: RequestOptions) =>
    request('PUT', path, schema, { ...options, data }),
  /** A DELETE carries `{ data: {}, token }`: the gateway checks its XSRF token like any other write. */
  delete: <S extends z.ZodType>(path: string, schema: ResponseSchema<S>, options?: RequestOptions) => request('DELETE', path, schema, { ...options, data: {} }),
};
