// Serves the demo (web/) and the library it imports (bindings/js, dist/) on localhost.
//   node web/serve.mjs [--port N]      (PORT in the environment works too; 0 picks a free port)
// The page is served cross-origin isolated (COOP + COEP), so training workers can share a stop flag
// (SharedArrayBuffer) and Stop keeps the model trained so far. When the UD English EWT treebank is on this
// machine (ARGMAX_DATA, default ../shared/data beside the repository), its .conllu files are served at
// /ewt/ so that the tagging section can train a full English tagger; /ewt/files.json lists those present.
// The treebank is never part of the page. The language packages (packages/argmax-upos-*) are served as they are
// in the repository; /packages/languages.json lists the codes of those that hold both their model files.
import { createServer } from 'node:http';
import { readFile, readdir, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { docSections } from './data/doc-sections.js';
import { spamAssassin } from './data/spam-assassin.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.conllu': 'text/plain; charset=utf-8', '.txt': 'text/plain; charset=utf-8',
};
const allowed = ['web/', 'bindings/js/', 'dist/', 'packages/'];
const treebank = join(process.env.ARGMAX_DATA ?? join(root, '..', 'shared', 'data'), 'ud-english-ewt');
const EWT = /^ewt\/(en_ewt-ud-(?:train|dev|test)\.conllu)$/;
const isolation = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
const isFile = (path) => stat(path).then((f) => f.isFile(), () => false);

// The EWT files present.
async function ewtFiles() {
  const names = ['train', 'dev', 'test'].map((split) => `en_ewt-ud-${split}.conllu`);
  const present = await Promise.all(names.map((n) => isFile(join(treebank, n))));
  return names.filter((_, i) => present[i]);
}

// The codes of the language packages that hold their models, e.g. ['fr', 'pt'].
async function languages() {
  const names = (await readdir(join(root, 'packages')).catch(() => [])).filter((n) => /^argmax-upos-[a-z]+$/.test(n)).sort();
  const ready = await Promise.all(names.map(async (n) => (await Promise.all(['tagger.bin', 'tokenizer.bin'].map((f) => isFile(join(root, 'packages', n, f))))).every(Boolean)));
  return names.filter((_, i) => ready[i]).map((n) => n.slice('argmax-upos-'.length));
}

// The documentation, one document per heading: the search section's collection (web/data/doc-sections.js).
async function documentation() {
  const docs = (await readdir(join(root, 'docs'))).filter((n) => n.endsWith('.md')).sort().map((n) => `docs/${n}`);
  const files = ['README.md', ...docs];
  return (await Promise.all(files.map(async (f) => docSections(f, await readFile(join(root, f), 'utf8'))))).flat();
}

// The lists the page asks for, by path.
// (spam/messages.json: the text section's corpus, made once from the installed package; null when it is not there)
let spam;
const listings = new Map([['ewt/files.json', ewtFiles], ['packages/languages.json', languages], ['docs/sections.json', documentation],
  ['spam/messages.json', () => (spam ??= spamAssassin())]]);

// Starts the server; resolves with { server, url } once it listens. isolated: false leaves out COOP/COEP
// (as many static hosts do): Stop then cancels training instead of keeping the model so far.
export function serve({ port = 8080, host = '127.0.0.1', isolated = true } = {}) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    // The page lives at /web/ so that its relative imports (../bindings/js, ../dist) resolve as in the repo.
    if (path === '/' || path === '/web') { res.writeHead(302, { Location: '/web/' }).end(); return; }
    const relative = normalize(path.endsWith('/') ? `${path.slice(1)}index.html` : path.slice(1));
    const listing = listings.get(relative);
    if (listing) {  // (always 200: an absent file is no console error)
      res.writeHead(200, { 'Content-Type': types['.json'], 'Cache-Control': 'no-cache', ...(isolated ? isolation : {}) });
      res.end(JSON.stringify(await listing()));
      return;
    }
    const ewt = relative.match(EWT);
    if (!ewt && !allowed.some((a) => relative.startsWith(a))) { res.writeHead(404).end('not found'); return; }
    try {
      const file = ewt ? join(treebank, ewt[1]) : join(root, relative);
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache', ...(isolated ? isolation : {}) });
      res.end(await readFile(file));
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve({ server, url: `http://localhost:${server.address().port}/` }));
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const portFlag = process.argv.indexOf('--port');
  const port = Number(portFlag > 0 ? process.argv[portFlag + 1] : process.env.PORT ?? 8080);
  // A busy default port is no reason to fail: take any free one (an explicit --port/PORT must be free).
  const explicit = portFlag > 0 || process.env.PORT !== undefined;
  const { url } = await serve({ port }).catch((e) => {
    if (e.code !== 'EADDRINUSE' || explicit) throw e;
    console.log(`port ${port} is busy; using another`);
    return serve({ port: 0 });
  });
  console.log(`argmax demo: ${url}`);
}
