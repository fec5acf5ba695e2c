import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@clearing-desk/stack';

type PackageJson = { name: string; main?: string; exports?: Record<string, string> };

/** Every workspace package (package.json `workspaces`) with its manifest. */
function workspacePackages(): Array<{ dir: string; pkg: PackageJson }> {
  const dirs = ['apps', 'libs'].flatMap((parent) => readdirSync(path.join(REPO_ROOT, parent)).map((name) => path.join(parent, name)));
  return [...dirs, 'tools', 'tools/stack']
    .filter((dir) => existsSync(path.join(REPO_ROOT, dir, 'package.json')))
    .map((dir) => ({ dir, pkg: JSON.parse(readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) as PackageJson }));
}

/**
 * Tools and tests import packages through their public entries, so each
 * package's `main` and every `exports` entry must name a file that exists. (That each app's
 * entry exports the `service` run-service starts is internal-token.test.ts's first step.)
 */
describe('workspace package entries', () => {
  it.each(workspacePackages().map(({ dir, pkg }) => [dir, pkg] as const))('%s: main and exports name real files', (dir, pkg) => {
    const entries = [pkg.main, ...Object.values(pkg.exports ?? {})].filter((e): e is string => !!e);
    for (const entry of entries) expect({ entry, exists: existsSync(path.join(REPO_ROOT, dir, entry)) }).toEqual({ entry, exists: true });
  });
});
