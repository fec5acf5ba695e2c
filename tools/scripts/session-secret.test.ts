import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, RUN_SERVICE } from '@clearing-desk/stack';

const run = promisify(execFile);

/** Starts the gateway's real entry point with `env`; answers its exit code and stderr. */
async function startGateway(env: NodeJS.ProcessEnv): Promise<{ code: number | undefined; stderr: string }> {
  return run(process.execPath, ['--import', 'tsx', RUN_SERVICE, path.join(REPO_ROOT, 'apps/gateway')], { cwd: REPO_ROOT, env, timeout: 30_000 }).then(
    () => ({ code: 0, stderr: '' }),
    (err: { code?: number; stderr?: string }) => ({ code: err.code, stderr: err.stderr ?? '' }),
  );
}

/**
 * SESSION_SECRET has no committed default, whatever NODE_ENV says. The gateway
 * started without it, or with a short one, refuses to start and names the variable (`npm start`
 * and the test stacks generate one, so only a deployment that forgot it sees this).
 */
describe('the gateway started without a SESSION_SECRET', () => {
  const base = (): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: '0', LOG_LEVEL: 'silent', INTERNAL_TOKEN: 'test-internal-token-0123456789' };
    delete env.SESSION_SECRET;
    return env;
  };

  it('refuses to start in production mode and names SESSION_SECRET', async () => {
    const result = await startGateway(base());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Invalid configuration:\n  - SESSION_SECRET: is required: set SESSION_SECRET to a random secret of 32+ characters that signs the staff sessions',
    );
  }, 40_000);

  it('refuses a secret shorter than 32 characters', async () => {
    const result = await startGateway({ ...base(), SESSION_SECRET: 'x'.repeat(31) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:\n  - SESSION_SECRET: must be at least 32 characters: set SESSION_SECRET to a long random secret');
  }, 40_000);
});
