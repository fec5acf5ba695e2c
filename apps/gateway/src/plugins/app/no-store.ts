import fp from 'fastify-plugin';

/**
 * `Cache-Control: no-store` on every answer that can carry personal data: every
 * `${apiPrefix}/admin/*` answer (staff screens), every `GET ${apiPrefix}/applications/*` (the
 * review page by hash and the applied check), and every `${apiPrefix}/apply/*` and
 * `${apiPrefix}/file/*` answer (a person's assessment, the saved record with its review hash, an
 * upload's token), errors included, so that no browser, proxy or shared computer in a
 * call centre keeps a copy. One hook on the gateway, so a new route is covered without thinking of it.
 */
export const noStorePlugin = fp<{ apiPrefix: string }>(
  async (fastify, { apiPrefix }) => {
    const admin = `${apiPrefix}/admin/`;
    const applications = `${apiPrefix}/applications/`;
    const always = [admin, `${apiPrefix}/apply/`, `${apiPrefix}/file/`];
    // The prefixes end with '/' and hold no '?', so the raw URL starts with one exactly when its path does.
    fastify.addHook('onSend', (request, reply, payload, done) => {
      const { url } = request;
      if (always.some((prefix) => url.startsWith(prefix)) || ((request.method === 'GET' || request.method === 'HEAD') && url.startsWith(applications))) {
        reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'no-store' },
);
