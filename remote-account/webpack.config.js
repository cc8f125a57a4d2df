// Federated remote remote_account: its dev server (port 3001) also runs it standalone.
const { createAppConfig } = require('@pod/shared-contracts/build/webpack');

module.exports = createAppConfig({
  name: 'remote_account',
  dir: __dirname,
  port: 3001,
  exposes: { './App': './src/app.tsx', './ChatPanel': './src/chat-panel.tsx' },
});
