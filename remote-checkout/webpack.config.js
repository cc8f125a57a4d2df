// Federated remote remote_checkout: its dev server (port 3003) also runs it standalone.
const { createAppConfig } = require('@pod/shared-contracts/build/webpack');

module.exports = createAppConfig({
  name: 'remote_checkout',
  dir: __dirname,
  port: 3003,
  exposes: {
    './App': './src/app.tsx',
    // The top bar's cart panel (hosts load it on the first opening).
    './CartPanel': './src/cart-panel.tsx',
    // Button and panel in one, for hosts deployed before ./CartPanel existed.
    './CartDropdown': './src/cart-dropdown.tsx',
  },
});
