import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';

/**
 * Listens on HOST:PORT and closes gracefully on SIGINT/SIGTERM or an uncaught error: in-flight
 * requests finish, onClose hooks (database, queues) run, and the process exits within 10 s.
 * Returns the bound address (useful when PORT is 0).
 */
export async function startService(app: FastifyInstance, config: { HOST: string; PORT: number }): Promise<string> {
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });
  return app.listen({ host: config.HOST, port: config.PORT });
}
