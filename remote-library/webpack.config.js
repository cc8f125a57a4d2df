// Federated remote remote_library: its dev server (port 3002) also runs it standalone.
const { createAppConfig } = require('@pod/shared-contracts/build/webpack');

module.exports = createAppConfig({
  name: 'remote_library',
  dir: __dirname,
  port: 3002,
  exposes: { './App': './src/app.tsx' },
});
