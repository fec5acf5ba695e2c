import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runService, type ServiceDefinition } from '../server/run-service';
import { startTracing } from '../telemetry/tracing';

/**
 * The one process entry of every app (`npm start`'s stack, `nx run <app>:serve`, the Docker
 * images):
 *
 *   node --import tsx libs/service-kit/src/bin/run-service.ts apps/courses-svc
 *
 * Loads the app's public entry (the `main` of `<app>/package.json`), takes its exported
 * `service` (a ServiceDefinition) and runs it with runService. Exits 1 naming the problem when
 * the folder is not an app.
 */
async function main(appDir: string | undefined) {
  if (!appDir) throw new Error('usage: run-service <app folder>, e.g. run-service apps/courses-svc');
  const root = path.resolve(appDir);
  const { main: entry } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { main?: string };
  if (!entry) throw new Error(`${appDir}/package.json has no "main"`);
  // Before the app's modules load: the pg and ioredis instrumentations patch them as they are required.
  startTracing(path.basename(root));
  const { service } = (await import(pathToFileURL(path.join(root, entry)).href)) as { service?: ServiceDefinition };
  if (!service) throw new Error(`${path.join(appDir, entry)} exports no \`service\``);
  await runService(service);
}

main(process.argv[2]).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
