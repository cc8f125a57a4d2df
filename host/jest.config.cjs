const preset = require('@pod/shared-contracts/build/jest');

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  rootDir: __dirname,
  displayName: 'host',
  // What host/webpack.config.js defines in a build: tests have no service worker unless they ask.
  globals: { ...preset.globals, __POD_SERVICE_WORKER__: false },
};
