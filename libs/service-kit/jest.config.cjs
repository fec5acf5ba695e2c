const preset = require('../../jest.preset.cjs');

module.exports = { ...preset, displayName: 'service-kit', rootDir: __dirname };
