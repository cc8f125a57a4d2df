// Subresource integrity of a remote's production build (shared-contracts/build/subresource-integrity.cjs):
// a small Module Federation remote with a lazy JS+CSS chunk, built for real, then read back: the
// manifest pins remoteEntry.js and the files it lists, remoteEntry.js pins its chunks, nothing is
// left unresolved, the compressed siblings hold the final bytes, and a rebuild is byte-identical.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILD_DIR = path.join(REPO_ROOT, 'shared-contracts', 'build');
const require = createRequire(import.meta.url);
const { SubresourceIntegrityPlugin, filesListedIn, integrityOf, placeholderFor } = require(
  path.join(BUILD_DIR, 'subresource-integrity.cjs'),
);
const { CompressAssetsPlugin } = require(path.join(BUILD_DIR, 'compress-assets.cjs'));
const REMOTES = ['remote-account', 'remote-library', 'remote-checkout', 'remote-wizard'];

const sha384 = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

describe('subresource-integrity.cjs helpers', () => {
  it('makes placeholders exactly as long as a sha384 integrity, distinct per chunk and file type', () => {
    const real = integrityOf('x');
    assert.equal(real, sha384('x'));
    for (const placeholder of [placeholderFor('js', 'a'), placeholderFor('css', 'a'), placeholderFor('js', 17)]) {
      assert.equal(placeholder.length, real.length);
      assert.match(placeholder, /^sha384-PODSRIPLACEHOLDER/);
    }
    assert.notEqual(placeholderFor('js', 'a'), placeholderFor('css', 'a'));
  });

  it('lists remoteEntry.js and every JS and CSS file of exposes and shared modules, once', () => {
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'static' } },
      exposes: [{ assets: { js: { sync: ['a.js'], async: ['b.js'] }, css: { sync: ['a.css'], async: [] } } }],
      shared: [{ assets: { js: { sync: ['a.js', 'react.js'] }, css: {} } }],
    };
    assert.deepEqual(filesListedIn(manifest), ['a.css', 'a.js', 'b.js', 'react.js', 'static/remoteEntry.js']);
    assert.deepEqual(filesListedIn(null), []);
  });
});

describe('a Module Federation remote built with SubresourceIntegrityPlugin', () => {
  const appRequire = createRequire(path.join(REPO_ROOT, 'remote-account', 'package.json'));
  const webpack = appRequire('webpack');
  const MiniCssExtractPlugin = appRequire('mini-css-extract-plugin');
  const { ModuleFederationPlugin } = appRequire('@module-federation/enhanced/webpack');
  let dir = '';
  /** @type {Record<string, Buffer>} */
  let first = {};
  /** @type {Record<string, Buffer>} */
  let second = {};

  async function build(outDir) {
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: { main: './index.js' },
      devtool: 'hidden-source-map',
      output: {
        path: outDir,
        publicPath: 'auto',
        uniqueName: 'sri_probe',
        chunkFilename: '[name].[contenthash].js',
        crossOriginLoading: 'anonymous',
      },
      module: { rules: [{ test: /\.css$/, use: [MiniCssExtractPlugin.loader, appRequire.resolve('css-loader')] }] },
      plugins: [
        new ModuleFederationPlugin({
          name: 'sri_probe',
          filename: 'remoteEntry.js',
          exposes: { './App': './app.js' },
          shared: {},
          dts: false,
        }),
        new MiniCssExtractPlugin({ chunkFilename: '[name].[contenthash].css' }),
        new SubresourceIntegrityPlugin({ MiniCssExtractPlugin }),
        new CompressAssetsPlugin(),
      ],
    });
    const stats = await new Promise((resolve, reject) => {
      compiler.run((error, result) => (error ? reject(error) : resolve(result)));
    });
    await new Promise((resolve) => compiler.close(resolve));
    assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
    const files = await readdir(outDir);
    return Object.fromEntries(
      await Promise.all(files.map(async (file) => [file, await readFile(path.join(outDir, file))])),
    );
  }

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pod-sri-build-'));
    const padding = `// ${'stars over limpopo '.repeat(80)}\n`;
    await writeFile(path.join(dir, 'index.js'), "import('./app.js');\n");
    await writeFile(
      path.join(dir, 'app.js'),
      `${padding}export default function App() { return import('./screen.js').then((m) => m.default); }\n`,
    );
    await writeFile(path.join(dir, 'screen.js'), `import './screen.css';\n${padding}export default 'screen';\n`);
    await writeFile(path.join(dir, 'screen.css'), `.screen { color: rebeccapurple; }\n/* ${'x'.repeat(1200)} */\n`);
    first = await build(path.join(dir, 'dist-1'));
    second = await build(path.join(dir, 'dist-2'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('pins remoteEntry.js and every file the manifest lists, with the hash of its final bytes', () => {
    const manifest = JSON.parse(first['mf-manifest.json'].toString());
    const pinned = manifest.metaData.pod.integrity;
    assert.deepEqual(Object.keys(pinned).sort(), filesListedIn(manifest));
    assert.ok(pinned['remoteEntry.js']);
    for (const [file, integrity] of Object.entries(pinned)) assert.equal(integrity, sha384(first[file]), file);
  });

  it("pins each lazy chunk's JS and CSS file in remoteEntry.js, and its loaders set integrity and crossorigin", () => {
    const entry = first['remoteEntry.js'].toString();
    assert.doesNotMatch(entry, /PODSRIPLACEHOLDER/);
    const chunks = Object.keys(first).filter(
      (file) => /\.(?:js|css)$/.test(file) && !/^(?:remoteEntry|main)\b/.test(file),
    );
    assert.ok(
      chunks.some((file) => file.endsWith('.css')),
      'a CSS chunk',
    );
    assert.ok(chunks.filter((file) => file.endsWith('.js')).length >= 2, 'the exposed module and its lazy screen');
    for (const file of chunks) assert.ok(entry.includes(sha384(first[file])), `remoteEntry.js pins ${file}`);
    assert.match(entry, /\.integrity=/);
    assert.match(entry, /\.crossOrigin="anonymous"/);
  });

  it('compresses the final bytes, and builds the same bytes again', () => {
    for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
      assert.deepEqual(brotliDecompressSync(first[`${file}.br`]), first[file], `${file}.br`);
      assert.deepEqual(gunzipSync(first[`${file}.gz`]), first[file], `${file}.gz`);
    }
    assert.deepEqual(Object.keys(second).sort(), Object.keys(first).sort());
    for (const file of Object.keys(first)) assert.deepEqual(second[file], first[file], file);
  });
});

describe('the production configs', () => {
  const { SubresourceIntegrityPlugin: Plugin } = require(path.join(BUILD_DIR, 'subresource-integrity.cjs'));
  const configOf = (app, mode) => {
    const appRequire = createRequire(path.join(REPO_ROOT, app, 'package.json'));
    return appRequire(path.join(REPO_ROOT, app, 'webpack.config.js'))(undefined, { mode });
  };

  for (const app of REMOTES) {
    it(`${app}: pins its files in production (CORS loading), not on the dev server`, () => {
      const production = configOf(app, 'production');
      assert.equal(production.plugins.filter((plugin) => plugin instanceof Plugin).length, 1);
      assert.equal(production.output.crossOriginLoading, 'anonymous');
      assert.equal(configOf(app, 'development').plugins.filter((plugin) => plugin instanceof Plugin).length, 0);
    });
  }

  it('host: served by the portal itself, with nothing to pin', () => {
    assert.equal(configOf('host', 'production').plugins.filter((plugin) => plugin instanceof Plugin).length, 0);
  });
});
