import { builtinModules } from 'node:module';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/** Repository root (this file is tools/images/images.ts). */
export const REPO_ROOT = path.resolve(__dirname, '../..');

/**
 * What one image carries besides its bundle, per app (docker/app.Dockerfile, ADR 0002):
 * `entries` are the processes it can run (`node <entry>.js`), each a package entry: `server` runs the package's
 * service, any other runs as a script (files-svc's scan worker; the demo data's `seed` command,
 * kept out of `server` so no service bundle carries demo data; `migrate`, the migration Job's
 * `node migrate.js apps/<app>`); `files` the folders and files read at
 * run time, at the same paths as in the repository (migrations; the gateway's web build and demo
 * role mapping).
 */
export const IMAGES = {
  gateway: { entries: { server: '@clearing-desk/gateway' }, files: ['apps/web/dist', 'apps/web/dist-server', 'tools/ldap/demo-role-mapping.json'] },
  'courses-svc': {
    entries: { server: '@clearing-desk/courses-svc', seed: '@clearing-desk/courses-svc/seed-command', migrate: '@clearing-desk/service-kit/migrate' },
    files: ['apps/courses-svc/drizzle'],
  },
  'applications-svc': {
    entries: { server: '@clearing-desk/applications-svc', migrate: '@clearing-desk/service-kit/migrate' },
    files: ['apps/applications-svc/drizzle'],
  },
  'assessment-svc': { entries: { server: '@clearing-desk/assessment-svc' }, files: [] },
  'files-svc': {
    entries: { server: '@clearing-desk/files-svc', worker: '@clearing-desk/files-svc/worker', migrate: '@clearing-desk/service-kit/migrate' },
    files: ['apps/files-svc/drizzle'],
  },
  'scenarios-svc': {
    entries: { server: '@clearing-desk/scenarios-svc', seed: '@clearing-desk/scenarios-svc/seed-command', migrate: '@clearing-desk/service-kit/migrate' },
    files: ['apps/scenarios-svc/drizzle'],
  },
  'notifications-svc': {
    entries: { server: '@clearing-desk/notifications-svc', migrate: '@clearing-desk/service-kit/migrate' },
    files: ['apps/notifications-svc/drizzle'],
  },
} as const satisfies Record<string, { entries: Record<string, string>; files: readonly string[] }>;
export type ImageName = keyof typeof IMAGES;

/**
 * npm packages left out of the bundle and installed beside it, because they read files of their
 * own at run time: PGlite its WebAssembly and data files, BullMQ its Lua scripts; ioredis too, so
 * that our code and BullMQ share one copy of it; pg (and with it pg-pool) so that OpenTelemetry's
 * pg instrumentation can patch it as it is required when tracing is on (a bundled copy is never
 * required, so never patched). `pg-native` is pg's optional native driver, never installed and never loaded.
 */
export const RUNTIME_PACKAGES = ['@electric-sql/pglite', 'bullmq', 'ioredis', 'pg', 'pg-native'];

/**
 * The repository's `__dirname` in each bundled source file becomes the folder it had in the
 * repository, under the image root (the bundle's folder), so paths such as a service's migrations
 * (`path.join(__dirname, '../../../drizzle')`) resolve the same in the image as in development.
 */
export function keepSourceFolders(): Plugin {
  return {
    name: 'keep-source-folders',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
        const relative = path.relative(REPO_ROOT, path.dirname(args.path));
        if (relative.startsWith('..') || relative.includes('node_modules')) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('__dirname')) return undefined;
        return {
          contents: source.replaceAll('__dirname', `require('node:path').join(__imageRoot, ${JSON.stringify(relative.split(path.sep).join('/'))})`),
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

/** The import that starts tracing in a server bundle (startTracingModule resolves it). */
const START_TRACING_MODULE = 'clearing-desk:start-tracing';

/**
 * Resolves START_TRACING_MODULE to a module that calls service-kit's startTracing with the app's
 * name (tracing stays off unless configured): imported first by a server bundle, it runs before
 * the app's modules require pg and ioredis, as OpenTelemetry's instrumentations need.
 */
function startTracingModule(app: ImageName): Plugin {
  return {
    name: 'start-tracing',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^clearing-desk:start-tracing$/ }, () => ({ path: app, namespace: 'start-tracing' }));
      pluginBuild.onLoad({ filter: /.*/, namespace: 'start-tracing' }, () => ({
        contents: `import { startTracing } from '@clearing-desk/service-kit/tracing';\nstartTracing(${JSON.stringify(app)});\n`,
        loader: 'ts',
        resolveDir: REPO_ROOT,
      }));
    },
  };
}

const isBuiltin = (name: string) => name.startsWith('node:') || builtinModules.includes(name.split('/')[0] as string);
const packageName = (specifier: string) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] as string));

type LockPackage = {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

/**
 * The installed folders (`node_modules/...` paths of package-lock.json) that `names` need at run
 * time: each package and, transitively, its dependencies, resolved as Node does (the nearest
 * `node_modules` up the tree). Packages not installed (optional ones, pg-native) are skipped.
 */
export function runtimeClosure(names: string[]): string[] {
  const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> };
  const found = new Set<string>();
  const resolve = (from: string, name: string): string | undefined => {
    let dir = from;
    for (;;) {
      const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (lock.packages[candidate] && existsSync(path.join(REPO_ROOT, candidate))) return candidate;
      if (!dir) return undefined;
      const at = dir.lastIndexOf('/node_modules/');
      dir = at === -1 ? '' : dir.slice(0, at);
    }
  };
  const visit = (location: string) => {
    if (found.has(location)) return;
    found.add(location);
    const entry = lock.packages[location] ?? {};
    for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
      const child = resolve(location, dep);
      if (child) visit(child);
    }
  };
  for (const name of names) {
    const location = resolve('', name);
    if (location) visit(location);
  }
  return [...found].sort();
}

export type BuiltImage = { dir: string; entries: string[]; packages: string[]; bytes: number };

/**
 * The esbuild bundles of `app` (its IMAGES entries: `<entry>.js`, Node 24, CommonJS, one file each,
 * workspace code and npm packages inside, RUNTIME_PACKAGES left to `require`) written into
 * `outDir`; answers the npm packages the bundles import at run time. `root` is where the
 * repository's folders are at run time, as an expression of the bundle's `__dirname`: the bundle's
 * own folder in an image (the default), the repository for `npm start` (tools/stack, ADR 0005).
 */
export async function bundleApp(app: ImageName, outDir: string, root = '__dirname'): Promise<Set<string>> {
  const spec = IMAGES[app];
  mkdirSync(outDir, { recursive: true });
  const imported = new Set<string>();
  for (const [entry, source] of Object.entries(spec.entries)) {
    // The server runs the package's service; any other entry is a script that runs when loaded (the scan worker).
    // Tracing starts first (when configured; a virtual module evaluated before the others, in import
    // order), so that pg and ioredis are patched by their instrumentations as they load.
    const contents =
      entry === 'server'
        ? `import '${START_TRACING_MODULE}';\nimport { runService } from '@clearing-desk/service-kit';\nimport { service } from '${source}';\nvoid runService(service);\n`
        : `import '${source}';\n`;
    const result = await build({
      stdin: { contents, resolveDir: REPO_ROOT, loader: 'ts', sourcefile: `${app}/${entry}.ts` },
      outfile: path.join(outDir, `${entry}.js`),
      bundle: true,
      platform: 'node',
      target: 'node24',
      format: 'cjs',
      external: RUNTIME_PACKAGES,
      banner: { js: `var __imageRoot = ${root};` },
      plugins: [keepSourceFolders(), startTracingModule(app)],
      metafile: true,
      sourcemap: 'linked',
      // Names kept: stack traces and pino's error serialisation stay readable.
      minifySyntax: true,
      logLevel: 'error',
    });
    for (const output of Object.values(result.metafile.outputs)) {
      for (const { path: specifier, external } of output.imports) if (external && !isBuiltin(specifier)) imported.add(packageName(specifier));
    }
  }
  return imported;
}

/**
 * Writes what the image of `app` carries into `outDir` (docker/app.Dockerfile copies it to /app):
 * `<entry>.js` bundles of the app's workspace code and npm dependencies (esbuild, Node 24, one
 * file each, no TypeScript at run time), `node_modules/` with only RUNTIME_PACKAGES the bundles
 * import and their dependencies, the run-time files of IMAGES (same paths as in the repository),
 * `healthcheck.cjs`, and a package.json naming the runtime packages' versions.
 * @throws when a bundle cannot be built or a run-time file is missing (the gateway's web build:
 * run `npx nx run web:build` first), unless `skipMissingFiles` (tests of the bundles alone).
 */
export async function buildImage(app: ImageName, outDir: string, options: { skipMissingFiles?: boolean } = {}): Promise<BuiltImage> {
  const spec = IMAGES[app];
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const imported = await bundleApp(app, outDir);
  const packages = runtimeClosure([...imported]);
  for (const location of packages) cpSync(path.join(REPO_ROOT, location), path.join(outDir, location), { recursive: true, dereference: true });
  for (const file of spec.files) {
    const from = path.join(REPO_ROOT, file);
    if (!existsSync(from) && options.skipMissingFiles) continue;
    if (!existsSync(from)) throw new Error(`${app}: ${file} is missing (the gateway image needs the web build: npx nx run web:build)`);
    cpSync(from, path.join(outDir, file), { recursive: true });
  }
  cpSync(path.join(REPO_ROOT, 'docker/healthcheck.cjs'), path.join(outDir, 'healthcheck.cjs'));
  const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> };
  const dependencies = Object.fromEntries(
    [...imported].filter((n) => packages.includes(`node_modules/${n}`)).map((n) => [n, lock.packages[`node_modules/${n}`]?.version]),
  );
  writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify({ name: `@clearing-desk/${app}-image`, private: true, dependencies }, null, 2)}\n`);
  const bytes = Object.keys(spec.entries).reduce((sum, entry) => sum + readFileSync(path.join(outDir, `${entry}.js`)).length, 0);
  return { dir: outDir, entries: Object.keys(spec.entries), packages, bytes };
}
