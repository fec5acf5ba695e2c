import { readdirSync } from 'node:fs';
import path from 'node:path';
import nx from '@nx/eslint-plugin';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Which kinds of project may import which (architecture.md, conventions.md). */
const depConstraints = [
  { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:contracts', 'type:util'] },
  // The gateway's contract tests start the real stack (tools/stack: spawns processes, imports no service).
  { sourceTag: 'type:gateway', onlyDependOnLibsWithTags: ['type:contracts', 'type:util', 'type:testing'] },
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts', 'type:util'] },
  { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:contracts', 'type:ui'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:contracts', 'type:ui'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:contracts', 'type:util'] },
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:contracts', 'type:util', 'type:testing'] },
  // Benchmarks may measure a service's code in-process; nothing imports tools.
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:contracts', 'type:util', 'type:testing', 'type:service'] },
];

/**
 * libs/contracts in layers, bottom first: a folder may import its own layer and the layers below,
 * never one above (import-x/no-restricted-paths zones below). Common: wire names, paths, safe
 * text, limits; vocabulary: statuses, roles and permissions, qualifications, course fields; rules:
 * pure functions with their refusal texts; then the payload schemas of each area (an area may use
 * the areas listed before it); endpoints on top; the server-only and testing entries above all.
 * Every folder of libs/contracts/src must have a layer here (the config refuses to load otherwise).
 */
export const CONTRACTS_LAYERS = [
  ['common', 'web'],
  ['status', 'auth', 'qualifications', 'courses'],
  ['rules'],
  ['assessment', 'files', 'course-control', 'privacy'],
  ['applications', 'scenarios'],
  ['scripts'],
  ['notifications'],
  ['events'],
  ['figures', 'reconciliation'],
  ['endpoints'],
  ['server', 'testing'],
];

const root = import.meta.dirname;
const contractsSrc = 'libs/contracts/src';
const foldersOf = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
const unlayered = foldersOf(contractsSrc).filter((f) => !CONTRACTS_LAYERS.flat().includes(f));
if (unlayered.length) throw new Error(`eslint.config.mjs: give ${contractsSrc}/${unlayered.join(', ')} a layer in CONTRACTS_LAYERS`);

const contractsZones = CONTRACTS_LAYERS.slice(0, -1).map((layer, i) => ({
  target: layer.map((f) => `${contractsSrc}/${f}`),
  from: CONTRACTS_LAYERS.slice(i + 1)
    .flat()
    .map((f) => `${contractsSrc}/${f}`),
  message: `libs/contracts layers: ${layer.join('/')} may not import a layer above it (eslint.config.mjs CONTRACTS_LAYERS).`,
}));

/**
 * apps/web as bulletproof-react arranges it: a feature never imports another feature (what two
 * share moves to components/, hooks/, lib/ or contracts); shared code imports no feature and not
 * the app; only app/ (routes, providers), the entry files and testing/ compose features.
 */
const webSrc = 'apps/web/src';
const webFeatures = foldersOf(`${webSrc}/features`);
const webSharedFolders = ['components', 'hooks', 'lib', 'config', 'styles'];
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: webFeatures.filter((f) => f !== feature).map((f) => `${webSrc}/features/${f}`),
    message: 'A web feature may not import another feature: move what both need to components/, hooks/ or lib/ (or compose them in app/).',
  })),
  {
    target: webSharedFolders.map((f) => `${webSrc}/${f}`),
    from: [`${webSrc}/features`, `${webSrc}/app`],
    message: 'Shared web code (components, hooks, lib, config) may not import a feature or the app.',
  },
];

/**
 * One lint configuration for the workspace. The module-boundary rule is the architecture in
 * code: services depend on contracts and the service kit only, never on each other or the web
 * app; the web app on contracts and ui (architecture.md, conventions.md).
 */
export default [
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', '**/.data/**', '**/coverage/**', 'tmp/**', '**/drizzle/meta/**', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints,
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import cycles: a module graph that loops hides which part builds on
    // which, and makes load order matter. Resolved as TypeScript resolves it (each project's
    // tsconfig: the web app's `@/` alias, the workspaces' package exports).
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript parser for the files the rule follows, and the extensions it resolves.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/*/tsconfig.json', 'libs/*/tsconfig.json', 'tools/tsconfig.json', 'tools/stack/tsconfig.json', 'tools/events-consumer/tsconfig.json'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Tests use the layers as a consumer does (fixtures from testing/, the whole index), so only
    // the modules themselves are held to them.
    files: [`${contractsSrc}/**/*.ts`],
    ignores: [`${contractsSrc}/**/*.test.ts`],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: contractsZones }] },
  },
  {
    files: [`${webSrc}/**/*.ts`, `${webSrc}/**/*.tsx`],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: webZones }] },
  },
  {
    // Tools (benchmarks, seed checks) may use a service's code in-process, but only through the
    // public entries its package.json declares, never a deep `src/` path.
    files: ['tools/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [
            '@clearing-desk/applications-svc',
            '@clearing-desk/assessment-svc',
            '@clearing-desk/assessment-svc/engine',
            '@clearing-desk/courses-svc/seed',
            '@clearing-desk/files-svc',
            '@clearing-desk/scenarios-svc/seed',
            // Each app's config schema alone (tools/scripts/config-readme.test.ts): its `./config` entry.
            '@clearing-desk/applications-svc/config',
            '@clearing-desk/assessment-svc/config',
            '@clearing-desk/courses-svc/config',
            '@clearing-desk/files-svc/config',
            '@clearing-desk/gateway/config',
            '@clearing-desk/notifications-svc/config',
            '@clearing-desk/scenarios-svc/config',
            // The gateway's body serialiser, measured alone (tools/bench/gateway/assess-body.ts).
            '@clearing-desk/gateway/reused-json',
          ],
          depConstraints,
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts', 'libs/ui/**/*.tsx', 'libs/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
];
