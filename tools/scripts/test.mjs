#!/usr/bin/env node
/**
 * `npm test`: every project's lint, type-check and tests (Nx), then the browser tests in Debian's
 * Chromium against the real stack. Installs what is missing first (npm install, Chromium, running
 * PostgreSQL/Redis). Ends with one line 'N passed, N failed' summed over every runner.
 */
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const results = path.join(root, 'tmp/test-results');
const env = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false', NX_SKIP_NX_CACHE: 'true' };

const step = (title, cmd) => {
  console.log(`\n=== ${title}\n$ ${cmd}`);
  return spawnSync(cmd, { cwd: root, stdio: 'inherit', shell: true, env }).status === 0;
};

if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' }); // not `npm ci`: see .ci/run
execSync('bash tools/scripts/ensure-system.sh', { cwd: root, stdio: 'inherit' });
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const ok = [
  step('Lint and type-check every project', 'npx nx run-many -t lint typecheck --parallel=2 --outputStyle=stream'),
  step('Unit, service and contract tests of every project', 'npx nx run-many -t test --parallel=2 --outputStyle=stream'),
  step('Browser tests (Playwright, Debian Chromium)', 'npx nx run web-e2e:e2e --outputStyle=stream'),
].every(Boolean);

let passed = 0;
let failed = 0;
for (const file of readdirSync(results).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(results, file), 'utf8'));
  if (typeof report.numPassedTests === 'number') {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
  }
}
if (!ok && failed === 0) failed = 1; // a failed lint, type-check or crash counts as a failure
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
