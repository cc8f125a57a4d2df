// host/remote-imports.json goes into the host's version.json (remoteImports), and a remote's
// deploy refuses a build that does not expose what it lists (.ci/lib/compatibility.mjs): it must
// name every module the host loads, or a deploy could remove one unnoticed. The host's source is
// read as text: what it loads by name is `loader.component<...>('remote_x', './Module')`.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const HOST = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'host');
const REMOTES = ['remote_account', 'remote_library', 'remote_checkout', 'remote_wizard'];
const imports = JSON.parse(readFileSync(path.join(HOST, 'remote-imports.json'), 'utf8'));

/** Every non-test source file of the host. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === '__tests__' || entry.name === 'test-support' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('host/remote-imports.json', () => {
  it("lists every remote's ./App (RemoteOutlet renders each remote's App)", () => {
    assert.deepEqual(Object.keys(imports).sort(), [...REMOTES].sort());
    for (const remote of REMOTES) assert.ok(imports[remote].includes('./App'), `${remote} ./App`);
  });

  it('lists every module the host source loads by name, and nothing it does not load', () => {
    const loaded = new Set();
    for (const file of sourceFiles(path.join(HOST, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\.component<.+?>\(\s*'(remote_[a-z]+)',\s*'(\.\/[A-Za-z]+)'\s*\)/g)) {
        loaded.add(`${match[1]} ${match[2]}`);
      }
    }
    assert.ok(loaded.size >= 2, `found ${[...loaded].join(', ')}`);
    const listed = Object.entries(imports).flatMap(([remote, modules]) =>
      modules.filter((module) => module !== './App').map((module) => `${remote} ${module}`),
    );
    assert.deepEqual([...loaded].sort(), listed.sort());
  });
});
