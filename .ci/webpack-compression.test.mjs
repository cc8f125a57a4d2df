// The production build's compression and cache (shared-contracts/build/compress-assets.cjs and
// productionBuildOptions in webpack.cjs): the compressed siblings a static root serves, the
// already-minified vendor files left alone, and the persistent cache each app keeps to itself.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
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
const { CompressAssetsPlugin, compressedVariants, isCompressible, ALREADY_MINIFIED, MIN_BYTES } = require(
  path.join(BUILD_DIR, 'compress-assets.cjs'),
);
const APPS = ['host', 'remote-account', 'remote-library', 'remote-checkout', 'remote-wizard'];

/** The configuration `webpack --mode <mode>` would use for `app`. */
function configOf(app, mode) {
  const appRequire = createRequire(path.join(REPO_ROOT, app, 'package.json'));
  return appRequire(path.join(REPO_ROOT, app, 'webpack.config.js'))(undefined, { mode });
}

describe('compressed siblings', () => {
  it('compresses the text files browsers fetch, never maps, build statistics, version.json or sw.js', () => {
    for (const name of ['main.3f9a8b7c.js', 'assets/pdf.worker.min.1a2b3c4d.mjs', 'a.css', 'index.html']) {
      assert.equal(isCompressible(name), true, name);
    }
    for (const name of ['mf-manifest.json', 'favicon.svg', 'manifest.webmanifest']) {
      assert.equal(isCompressible(name), true, name);
    }
    for (const name of [
      'main.js.map',
      'mf-stats.json',
      'version.json',
      'sw.js',
      'icons/192.png',
      'a.js.LICENSE.txt',
      'x.js.br',
    ]) {
      assert.equal(isCompressible(name), false, name);
    }
  });

  it('writes brotli and gzip that decode to the original, from 1 KiB on', async () => {
    const text = Buffer.from('export const title = "Stars over Limpopo";\n'.repeat(40));
    assert.ok(text.length >= MIN_BYTES);
    const variants = await compressedVariants(text);
    assert.deepEqual(
      variants.map((variant) => variant.extension),
      ['.br', '.gz'],
    );
    assert.deepEqual(brotliDecompressSync(variants[0].data), text);
    assert.deepEqual(gunzipSync(variants[1].data), text);
    assert.deepEqual(await compressedVariants(text.subarray(0, MIN_BYTES - 1)), []);
  });

  it('keeps no compressed copy that saves nothing (already compressed bytes)', async () => {
    assert.deepEqual(await compressedVariants(randomBytes(4096)), []);
  });

  it('knows already-minified vendor files, hashed or not', () => {
    for (const name of ['assets/pdf.worker.min.3f9a8b7c0d1e2f3a.mjs', 'vendor.min.js', 'x.min.cjs']) {
      assert.match(name, ALREADY_MINIFIED);
    }
    for (const name of ['main.3f9a8b7c.js', 'admin.js', 'min.js', 'terminal.mjs']) {
      assert.doesNotMatch(name, ALREADY_MINIFIED);
    }
  });
});

describe('a production build with CompressAssetsPlugin', () => {
  const hostRequire = createRequire(path.join(REPO_ROOT, 'host', 'package.json'));
  const webpack = hostRequire('webpack');
  // A vendor file shipped minified: unminifiable-looking on purpose (comments, long names), so a
  // second minification would change its bytes.
  const VENDOR = `/* vendor, already minified */\nexport function keepThisLongFunctionName(argumentNumberOne) {\n  return argumentNumberOne + 1;\n}\n${'// padding\n'.repeat(120)}`;
  let dir;
  let files;

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pod-compress-build-'));
    await writeFile(path.join(dir, 'vendor.min.mjs'), VENDOR);
    await writeFile(
      path.join(dir, 'index.js'),
      `const words = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `word number ${i}`))};\n` +
        `console.log(words.join(' '), new URL('./vendor.min.mjs', import.meta.url).href);\n`,
    );
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: './index.js',
      output: { path: path.join(dir, 'dist'), filename: 'main.js', assetModuleFilename: 'assets/[name][ext]' },
      devtool: 'hidden-source-map',
      plugins: [new CompressAssetsPlugin()],
    });
    const stats = await new Promise((resolve, reject) => {
      compiler.run((error, result) => (error ? reject(error) : resolve(result)));
    });
    await new Promise((resolve) => compiler.close(resolve));
    assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
    files = (await readdir(path.join(dir, 'dist'), { recursive: true })).map((file) => file.split(path.sep).join('/'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside the minified bundle', async () => {
    const bundle = await readFile(path.join(dir, 'dist', 'main.js'));
    assert.ok(bundle.length >= MIN_BYTES);
    assert.deepEqual(brotliDecompressSync(await readFile(path.join(dir, 'dist', 'main.js.br'))), bundle);
    assert.deepEqual(gunzipSync(await readFile(path.join(dir, 'dist', 'main.js.gz'))), bundle);
  });

  it('leaves an already-minified vendor file byte for byte, and compresses it', async () => {
    assert.equal(await readFile(path.join(dir, 'dist', 'assets', 'vendor.min.mjs'), 'utf8'), VENDOR);
    assert.ok(files.includes('assets/vendor.min.mjs.br'));
  });

  it('compresses no source map', () => {
    assert.ok(files.includes('main.js.map'));
    assert.deepEqual(
      files.filter((file) => /\.map\.(?:br|gz)$/.test(file)),
      [],
    );
  });
});

describe('the production build options of every app', () => {
  const { productionBuildOptions } = require(path.join(BUILD_DIR, 'webpack.cjs'));

  for (const app of APPS) {
    it(`${app}: a filesystem cache of its own, keyed by the configs, and the compression plugin`, () => {
      const config = configOf(app, 'production');
      assert.equal(config.cache.type, 'filesystem');
      assert.equal(config.cache.cacheDirectory, path.join(REPO_ROOT, app, 'node_modules', '.cache', 'webpack'));
      assert.ok(config.cache.buildDependencies.config.includes(path.join(BUILD_DIR, 'webpack.cjs')));
      assert.ok(config.cache.buildDependencies.config.includes(path.join(REPO_ROOT, app, 'webpack.config.js')));
      assert.equal(config.plugins.filter((plugin) => plugin instanceof CompressAssetsPlugin).length, 1);
    });

    it(`${app}: the dev config keeps webpack's memory cache and compresses nothing`, () => {
      const config = configOf(app, 'development');
      assert.equal(config.cache, undefined);
      assert.equal(config.plugins.filter((plugin) => plugin instanceof CompressAssetsPlugin).length, 0);
    });
  }

  it('POD_WEBPACK_CACHE=0 builds without the cache (a cold build to measure)', () => {
    const options = { name: 'host', dir: path.join(REPO_ROOT, 'host'), version: '1.0.0', isProduction: true };
    assert.equal(productionBuildOptions({ ...options, env: { POD_WEBPACK_CACHE: '0' } }).cache, false);
    assert.equal(productionBuildOptions({ ...options, env: {} }).cache.version, '1.0.0');
  });
});
