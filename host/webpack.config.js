// The portal shell. It exposes nothing and compiles in no remote URL: remotes come from
// /remotes.json at run time (see src/bootstrap.tsx).
const path = require('node:path');
const { createAppConfig } = require('@pod/shared-contracts/build/webpack');

// The phone picker's flags (remote-wizard's countries), served locally at /assets/flags/{code}.svg:
// country-flag-icons' 3x2 set, copied as it is (its package.json is not exported, so resolve the entry).
const FLAGS_DIR = path.join(path.dirname(require.resolve('country-flag-icons')), '3x2');

module.exports = createAppConfig({
  name: 'host',
  dir: __dirname,
  port: 8080,
  isHost: true,
  copy: [{ from: FLAGS_DIR, to: 'assets/flags' }],
});
