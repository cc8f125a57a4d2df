// @ts-check
/**
 * One flat config for the whole workspace (`pnpm lint` = `eslint .`).
 *
 * typescript-eslint's `recommended` set, no type-aware rules, so a lint of the repo needs no
 * tsconfig project service. The house rules of shared/ARCHITECTURE.md are rules that fail:
 * - Boundaries between packages, by PATH: `import-x/no-restricted-paths` zones (a remote never
 *   reaches the host or another remote, the host never a remote, shared-contracts neither,
 *   nothing the server; and inside an app, one feature never imports a sibling feature).
 *   Zones judge the file an import resolves to, so depth and spelling of `../` do not matter.
 * - Boundaries by PACKAGE NAME (`remote-library`, `openapi-fetch`, `@pod/shared-contracts/x`),
 *   which resolve to no file of ours: the core `no-restricted-imports`, one block per area
 *   (a flat config replaces a rule's options when two blocks match a file, so each block
 *   carries its area's complete list, and blocks listed later win).
 * - No import cycles (`import-x/no-cycle`), the rules of hooks (`react-hooks`).
 * `.ci/lint-boundaries.test.mjs` proves every rule fails where it should.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { defineConfig, globalIgnores } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const REMOTES = ['remote-account', 'remote-library', 'remote-checkout', 'remote-wizard'];
const FRONTENDS = ['host', ...REMOTES];
const CODE = '{js,mjs,cjs,jsx,ts,mts,cts,tsx}';

const MSG = {
  server: 'Nothing imports the API server (openapi/server): share code through @pod/shared-contracts instead.',
  openapiFetch:
    'Only shared-contracts/src/api imports openapi-fetch: use the typed client exported by @pod/shared-contracts.',
  remoteToApp: 'A remote never imports the host or another remote: moving between remotes is a route change.',
  hostToRemote:
    'The host never imports a remote statically: it loads remotes at runtime by federated name (remotes.json + loadRemote).',
  contractsToApp: 'shared-contracts sits below every app: it never imports the host or a remote.',
  contractsByPath:
    'Import @pod/shared-contracts by package name, never by a relative path (it must stay one federation singleton).',
  contractsSubpath:
    'Front-end code imports @pod/shared-contracts by name only; subpaths bypass the federation singleton (build/* is for webpack/jest config files; /pdfjs, stateless, for the apps that show PDFs; /final-fields, stateless, for the apps with forms).',
  serverToApp: 'The server never imports the host or a remote.',
  router:
    'Import the router from @pod/shared-contracts (Link, useNavigate...): only shared-contracts/src/router.ts imports react-router-dom, so the page keeps one router and only the parts it uses.',
  testingInProduct: '@pod/shared-contracts/testing is for test files only (fake fetch, fake tokens).',
  serverContracts:
    'The server may import only @pod/shared-contracts/validation, /constants, /format, /checkout, /money and /pricing, and the types of /api/schema (the package root pulls in browser UI).',
  e2eFixtures:
    "Journeys take test and expect from './support/fixtures', which fails a journey on any Content-Security-Policy violation.",
  siblingFeature:
    "A feature does not import a sibling feature: move what both need to the app's shared folders (lib/, ui/) or to @pod/shared-contracts.",
};

/** @param {string} regex @param {string} message @param {object} [extra] */
const rule = (regex, message, extra = {}) => ({ regex, message, ...extra });

/** A relative import that enters a folder named shared-contracts (only ever by leaving a package). */
const RELATIVE_CONTRACTS = '^\\.{1,2}/(?:.*/)?shared-contracts(?:/|$)';

/** react-router-dom and react-router: imported by shared-contracts/src/router.ts alone. */
const ROUTER_PACKAGES = '^react-router(?:-dom)?(?:/|$)';

/** Regex source of every remote's package or federated name but `self`'s. */
const otherRemoteName = (/** @type {string | null} */ self) =>
  self ? `remote[-_](?!${self.replace(/^remote-/, '')}(?:/|$))[^/]+` : 'remote[-_][^/]+';

/** Name restrictions every file outside openapi/server shares (its path is a zone below). */
const common = ({ allowOpenapiFetch = false } = {}) => [
  rule('^api-server(?:/|$)', MSG.server),
  ...(allowOpenapiFetch ? [] : [rule('^openapi-fetch(?:/|$)', MSG.openapiFetch)]),
];

/** @param {boolean} isBuildConfig webpack/jest config files may use the `build/*` helpers */
const frontendContracts = (isBuildConfig) => [
  rule(RELATIVE_CONTRACTS, MSG.contractsByPath),
  rule(ROUTER_PACKAGES, MSG.router),
  rule(
    isBuildConfig
      ? '^@pod/shared-contracts/(?!build/|package\\.json$).+'
      : // `testing` is for test files; the pod/testing-helpers block refuses it in product code.
        // `pdfjs` holds no state (one function that lazy-loads pdf.js): the apps that show PDFs
        // import it, so that no other app's dist carries pdf.js. `final-fields` neither (two
        // wrappers of the singleton's fields): the apps with forms import it, so that final-form
        // loads only on pages with a form.
        '^@pod/shared-contracts/(?!testing$|pdfjs$|final-fields$).+',
    MSG.contractsSubpath,
  ),
];

/**
 * The name restrictions of each area, in the order their blocks are listed (later wins).
 * @type {{ name: string, files: string[], patterns: object[] }[]}
 */
const NAME_AREAS = [
  ...REMOTES.map((remote) => ({
    name: remote,
    files: [`${remote}/**/*.${CODE}`],
    patterns: [
      ...common(),
      rule(`^(?:host|${otherRemoteName(remote)})(?:/|$)`, MSG.remoteToApp),
      ...frontendContracts(false),
    ],
  })),
  {
    name: 'host',
    files: [`host/**/*.${CODE}`],
    patterns: [...common(), rule(`^${otherRemoteName(null)}(?:/|$)`, MSG.hostToRemote), ...frontendContracts(false)],
  },
  ...FRONTENDS.map((app) => ({
    name: `${app} build config`,
    files: [`${app}/{webpack,jest}*.${CODE}`],
    patterns: [
      ...common(),
      rule(
        `^(?:host|${otherRemoteName(app === 'host' ? null : app)})(?:/|$)`,
        app === 'host' ? MSG.hostToRemote : MSG.remoteToApp,
      ),
      ...frontendContracts(true),
    ],
  })),
  {
    name: 'shared-contracts',
    files: [`shared-contracts/**/*.${CODE}`],
    patterns: [
      ...common(),
      rule(`^(?:host|${otherRemoteName(null)})(?:/|$)`, MSG.contractsToApp),
      rule(ROUTER_PACKAGES, MSG.router),
    ],
  },
  {
    name: 'shared-contracts router',
    files: ['shared-contracts/src/router.ts'],
    patterns: [...common(), rule(`^(?:host|${otherRemoteName(null)})(?:/|$)`, MSG.contractsToApp)],
  },
  {
    name: 'shared-contracts api',
    files: [`shared-contracts/src/api/**/*.${CODE}`],
    patterns: [
      ...common({ allowOpenapiFetch: true }),
      rule(`^(?:host|${otherRemoteName(null)})(?:/|$)`, MSG.contractsToApp),
    ],
  },
  {
    name: 'api-server',
    files: [`openapi/server/**/*.${CODE}`],
    patterns: [
      rule('^openapi-fetch(?:/|$)', MSG.openapiFetch),
      rule(`^(?:host|${otherRemoteName(null)})(?:/|$)`, MSG.serverToApp),
      rule(RELATIVE_CONTRACTS, MSG.serverContracts),
      rule('^@pod/shared-contracts$', MSG.serverContracts, { allowTypeImports: true }),
      rule(
        '^@pod/shared-contracts/(?!(?:validation|constants|format|checkout|money|pricing|api/schema)$).+',
        MSG.serverContracts,
      ),
      // The generated contract types only: handler types are derived from them (services/types.ts).
      rule('^@pod/shared-contracts/api/schema$', MSG.serverContracts, { allowTypeImports: true }),
    ],
  },
  { name: 'e2e', files: [`e2e/**/*.${CODE}`], patterns: common() },
  { name: '.ci', files: [`.ci/**/*.${CODE}`], patterns: common() },
];

/** The feature folders of an app (`src/features/*`), read from disk so a new feature is covered. */
function featuresOf(/** @type {string} */ app) {
  try {
    return readdirSync(path.join(ROOT, app, 'src', 'features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Path zones (relative to the repo root) for `import-x/no-restricted-paths`. */
const ZONES = [
  ...REMOTES.map((remote) => ({
    target: `./${remote}`,
    from: ['./host', ...REMOTES.filter((other) => other !== remote).map((other) => `./${other}`)],
    message: MSG.remoteToApp,
  })),
  { target: './host', from: REMOTES.map((remote) => `./${remote}`), message: MSG.hostToRemote },
  { target: './shared-contracts', from: FRONTENDS.map((app) => `./${app}`), message: MSG.contractsToApp },
  { target: './openapi/server', from: FRONTENDS.map((app) => `./${app}`), message: MSG.serverToApp },
  {
    target: [...FRONTENDS, 'shared-contracts', 'e2e', '.ci'].map((dir) => `./${dir}`),
    from: './openapi/server',
    message: MSG.server,
  },
  ...[...FRONTENDS, 'shared-contracts'].flatMap((app) =>
    featuresOf(app).map((feature) => ({
      target: `./${app}/src/features/${feature}`,
      from: `./${app}/src/features`,
      except: [`./${feature}`],
      message: MSG.siblingFeature,
    })),
  ),
];

export default defineConfig([
  globalIgnores([
    '**/dist/',
    '**/node_modules/',
    '**/.data/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    'shared-contracts/src/api/schema.d.ts',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'pod/defaults',
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    name: 'pod/browser',
    files: [`{${FRONTENDS.join(',')},shared-contracts}/src/**/*.${CODE}`],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    name: 'pod/tests',
    files: [`**/__tests__/**/*.${CODE}`, `**/*.test.${CODE}`],
    ignores: ['openapi/server/**', '.ci/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    name: 'pod/node',
    files: [
      `*.${CODE}`,
      `.ci/**/*.${CODE}`,
      `e2e/**/*.${CODE}`,
      `openapi/**/*.${CODE}`,
      `shared-contracts/build/**/*.${CODE}`,
      `{${FRONTENDS.join(',')},shared-contracts}/*.${CODE}`,
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Jest setup files run inside jsdom, before each test file.
    name: 'pod/jest-setup',
    files: [`**/jest*setup*.${CODE}`, `**/setup{-,}{t,T}ests.${CODE}`],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
  },
  {
    // webpack/jest configs and build helpers are CommonJS in packages without "type": "module".
    name: 'pod/commonjs-config',
    files: [`**/*.cjs`, `{${FRONTENDS.join(',')},shared-contracts}/*.{js,cjs}`, 'shared-contracts/build/**/*.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...NAME_AREAS.map((area) => ({
    name: `boundaries/names/${area.name}`,
    files: area.files,
    rules: { 'no-restricted-imports': ['error', { patterns: area.patterns }] },
  })),
  {
    // Listed after the e2e names block, so it wins for spec files (and repeats its patterns).
    name: 'boundaries/names/e2e journeys',
    files: [`e2e/tests/**/*.spec.${CODE}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: common(),
          paths: [{ name: '@playwright/test', importNames: ['test', 'expect'], message: MSG.e2eFixtures }],
        },
      ],
    },
  },
  {
    name: 'pod/imports',
    files: [`**/*.${CODE}`],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin follows only .js files, and a cycle through .ts goes unseen.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json', 'openapi/server/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: ZONES }],
      // `import type` is not followed (erased at build time, so it cannot make a runtime cycle).
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    name: 'pod/react-hooks',
    files: [`{${FRONTENDS.join(',')},shared-contracts}/src/**/*.{ts,tsx}`],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A separate rule from the boundaries' no-restricted-imports, so neither replaces the other.
    name: 'pod/testing-helpers',
    files: [`{${FRONTENDS.join(',')},shared-contracts}/src/**/*.${CODE}`],
    ignores: [`**/__tests__/**`, `**/*.test.${CODE}`, `**/test-support/**`, 'shared-contracts/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // The package subpath, or shared-contracts' own folder by a relative path ('../testing').
        {
          selector: 'ImportDeclaration[source.value=/(^@pod\\/shared-contracts|^\\.{1,2})\\/(.*\\/)?testing$/]',
          message: MSG.testingInProduct,
        },
      ],
    },
  },
]);
