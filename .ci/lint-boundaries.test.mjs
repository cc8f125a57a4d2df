// Proves that eslint.config.js enforces shared/ARCHITECTURE.md's house rules: the import
// boundaries (by name and by path zone), sibling features, import cycles and the rules of hooks.
// Each case lints a snippet as if it lived at `filePath` (the file need not exist; a relative
// import must name a real file, because path zones judge the file an import resolves to).
import assert from 'node:assert/strict';
import path from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { describe, it, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RULE = 'no-restricted-imports';
const ZONE_RULE = 'import-x/no-restricted-paths';
const BOUNDARY_RULES = [RULE, ZONE_RULE];
const MSG = {
  remoteToApp: 'A remote never imports the host or another remote: moving between remotes is a route change.',
  hostToRemote:
    'The host never imports a remote statically: it loads remotes at runtime by federated name (remotes.json + loadRemote).',
  openapiFetch:
    'Only shared-contracts/src/api imports openapi-fetch: use the typed client exported by @pod/shared-contracts.',
  contractsByPath:
    'Import @pod/shared-contracts by package name, never by a relative path (it must stay one federation singleton).',
  contractsSubpath:
    'Front-end code imports @pod/shared-contracts by name only; subpaths bypass the federation singleton (build/* is for webpack/jest config files; /pdfjs, stateless, for the apps that show PDFs; /final-fields, stateless, for the apps with forms).',
  server: 'Nothing imports the API server (openapi/server): share code through @pod/shared-contracts instead.',
  siblingFeature:
    "A feature does not import a sibling feature: move what both need to the app's shared folders (lib/, ui/) or to @pod/shared-contracts.",
  router:
    'Import the router from @pod/shared-contracts (Link, useNavigate...): only shared-contracts/src/router.ts imports react-router-dom, so the page keeps one router and only the parts it uses.',
  serverContracts:
    'The server may import only @pod/shared-contracts/validation, /constants, /format, /checkout, /money and /pricing, and the types of /api/schema (the package root pulls in browser UI).',
};

/** @type {ESLint} */
let eslint;

/** Lints `code` as `filePath` and returns its messages as [ruleId, message] pairs. */
async function lint(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, filePath) });
  assert.ok(result, `no lint result for ${filePath}`);
  const fatal = result.messages.filter((m) => m.fatal);
  assert.deepEqual(fatal, [], `parse error in the snippet for ${filePath}`);
  return result.messages.map((m) => [m.ruleId, m.message]);
}

/** The boundary messages (by name or by zone) of importing `source` from `filePath`. */
async function boundaryMessages(filePath, source, keyword = 'import') {
  // A type-only default import cannot be re-exported as a value: name it in a type instead.
  const use = keyword === 'import type' ? 'export type Thing = typeof thing;' : 'export default thing;';
  const code = `${keyword} thing from '${source}';\n${use}\n`;
  return (await lint(filePath, code)).filter(([ruleId]) => BOUNDARY_RULES.includes(ruleId));
}

/** Exactly one boundary message, ending with `message` (both rules append the configured text). */
async function expectViolation(filePath, source, message) {
  const messages = await boundaryMessages(filePath, source);
  assert.equal(
    messages.length,
    1,
    `expected one boundary message for ${source} in ${filePath}, got ${JSON.stringify(messages)}`,
  );
  assert.ok(messages[0][1].endsWith(message), `got: ${messages[0][1]}`);
}

async function expectAllowed(filePath, source, keyword = 'import') {
  assert.deepEqual(await boundaryMessages(filePath, source, keyword), []);
}

before(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
});

describe('a remote', () => {
  it('may not import another remote by package name', () =>
    expectViolation('remote-account/src/x.tsx', 'remote-library', MSG.remoteToApp));

  it('may not import another remote by a relative path', () =>
    expectViolation('remote-account/src/x.tsx', '../../remote-library/src/app', MSG.remoteToApp));

  it('may not import another remote by relative path from a deeper folder', () =>
    expectViolation(
      'remote-account/src/features/login/login-form.tsx',
      '../../../../remote-checkout/src/app',
      MSG.remoteToApp,
    ));

  it('may not import another remote by federated name', () =>
    expectViolation('remote-checkout/src/routes/cart.tsx', 'remote_library/Dashboard', MSG.remoteToApp));

  it('may not import the host', () => expectViolation('remote-wizard/src/a.ts', 'host/src/app', MSG.remoteToApp));

  it('may not import openapi-fetch', () =>
    expectViolation('remote-wizard/src/a.ts', 'openapi-fetch', MSG.openapiFetch));

  it('imports @pod/shared-contracts by name', () => expectAllowed('remote-library/src/a.ts', '@pod/shared-contracts'));

  it('may not import shared-contracts by a relative path', () =>
    expectViolation('remote-library/src/a.ts', '../../shared-contracts/src/session', MSG.contractsByPath));

  it('may not import a shared-contracts subpath', () =>
    expectViolation('remote-library/src/a.ts', '@pod/shared-contracts/src/session', MSG.contractsSubpath));

  it('may not import the validation subpath either (that one is for the server)', () =>
    expectViolation('remote-checkout/src/a.ts', '@pod/shared-contracts/validation', MSG.contractsSubpath));

  it('may import the stateless PDF engine subpath (only the remotes that show PDFs carry pdf.js)', () =>
    expectAllowed('remote-wizard/src/features/a.ts', '@pod/shared-contracts/pdfjs'));

  it('may import the stateless form fields subpath (final-form loads only on pages with a form)', () =>
    expectAllowed('remote-account/src/features/a.tsx', '@pod/shared-contracts/final-fields'));

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
    expectViolation('host/src/shell/top-bar.tsx', '../../../remote-checkout/src/app', MSG.hostToRemote));

  it('may import its own file whose name starts with remote-', () =>
    expectAllowed('host/src/routes/app-routes.tsx', '../federation/remote-loader'));

  it('imports @pod/shared-contracts by name', () => expectAllowed('host/src/app.tsx', '@pod/shared-contracts'));

  it('may not import react-router-dom (the router comes from @pod/shared-contracts)', () =>
    expectViolation('host/src/app.tsx', 'react-router-dom', MSG.router));
});

describe('shared-contracts', () => {
  it('src/api may import openapi-fetch', () => expectAllowed('shared-contracts/src/api/client.ts', 'openapi-fetch'));

  it('other folders may not import openapi-fetch', () =>
    expectViolation('shared-contracts/src/session/tokens.ts', 'openapi-fetch', MSG.openapiFetch));

  it('src/router.ts alone imports react-router-dom', async () => {
    await expectAllowed('shared-contracts/src/router.ts', 'react-router-dom');
    await expectViolation('shared-contracts/src/ui/link.tsx', 'react-router-dom', MSG.router);
    await expectViolation('shared-contracts/src/routes/index.ts', 'react-router', MSG.router);
  });

  it('no remote imports react-router-dom or its subpaths either', async () => {
    await expectViolation('remote-checkout/src/routes/cart.tsx', 'react-router-dom', MSG.router);
    await expectViolation('remote-wizard/src/a.ts', 'react-router/dom', MSG.router);
  });
});

describe('the API server', () => {
  it('may import the validation subpath', () =>
    expectAllowed('openapi/server/src/services/auth.ts', '@pod/shared-contracts/validation'));

  it('may import the checkout (cart pricing) subpath', () =>
    expectAllowed('openapi/server/src/services/checkout.ts', '@pod/shared-contracts/checkout'));

  it('may import the money subpath', () =>
    expectAllowed('openapi/server/src/domain/bulk-row.ts', '@pod/shared-contracts/money'));

  it('may import the pricing (print cost and royalty engine) subpath', () =>
    expectAllowed('openapi/server/src/services/wizard.ts', '@pod/shared-contracts/pricing'));

  it('may import the generated contract types, and only as types', async () => {
    await expectAllowed('openapi/server/src/services/types.ts', '@pod/shared-contracts/api/schema', 'import type');
    await expectViolation(
      'openapi/server/src/services/types.ts',
      '@pod/shared-contracts/api/schema',
      MSG.serverContracts,
    );
  });

  it('may not import the shared-contracts source by path', () =>
    expectViolation(
      'openapi/server/src/services/auth.ts',
      '@pod/shared-contracts/src/validation/index',
      MSG.serverContracts,
    ));

  it('is imported by nobody', () => expectViolation('e2e/tests/x.spec.ts', '../../openapi/server/src/app', MSG.server));

  it('is imported by nobody, by package name either', () =>
    expectViolation('shared-contracts/src/index.ts', 'api-server', MSG.server));
});

describe('the testing helpers (@pod/shared-contracts/testing)', () => {
  const TESTING_MESSAGE = '@pod/shared-contracts/testing is for test files only (fake fetch, fake tokens).';
  const testingMessages = async (filePath) => {
    const code = `import { installFakeFetch } from '@pod/shared-contracts/testing';\nexport default installFakeFetch;\n`;
    const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, filePath) });
    return result.messages
      .filter((m) => BOUNDARY_RULES.includes(m.ruleId) || m.ruleId === 'no-restricted-syntax')
      .map((m) => m.message);
  };

  it('may be imported by a remote test file', async () =>
    assert.deepEqual(await testingMessages('remote-checkout/src/features/cart/__tests__/cart.test.tsx'), []));

  it('may be imported by a host test file', async () =>
    assert.deepEqual(await testingMessages('host/src/shell/__tests__/shell.test.tsx'), []));

  it('may not be imported by product code', async () =>
    assert.deepEqual(await testingMessages('remote-checkout/src/routes/cart.tsx'), [TESTING_MESSAGE]));
});

describe('features of one app', () => {
  it('may not import a sibling feature', () =>
    expectViolation('remote-account/src/features/login/x.tsx', '../register/credentials-form', MSG.siblingFeature));

  it('may not import a sibling feature from a deeper folder either', () =>
    expectViolation(
      'remote-library/src/features/orders/__tests__/x.test.tsx',
      '../../books/book-list',
      MSG.siblingFeature,
    ));

  it('import their own files freely', () => expectAllowed('remote-account/src/features/login/x.tsx', './sign-in-form'));

  it("may be composed by the app's routes", () =>
    expectAllowed('remote-account/src/routes/x.tsx', '../features/register/credentials-form'));
});

describe('import cycles', () => {
  it('fail lint, while a type-only import back does not', async () => {
    // Real files are needed: the cycle rule follows imports on disk. A throwaway folder inside
    // shared-contracts/src (so its tsconfig and rules apply), removed whatever happens.
    const dir = mkdtempSync(path.join(REPO_ROOT, 'shared-contracts', 'src', 'lint-cycle-'));
    try {
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      writeFileSync(
        path.join(dir, 'c.ts'),
        "import type { D } from './d';\nexport type C = D | null;\nexport const c = 1;\n",
      );
      writeFileSync(path.join(dir, 'd.ts'), "import { c } from './c';\nexport type D = { value: typeof c };\n");
      const rel = path.relative(REPO_ROOT, dir);
      const cycle = async (file, code) =>
        (await lint(path.join(rel, file), code)).filter(([ruleId]) => ruleId === 'import-x/no-cycle');
      assert.equal((await cycle('a.ts', "import { b } from './b';\nexport const a = () => b;\n")).length, 1);
      assert.deepEqual(
        await cycle('c.ts', "import type { D } from './d';\nexport type C = D | null;\nexport const c = 1;\n"),
        [],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the rules of hooks', () => {
  const hookMessages = async (code) =>
    (await lint('remote-library/src/features/books/x.tsx', code)).filter(([ruleId]) =>
      ruleId?.startsWith('react-hooks/'),
    );

  it('refuse a hook called conditionally', async () => {
    const code =
      "import { useEffect } from 'react';\nexport function A({ v }: { v: boolean }) {\n  if (v) useEffect(() => {}, []);\n  return null;\n}\n";
    assert.deepEqual(
      (await hookMessages(code)).map(([ruleId]) => ruleId),
      ['react-hooks/rules-of-hooks'],
    );
  });

  it('refuse an effect that misses a dependency', async () => {
    const code =
      "import { useEffect } from 'react';\nexport function A({ v }: { v: number }) {\n  useEffect(() => { console.log(v); }, []);\n  return null;\n}\n";
    assert.deepEqual(
      (await hookMessages(code)).map(([ruleId]) => ruleId),
      ['react-hooks/exhaustive-deps'],
    );
  });

  it('accept a well-formed effect', async () => {
    const code =
      "import { useEffect } from 'react';\nexport function A({ v }: { v: number }) {\n  useEffect(() => { console.log(v); }, [v]);\n  return null;\n}\n";
    assert.deepEqual(await hookMessages(code), []);
  });
});

describe('the browser journeys', () => {
  const importMessages = async (filePath, code) =>
    (await lint(filePath, code)).filter(([ruleId]) => ruleId === RULE).map(([, message]) => message);

  it("take test and expect from the CSP-checking fixtures, not from '@playwright/test'", async () => {
    const messages = await importMessages(
      'e2e/tests/x.spec.ts',
      "import { expect, test } from '@playwright/test';\ntest('x', () => expect(1).toBe(1));\n",
    );
    assert.equal(messages.length, 2);
    assert.ok(
      messages.every((message) => message.endsWith('fails a journey on any Content-Security-Policy violation.')),
    );
  });

  it("may import types from '@playwright/test' and test from the fixtures", async () => {
    const code =
      "import { type Page } from '@playwright/test';\nimport { test } from './support/fixtures';\ntest('x', async ({ page }: { page: Page }) => { await page.goto('/'); });\n";
    assert.deepEqual(await importMessages('e2e/tests/x.spec.ts', code), []);
  });
});
