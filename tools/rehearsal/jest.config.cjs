const preset = require('../../jest.preset.cjs');

module.exports = { ...preset, displayName: 'rehearsal', rootDir: __dirname };
