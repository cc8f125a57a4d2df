// The portal shell. It exposes nothing and compiles in no remote URL: remotes come from
// /remotes.json at run time (see src/bootstrap.tsx).
const path = require('node:path');
const fs = require('node:fs');
const { DefinePlugin, Compilation, sources } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
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
  // The modules the host imports from each remote, in version.json: a remote's deploy refuses a
  // build that lacks one (.ci/lib/compatibility.mjs). .ci/remote-imports.test.mjs keeps it true.
  buildInfoExtra: { remoteImports: require('./remote-imports.json') },
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

const PRERENDER_DIR = path.join(__dirname, 'src', 'prerender');
const AFTER_PAINT_JS = path.join(PRERENDER_DIR, 'after-paint.js');
// The design tokens, the portal's one global sheet (shared-contracts/src/ui/tokens.css).
const TOKENS_CSS = path.join(
  path.dirname(require.resolve('@pod/shared-contracts/build/webpack')),
  '..',
  'src',
  'ui',
  'tokens.css',
);

/**
 * /login painted from HTML before any script (the server answers /login with login.html): the
 * host's index.html with the pre-rendered sign-in card (src/prerender/login.html) before #root,
 * and a stylesheet of the tokens and the card's boxes, emitted with a content hash (a file, as
 * the CSP allows no inline style). src/prerender/hand-over.ts takes the markup away once React
 * shows a screen. Only /login: a signed-in user opening /dashboard gets index.html and never
 * sees a sign-in card. Its host bundle starts after the card is painted (src/prerender/after-paint.js).
 */
class PrerenderedLoginPlugin {
  apply(compiler) {
    const html = compiler.options.plugins.find((plugin) => plugin instanceof HtmlWebpackPlugin);
    if (!html) throw new Error('PrerenderedLoginPlugin needs the HtmlWebpackPlugin of index.html');
    const files = [TOKENS_CSS, path.join(PRERENDER_DIR, 'prerender.css')];
    const css = () => files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    const hashOf = (text) => require('node:crypto').createHash('sha256').update(text).digest('hex').slice(0, 20);
    const hash = () => hashOf(css());
    const afterPaint = () => fs.readFileSync(AFTER_PAINT_JS, 'utf8');
    const afterPaintFile = () => `after-paint.${hashOf(afterPaint())}.js`;
    const template = html.userOptions.templateContent;
    const login = new HtmlWebpackPlugin({
      ...html.userOptions,
      filename: 'login.html',
      templateContent: (args) =>
        template(args)
          .replace('</head>', `  <link rel="stylesheet" href="/prerender.${hash()}.css" />\n  </head>`)
          .replace(
            '<div id="root"></div>',
            `${fs.readFileSync(path.join(PRERENDER_DIR, 'login.html'), 'utf8').trim()}\n    <div id="root"></div>`,
          ),
    });
    login.apply(compiler);
    compiler.hooks.thisCompilation.tap('PrerenderedLoginPlugin', (compilation) => {
      // login.html starts the host bundle after its first paint (src/prerender/after-paint.js):
      // its script tag names after-paint.js, which reads the bundle from data-main.
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PrerenderedLoginPlugin', (data) => {
        if (data.plugin !== login) return data;
        for (const tag of [...data.headTags, ...data.bodyTags]) {
          if (tag.tagName !== 'script' || typeof tag.attributes.src !== 'string') continue;
          tag.attributes['data-main'] = tag.attributes.src;
          tag.attributes.src = `/${afterPaintFile()}`;
        }
        return data;
      });
      compilation.hooks.processAssets.tap(
        { name: 'PrerenderedLoginPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of [...files, path.join(PRERENDER_DIR, 'login.html'), AFTER_PAINT_JS])
            compilation.fileDependencies.add(file);
          compilation.emitAsset(`prerender.${hash()}.css`, new sources.RawSource(css()));
          compilation.emitAsset(afterPaintFile(), new sources.RawSource(afterPaint()));
        },
      );
    });
  }
}

module.exports = (env, argv = {}) => {
  const config = appConfig(env, argv);
  const isProduction = config.mode === 'production';
  config.plugins.push(
    // Read by src/pwa/register-service-worker.ts (declared in src/pwa/build-flags.d.ts).
    new DefinePlugin({ __POD_SERVICE_WORKER__: JSON.stringify(isProduction) }),
    new PrerenderedLoginPlugin(),
    ...(isProduction ? [serviceWorkerPlugin()] : []),
  );
  return config;
};
