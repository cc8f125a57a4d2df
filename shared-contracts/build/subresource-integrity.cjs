'use strict';
/**
 * Subresource integrity for a remote's production build (issue 19). A remote may be served from
 * another origin than the portal (a team's bucket, a CDN), so nothing it serves is trusted by
 * where it comes from; each file is pinned by the one that loads it:
 *
 *   remotes.json `integrity`  pins  mf-manifest.json          (.ci/lib/integrity.mjs, at publish)
 *   mf-manifest.json          pins  remoteEntry.js and every JS/CSS file it lists
 *                                   (`metaData.pod.integrity`, checked by the host page)
 *   remoteEntry.js            pins  every chunk it loads (its webpack runtime sets `integrity`
 *                                   and `crossorigin` on the script and stylesheet tags)
 *
 * Why our own plugin rather than webpack-subresource-integrity: that plugin does not handle
 * Module Federation containers (its open issue #176, "unresolved integrity placeholders"; a fork
 * exists for it), gives a chunk one hash for its JS and its CSS file alike (mini-css-extract
 * chunks have both), and knows nothing of mf-manifest.json. What is needed here is small:
 *
 * 1. Every runtime chunk that loads chunks (remoteEntry.js, and the standalone `main`) gets a
 *    runtime module `__webpack_require__.podSri = { js: { <chunk id>: <placeholder> }, css: {...} }`,
 *    one placeholder per lazy chunk and file type; webpack's script loader
 *    (LoadScriptRuntimeModule `createScript`) and mini-css-extract-plugin (`beforeTagInsert`)
 *    set `integrity` and `crossOrigin = "anonymous"` from it.
 * 2. After webpack's real content hashes (PROCESS_ASSETS_STAGE_OPTIMIZE_HASH), the lazy chunks'
 *    bytes are final: their sha384 replaces the placeholders. A placeholder is exactly as long
 *    as a sha384 integrity, so the hidden source maps made before stay exact. (A runtime chunk's
 *    own `[contenthash]` name is computed before the replacement; it still changes with any lazy
 *    chunk, whose hashed file names the runtime holds.)
 * 3. After Module Federation writes mf-manifest.json (PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER),
 *    its `metaData.pod.integrity` gets the sha384 of remoteEntry.js and of every JS and CSS file
 *    the manifest lists, keyed as the manifest names them. CompressAssetsPlugin runs after
 *    this (OPTIMIZE_TRANSFER + 100), so the .br/.gz siblings are made of the final bytes.
 *
 * Deterministic: the same sources give the same bytes (the deploy immutability check compares
 * them). Not covered, because browsers cannot check them: web workers (a `new Worker(url)` has no
 * integrity), images and fonts.
 */
const crypto = require('node:crypto');

const PLUGIN = 'PodSubresourceIntegrityPlugin';
/** The one algorithm used throughout (the browser, the host page and .ci agree on it). */
const ALGORITHM = 'sha384';
const MANIFEST_FILE = 'mf-manifest.json';
/** Marks a placeholder, so one left behind is found (and fails the build). */
const PLACEHOLDER_MARK = 'PODSRIPLACEHOLDER';

/**
 * The integrity metadata of some bytes: `sha384-<base64>`.
 * @param {Buffer | string} data
 */
function integrityOf(data) {
  return `${ALGORITHM}-${crypto.createHash(ALGORITHM).update(data).digest('base64')}`;
}

/**
 * A stand-in for the integrity of one chunk's JS or CSS file, as long as the real one
 * (`sha384-` + 64 base64 characters) and unique per chunk and type.
 * @param {'js' | 'css'} kind
 * @param {string | number} chunkId
 */
function placeholderFor(kind, chunkId) {
  const digest = crypto.createHash(ALGORITHM).update(`${kind}:${chunkId}`).digest('base64');
  return `${ALGORITHM}-${PLACEHOLDER_MARK}${digest.slice(0, 64 - PLACEHOLDER_MARK.length)}`;
}

/** Which placeholder kind a chunk file gets, or null for files no tag loads (maps, workers' assets). */
function kindOf(file) {
  if (/\.css$/.test(file)) return 'css';
  if (/\.m?js$/.test(file)) return 'js';
  return null;
}

/**
 * Every file a Module Federation manifest lists: remoteEntry.js, then the JS and CSS (sync and
 * async) of each exposed and shared module, as the manifest names them (relative to its
 * publicPath), sorted and without repeats.
 * @param {any} manifest
 * @returns {string[]}
 */
function filesListedIn(manifest) {
  const files = new Set();
  const entry = manifest?.metaData?.remoteEntry;
  if (entry?.name) files.add(`${entry.path ? `${entry.path}/` : ''}${entry.name}`);
  for (const item of [...(manifest?.exposes ?? []), ...(manifest?.shared ?? [])]) {
    for (const type of ['js', 'css']) {
      for (const timing of ['sync', 'async']) {
        for (const file of item?.assets?.[type]?.[timing] ?? []) {
          if (typeof file === 'string') files.add(file);
        }
      }
    }
  }
  return [...files].sort();
}

/**
 * The plugin. `MiniCssExtractPlugin` is the class the app's config uses (its hooks are per class
 * instance of the package the app installed); without it only scripts get integrity.
 */
class SubresourceIntegrityPlugin {
  /** @param {{ MiniCssExtractPlugin?: any }} [options] */
  constructor({ MiniCssExtractPlugin } = {}) {
    this.MiniCssExtractPlugin = MiniCssExtractPlugin;
  }

  apply(compiler) {
    const { Compilation, RuntimeModule, RuntimeGlobals, Template, sources } = compiler.webpack;
    const { chunkHasJs } = compiler.webpack.javascript.JavascriptModulesPlugin;
    const { LoadScriptRuntimeModule } = compiler.webpack.runtime;

    /** `__webpack_require__.podSri`: the placeholders of the lazy chunks one runtime loads. */
    class SriHashesRuntimeModule extends RuntimeModule {
      constructor() {
        super('pod subresource integrity');
      }

      generate() {
        const { chunkGraph } = this.compilation;
        const js = {};
        const css = {};
        const chunks = [...this.chunk.getAllAsyncChunks()].filter((chunk) => chunk.id !== null);
        chunks.sort((a, b) => String(a.id).localeCompare(String(b.id)));
        for (const chunk of chunks) {
          if (chunkHasJs(chunk, chunkGraph)) js[chunk.id] = placeholderFor('js', chunk.id);
          if (chunkGraph.getChunkModulesIterableBySourceType(chunk, 'css/mini-extract')) {
            css[chunk.id] = placeholderFor('css', chunk.id);
          }
        }
        return `${RuntimeGlobals.require}.podSri = ${JSON.stringify({ js, css })};`;
      }
    }

    /** The lines a loader runs on a new tag (`tag`) for chunk `chunkId`, before inserting it. */
    const setIntegrity = (kind, tag, chunkId) =>
      Template.asString([
        `var podIntegrity = ${chunkId} !== undefined && ${RuntimeGlobals.require}.podSri && ${RuntimeGlobals.require}.podSri.${kind}[${chunkId}];`,
        // crossorigin on every pinned file, same origin or not: the host's preload links use the
        // same attributes, so the browser can reuse what they fetched.
        `if (podIntegrity) { ${tag}.integrity = podIntegrity; ${tag}.crossOrigin = "anonymous"; }`,
      ]);

    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.additionalTreeRuntimeRequirements.tap(PLUGIN, (chunk) => {
        if (chunk.getAllAsyncChunks().size > 0) compilation.addRuntimeModule(chunk, new SriHashesRuntimeModule());
      });
      LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(PLUGIN, (source) =>
        Template.asString([source, setIntegrity('js', 'script', 'chunkId')]),
      );
      if (this.MiniCssExtractPlugin) {
        this.MiniCssExtractPlugin.getCompilationHooks(compilation).beforeTagInsert.tap(PLUGIN, (source, names) =>
          Template.asString([source, setIntegrity('css', names.tag, names.chunkId)]),
        );
      }

      /** File name -> integrity of this compilation's JS and CSS chunk files. */
      const integrities = new Map();

      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        () => {
          integrities.clear();
          const replacements = new Map();
          const hashFile = (file) => {
            const asset = compilation.getAsset(file);
            if (!asset) return undefined;
            const integrity = integrityOf(asset.source.buffer());
            integrities.set(file, integrity);
            return integrity;
          };
          // Lazy chunks first: their bytes are final, and nothing in them is a placeholder.
          for (const chunk of compilation.chunks) {
            if (chunk.hasRuntime() || chunk.id === null) continue;
            for (const file of chunk.files) {
              const kind = kindOf(file);
              const integrity = kind && hashFile(file);
              if (integrity) replacements.set(placeholderFor(kind, chunk.id), integrity);
            }
          }
          const pattern = new RegExp(
            `${ALGORITHM}-${PLACEHOLDER_MARK}[A-Za-z0-9+/]{${64 - PLACEHOLDER_MARK.length}}`,
            'g',
          );
          for (const chunk of compilation.chunks) {
            if (!chunk.hasRuntime()) continue;
            for (const file of chunk.files) {
              if (kindOf(file) !== 'js') continue;
              const asset = compilation.getAsset(file);
              const text = asset?.source.source().toString();
              if (text === undefined) continue;
              const unresolved = new Set();
              const replaced = text.replace(pattern, (placeholder) => {
                const integrity = replacements.get(placeholder);
                if (!integrity) unresolved.add(placeholder);
                return integrity ?? placeholder;
              });
              if (unresolved.size > 0) {
                compilation.errors.push(
                  new compiler.webpack.WebpackError(
                    `${PLUGIN}: ${file} names ${unresolved.size} chunk file(s) that the build did not emit, so their integrity is unknown`,
                  ),
                );
              }
              if (replaced !== text) compilation.updateAsset(file, new sources.RawSource(replaced));
              hashFile(file);
            }
          }
        },
      );

      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER + 1 },
        () => {
          const asset = compilation.getAsset(MANIFEST_FILE);
          if (!asset) return;
          const manifest = JSON.parse(asset.source.source().toString());
          const integrity = {};
          const missing = [];
          for (const file of filesListedIn(manifest)) {
            const known = integrities.get(file) ?? compilation.getAsset(file)?.source.buffer();
            if (known === undefined) missing.push(file);
            else integrity[file] = typeof known === 'string' ? known : integrityOf(known);
          }
          if (missing.length > 0) {
            compilation.errors.push(
              new compiler.webpack.WebpackError(
                `${PLUGIN}: ${MANIFEST_FILE} lists files the build did not emit: ${missing.join(', ')}`,
              ),
            );
          }
          manifest.metaData = { ...manifest.metaData, pod: { ...manifest.metaData?.pod, integrity } };
          // The layout Module Federation writes it in (2 spaces), so only the new field differs.
          compilation.updateAsset(MANIFEST_FILE, new sources.RawSource(JSON.stringify(manifest, null, 2)));
        },
      );
    });
  }
}

module.exports = { SubresourceIntegrityPlugin, integrityOf, placeholderFor, filesListedIn, ALGORITHM };
