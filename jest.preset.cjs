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
  // A hang guard, not a budget: tests wait for the state they need (an event, a fake timer), and
  // creating, migrating and seeding a PostgreSQL database in a hook takes more than Jest's 5 s
  // default on a loaded 2-core machine (issue 22 item 6). Speed is measured in tools/bench.
  testTimeout: 60_000,
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'json'],
  // A few dependencies ship ESM only (e.g. light-my-request's `cookie`); SWC turns them into
  // CommonJS like our own sources.
  transformIgnorePatterns: ['/node_modules/(?!((.+/node_modules/)?(cookie|set-cookie-parser))/)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/e2e/'],
};
