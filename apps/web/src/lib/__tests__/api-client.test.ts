import { z } from 'zod';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '@/testing/mocks/api-url';
import { server } from '@/testing/mocks/server';
import { api, ApiError, formatApiError, markFormOpen, ResponseValidationError } from '../api-client';

const echoSchema = z.object({ ok: z.literal(true) });

describe('api client', () => {
  it('marks every call with x-form-open while a staff form is open, and stops once it closes', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(apiUrl('/api/echo'), ({ request }) => {
        seen.push(request.headers.get('x-form-open'));
        return HttpResponse.json({ ok: true });
      }),
    );
    await api.get('/api/echo', echoSchema);
    const close = markFormOpen();
    await api.get('/api/echo', echoSchema);
    close();
    close();
    await api.get('/api/echo', echoSchema);
    expect(seen).toEqual([null, '1', null]);
  });

  it('sends GETs with cookies, Accept JSON and a _ timestamp, dropping empty parameters', async () => {
    let seen: Request | undefined;
    server.use(
      http.get(apiUrl('/api/echo'), ({ request }) => {
        seen = request;
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(api.get('/api/echo', echoSchema, { params: { q: 'law', p: 2, page_size: undefined, x: '' } })).resolves.toEqual({
      ok: true,
    });
    const url = new URL(seen!.url);
    expect(url.searchParams.get('q')).toBe('law');
    expect(url.searchParams.get('p')).toBe('2');
    expect(url.searchParams.has('page_size')).toBe(false);
    expect(url.searchParams.has('x')).toBe(false);
    expect(Number(url.searchParams.get('_'))).toBeGreaterThan(0);
    expect(seen!.credentials).toBe('same-origin');
    expect(seen!.headers.get('accept')).toBe('application/json');
  });

  it('wraps JSON bodies as { data, token } with the XSRF-TOKEN cookie, without a timestamp', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    let body: unknown;
    let url: URL | undefined;
    server.use(
      http.post(apiUrl('/api/echo'), async ({ request }) => {
        url = new URL(request.url);
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    await api.post('/api/echo', { NAME1: 'Ada' }, echoSchema);
    expect(body).toEqual({ data: { NAME1: 'Ada' }, token: 'abc=123' });
    expect(url!.searchParams.has('_')).toBe(false);
  });

  it('adds the token to form-encoded bodies (PUT)', async () => {
    document.cookie = 'XSRF-TOKEN=t0k; path=/';
    let text = '';
    server.use(
      http.put(apiUrl('/api/echo'), async ({ request }) => {
        text = await request.text();
        return HttpResponse.json({ ok: true });
      }),
    );
    await api.put('/api/echo', new URLSearchParams({ username: 'u' }), echoSchema);
    expect(new URLSearchParams(text).get('username')).toBe('u');
    expect(new URLSearchParams(text).get('token')).toBe('t0k');
  });

  it('uploads multipart bodies with the XSRF token in the x-xsrf-token header, reporting progress', async () => {
    document.cookie = 'XSRF-TOKEN=up%2Fload; path=/';
    let seen: { header: string | null; fields: string[]; token: FormDataEntryValue | null } | undefined;
    server.use(
      http.post(apiUrl('/api/echo'), async ({ request }) => {
        const form = await request.formData();
        seen = { header: request.headers.get('x-xsrf-token'), fields: [...form.keys()], token: form.get('token') };
        return HttpResponse.json({ ok: true });
      }),
    );
    const body = new FormData();
    body.append('document_type', 'ALEVELS');
    body.append('document', new File(['%PDF-1.4'], 'results.pdf', { type: 'application/pdf' }));
    const progress: number[] = [];
    await expect(api.upload('/api/echo', body, echoSchema, { onProgress: (p) => progress.push(p) })).resolves.toEqual({ ok: true });
    expect(seen).toEqual({ header: 'up/load', fields: ['document_type', 'document'], token: null });
    expect(progress.at(-1)).toBe(1);
  });

  it('rejects a failed upload with its status and message', async () => {
    server.use(http.post(apiUrl('/api/echo'), () => HttpResponse.json({ message: 'file_virus' }, { status: 422 })));
    const error = await api.upload('/api/echo', new FormData(), echoSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'file_virus' });
  });

  it('rejects a non-2xx answer with its status and message', async () => {
    server.use(http.get(apiUrl('/api/echo'), () => HttpResponse.json({ message: 'COURSE_CLOSED' }, { status: 409 })));
    const error = await api.get('/api/echo', echoSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'COURSE_CLOSED' });
    expect(formatApiError(error)).toBe('409: COURSE_CLOSED');
  });

  it('falls back to the status text when the body has no message', async () => {
    server.use(http.get(apiUrl('/api/echo'), () => new HttpResponse('oops', { status: 502, statusText: 'Bad Gateway' })));
    const error = await api.get('/api/echo', echoSchema).catch((e: unknown) => e);
    expect(formatApiError(error)).toBe('502: Bad Gateway');
  });

  it('rejects a 2xx answer that does not match the contract', async () => {
    server.use(http.get(apiUrl('/api/echo'), () => HttpResponse.json({ ok: 'yes' })));
    await expect(api.get('/api/echo', echoSchema)).rejects.toBeInstanceOf(ResponseValidationError);
  });
});
