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
 * wizard's phone picker, which load one at a time from the network, the pre-rendered signed-in
 * pages).
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
      // The pre-rendered signed-in pages: the server chooses them per request (the hint cookie);
      // offline, a navigation falls back to the precached index.html.
      /^shell-.*\.html$/,
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

const SHELL_HTML = path.join(PRERENDER_DIR, 'shell.html');
const SHELL_PAGES_JSON = path.join(PRERENDER_DIR, 'shell-pages.json');

/** The file a signed-in page is pre-rendered into: `/checkout/cart` -> `shell-checkout-cart.html`. */
const shellPageFile = (pagePath) => `shell${pagePath.replace(/\//g, '-')}.html`;

const escapeHtml = (text) =>
  String(text).replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]);

/**
 * The pre-rendered markup of one signed-in page: src/prerender/shell.html (sidebar, top bar,
 * main) with that page's heading and its sidebar link marked current. Nothing personal: the
 * greeting, balance and cart come with React.
 */
function shellMarkup(pagePath, title) {
  const { links } = JSON.parse(fs.readFileSync(SHELL_PAGES_JSON, 'utf8'));
  const items = links
    .map(
      ({ to, label }) =>
        `<li><a href="${escapeHtml(to)}"${to === pagePath ? ' aria-current="page"' : ''}>${escapeHtml(label)}</a></li>`,
    )
    .join('\n      ');
  return fs
    .readFileSync(SHELL_HTML, 'utf8')
    .trim()
    .replace('{{path}}', escapeHtml(pagePath))
    .replace('{{title}}', escapeHtml(title))
    .replace('{{links}}', items);
}

/**
 * Pages painted from HTML before any script: the host's index.html with markup before #root and
 * a stylesheet of the tokens and the markup's boxes, emitted with a content hash (a file, as the
 * CSP allows no inline style). src/prerender/hand-over.ts takes the markup away once React shows
 * a screen; each page's host bundle starts after its first paint (src/prerender/after-paint.js).
 * - login.html, the sign-in card (src/prerender/login.html): the server answers /login with it.
 * - shell-<path>.html for the signed-in pages of src/prerender/shell-pages.json: the shell and
 *   the page's heading. The server answers them only to a browser whose session code set the
 *   `pod-signed-in` hint cookie (SIGNED_IN_HINT_COOKIE, shared-contracts/src/constants), so a signed-out
 *   visitor never sees a signed-in frame, and a signed-in one never a sign-in card.
 */
class PrerenderedPagesPlugin {
  apply(compiler) {
    const html = compiler.options.plugins.find((plugin) => plugin instanceof HtmlWebpackPlugin);
    if (!html) throw new Error('PrerenderedPagesPlugin needs the HtmlWebpackPlugin of index.html');
    const files = [TOKENS_CSS, path.join(PRERENDER_DIR, 'prerender.css')];
    const css = () => files.map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    const hashOf = (text) => require('node:crypto').createHash('sha256').update(text).digest('hex').slice(0, 20);
    const hash = () => hashOf(css());
    const afterPaint = () => fs.readFileSync(AFTER_PAINT_JS, 'utf8');
    const afterPaintFile = () => `after-paint.${hashOf(afterPaint())}.js`;
    const template = html.userOptions.templateContent;
    const page = (filename, markup) =>
      new HtmlWebpackPlugin({
        ...html.userOptions,
        filename,
        templateContent: (args) =>
          template(args)
            .replace('</head>', `  <link rel="stylesheet" href="/prerender.${hash()}.css" />\n  </head>`)
            .replace('<div id="root"></div>', `${markup()}\n    <div id="root"></div>`),
      });
    const { pages } = JSON.parse(fs.readFileSync(SHELL_PAGES_JSON, 'utf8'));
    const plugins = [
      page('login.html', () => fs.readFileSync(path.join(PRERENDER_DIR, 'login.html'), 'utf8').trim()),
      ...Object.entries(pages).map(([pagePath, title]) =>
        page(shellPageFile(pagePath), () => shellMarkup(pagePath, title)),
      ),
    ];
    for (const plugin of plugins) plugin.apply(compiler);
    compiler.hooks.thisCompilation.tap('PrerenderedPagesPlugin', (compilation) => {
      // Each page starts the host bundle after its first paint (src/prerender/after-paint.js):
      // its script tag names after-paint.js, which reads the bundle from data-main.
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PrerenderedPagesPlugin', (data) => {
        if (!plugins.includes(data.plugin)) return data;
        for (const tag of [...data.headTags, ...data.bodyTags]) {
          if (tag.tagName !== 'script' || typeof tag.attributes.src !== 'string') continue;
          tag.attributes['data-main'] = tag.attributes.src;
          tag.attributes.src = `/${afterPaintFile()}`;
        }
        return data;
      });
      compilation.hooks.processAssets.tap(
        { name: 'PrerenderedPagesPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const file of [
            ...files,
            path.join(PRERENDER_DIR, 'login.html'),
            SHELL_HTML,
            SHELL_PAGES_JSON,
            AFTER_PAINT_JS,
          ])
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
    new PrerenderedPagesPlugin(),
    ...(isProduction ? [serviceWorkerPlugin()] : []),
  );
  return config;
};
