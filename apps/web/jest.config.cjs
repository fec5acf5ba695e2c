const preset = require('../../jest.preset.cjs');

// msw 2 depends on ESM-only packages (rettime, until-async, @open-draft/deferred-promise...):
// SWC compiles every .mjs file, and these packages' .js files, to CommonJS for Jest.
const ESM_ONLY_PACKAGES = ['rettime', 'until-async', '@open-draft/deferred-promise', 'headers-polyfill', 'altcha-lib'];
const swcTransform = Object.values(preset.transform)[0];

// Run directly, this config also runs the libs/ui tests, so one command checks everything the web
// app ships. Under Nx (which sets NX_TASK_TARGET_PROJECT) libs/ui runs them in its own ui:test
// target instead, so `npm test` counts them once.
const includeUi = !process.env.NX_TASK_TARGET_PROJECT;

/** Web app tests. jest-fixed-jsdom keeps Node's fetch/Request/Response so msw works. */
module.exports = {
  ...preset,
  displayName: 'web',
  // A hang guard, not a budget: whole-form tests type a full application, which
  // takes over 30 s when a 2-core machine runs several suites at once.
  testTimeout: 120_000,
  rootDir: __dirname,
  roots: includeUi ? ['<rootDir>/src', '<rootDir>/../../libs/ui/src'] : ['<rootDir>/src'],
  testEnvironment: 'jest-fixed-jsdom',
  transform: { ...preset.transform, '^.+\\.mjs$': swcTransform },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/).+\\.c?js$`],
  moduleFileExtensions: [...preset.moduleFileExtensions, 'mjs'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/src/testing/style-stub.cjs',
    // import.meta only exists in ES modules: tests read a fixed env instead of Vite's.
    '^(@/config|\\.)/import-meta-env$': '<rootDir>/src/testing/import-meta-env.ts',
    '^@/(.*)$': '<rootDir>/src/$1',
  },
};
