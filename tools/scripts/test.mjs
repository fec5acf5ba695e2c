#!/usr/bin/env node
/**
 * `npm test`: the formatting check (prettier), every project's lint, type-check and tests (Nx), then the browser tests in Debian's
 * Chromium against the real stack, the size check of /apply's first-load JavaScript in that build, and the compose file's validation (tools/scripts/check-compose.sh). Installs what is missing first (npm install, Chromium, running
 * PostgreSQL/Redis). Ends with one line 'N passed, N failed' summed over every runner; browser tests
 * that passed only on retry are listed above it as flaky and not counted as passed. Everything runs on
 * the Node package-lock.json locks (docs/adr/0006): started on another Node (the machine's Node 20),
 * it installs the locked one and runs again on it (node-runtime.mjs).
 */
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectNodeBin, root, runOnProjectNode } from './node-runtime.mjs';

if (runOnProjectNode(import.meta.url, { install: true })) main();

function main() {
  const suiteStarted = Date.now();
  const results = path.join(root, 'tmp/test-results');
  // node_modules/.bin first: every `npx` tool and `#!/usr/bin/env node` script below runs on the locked Node.
  const env = {
    ...process.env,
    PATH: `${projectNodeBin}${path.delimiter}${process.env.PATH}`,
    NX_NO_CLOUD: 'true',
    NX_DAEMON: 'false',
    NX_TUI: 'false',
  };
  // Nx's cache (nx.json targetDefaults): lint and type-check results are replayed when none of
  // their inputs changed (the project's code, its dependencies' code, the configs, the lock file,
  // the Node version), as a rerun would only repeat them; CI clones afresh and has no cache. Tests
  // and browser tests always run here: they use the machine's PostgreSQL, Redis, ClamAV and
  // directory, whose state is no cache input, and the closing line counts what ran now. (A
  // developer's `npx nx affected -t test` may replay them.)
  const noCache = '--skip-nx-cache';

  // Each step prints its wall time and the load average: CI has a time budget (40 min), and the
  // shared machine's load says whether a slow step is the suite's or the machine's.
  const step = (title, cmd) => {
    console.log(`\n=== ${title}\n$ ${cmd}`);
    const started = Date.now();
    const status = spawnSync(cmd, { cwd: root, stdio: 'inherit', shell: true, env }).status;
    const load = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
    console.log(`=== ${title}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s (load average ${load})`);
    return status === 0;
  };

  if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) execSync('npm ci', { cwd: root, stdio: 'inherit', env });
  execSync('bash tools/scripts/ensure-system.sh', { cwd: root, stdio: 'inherit' });
  rmSync(results, { recursive: true, force: true });
  mkdirSync(results, { recursive: true });

  // docker/compose.yaml checked without a Docker engine (docker-compose config, dclint): counted as one test.
  const composeOk = step('Compose file (docker-compose config, dclint)', 'bash tools/scripts/check-compose.sh');

  // Every test stack (tools/stack startStack) runs the apps from bundles compiled once here rather
  // than through tsx, which compiled each process's TypeScript again at every start: about 80 stacks
  // start in the tests, each in about half the time (and memory) from a bundle.
  const bundles = path.join(root, 'tmp/stack-bundles');
  rmSync(bundles, { recursive: true, force: true });
  const bundlesOk = step('Compile the apps the test stacks run (tools/images/build-stack.ts)', `node --import tsx tools/images/build-stack.ts ${bundles}`);
  if (bundlesOk) env.CLEARING_BUNDLES_DIR = bundles;

  const ok = [
    composeOk,
    bundlesOk,
    step('Formatting (prettier --check; `npm run format` rewrites)', 'npx prettier --check . --log-level warn'),
    step('Lint and type-check every project', 'npx nx run-many -t lint typecheck --parallel=2 --outputStyle=stream'),
    step('Unit, service and contract tests of every project', `npx nx run-many -t test --parallel=2 --outputStyle=stream ${noCache}`),
    step('Browser tests (Playwright, Debian Chromium)', `npx nx run web-e2e:e2e --outputStyle=stream ${noCache}`),
  ].every(Boolean);

  // The JavaScript /apply runs before it can be used, measured on the build the browser tests used
  // (ADR 0003; tools/bench/web/first-load.ts defines the figure): a size check, counted as one test.
  const firstLoadOk = step('First-load JavaScript of /apply (at most 120 KiB brotli)', 'npx tsx tools/bench/web/first-load.ts --check');

  /** Titles of Playwright tests that passed only on a retry (status 'flaky'), walking the JSON report's suites. */
  function flakyTitles(suite, trail = []) {
    const here = suite.title ? [...trail, suite.title] : trail;
    const own = (suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? []).filter((t) => t.status === 'flaky').map((t) => `${[...here, spec.title].join(' › ')} [${t.projectName}]`),
    );
    return [...own, ...(suite.suites ?? []).flatMap((child) => flakyTitles(child, here))];
  }

  let passed = 0;
  let failed = 0;
  const flaky = [];
  for (const file of readdirSync(results).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(path.join(results, file), 'utf8'));
    if (typeof report.numPassedTests === 'number') {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
    } else if (report.stats) {
      // A test that passed only on retry is flaky, not passed: listed apart so it gets fixed.
      passed += report.stats.expected;
      failed += report.stats.unexpected;
      flaky.push(...(report.suites ?? []).flatMap((suite) => flakyTitles(suite)));
    }
  }
  for (const counted of [composeOk, firstLoadOk]) {
    if (counted) passed += 1;
    else failed += 1;
  }
  if (!(ok && firstLoadOk) && failed === 0) failed = 1; // a failed lint, type-check or crash counts as a failure
  if (flaky.length > 0) console.log(`\n${flaky.length} flaky (passed only on retry):\n${flaky.map((t) => `  - ${t}`).join('\n')}`);
  console.log(`\nnpm test took ${((Date.now() - suiteStarted) / 60_000).toFixed(1)} min`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok && firstLoadOk ? 0 : 1);
}
