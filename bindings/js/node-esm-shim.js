// Lets the ES-module build find its own directory under Node (Emscripten's glue expects CommonJS names).
const __isNode = typeof process == 'object' && typeof process.versions == 'object' && typeof process.versions.node == 'string';
const require = __isNode ? (await import('module')).createRequire(import.meta.url) : undefined;
const __dirname = __isNode ? (await import('path')).dirname((await import('url')).fileURLToPath(import.meta.url)) : '';
