// Proves that eslint.config.js enforces shared/ARCHITECTURE.md's import boundaries.
// Each case lints a snippet as if it lived at `filePath` (the file need not exist).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'no-restricted-imports';
const PATTERN = (source) => `'${source}' import is restricted from being used by a pattern.`;
const MSG = {
  remoteToApp:
    'A remote never imports the host or another remote: moving between remotes is a route change.',
  hostToRemote:
    'The host never imports a remote statically: it loads remotes at runtime by federated name (remotes.json + loadRemote).',
  openapiFetch:
    'Only shared-contracts/src/api imports openapi-fetch: use the typed client exported by @pod/shared-contracts.',
  contractsByPath:
    'Import @pod/shared-contracts by package name, never by a relative path (it must stay one federation singleton).',
  contractsSubpath:
    'Front-end code imports @pod/shared-contracts by name only; subpaths bypass the federation singleton (build/* is for webpack/jest config files).',
  server:
    'Nothing imports the API server (openapi/server): share code through @pod/shared-contracts instead.',
  serverContracts:
    'The server may import only @pod/shared-contracts/validation, /constants, /format and /checkout (the package root pulls in browser UI).',
};

/** @type {ESLint} */
let eslint;

/** Lints `code` as `filePath` and returns the boundary messages only. */
async function boundaryMessages(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, filePath) });
  assert.ok(result, `no lint result for ${filePath}`);
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `parse error in the snippet for ${filePath}`);
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

async function expectViolation(filePath, source, message) {
  const code = `import thing from '${source}';\nexport default thing;\n`;
  assert.deepEqual(await boundaryMessages(filePath, code), [`${PATTERN(source)} ${message}`]);
}

async function expectAllowed(filePath, source) {
  const code = `import thing from '${source}';\nexport default thing;\n`;
  assert.deepEqual(await boundaryMessages(filePath, code), []);
}

before(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
});

describe('a remote', () => {
  it('may not import another remote by package name', () =>
    expectViolation('remote-account/src/x.tsx', 'remote-library', MSG.remoteToApp));

  it('may not import another remote by a relative path', () =>
    expectViolation('remote-account/src/x.tsx', '../../remote-library/src/y', MSG.remoteToApp));

  it('may not import another remote by relative path from a deeper folder', () =>
    expectViolation(
      'remote-account/src/features/login/login-form.tsx',
      '../../../../remote-checkout/src/cart',
      MSG.remoteToApp,
    ));

  it('may not import another remote by federated name', () =>
    expectViolation('remote-checkout/src/routes/cart.tsx', 'remote_library/Dashboard', MSG.remoteToApp));

  it('may not import the host', () =>
    expectViolation('remote-wizard/src/a.ts', 'host/src/app', MSG.remoteToApp));

  it('may not import openapi-fetch', () =>
    expectViolation('remote-wizard/src/a.ts', 'openapi-fetch', MSG.openapiFetch));

  it('imports @pod/shared-contracts by name', () =>
    expectAllowed('remote-library/src/a.ts', '@pod/shared-contracts'));

  it('may not import shared-contracts by a relative path', () =>
    expectViolation('remote-library/src/a.ts', '../../shared-contracts/src/session', MSG.contractsByPath));

  it('may not import a shared-contracts subpath', () =>
    expectViolation('remote-library/src/a.ts', '@pod/shared-contracts/src/session', MSG.contractsSubpath));

  it('may not import the validation subpath either (that one is for the server)', () =>
    expectViolation('remote-checkout/src/a.ts', '@pod/shared-contracts/validation', MSG.contractsSubpath));

  it('may use the build helpers in its webpack config', () =>
    expectAllowed('remote-library/webpack.config.js', '@pod/shared-contracts/build/webpack'));

  it('may use the build helpers in its jest config', () =>
    expectAllowed('remote-account/jest.config.js', '@pod/shared-contracts/build/jest'));

  it('may not use the build helpers from app code', () =>
    expectViolation('remote-library/src/a.ts', '@pod/shared-contracts/build/webpack', MSG.contractsSubpath));

  it('imports its own sibling folders freely', () =>
    expectAllowed('remote-library/src/routes/dashboard.tsx', '../features/books/book-list'));

  it('may not import the API server', () =>
    expectViolation('remote-account/src/a.ts', '../../openapi/server/src/app', MSG.server));
});

describe('the host', () => {
  it('may not import a remote statically', () =>
    expectViolation('host/src/app.tsx', 'remote-checkout', MSG.hostToRemote));

  it('may not import a remote by federated name', () =>
    expectViolation('host/src/app.tsx', 'remote_checkout/CartDropdown', MSG.hostToRemote));

  it('may not import a remote by relative path', () =>
    expectViolation('host/src/shell/top-bar.tsx', '../../../remote-checkout/src/cart', MSG.hostToRemote));

  it('may import its own folder whose name starts with remote-', () =>
    expectAllowed('host/src/routes/app-routes.tsx', '../remote-loading/load-remote'));

  it('imports @pod/shared-contracts by name', () =>
    expectAllowed('host/src/app.tsx', '@pod/shared-contracts'));
});

describe('shared-contracts', () => {
  it('src/api may import openapi-fetch', () =>
    expectAllowed('shared-contracts/src/api/client.ts', 'openapi-fetch'));

  it('other folders may not import openapi-fetch', () =>
    expectViolation('shared-contracts/src/session/tokens.ts', 'openapi-fetch', MSG.openapiFetch));
});

describe('the API server', () => {
  it('may import the validation subpath', () =>
    expectAllowed('openapi/server/src/services/auth.ts', '@pod/shared-contracts/validation'));

  it('may import the checkout (cart pricing) subpath', () =>
    expectAllowed('openapi/server/src/services/checkout.ts', '@pod/shared-contracts/checkout'));

  it('may not import the shared-contracts source by path', () =>
    expectViolation(
      'openapi/server/src/services/auth.ts',
      '@pod/shared-contracts/src/validation/index',
      MSG.serverContracts,
    ));

  it('is imported by nobody', () =>
    expectViolation('e2e/tests/x.spec.ts', '../../openapi/server/src/app', MSG.server));

  it('is imported by nobody, by package name either', () =>
    expectViolation('shared-contracts/src/index.ts', 'api-server', MSG.server));
});

describe('the testing helpers (@pod/shared-contracts/testing)', () => {
  const TESTING_MESSAGE = '@pod/shared-contracts/testing is for test files only (fake fetch, fake tokens).';
  const testingMessages = async (filePath) => {
    const code = `import { installFakeFetch } from '@pod/shared-contracts/testing';\nexport default installFakeFetch;\n`;
    const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, filePath) });
    return result.messages.filter((m) => m.ruleId === RULE || m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };

  it('may be imported by a remote test file', async () =>
    assert.deepEqual(await testingMessages('remote-checkout/src/features/cart/__tests__/cart.test.tsx'), []));

  it('may be imported by a host test file', async () =>
    assert.deepEqual(await testingMessages('host/src/shell/__tests__/shell.test.tsx'), []));

  it('may not be imported by product code', async () =>
    assert.deepEqual(await testingMessages('remote-checkout/src/routes/cart.tsx'), [TESTING_MESSAGE]));
});
