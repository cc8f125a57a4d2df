'use strict';
/**
 * The jest preset of every front-end package (host, remotes, shared-contracts):
 *
 *   // jest.config.cjs
 *   module.exports = { ...require('@pod/shared-contracts/build/jest'), rootDir: __dirname };
 *
 * jsdom with Node's fetch, TypeScript/TSX through @swc/jest, CSS Modules as an identity
 * proxy, jest-dom matchers, tests in __tests__ folders named *.test.ts(x).
 */
const path = require('node:path');

/** ESM-only packages that jest must transform (pnpm keeps them under node_modules/.pnpm). */
const ESM_PACKAGES = ['openapi-fetch', 'openapi-typescript-helpers', 'jotai'];
const esm = ESM_PACKAGES.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    target: 'es2022',
    transform: { react: { runtime: 'automatic' } },
  },
  module: { type: 'commonjs' },
};

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: path.join(__dirname, 'jest-environment.cjs'),
  transform: {
    '^.+\\.(t|j)sx?$': [require.resolve('@swc/jest'), swcOptions],
    '^.+\\.mjs$': [require.resolve('@swc/jest'), swcOptions],
  },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esm})[@/])`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '\\.module\\.css$': path.join(__dirname, 'identity-obj-proxy.cjs'),
    '\\.css$': path.join(__dirname, 'style-stub.cjs'),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.cjs')],
  // What webpack's DefinePlugin provides in a build (see build/build-info.d.ts).
  globals: { __POD_APP_VERSION__: '0.0.0-test' },
  testMatch: ['**/__tests__/**/*.test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
