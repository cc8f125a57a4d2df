// Ambient constants that createAppConfig (build/webpack.cjs) defines at build time; every
// front-end tsconfig includes build/*.d.ts.

/**
 * The version this app was built as: POD_APP_VERSION at build time, else its package.json
 * version. The same value is in the app's dist/version.json and its mf-manifest.json
 * (`metaData.pod.appVersion`).
 */
declare const __POD_APP_VERSION__: string;
