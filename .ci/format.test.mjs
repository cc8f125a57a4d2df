// The formatter is a house rule that fails: these tests prove `pnpm format:check` (a step of
// `npm test`) rejects code that is not formatted, and that it looks at the files it should.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as prettier from 'prettier';
import { REPO_ROOT } from './lib/workspace.mjs';

const IGNORE_PATH = path.join(REPO_ROOT, '.prettierignore');

/** Whether the check would pass `source` as the content of `file` (a path inside the repo). */
async function formatted(file, source) {
  const filepath = path.join(REPO_ROOT, file);
  const options = await prettier.resolveConfig(filepath);
  assert.ok(options, `no Prettier configuration applies to ${file}`);
  return prettier.check(source, { ...options, filepath });
}

/** Whether the check looks at `file` at all. */
async function checked(file) {
  const info = await prettier.getFileInfo(path.join(REPO_ROOT, file), { ignorePath: IGNORE_PATH });
  return !info.ignored && info.inferredParser !== null;
}

describe('the format check', () => {
  it('rejects code that is not formatted', async () => {
    assert.equal(await formatted('remote-library/src/x.tsx', 'export const a = {b:1,\n  c : "d"}\n'), false);
    assert.equal(await formatted('openapi/server/src/x.ts', 'export function f( a:number ){return a}\n'), false);
    assert.equal(await formatted('host/src/x.module.css', '.a{color:red}\n'), false);
  });

  it('accepts the house style: single quotes, trailing commas, lines up to 120', async () => {
    const source =
      "export const messages = { blank: 'Coupon code can not be blank', used: 'Invalid coupon code applied' };\n";
    assert.equal(await formatted('shared-contracts/src/x.ts', source), true);
    assert.equal(await formatted('shared-contracts/src/x.ts', source.replaceAll("'", '"')), false);
  });

  it('checks the code of every package, the journeys and the automation', async () => {
    for (const file of [
      'host/src/app.tsx',
      'remote-account/src/app.tsx',
      'remote-library/src/features/books/books.module.css',
      'remote-checkout/src/app.tsx',
      'remote-wizard/src/app.tsx',
      'shared-contracts/src/index.ts',
      'shared-contracts/build/webpack.cjs',
      'openapi/server/src/app.ts',
      'e2e/tests/skeleton.spec.ts',
      '.ci/test.mjs',
      'eslint.config.js',
    ]) {
      assert.equal(await checked(file), true, file);
    }
  });

  it('leaves generated, built and prose files alone', async () => {
    for (const file of [
      'shared-contracts/src/api/schema.d.ts',
      'openapi/portal.yaml',
      'README.md',
      'host/dist/main.js',
      'pnpm-lock.yaml',
    ]) {
      assert.equal(await checked(file), false, file);
    }
  });
});
