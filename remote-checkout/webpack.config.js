// Federated remote remote_checkout: its dev server (port 3003) also runs it standalone.
const { createAppConfig } = require('@pod/shared-contracts/build/webpack');

module.exports = createAppConfig({
  name: 'remote_checkout',
  dir: __dirname,
  port: 3003,
  exposes: { './App': './src/app.tsx', './CartDropdown': './src/cart-dropdown.tsx' },
});
