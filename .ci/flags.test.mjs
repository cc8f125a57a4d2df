// The phone picker of remote-wizard shows /assets/flags/{code}.svg for every country it lists;
// the host's build copies those files from country-flag-icons. Reads the host's real
// webpack.config.js and the wizard's country list, so a country without a flag fails here.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COUNTRIES = path.join(REPO_ROOT, 'remote-wizard', 'src', 'components', 'countries.ts');

function hostConfig(mode) {
  const require = createRequire(path.join(REPO_ROOT, 'host', 'package.json'));
  return require(path.join(REPO_ROOT, 'host', 'webpack.config.js'))(undefined, { mode });
}

const copiedFolders = (config) =>
  config.plugins.find((plugin) => plugin.constructor.name === 'CopyPublicFilesPlugin')?.folders ?? [];

describe('flag images', () => {
  for (const mode of ['production', 'development']) {
    it(`the host's ${mode} build copies a flag for every country of the phone picker to assets/flags`, () => {
      const flags = copiedFolders(hostConfig(mode)).find((folder) => folder.to === 'assets/flags');
      assert.ok(flags, 'a copied folder for assets/flags');
      const codes = [...readFileSync(COUNTRIES, 'utf8').matchAll(/code: '([A-Z]{2})'/g)].map((match) => match[1]);
      assert.ok(codes.length >= 240, `about 240 countries, found ${codes.length}`);
      const missing = codes.filter((code) => !existsSync(path.join(flags.from, `${code}.svg`)));
      assert.deepEqual(missing, []);
    });
  }

  it('keeps the public folder at the root of the output', () => {
    const root = copiedFolders(hostConfig('production')).find((folder) => folder.to === '');
    assert.equal(root?.from, path.join(REPO_ROOT, 'host', 'public'));
  });
});
