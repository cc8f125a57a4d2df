// Federated remote remote_wizard: its dev server (port 3004) also runs it standalone.
const { createAppConfig } = require('@pod/shared-contracts/build/webpack');

module.exports = createAppConfig({
  name: 'remote_wizard',
  dir: __dirname,
  port: 3004,
  exposes: { './App': './src/app.tsx' },
});
