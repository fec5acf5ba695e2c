import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, RUN_SERVICE, SERVICES } from '@clearing-desk/stack';

const run = promisify(execFile);

/**
 * INTERNAL_TOKEN has no committed default. Every app's real entry point
 * (service-kit's run-service, loading the `service` its package.json `main` exports), started
 * without it, refuses to start and says which variable to set (the launcher and the test stacks
 * generate one per stack, so only a deployment that forgot it sees this).
 */
describe('an app started without INTERNAL_TOKEN', () => {
  const apps = [...Object.values(SERVICES).map((s) => s.dir), 'apps/gateway'];

  it.each(apps)(
    '%s refuses to start and names INTERNAL_TOKEN',
    async (dir) => {
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', LOG_LEVEL: 'silent' };
      delete env.INTERNAL_TOKEN;
      const result = await run(process.execPath, ['--import', 'tsx', RUN_SERVICE, path.join(REPO_ROOT, dir)], {
        cwd: REPO_ROOT,
        env,
        timeout: 30_000,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code?: number; stderr?: string }) => ({ code: err.code, stderr: err.stderr ?? '' }),
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `${path.basename(dir)}: Invalid configuration:\n  - INTERNAL_TOKEN: is required: set INTERNAL_TOKEN to the secret shared by the gateway and every service (16+ characters)`,
      );
    },
    40_000,
  );
});
