const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'tools',
  rootDir: __dirname,
  // tools/rehearsal is a project of its own (its jest.config.cjs).
  testPathIgnorePatterns: [...preset.testPathIgnorePatterns, '<rootDir>/rehearsal/'],
};
