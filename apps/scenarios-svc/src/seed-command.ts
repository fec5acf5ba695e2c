import { loadConfig, unsupportedNodeMessage } from '@clearing-desk/service-kit';
import { buildApp } from './app';
import { scenariosConfigSchema } from './config';
import { seedDemoScenarios } from './db/seed/seed-demo-scenarios';

/**
 * The seed command (`@clearing-desk/scenarios-svc/seed-command`; `seed.js` in the image): with the
 * service's own environment, runs the migrations and loads the demo scenarios into an empty
 * scenario table, then exits. `npm start`, the test stacks (tools/stack, `seedDemoData`) and
 * docker/compose.yaml run it before the service; a deployment never does, and the service's
 * bundle (`server.js`) carries no demo data. A failure is printed on stderr with exit code 1.
 */
async function main(): Promise<void> {
  const wrongNode = unsupportedNodeMessage();
  if (wrongNode) throw new Error(wrongNode);
  const config = loadConfig(scenariosConfigSchema);
  const app = await buildApp(config);
  try {
    await app.ready();
    const n = await seedDemoScenarios(app.scenariosRepository, config.INTAKE_YEAR);
    app.log.info({ scenarios: n }, n > 0 ? 'demo scenarios loaded' : 'scenarios present: demo scenarios not loaded');
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(`scenarios-svc seed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
