// React Fast Refresh is a development tool: the dev configuration of every front-end app has
// both halves (swc's refresh transform and the plugin wiring it to HMR), the production one
// neither. Reads each app's real webpack.config.js (shared-contracts/build/webpack.cjs).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['host', 'remote-account', 'remote-library', 'remote-checkout', 'remote-wizard'];

/** The configuration `webpack --mode <mode>` would use for `app`. */
function configOf(app, mode) {
  const require = createRequire(path.join(REPO_ROOT, app, 'package.json'));
  const factory = require(path.join(REPO_ROOT, app, 'webpack.config.js'));
  return factory(undefined, { mode });
}

/** The `jsc.transform.react` options of the swc-loader rule. */
function swcReact(config) {
  const rule = config.module.rules.find((candidate) => /swc-loader/.test(String(candidate.use?.loader)));
  assert.ok(rule, 'an swc-loader rule');
  return rule.use.options.jsc.transform.react;
}

const SHARED_RENDERERS = path.join(REPO_ROOT, 'shared-contracts', 'build', 'react-refresh-shared-renderers.js');
const entryOf = (config) => [config.entry.main].flat();

const refreshPlugins = (config) => config.plugins.filter((plugin) => plugin.constructor.name === 'ReactRefreshPlugin');

describe('React Fast Refresh', () => {
  for (const app of APPS) {
    it(`${app}: the dev config has the refresh transform and plugin`, () => {
      const config = configOf(app, 'development');
      assert.equal(swcReact(config).refresh, true);
      assert.equal(refreshPlugins(config).length, 1);
      assert.equal(config.devServer.hot, true);
      // Only the host page needs the hook shim: it runs before react-dom, which remotes never load first.
      assert.deepEqual(entryOf(config), app === 'host' ? [SHARED_RENDERERS, './src/index.ts'] : ['./src/index.ts']);
    });

    it(`${app}: the production config has neither`, () => {
      const config = configOf(app, 'production');
      assert.equal(swcReact(config).refresh, false);
      assert.deepEqual(refreshPlugins(config), []);
      assert.deepEqual(entryOf(config), ['./src/index.ts']);
    });
  }
});
