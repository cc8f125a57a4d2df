'use strict';
/** Global stylesheets (the design tokens) have no meaning under jsdom. */
module.exports = {};
