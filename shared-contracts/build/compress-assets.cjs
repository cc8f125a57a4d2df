'use strict';
/**
 * Build-time compression: every text asset of an app's production build gets a brotli (`.br`)
 * and a gzip (`.gz`) sibling in its own dist, so whoever publishes that dist (the whole portal,
 * or one team deploying one remote) publishes the precompressed files with it, and the API
 * server answers them without compressing anything per request
 * (openapi/server/src/plugins/external/static-site.ts).
 */
const zlib = require('node:zlib');
const { promisify } = require('node:util');

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: what browsers fetch as text. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|webmanifest)$/;
/** Below this a compressed copy saves too little to be worth a file and a header. */
const MIN_BYTES = 1024;
/**
 * Never compressed: version.json carries a build time (a rebuild of the same version must keep
 * the same bytes everywhere else, .ci/lib/deploy.mjs), mf-stats.json and maps are never
 * published, and sw.js is the file browsers compare byte for byte to find a new build: served
 * no-cache and compressed as it is sent, it can never disagree with a stale sibling.
 */
const NEVER = /(?:^|\/)(?:version\.json|mf-stats\.json|sw\.js)$|\.map$/;
/** A compressed copy must save at least this share, or the original is served as it is. */
const MAX_RATIO = 0.9;

/** Whether an output file name gets compressed siblings (size aside). */
function isCompressible(name) {
  return COMPRESSIBLE.test(name) && !NEVER.test(name);
}

/**
 * The brotli and gzip encodings of `buffer` that are worth keeping: none under MIN_BYTES, and
 * only those at most MAX_RATIO of the original. Brotli at its best quality and gzip at level 9:
 * this runs once per build, and every visitor downloads the result.
 * @param {Buffer} buffer
 * @returns {Promise<{ extension: '.br' | '.gz', data: Buffer }[]>}
 */
async function compressedVariants(buffer) {
  if (buffer.length < MIN_BYTES) return [];
  const [br, gz] = await Promise.all([
    brotliCompress(buffer, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
      },
    }),
    gzip(buffer, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return [
    { extension: /** @type {const} */ ('.br'), data: br },
    { extension: /** @type {const} */ ('.gz'), data: gz },
  ].filter((variant) => variant.data.length <= buffer.length * MAX_RATIO);
}

/**
 * Already-minified vendor files (`*.min.js`, `*.min.mjs`, also with a content hash before the
 * extension, e.g. pdf.js's worker as `assets/pdf.worker.min.3f9a8b7c.mjs`): minifying them again
 * costs build time and gains nothing.
 */
const ALREADY_MINIFIED = /\.min(?:\.[0-9a-f]{8,})?\.[cm]?js$/;

/**
 * Marks already-minified assets as `minimized` (the minimizer skips those), then writes the
 * compressed siblings of every compressible asset after everything else has processed them
 * (minifier, Module Federation manifest, the host's service worker). Results are kept in
 * webpack's cache, keyed by the asset's content, so a rebuild compresses only what changed.
 */
class CompressAssetsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const name = 'CompressAssetsPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap({ name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE }, () => {
        for (const asset of compilation.getAssets()) {
          if (ALREADY_MINIFIED.test(asset.name) && !asset.info.minimized) {
            compilation.updateAsset(asset.name, asset.source, { minimized: true });
          }
        }
      });
      const cache = compilation.getCache(name);
      compilation.hooks.processAssets.tapPromise(
        // After OPTIMIZE_TRANSFER, where the federation manifest and workbox add their files.
        { name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER + 100 },
        async () => {
          const wanted = compilation.getAssets().filter((asset) => isCompressible(asset.name));
          await Promise.all(
            wanted.map(async (asset) => {
              const item = cache.getItemCache(asset.name, cache.getLazyHashedEtag(asset.source));
              const variants = await item.providePromise(async () =>
                (await compressedVariants(asset.source.buffer())).map(({ extension, data }) => ({
                  extension,
                  source: new sources.RawSource(data),
                })),
              );
              for (const { extension, source } of variants) {
                compilation.emitAsset(`${asset.name}${extension}`, source, {
                  compressed: true,
                  // Not the file the bundles name: it must not count against the size hints.
                  development: true,
                });
              }
            }),
          );
        },
      );
    });
  }
}

module.exports = { CompressAssetsPlugin, compressedVariants, isCompressible, ALREADY_MINIFIED, MIN_BYTES };
