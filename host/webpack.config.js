// The portal shell. It exposes nothing and compiles in no remote URL: remotes come from
// /remotes.json at run time (see src/bootstrap.tsx).
const path = require('node:path');
const { DefinePlugin } = require('webpack');
const { InjectManifest } = require('workbox-webpack-plugin');
const { createAppConfig } = require('@pod/shared-contracts/build/webpack');

// The phone picker's flags (remote-wizard's countries), served locally at /assets/flags/{code}.svg:
// country-flag-icons' 3x2 set, copied as it is (its package.json is not exported, so resolve the entry).
const FLAGS_DIR = path.join(path.dirname(require.resolve('country-flag-icons')), '3x2');

const appConfig = createAppConfig({
  name: 'host',
  dir: __dirname,
  port: 8080,
  isHost: true,
  copy: [{ from: FLAGS_DIR, to: 'assets/flags' }],
});

/**
 * The service worker (production builds only: in development it would cache what the dev server
 * rebuilds). workbox compiles src/sw/service-worker.ts into /sw.js and injects the precache list:
 * every file of the host's build (index.html, its hashed bundles, manifest and icons) except
 * what a page never needs at start (source maps, build metadata, the ~270 flag images of the
 * wizard's phone picker, which load one at a time from the network).
 */
function serviceWorkerPlugin() {
  return new InjectManifest({
    swSrc: path.join(__dirname, 'src', 'sw', 'service-worker.ts'),
    swDest: 'sw.js',
    exclude: [
      /\.map$/,
      /^assets\/flags\//,
      /pdf(js-dist|\.worker)/,
      /^version\.json$/,
      /^mf-(manifest|stats)\.json$/,
      /\.LICENSE\.txt$/,
    ],
  });
}

module.exports = (env, argv = {}) => {
  const config = appConfig(env, argv);
  const isProduction = config.mode === 'production';
  config.plugins.push(
    // Read by src/pwa/register-service-worker.ts (declared in src/pwa/build-flags.d.ts).
    new DefinePlugin({ __POD_SERVICE_WORKER__: JSON.stringify(isProduction) }),
    ...(isProduction ? [serviceWorkerPlugin()] : []),
  );
  return config;
};
