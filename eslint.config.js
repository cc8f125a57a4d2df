// @ts-check
/**
 * One flat config for the whole workspace (`pnpm lint` = `eslint .`).
 *
 * typescript-eslint's `recommended` set only: no type-aware rules, so a lint
 * of the repo stays a few seconds and needs no tsconfig project service.
 *
 * The import boundaries of shared/ARCHITECTURE.md ("Direction of
 * dependencies") are enforced with the core `no-restricted-imports` rule.
 * A flat config replaces (does not merge) a rule's options when two blocks
 * match the same file, so every block below carries the COMPLETE list of
 * restrictions for its files. Relative paths are matched by depth: a file
 * whose folder is N levels below the repo root reaches another top-level
 * package with exactly N `../` segments, so `../remote-x` is only an error
 * when it really leaves the package (a folder named `remote-loader` inside
 * the host stays importable). `.ci/lint-boundaries.test.mjs` proves the rules.
 */
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const REMOTES = ['remote-account', 'remote-library', 'remote-checkout', 'remote-wizard'];
const FRONTENDS = ['host', ...REMOTES];
const CODE = '{js,mjs,cjs,jsx,ts,mts,cts,tsx}';
/** Deeper files than this still get the rules, through a depth-agnostic fallback block. */
const MAX_DEPTH = 12;

const MSG = {
  server:
    'Nothing imports the API server (openapi/server): share code through @pod/shared-contracts instead.',
  openapiFetch:
    'Only shared-contracts/src/api imports openapi-fetch: use the typed client exported by @pod/shared-contracts.',
  remoteToApp:
    'A remote never imports the host or another remote: moving between remotes is a route change.',
  hostToRemote:
    'The host never imports a remote statically: it loads remotes at runtime by federated name (remotes.json + loadRemote).',
  contractsToApp:
    'shared-contracts sits below every app: it never imports the host or a remote.',
  contractsByPath:
    'Import @pod/shared-contracts by package name, never by a relative path (it must stay one federation singleton).',
  contractsSubpath:
    'Front-end code imports @pod/shared-contracts by name only; subpaths bypass the federation singleton (build/* is for webpack/jest config files).',
  serverToApp: 'The server never imports the host or a remote.',
  testingInProduct: '@pod/shared-contracts/testing is for test files only (fake fetch, fake tokens).',
  serverContracts:
    'The server may import only @pod/shared-contracts/validation, /constants, /format and /checkout (the package root pulls in browser UI).',
};

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Regex source for a relative import that climbs to the repo root and enters `target`.
 * @param {number | null} depth folder depth of the importing file below the repo root; null = any
 * @param {string} target regex source naming the top-level path(s) reached
 */
const relativeInto = (depth, target) =>
  `^(?:\\./)?(?:\\.\\./)${depth === null ? '+' : `{${depth}}`}(?:${target})(?:/|$)`;

/** Regex source matching any remote except `self` (by dir or federated name suffix). */
const otherRemote = (self) => {
  const suffix = self ? self.replace(/^remote-/, '') : null;
  return suffix ? `remote[-_](?!${escapeRegex(suffix)}(?:/|$))[^/]+` : 'remote[-_][^/]+';
};

/** @param {string} regex @param {string} message @param {object} [extra] */
const rule = (regex, message, extra = {}) => ({ regex, message, ...extra });

/**
 * Restrictions every file outside openapi/server shares.
 * @param {number | null} depth
 * @param {{ allowOpenapiFetch?: boolean }} [options]
 */
const common = (depth, { allowOpenapiFetch = false } = {}) => [
  rule('^api-server(?:/|$)', MSG.server),
  rule(relativeInto(depth, 'openapi/server'), MSG.server),
  ...(allowOpenapiFetch ? [] : [rule('^openapi-fetch(?:/|$)', MSG.openapiFetch)]),
];

/**
 * Shared-contracts rules for a front-end package.
 * @param {number | null} depth
 * @param {boolean} isBuildConfig webpack/jest config files may use the `build/*` helpers
 */
const frontendContracts = (depth, isBuildConfig) => [
  rule(relativeInto(depth, 'shared-contracts'), MSG.contractsByPath),
  rule(
    isBuildConfig
      ? '^@pod/shared-contracts/(?!build/|package\\.json$).+'
      : // `testing` is for test files; the pod/testing-helpers block refuses it in product code.
        '^@pod/shared-contracts/(?!testing$).+',
    MSG.contractsSubpath,
  ),
];

/**
 * The complete `no-restricted-imports` pattern list for one area at one depth.
 * @typedef {{ name: string, base: string, restrictions: (depth: number | null) => object[] }} Area
 * @type {Area[]}
 */
const AREAS = [
  ...REMOTES.flatMap((remote) =>
    [false, true].map((isBuildConfig) => ({
      name: `${remote}${isBuildConfig ? ' build config' : ''}`,
      base: remote,
      buildConfig: isBuildConfig,
      restrictions: (/** @type {number | null} */ depth) => [
        ...common(depth),
        rule(`^(?:host|${otherRemote(remote)})(?:/|$)`, MSG.remoteToApp),
        rule(relativeInto(depth, `host|${otherRemote(remote)}`), MSG.remoteToApp),
        ...frontendContracts(depth, isBuildConfig),
      ],
    })),
  ),
  ...[false, true].map((isBuildConfig) => ({
    name: `host${isBuildConfig ? ' build config' : ''}`,
    base: 'host',
    buildConfig: isBuildConfig,
    restrictions: (/** @type {number | null} */ depth) => [
      ...common(depth),
      rule(`^${otherRemote(null)}(?:/|$)`, MSG.hostToRemote),
      rule(relativeInto(depth, otherRemote(null)), MSG.hostToRemote),
      ...frontendContracts(depth, isBuildConfig),
    ],
  })),
  {
    name: 'shared-contracts',
    base: 'shared-contracts',
    restrictions: (depth) => [
      ...common(depth),
      rule(`^(?:host|${otherRemote(null)})(?:/|$)`, MSG.contractsToApp),
      rule(relativeInto(depth, `host|${otherRemote(null)}`), MSG.contractsToApp),
    ],
  },
  {
    // Listed after shared-contracts so that its blocks win for these files.
    name: 'shared-contracts api',
    base: 'shared-contracts/src/api',
    restrictions: (depth) => [
      ...common(depth, { allowOpenapiFetch: true }),
      rule(`^(?:host|${otherRemote(null)})(?:/|$)`, MSG.contractsToApp),
      rule(relativeInto(depth, `host|${otherRemote(null)}`), MSG.contractsToApp),
    ],
  },
  {
    name: 'api-server',
    base: 'openapi/server',
    restrictions: (depth) => [
      rule('^openapi-fetch(?:/|$)', MSG.openapiFetch),
      rule(`^(?:host|${otherRemote(null)})(?:/|$)`, MSG.serverToApp),
      rule(relativeInto(depth, `host|${otherRemote(null)}`), MSG.serverToApp),
      rule(relativeInto(depth, 'shared-contracts'), MSG.serverContracts),
      rule('^@pod/shared-contracts$', MSG.serverContracts, { allowTypeImports: true }),
      rule('^@pod/shared-contracts/(?!(?:validation|constants|format|checkout)$).+', MSG.serverContracts),
    ],
  },
  { name: 'e2e', base: 'e2e', restrictions: (depth) => common(depth) },
  { name: '.ci', base: '.ci', restrictions: (depth) => common(depth) },
];

/**
 * Flat-config blocks for one area: a depth-agnostic fallback, then one block per exact depth
 * (later blocks win, so the exact-depth one applies wherever it matches).
 * @param {Area & { buildConfig?: boolean }} area
 */
function boundaryBlocks(area) {
  const baseDepth = area.base.split('/').length;
  const options = (/** @type {number | null} */ depth) => ({
    'no-restricted-imports': ['error', { patterns: area.restrictions(depth) }],
  });
  if (area.buildConfig) {
    // webpack/jest config files live at the package root only.
    return [
      {
        name: `boundaries/${area.name}`,
        files: [`${area.base}/{webpack,jest}*.${CODE}`],
        rules: options(baseDepth),
      },
    ];
  }
  const blocks = [
    { name: `boundaries/${area.name}/deep`, files: [`${area.base}/**/*.${CODE}`], rules: options(null) },
  ];
  for (let extra = 0; baseDepth + extra <= MAX_DEPTH; extra += 1) {
    blocks.push({
      name: `boundaries/${area.name}/depth-${baseDepth + extra}`,
      files: [`${area.base}/${'*/'.repeat(extra)}*.${CODE}`],
      rules: options(baseDepth + extra),
    });
  }
  return blocks;
}

/** Build-config blocks must come after the general blocks of their package to win. */
const orderedAreas = [
  ...AREAS.filter((area) => !('buildConfig' in area && area.buildConfig)),
  ...AREAS.filter((area) => 'buildConfig' in area && area.buildConfig),
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
  ...orderedAreas.flatMap(boundaryBlocks),
  {
    // A separate rule from the boundaries' no-restricted-imports, so neither replaces the other.
    name: 'pod/testing-helpers',
    files: [`{${FRONTENDS.join(',')},shared-contracts}/src/**/*.${CODE}`],
    ignores: [`**/__tests__/**`, `**/*.test.${CODE}`, `**/test-support/**`, 'shared-contracts/src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // The package subpath, or shared-contracts' own folder by a relative path ('../testing').
        { selector: "ImportDeclaration[source.value=/(^@pod\\/shared-contracts|^\\.{1,2})\\/(.*\\/)?testing$/]", message: MSG.testingInProduct },
      ],
    },
  },
]);
