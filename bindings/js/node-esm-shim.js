// Lets the ES-module build find its own directory under Node (Emscripten's glue expects CommonJS names).
// process.getBuiltinModule (Node ≥ 20.16) instead of a top-level `await import`, so bundlers can also emit
// the glue into classic (iife) workers.
const __isNode = typeof process == 'object' && typeof process.versions == 'object' && typeof process.versions.node == 'string';
const require = __isNode ? process.getBuiltinModule('module').createRequire(import.meta.url) : undefined;
const __dirname = __isNode ? process.getBuiltinModule('path').dirname(process.getBuiltinModule('url').fileURLToPath(import.meta.url)) : '';
