'use strict';
/**
 * The webpack + Module Federation configuration every front-end app uses. An app's
 * webpack.config.js is a few lines:
 *
 *   const { createAppConfig } = require('@pod/shared-contracts/build/webpack');
 *   module.exports = createAppConfig({ name: 'remote_account', dir: __dirname, port: 3001,
 *     exposes: { './App': './src/app.tsx' } });
 *
 * The one `shared` map of the portal lives here too (`sharedDependencies`), so the host and
 * the remotes can never disagree about what is a singleton or which version it must be.
 */
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');
const { CompressAssetsPlugin } = require('./compress-assets.cjs');
const { SubresourceIntegrityPlugin } = require('./subresource-integrity.cjs');

const SHARED_CONTRACTS_DIR = path.resolve(__dirname, '..');
const TOKENS_CSS = path.join(SHARED_CONTRACTS_DIR, 'src', 'ui', 'tokens.css');
/** Dev-only first module of the host: lets the remotes' Fast Refresh runtimes find react-dom. */
const REFRESH_SHARED_RENDERERS = path.join(__dirname, 'react-refresh-shared-renderers.js');

/** Host dev server port; the API server runs beside it on API_DEV_TARGET. */
const HOST_DEV_PORT = 8080;
const API_DEV_TARGET = 'http://127.0.0.1:8081';

/** Dev server port of each remote (its standalone app and the manifest the host loads). */
const REMOTE_DEV_PORTS = {
  remote_account: 3001,
  remote_library: 3002,
  remote_checkout: 3003,
  remote_wizard: 3004,
};

const DOCUMENT_TITLE = 'Print on Demand | Portal';
/** The portal's page description (search results, shared links). */
const PORTAL_DESCRIPTION =
  'Print on Demand: self-publish your book in print, as an eBook or as an audiobook, pay for its processing, and follow its orders, sales and royalties.';

/** Build metadata file emitted into every app's dist (read by .ci/deploy.mjs and by people). */
const VERSION_FILE = 'version.json';
/** Versions name immutable folders (remotes/<dir>/<version>/): semver-like, nothing path-like. */
const APP_VERSION_PATTERN = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/;

/** Packages shared as singletons; a trailing slash also shares the package's subpaths. */
const SHARED_PACKAGES = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  // No react-router-dom: the router is part of @pod/shared-contracts (src/router.ts), which
  // bundles only the parts the apps use; shared whole, it kept all of its code.
  'jotai',
  'jotai/',
  // One QueryClient cache for the page: a second copy would have its own QueryClientContext.
  '@tanstack/react-query',
  // One form context: shared-contracts' form fields (FinalTextField...) read the <Form> of the
  // remote that renders them, which only works with one copy of react-final-form on the page.
  'react-final-form',
  'final-form',
  '@pod/shared-contracts',
];

/** The package.json of `pkg` as installed for the package in `fromDir`, or null when it is not. */
function readInstalledPackageJson(pkg, fromDir) {
  const req = createRequire(path.join(fromDir, 'package.json'));
  try {
    return req(`${pkg}/package.json`);
  } catch {
    // Packages whose `exports` hide package.json: walk up from the entry point.
    let entry;
    try {
      entry = req.resolve(pkg);
    } catch {
      return null;
    }
    let dir = path.dirname(entry);
    while (dir !== path.dirname(dir)) {
      const candidate = path.join(dir, 'package.json');
      if (fs.existsSync(candidate)) {
        const json = JSON.parse(fs.readFileSync(candidate, 'utf8'));
        if (json.name === pkg) return json;
      }
      dir = path.dirname(dir);
    }
    throw new Error(`Cannot find the package.json of ${pkg} from ${fromDir}`);
  }
}

/** Exact installed versions (never `workspace:*`), read at build time. */
function installedVersions(fromDir) {
  const versions = { '@pod/shared-contracts': require(path.join(SHARED_CONTRACTS_DIR, 'package.json')).version };
  for (const key of SHARED_PACKAGES) {
    const pkg = key.replace(/\/$/, '');
    const installed = readInstalledPackageJson(pkg, fromDir);
    if (installed) versions[pkg] ??= installed.version;
    else if (fromDir === SHARED_CONTRACTS_DIR) throw new Error(`${pkg} is not installed for shared-contracts`);
  }
  return versions;
}

/** Builds the shared map from the versions installed for the package in `fromDir`. */
function createSharedDependencies(fromDir) {
  const versions = installedVersions(fromDir);
  return Object.fromEntries(
    // `version` too (the version this build provides): webpack reads it from the package.json
    // nearest the resolved file otherwise, and react-final-form's dist/package.json has none.
    SHARED_PACKAGES.map((key) => {
      const version = versions[key.replace(/\/$/, '')];
      return [key, { singleton: true, requiredVersion: version, version }];
    }),
  );
}

/**
 * THE shared map of the portal: every singleton with the exact version shared-contracts
 * was installed with. createAppConfig checks that each app resolves the same versions.
 */
const sharedDependencies = createSharedDependencies(SHARED_CONTRACTS_DIR);

/** Fails the build when an app would bundle another version than the shared map says. */
function assertSameVersions(name, dir) {
  const own = createSharedDependencies(dir);
  const mismatches = Object.entries(sharedDependencies)
    .filter(([key]) => key !== '@pod/shared-contracts')
    // An app that does not install a singleton itself (the host has no forms) gets the copy
    // shared-contracts brings; only a different installed version is a mismatch.
    .filter(([key]) => own[key].requiredVersion !== undefined)
    .filter(([key, value]) => own[key].requiredVersion !== value.requiredVersion)
    .map(([key, value]) => `${key}: ${own[key].requiredVersion} (expected ${value.requiredVersion})`);
  if (mismatches.length > 0) {
    throw new Error(`${name} resolves other versions of shared singletons: ${mismatches.join(', ')}`);
  }
}

/** The dev runtime configuration: each remote's manifest on its own dev server. */
function devRemotesConfig() {
  return {
    environment: 'development',
    remotes: Object.fromEntries(
      Object.entries(REMOTE_DEV_PORTS).map(([remote, port]) => [
        remote,
        { entry: `http://localhost:${port}/mf-manifest.json`, version: 'dev' },
      ]),
    ),
  };
}

/** index.html: the shell's title, a noscript notice, the web manifest when there is one. */
function htmlTemplate({ hasManifest, isHost }) {
  return ({ htmlWebpackPlugin }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#13294b" />
    <title>${htmlWebpackPlugin.options.title}</title>
    ${isHost ? `<meta name="description" content="${PORTAL_DESCRIPTION}" />\n    ${PRELOAD_REMOTES_CONFIG}` : ''}
    ${hasManifest ? '<link rel="manifest" href="/manifest.webmanifest" />\n    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />' : ''}
  </head>
  <body>
    <noscript>Print on Demand needs JavaScript. Please enable it in your browser and reload this page.</noscript>
    <div id="root"></div>
  </body>
</html>
`;
}

/**
 * The host asks for remotes.json from the HTML, before any script runs. The attributes make the
 * request the one the host's entry chunk makes (a plain `fetch('/remotes.json')`: mode cors,
 * credentials same-origin), so the browser hands that fetch this answer instead of asking twice
 * (host/src/federation/early-loading.ts).
 */
const PRELOAD_REMOTES_CONFIG = '<link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous" />';

/**
 * Emits every file of an app's `public/` at the root of its output (the host's icons and web
 * manifest, remote-library's CSV template and example), and every file of each extra folder
 * under its `to` path (the host's flag images from country-flag-icons), without an extra
 * package: the files are never processed.
 */
class CopyPublicFilesPlugin {
  /** @param {{ from: string, to: string }[]} folders absolute source folders and output paths ('' for the root) */
  constructor(folders) {
    this.folders = folders;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CopyPublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicFilesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const walk = (dir) =>
            fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
              const full = path.join(dir, entry.name);
              return entry.isDirectory() ? walk(full) : [full];
            });
          for (const { from, to } of this.folders) {
            for (const file of walk(from)) {
              compilation.fileDependencies.add(file);
              const name = path.posix.join(to, path.relative(from, file).split(path.sep).join('/'));
              compilation.emitAsset(name, new sources.RawSource(fs.readFileSync(file)));
            }
          }
        },
      );
    });
  }
}

/**
 * The dev server's answer for the copied folders (the build emits them; the dev server serves
 * them from their sources): the file a GET path names, or null.
 * @param {{ from: string, to: string }[]} folders
 * @param {string} requestPath the decoded URL path
 */
function copiedFileFor(folders, requestPath) {
  for (const { from, to } of folders) {
    const prefix = to ? `/${to}/` : '/';
    if (!requestPath.startsWith(prefix)) continue;
    const file = path.join(from, requestPath.slice(prefix.length));
    if (!file.startsWith(from + path.sep)) continue;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/**
 * The version an app is built as: POD_APP_VERSION when set (a deploy of a version that is not
 * in package.json, e.g. a CI build number), else the app's package.json version.
 * @param {string} dir the app's folder
 * @param {NodeJS.ProcessEnv} [env]
 */
function appVersionOf(dir, env = process.env) {
  const fromEnv = (env.POD_APP_VERSION ?? '').trim();
  const version = fromEnv || require(path.join(dir, 'package.json')).version;
  if (typeof version !== 'string' || !APP_VERSION_PATTERN.test(version)) {
    throw new Error(
      `${dir}: app version ${JSON.stringify(version)} (${fromEnv ? 'POD_APP_VERSION' : 'package.json'}) is not x.y.z`,
    );
  }
  return version;
}

/**
 * What version.json says about a build: which app, which version, which shared-contracts.
 * @param {{ dir: string, name: string, version: string, builtAt?: string }} options
 */
function buildInfo({ dir, name, version, builtAt = new Date().toISOString() }) {
  return {
    name: require(path.join(dir, 'package.json')).name,
    federatedName: name,
    version,
    sharedContracts: sharedDependencies['@pod/shared-contracts'].requiredVersion,
    builtAt,
  };
}

/** Emits version.json (buildInfo) at the root of the output. */
class VersionFilePlugin {
  constructor(info) {
    this.info = info;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('VersionFilePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'VersionFilePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const info = { ...this.info, builtAt: new Date().toISOString() };
          compilation.emitAsset(VERSION_FILE, new sources.RawSource(`${JSON.stringify(info, null, 2)}\n`));
        },
      );
    });
  }
}

/**
 * Adds the app version to the Module Federation manifest (mf-manifest.json): the plugin's
 * documented `manifest.additionalData` hook may change the stats the manifest is made from.
 * `metaData.buildInfo.buildVersion` becomes the app version (it is the package.json version
 * otherwise, which POD_APP_VERSION may override), and `metaData.pod` carries
 * `{ appVersion, sharedContracts }`. The manifest's `shared` list keeps stating the
 * shared-contracts version too.
 */
function manifestAdditionalData({ version, sharedContracts }) {
  return ({ stats }) => {
    const metaData = /** @type {Record<string, any>} */ (stats.metaData);
    if (metaData.buildInfo) metaData.buildInfo.buildVersion = version;
    metaData.pod = { appVersion: version, sharedContracts };
    return stats;
  };
}

/**
 * Production file name of chunks: `[name].[contenthash].js`. The federation runtime module
 * asks for its own chunk's file name (only to learn the folder depth) before that chunk's
 * content hash exists; a plain `[contenthash]` template then fails the build, so that one
 * early question gets the same name without the hash (same depth). Entry chunks ask, and so
 * does a web worker's chunk (remote-library's CSV worker has its own runtime), depending on
 * the order webpack hashes chunks in.
 */
function hashedFilename(pathData) {
  const { chunk, contentHash, contentHashType = 'javascript' } = pathData;
  const hashKnown = contentHash || !chunk?.contentHash || chunk.contentHash[contentHashType] !== undefined;
  return hashKnown ? '[name].[contenthash].js' : '[name].js';
}

/**
 * One federation runtime per page: the host bundles @module-federation/runtime-core and puts it
 * on the global `_FEDERATION_RUNTIME_CORE` when it starts (`provideExternalRuntime`, allowed only
 * in a build that exposes nothing); the remotes' production builds take it from there
 * (`externalRuntime`) instead of carrying their own copy in every remoteEntry.js. A remote's dev
 * build keeps its own, so its standalone dev page still starts without the host.
 * @param {{ isHost: boolean, isProduction: boolean }} options
 */
function federationRuntimeExperiments({ isHost, isProduction }) {
  // Browser-only: the runtime's Node paths (loading entries over fs/vm, Node's fetch) are left out.
  const optimization = { target: 'web' };
  if (isHost) return { provideExternalRuntime: true, optimization };
  return isProduction ? { externalRuntime: true, optimization } : { optimization };
}

/**
 * The host's federation entry imports the runtime-provider plugin by the path of its CommonJS
 * build (index.cjs), whose require() calls pull in the CommonJS runtime-core and sdk, while the
 * host's own runtime uses their ES module builds: the page carried both (about 180 KB before
 * minification, the largest part of main.js). This points that import at the plugin's ES module
 * build, so the page has one runtime-core, the one it also provides to the remotes.
 */
function sameFederationRuntimeFormat(NormalModuleReplacementPlugin) {
  return new NormalModuleReplacementPlugin(
    /inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/,
    (resource) => {
      resource.request = resource.request.replace(/index\.cjs$/, 'index.js');
    },
  );
}

/** Loads what only shared-contracts installs (the Fast Refresh plugin), from its own dependencies. */
const sharedRequire = createRequire(path.join(SHARED_CONTRACTS_DIR, 'package.json'));

/**
 * React Fast Refresh, development only: the plugin that wires swc's refresh transform
 * (`jsc.transform.react.refresh`) to webpack's HMR, or nothing in production (the plugin is
 * not even loaded then). Every app gets its own refresh runtime, namespaced by its
 * `output.uniqueName` (the plugin's default `library`); webpack-dev-server's own overlay shows
 * errors, so the plugin's is off.
 * @param {boolean} isProduction
 */
function reactRefreshPlugin(isProduction) {
  if (isProduction) return false;
  const ReactRefreshPlugin = sharedRequire('@pmmmwh/react-refresh-webpack-plugin');
  return new ReactRefreshPlugin({ overlay: false });
}

/**
 * Production builds only (issue 18): webpack's persistent cache, per app under its own
 * node_modules/.cache (so rebuilding one remote never reads or writes another's), and the
 * brotli/gzip siblings of its text files (compress-assets.cjs). The cache is keyed by this
 * file, compress-assets.cjs, the app's webpack.config.js and the modules they require
 * (buildDependencies), the app version and the installed packages, so a config change or an
 * install starts it afresh; a clean checkout (CI) simply has none. POD_WEBPACK_CACHE=0 turns it
 * off (a cold build for a measurement). Dev servers keep webpack's memory cache.
 */
function productionBuildOptions({ name, dir, version, isProduction, env = process.env }) {
  if (!isProduction) return { cache: undefined, plugins: [] };
  const cache =
    env.POD_WEBPACK_CACHE === '0'
      ? false
      : {
          type: /** @type {const} */ ('filesystem'),
          cacheDirectory: path.join(dir, 'node_modules', '.cache', 'webpack'),
          name: `${name}-production`,
          version,
          buildDependencies: { config: [__filename, path.join(dir, 'webpack.config.js')] },
        };
  return { cache, plugins: [new CompressAssetsPlugin()] };
}

/**
 * The webpack configuration of one front-end app.
 * @param {{ name: string, dir: string, exposes?: Record<string, string>, port: number, isHost?: boolean, copy?: { from: string, to: string }[] }} options
 *   name: the federated name (`host`, `remote_account`...); dir: the app's folder;
 *   exposes: the remote's exposed modules; port: the dev server port; copy: further folders
 *   copied into the output as they are (absolute `from`, output path `to`).
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function createAppConfig({ name, dir, exposes = {}, port, isHost = false, copy = [], buildInfoExtra = {} }) {
  if (!name || !dir || !port) throw new Error('createAppConfig needs name, dir and port');
  // Plugins and loaders come from the app's own dependencies, so they run on the very
  // webpack instance that the app's webpack-cli loaded.
  const appRequire = createRequire(path.join(dir, 'package.json'));
  const { ModuleFederationPlugin } = appRequire('@module-federation/enhanced/webpack');
  const HtmlWebpackPlugin = appRequire('html-webpack-plugin');
  const MiniCssExtractPlugin = appRequire('mini-css-extract-plugin');
  const { DefinePlugin, NormalModuleReplacementPlugin } = appRequire('webpack');
  const loader = (id) => appRequire.resolve(id);
  assertSameVersions(name, dir);
  const version = appVersionOf(dir);
  // buildInfoExtra: what else version.json says (the host: the modules it imports from each remote).
  const info = { ...buildInfo({ dir, name, version }), ...buildInfoExtra };

  return (_env, argv = {}) => {
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'development';
    const isProduction = mode === 'production';
    const publicDir = path.join(dir, 'public');
    const hasPublic = fs.existsSync(publicDir);
    const copied = [...(hasPublic ? [{ from: publicDir, to: '' }] : []), ...copy];
    const hashed = isProduction ? '[name].[contenthash].js' : '[name].js';
    const styleLoader = isProduction ? MiniCssExtractPlugin.loader : loader('style-loader');
    const production = productionBuildOptions({ name, dir, version, isProduction });
    // A remote's production build pins its files by hash (remoteEntry.js its chunks, the manifest
    // both); the host is served by the portal itself, with its own index.html.
    const pinsChunks = isProduction && !isHost;

    return {
      mode: isProduction ? 'production' : 'development',
      context: dir,
      ...(production.cache !== undefined && { cache: production.cache }),
      entry: { main: isHost && !isProduction ? [REFRESH_SHARED_RENDERERS, './src/index.ts'] : './src/index.ts' },
      // hidden-source-map: maps are written beside the bundles (to decode reported stack traces)
      // but no bundle names them, and .ci's publish leaves every *.map out of the static root.
      devtool: isProduction ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // One build serves from /remotes/<name>/<version>/ or a dev server unchanged.
        publicPath: 'auto',
        uniqueName: name,
        filename: isProduction ? hashedFilename : hashed,
        chunkFilename: isProduction ? hashedFilename : hashed,
        assetModuleFilename: isProduction ? 'assets/[name].[contenthash][ext]' : 'assets/[name][ext]',
        clean: true,
        // A remote may be served from another origin (issue 19): its chunks load in CORS mode,
        // which subresource integrity needs (subresource-integrity.cjs).
        ...(pinsChunks && { crossOriginLoading: 'anonymous' }),
      },
      resolve: { extensions: ['.ts', '.tsx', '.js'] },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: loader('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  target: 'es2022',
                  transform: {
                    react: { runtime: 'automatic', development: !isProduction, refresh: !isProduction },
                  },
                },
              },
            },
          },
          {
            test: /\.module\.css$/,
            use: [
              styleLoader,
              {
                loader: loader('css-loader'),
                options: {
                  modules: {
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    localIdentName: isProduction ? '[hash:base64:8]' : '[name]__[local]--[hash:base64:5]',
                    // Apps share one page: the same file path in two apps must not collide.
                    localIdentHashSalt: name,
                  },
                },
              },
            ],
          },
          {
            // Global CSS is only the design tokens (and third-party sheets); all else is modules.
            test: /\.css$/,
            exclude: /\.module\.css$/,
            include: [TOKENS_CSS, /node_modules/],
            use: [styleLoader, loader('css-loader')],
          },
          { test: /\.(png|svg|jpe?g|gif|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      optimization: {
        // Chunk file names say what they hold (the e2e journey checks react-dom loads once).
        chunkIds: 'named',
      },
      performance: {
        maxAssetSize: 512 * 1024,
        maxEntrypointSize: 512 * 1024,
        // The pdf.js worker (~1 MB) runs off the main thread and loads only when a PDF opens.
        assetFilter: (file) => !/\.map$/.test(file) && !/pdf\.worker/.test(file),
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
          shareStrategy: 'loaded-first',
          shared: sharedDependencies,
          manifest: {
            additionalData: manifestAdditionalData({ version, sharedContracts: info.sharedContracts }),
          },
          dts: false,
          experiments: federationRuntimeExperiments({ isHost, isProduction }),
        }),
        isHost && sameFederationRuntimeFormat(NormalModuleReplacementPlugin),
        // Declared for TypeScript in build/build-info.d.ts.
        new DefinePlugin({ __POD_APP_VERSION__: JSON.stringify(version) }),
        new VersionFilePlugin(info),
        isProduction &&
          new MiniCssExtractPlugin({
            filename: '[name].[contenthash].css',
            chunkFilename: '[name].[contenthash].css',
          }),
        new HtmlWebpackPlugin({
          title: isHost ? DOCUMENT_TITLE : `${DOCUMENT_TITLE} (${name} standalone)`,
          templateContent: htmlTemplate({
            hasManifest: fs.existsSync(path.join(publicDir, 'manifest.webmanifest')),
            isHost,
          }),
          chunks: ['main'],
          // The host's index.html answers every SPA route: scripts must be root-absolute.
          publicPath: isHost ? '/' : 'auto',
        }),
        copied.length > 0 && new CopyPublicFilesPlugin(copied),
        reactRefreshPlugin(isProduction),
        pinsChunks && new SubresourceIntegrityPlugin({ MiniCssExtractPlugin }),
        ...production.plugins,
      ].filter(Boolean),
      devServer: {
        port,
        host: 'localhost',
        hot: true,
        historyApiFallback: true,
        static: false,
        proxy: [{ context: ['/api'], target: API_DEV_TARGET }],
        ...(isHost
          ? {
              setupMiddlewares: (middlewares) => {
                if (copied.length > 0) {
                  middlewares.unshift({
                    name: 'public-files',
                    middleware: (req, res, next) => {
                      const file = req.method === 'GET' ? copiedFileFor(copied, decodeURIComponent(req.path)) : null;
                      if (!file) return next();
                      res.sendFile(file);
                    },
                  });
                }
                middlewares.unshift({
                  name: 'dev-remotes-json',
                  path: '/remotes.json',
                  middleware: (_req, res) => {
                    res.setHeader('Cache-Control', 'no-cache');
                    res.json(devRemotesConfig());
                  },
                });
                return middlewares;
              },
            }
          : {
              // The host page (another origin) loads this server's manifest and chunks.
              headers: {
                'Access-Control-Allow-Origin': '*',
                'Access-Control-Allow-Methods': 'GET, OPTIONS',
                'Access-Control-Allow-Headers': '*',
              },
              // Hot updates must come from this server even when the code runs in the host page.
              client: { webSocketURL: `ws://localhost:${port}/ws` },
            }),
      },
    };
  };
}

module.exports = {
  createAppConfig,
  productionBuildOptions,
  appVersionOf,
  buildInfo,
  VERSION_FILE,
  sharedDependencies,
  REMOTE_DEV_PORTS,
  HOST_DEV_PORT,
  API_DEV_TARGET,
  DOCUMENT_TITLE,
};
