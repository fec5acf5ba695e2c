#!/usr/bin/env node
/**
 * `npm start`: installs what is missing, builds the web app when its sources changed, compiles
 * the apps and the launcher when theirs changed (dist/stack; ADR 0005), then starts every service
 * and the gateway on the embedded defaults (one embedded PostgreSQL server with its data in
 * .data/, demo catalogue) at http://localhost:3000 (PORT overrides), every process on the Node
 * package-lock.json locks and with NODE_ENV=production (docs/adr/0006). Plain Node: it must run
 * before node_modules exists; started on another Node (the machine's Node 20), it installs the
 * locked one and runs again on it (node-runtime.mjs).
 */
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { root, runOnProjectNode } from './node-runtime.mjs';

if (runOnProjectNode(import.meta.url, { install: true })) main();

function main() {
  const run = (cmd, cwd = root) => execSync(cmd, { cwd, stdio: 'inherit' });

  function newestMtime(dir) {
    let newest = 0;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-server') continue;
      const full = path.join(dir, entry.name);
      newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
    }
    return newest;
  }

  const lock = path.join(root, 'package-lock.json');
  const installed = path.join(root, 'node_modules/.package-lock.json');
  if (!existsSync(installed)) run('npm ci');
  else if (statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
    // The lock changed since the last install: `npm install` keeps every locked version and only
    // changes what differs (faster than `npm ci`, which starts from an empty node_modules).
    console.log('Updating dependencies to package-lock.json (npm install)...');
    run('npm install');
  }

  // Redis (BullMQ) and clamd (virus scanning) for uploads; without them the rest still runs and
  // uploads answer 503, so a failure here is a warning.
  try {
    run('bash tools/scripts/ensure-system.sh --runtime');
  } catch {
    console.warn('Warning: could not start Redis/ClamAV (run as root). Document uploads will be refused until they run.');
  }

  const webIndex = path.join(root, 'apps/web/dist/index.html');
  const webSources = Math.max(newestMtime(path.join(root, 'apps/web')), newestMtime(path.join(root, 'libs')));
  if (!existsSync(webIndex) || webSources > statSync(webIndex).mtimeMs) {
    console.log('Building the web app...');
    run('npx vite build', path.join(root, 'apps/web'));
  }

  // The apps and the launcher run as JavaScript compiled with esbuild (ADR 0005: tsx at run time
  // cost 70-80 MB in each of 8 processes), rebuilt when a source of theirs is newer than the build.
  const bundles = path.join(root, 'dist/stack');
  const launcher = path.join(bundles, 'start.js');
  const appSources = Math.max(statSync(lock).mtimeMs, ...['apps', 'libs', 'tools/stack', 'tools/images'].map((dir) => newestMtime(path.join(root, dir))));
  if (!existsSync(launcher) || appSources > statSync(launcher).mtimeMs) {
    console.log('Compiling the services...');
    run(`"${process.execPath}" --import tsx tools/images/build-stack.ts`);
  }

  // Every Node process of the stack with a small young generation (2 MB semi-spaces instead of 16):
  // 15-30 MB less each, for more frequent minor collections (ADR 0005).
  const nodeOptions = [process.env.NODE_OPTIONS, '--max-semi-space-size=2'].filter(Boolean).join(' ');
  // NODE_ENV=production: the libraries that read it (React and React Email in notifications-svc,
  // among others) run their production builds, as in the images.
  const child = spawn(process.execPath, [launcher], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', NODE_OPTIONS: nodeOptions, CLEARING_BUNDLES_DIR: bundles },
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
