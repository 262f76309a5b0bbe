/* global module */
// node-polyglot (react-admin's translations) asks for the `object.entries` polyfill, which brings
// ~30 kB of ECMAScript shims into the login page; every browser the app supports has the real one.
module.exports = Object.entries;
