// CommonJS entry: `const { init } = require('argmax'); const am = await init();`
// The library is an ES module (its wasm glue uses import.meta); this loads it on the first init().
'use strict';

exports.init = (options) => import('./index.js').then((m) => m.init(options));
exports.initSearch = (options) => import('./index.js').then((m) => m.initSearch(options));
