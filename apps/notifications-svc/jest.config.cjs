const preset = require('../../jest.preset.cjs');

module.exports = { ...preset, displayName: 'notifications-svc', rootDir: __dirname };
