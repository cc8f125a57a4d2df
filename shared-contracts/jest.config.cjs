/** @type {import('jest').Config} */
module.exports = { ...require('./build/jest-preset.cjs'), rootDir: __dirname };
