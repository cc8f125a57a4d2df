/** @type {import('jest').Config} */
module.exports = { ...require('@pod/shared-contracts/build/jest'), rootDir: __dirname, displayName: 'remote-library' };
