// Defined by host/webpack.config.js (DefinePlugin) and, for jest, in host/jest.config.cjs.

/** True in production builds, which emit the service worker /sw.js. */
declare const __POD_SERVICE_WORKER__: boolean;
