/**
 * Test fixture (run as a child process by worker-killed.test.ts): notifications-svc with its
 * sending worker, which kills its own process (SIGKILL) the moment the SMTP server has accepted an
 * email and before the acceptance is recorded: the one window where delivery can repeat
 * (README "Delivery"). Configured by the environment like src/index.ts; prints READY once
 * listening to its queue.
 */
import { loadConfig } from '@clearing-desk/service-kit';
import { buildApp } from '../app';
import { notificationsConfigSchema } from '../config';

async function main() {
  const config = loadConfig(notificationsConfigSchema);
  const app = await buildApp(config, {
    onAccepted: () => {
      process.kill(process.pid, 'SIGKILL');
      return new Promise<void>(() => undefined);
    },
  });
  await app.ready();
  process.stdout.write('READY\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
