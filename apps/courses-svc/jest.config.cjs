const preset = require('../../jest.preset.cjs');

module.exports = { ...preset, displayName: 'courses-svc', rootDir: __dirname };
