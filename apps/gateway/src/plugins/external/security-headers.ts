import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The gateway's helmet settings: helmet's defaults with scripts from the gateway only, images
 * also from data: and blob: URLs (document previews), and no upgrade-insecure-requests.
 */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: { 'script-src': ["'self'"], 'img-src': ["'self'", 'data:', 'blob:'], 'upgrade-insecure-requests': null },
  },
};

/**
 * The headers helmet sets for `options` (lower-case names), computed by running helmet's
 * middleware once against a response that records them. None of them depends on the request.
 * @throws the error helmet throws for invalid options (at start-up).
 */
export function staticSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Security headers on every answer: helmet's, computed once at start-up and set
 * from that object in an onRequest hook, where @fastify/helmet built helmet's middleware again
 * for every request (3% of the gateway's CPU). A route may still set its own (a stricter CSP).
 */
export const securityHeadersPlugin = fp<{ options?: HelmetOptions }>(
  async (fastify, { options = SECURITY_HEADER_OPTIONS }) => {
    const headers = staticSecurityHeaders(options);
    fastify.addHook('onRequest', (_request, reply, done) => {
      void reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
