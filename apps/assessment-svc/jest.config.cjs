const preset = require('../../jest.preset.cjs');
module.exports = { ...preset, displayName: 'assessment-svc', rootDir: __dirname };
