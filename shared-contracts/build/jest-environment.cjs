// jsdom lacks the Fetch API that Node 20 has; the typed client is built on it. Hand the
// jsdom window Node's own implementations so tests exercise the real request objects.
// FormData stays jsdom's: React 19 snapshots a submitted <form> with it, which Node's rejects.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'ReadableStream',
      'TextEncoder',
      'TextDecoder',
      'structuredClone',
      'AbortController',
      'AbortSignal',
    ]) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
