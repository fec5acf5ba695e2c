const preset = require('../../jest.preset.cjs');

module.exports = { ...preset, displayName: 'gateway', rootDir: __dirname };
