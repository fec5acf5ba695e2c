const preset = require('../../jest.preset.cjs');

module.exports = { ...preset, displayName: 'files-svc', rootDir: __dirname };
