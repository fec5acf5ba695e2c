import { loadConfig, startService } from '@clearing-desk/service-kit';
import { buildApp } from './app';
import { notificationsConfigSchema } from './config';

/** Process entry: parse config, build, listen (fastify/demo `server.ts`). */
async function main() {
  const config = loadConfig(notificationsConfigSchema);
  const app = await buildApp(config);
  await startService(app, config);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
