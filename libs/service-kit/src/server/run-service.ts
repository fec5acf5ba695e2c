import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { loadConfig } from '../config/load-config';
import { unsupportedNodeMessage } from './node-version';
import { startService } from './start-service';

/**
 * What the process entry needs to know about an app: its name (logs), the zod schema of its
 * environment, and `buildApp` (builds the Fastify app without listening, as the tests do).
 * Every app's public entry (`src/index.ts`, its package.json `main`) exports one as `service`.
 */
export type ServiceDefinition<S extends z.ZodType<{ HOST: string; PORT: number }> = z.ZodType<{ HOST: string; PORT: number }>> = {
  name: string;
  configSchema: S;
  buildApp: (config: z.infer<S>) => Promise<FastifyInstance>;
};

/** Types a ServiceDefinition from its schema, so `buildApp` gets the parsed config's own type. */
export function defineService<S extends z.ZodType<{ HOST: string; PORT: number }>>(definition: ServiceDefinition<S>): ServiceDefinition<S> {
  return definition;
}

/**
 * The process of every app (fastify/demo's `server.ts`, once): parses the environment with the
 * app's schema, builds the app and listens on HOST:PORT, closing gracefully on SIGINT/SIGTERM
 * (startService). Resolves with the running app and its address.
 * A process on another Node than the supported one (node-version.ts), a bad environment
 * (ConfigError naming each variable) or a start-up failure is printed on stderr and ends the
 * process with exit code 1: a half-started service never stays up. Once listening it logs its
 * start banner with the Node it runs on (`node`).
 */
export async function runService<S extends z.ZodType<{ HOST: string; PORT: number }>>(
  service: ServiceDefinition<S>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ app: FastifyInstance; address: string }> {
  try {
    const wrongNode = unsupportedNodeMessage();
    if (wrongNode) throw new Error(wrongNode);
    const config = loadConfig(service.configSchema, env);
    const app = await service.buildApp(config);
    const address = await startService(app, config);
    app.log.info({ node: process.version, address }, `${service.name} started on Node ${process.version}`);
    return { app, address };
  } catch (err) {
    console.error(`${service.name}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
