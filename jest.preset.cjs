/**
 * Shared Jest preset: TypeScript through SWC (no type-check at test time; `nx typecheck` does that).
 * Every project's jest.config.cjs spreads this and adds its own environment.
 */
module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'json'],
  // A few dependencies ship ESM only (e.g. light-my-request's `cookie`); SWC turns them into
  // CommonJS like our own sources.
  transformIgnorePatterns: ['/node_modules/(?!((.+/node_modules/)?(cookie|set-cookie-parser))/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
};
