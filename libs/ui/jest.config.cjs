const preset = require('../../jest.preset.cjs');

/**
 * The ui library's own tests (Nx target ui:test). The web app's Jest config also runs them when
 * it is run directly (`npx jest -c apps/web/jest.config.cjs`), see there.
 */
module.exports = {
  ...preset,
  displayName: 'ui',
  rootDir: __dirname,
  roots: ['<rootDir>/src'],
  testEnvironment: 'jest-fixed-jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
};
