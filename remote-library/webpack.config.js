// Federated remote remote_library: its dev server (port 3002) also runs it standalone.
// public/ (the bulk upload's CSV template and example) is emitted beside remoteEntry.js.
const { createAppConfig } = require('@pod/shared-contracts/build/webpack');

module.exports = createAppConfig({
  name: 'remote_library',
  dir: __dirname,
  port: 3002,
  exposes: { './App': './src/app.tsx' },
});
