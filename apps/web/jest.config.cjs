const preset = require('../../jest.preset.cjs');

// msw 2 depends on a few ESM-only packages; SWC compiles them to CommonJS for Jest.
const ESM_ONLY_PACKAGES = ['rettime', 'until-async'];
const swcTransform = Object.values(preset.transform)[0];

/**
 * Web app and shared UI tests (libs/ui has no runner of its own: its widgets are tested here
 * with the same DOM environment). jest-fixed-jsdom keeps Node's fetch/Request/Response so msw works.
 */
module.exports = {
  ...preset,
  displayName: 'web',
  rootDir: __dirname,
  roots: ['<rootDir>/src', '<rootDir>/../../libs/ui/src'],
  testEnvironment: 'jest-fixed-jsdom',
  transform: { ...preset.transform, '^.+\\.mjs$': swcTransform },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_PACKAGES.join('|')})/)`],
  moduleFileExtensions: [...preset.moduleFileExtensions, 'mjs'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/src/testing/style-stub.cjs',
    // import.meta only exists in ES modules: tests read a fixed env instead of Vite's.
    '^@/config/import-meta-env$': '<rootDir>/src/testing/import-meta-env.ts',
    '^@/(.*)$': '<rootDir>/src/$1',
  },
};
