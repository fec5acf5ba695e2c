// CSS imports are a no-op in tests (jest.config.cjs moduleNameMapper).
module.exports = {};
