const preset = require('../../jest.preset.cjs');

module.exports = { ...preset, displayName: 'applications-svc', rootDir: __dirname };
