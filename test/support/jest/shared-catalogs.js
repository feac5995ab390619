/**
 * Runs before each test file (jest `setupFiles`). The emulator's catalog takes seconds to generate
 * and never changes, but jest gives every test file its own module instances, so each file would
 * generate it again. Node's own modules are the one thing jest hands every file of a worker
 * unchanged: the store kept on one of them is shared by all the files a worker runs, and the
 * emulator finds it under its key (emulator/server.ts, CATALOG_STORE_KEY).
 */
const os = require('os');

const KEY = Symbol.for('partspec.emulator.catalogs');
if (!os[KEY]) os[KEY] = { catalogs: new Map(), agedCatalogs: new Map() };
globalThis[KEY] = os[KEY];
