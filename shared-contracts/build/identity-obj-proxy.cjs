'use strict';
/**
 * CSS Modules under jest: `styles.button` is the string 'button', so tests (and class
 * assertions, rarely needed) see readable class names. `__esModule` is false so a default
 * import receives this proxy itself.
 */
module.exports = new Proxy(
  {},
  {
    get(_target, key) {
      if (key === '__esModule') return false;
      return typeof key === 'string' ? key : undefined;
    },
  },
);
