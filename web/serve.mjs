// Serves the demo (web/) and the library it imports (bindings/js, dist/) on localhost.
//   node web/serve.mjs [--port N]      (PORT in the environment works too)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const portFlag = process.argv.indexOf('--port');
const port = Number(portFlag > 0 ? process.argv[portFlag + 1] : process.env.PORT ?? 8080);
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.conllu': 'text/plain; charset=utf-8', '.txt': 'text/plain; charset=utf-8',
};
const allowed = ['web/', 'bindings/js/', 'dist/'];

const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
  const relative = normalize(path === '/' ? 'web/index.html' : path.slice(1));
  if (!allowed.some((a) => relative.startsWith(a))) { res.writeHead(404).end('not found'); return; }
  try {
    const file = join(root, relative);
    if (!(await stat(file)).isFile()) throw new Error('not a file');
    res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    res.end(await readFile(file));
  } catch {
    res.writeHead(404).end('not found');
  }
});
server.listen(port, '127.0.0.1', () => console.log(`argmax demo: http://localhost:${server.address().port}/`));
