'use strict';
/** Runs before every test file of every front-end package. */
require('@testing-library/jest-dom');

// jsdom does not implement scrolling; the shell scrolls to the top on navigation.
if (typeof window !== 'undefined') {
  window.scrollTo = () => {};
}
