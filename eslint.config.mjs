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
    // No import cycles (issue 22 item 5): a module graph that loops hides which part builds on
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
          project: ['apps/*/tsconfig.json', 'libs/*/tsconfig.json', 'tools/tsconfig.json', 'tools/stack/tsconfig.json'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
