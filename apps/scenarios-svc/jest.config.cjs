const preset = require('../../jest.preset.cjs');

module.exports = { ...preset, displayName: 'scenarios-svc', rootDir: __dirname };
