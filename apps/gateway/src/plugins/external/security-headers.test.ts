import { apiPath } from '@clearing-desk/contracts';
import { buildApp } from '../../app';
import { testGatewayConfig } from '../../testing/test-config';

// Built in-process as openapi.test.ts does, without the two ES modules Jest's runtime cannot load.
jest.mock('./web-app', () => ({ webAppPlugin: async () => undefined }));
jest.mock('openid-client', () => ({}));

/**
 * The security headers, computed once, are exactly those @fastify/helmet set with
 * the same options (captured from it before the change), on API answers, 404s and refusals alike.
 */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('sets helmet headers on every answer', async () => {
    const app = await buildApp(testGatewayConfig());
    try {
      for (const [request, status] of [
        [{ method: 'GET', url: '/healthz' }, 200],
        [{ method: 'GET', url: '/api/no-such-route' }, 404],
        [{ method: 'POST', url: apiPath('assess', { course: 'G400' }), payload: {} }, 400],
      ] as const) {
        const res = await app.inject(request);
        expect(res.statusCode).toBe(status);
        expect(res.headers).toMatchObject(EXPECTED);
      }
    } finally {
      await app.close();
    }
  });
});
