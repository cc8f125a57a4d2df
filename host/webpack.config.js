// The portal shell. It exposes nothing and compiles in no remote URL: remotes come from
// /remotes.json at run time (see src/bootstrap.tsx).
const { createAppConfig } = require('@pod/shared-contracts/build/webpack');

module.exports = createAppConfig({ name: 'host', dir: __dirname, port: 8080, isHost: true });
