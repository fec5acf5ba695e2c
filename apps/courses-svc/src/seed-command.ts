import { loadConfig, unsupportedNodeMessage } from '@clearing-desk/service-kit';
import { buildApp } from './app';
import { coursesConfigSchema } from './config';
import { seedDemoCatalogue } from './db/seed/seed-demo-catalogue';

/**
 * The seed command (`@clearing-desk/courses-svc/seed-command`; `seed.js` in the image): with the
 * service's own environment, runs the migrations and loads the demo catalogue into an empty course
 * table, then exits. `npm start`, the test stacks (tools/stack, `seedDemoData`) and
 * docker/compose.yaml run it before the service; a deployment never does, and the service's
 * bundle (`server.js`) carries no demo data. The places projection stays off: this process takes
 * no events. A failure is printed on stderr with exit code 1.
 */
async function main(): Promise<void> {
  const wrongNode = unsupportedNodeMessage();
  if (wrongNode) throw new Error(wrongNode);
  const config = loadConfig(coursesConfigSchema);
  const app = await buildApp({ ...config, PLACES_PROJECTION: false });
  try {
    await app.ready();
    const n = await seedDemoCatalogue(app.coursesRepository, config.INTAKE_YEAR);
    app.log.info({ courses: n }, n > 0 ? 'demo catalogue loaded' : 'courses present: demo catalogue not loaded');
  } finally {
    await app.close();
  }
}

main().catch((err: unknown) => {
  console.error(`courses-svc seed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
