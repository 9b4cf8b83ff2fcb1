// The npm package as users meet it: `npm pack`, installed into an empty directory, then used with import and
// require in Node, type-checked by tsc, and bundled by Vite 7 (the .wasm found without configuration) and run in
// Chromium. tsc, Vite and Chromium come from the repo's devDependencies / the system; a missing one skips its part.
// A language package (packages/argmax-upos-pt) is packed and installed beside it, and tags through both.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (path) => join(root, 'node_modules', path);
const tsc = bin('typescript/bin/tsc');
const vite = bin('vite/bin/vite.js');
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const built = existsSync(join(root, 'dist/argmax.wasm'));

let dir, consumer, packed = null, why = built ? null : 'dist/argmax.wasm is not built (node .ci/build.mjs --wasm)';
const LANGUAGE = 'argmax-upos-pt';
const languageDir = join(root, 'packages', LANGUAGE);
const modelsMissing = ['tagger.bin', 'tokenizer.bin'].filter((f) => !existsSync(join(languageDir, f)));
let languagePacked = null;
const noLanguage = () => (modelsMissing.length ? `packages/${LANGUAGE} has no ${modelsMissing.join(' or ')} yet` : false);

const run = (cmd, args, cwd = consumer) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
const write = (path, text) => { mkdirSync(join(consumer, path, '..'), { recursive: true }); writeFileSync(join(consumer, path), text); };

before(() => {
  if (why) return;
  dir = mkdtempSync(join(tmpdir(), 'argmax-pack-'));
  consumer = join(dir, 'consumer');
  mkdirSync(consumer);
  try {
    const [info] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir], root));
    packed = info;
    const wasm = packed.files.find((f) => f.path === 'dist/argmax.wasm').size;
    const model = packed.files.find((f) => f.path === 'bindings/js/pretrained/english-upos.bin')?.size ?? 0;
    console.log(`npm pack: ${packed.size} bytes (${packed.unpackedSize} unpacked); dist/argmax.wasm ${wasm} bytes; ` +
      `pretrained english-upos.bin ${model} bytes`);
    const tarballs = [join(dir, info.filename)];
    if (!noLanguage()) {
      [languagePacked] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir], languageDir));
      tarballs.push(join(dir, languagePacked.filename));
    }
    write('package.json', JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    // argmax has no dependencies (the language package only its peer argmax), so this needs no registry; if npm
    // cannot install anyway, skip with its reason.
    run('npm', ['install', ...tarballs, '--offline', '--no-audit', '--no-fund', '--ignore-scripts']);
  } catch (e) {
    why = `npm pack/install failed, skipping the package tests: ${(e.stderr || e.message).split('\n').find((l) => l.trim()) ?? e.message}`;
    console.log(`# ${why}`);
  }
});
after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

const skipIf = (extra) => () => why ?? extra?.() ?? false;
// node:test evaluates `skip` when the test is defined; these tests check `why` when they run.
const guarded = (name, fn, extra) => test(name, async (t) => {
  const reason = skipIf(extra)();
  if (reason) { t.skip(reason); return; }
  await fn(t);
});

const SMALL = `const X = [[0, 0], [0, 1], [5, 5], [5, 6]], y = [0, 0, 1, 1];`;

guarded('the tarball holds the library, its types, the wasm and the CLI, and nothing else', () => {
  const files = packed.files.map((f) => f.path);
  for (const f of ['package.json', 'dist/argmax.mjs', 'dist/argmax.wasm', 'bindings/js/index.js', 'bindings/js/index.cjs',
    'bindings/js/index.d.ts', 'bindings/js/index.d.cts', 'bindings/js/parallel/worker.js', 'bindings/js/parallel/worker-host.js', 'bindings/js/hosts/argmax.js', 'bindings/js/parallel/worker.d.ts',
    'bindings/js/lexicons/english.tsv', 'bindings/js/lexicons/NOTICE', 'bindings/js/pretrained/english-upos.bin',
    'bindings/js/pretrained/NOTICE', 'bindings/js/sequence.js', 'bindings/js/sequence.d.ts', 'bindings/js/ranking.js',
    'bindings/js/ranking.d.ts', 'dist/argmax-sequence.mjs', 'dist/argmax-sequence.wasm', 'dist/argmax-ranking.mjs',
    'dist/argmax-ranking.wasm', 'bindings/js/tagger.js', 'bindings/js/tagger.d.ts', 'dist/argmax-tagger.mjs',
    'dist/argmax-tagger.wasm', 'bindings/js/multiclass.js', 'bindings/js/multiclass.d.ts', 'dist/argmax-multiclass.mjs',
    'dist/argmax-multiclass.wasm', 'bindings/js/search.js', 'bindings/js/search.d.ts', 'dist/argmax-search.mjs',
    'dist/argmax-search.wasm', 'bindings/js/search-train.js', 'bindings/js/search-train.d.ts', 'dist/argmax-search-train.mjs',
    'dist/argmax-search-train.wasm']) {
    assert.ok(files.includes(f), `${f} is packed`);
  }
  assert.deepEqual(files.filter((f) => /^(src|tests|web|bench|build|packages)\/|\/make-[\w-]+\.mjs$/.test(f)), []);
});

guarded('import in Node 20 finds the wasm by itself and trains', () => {
  write('esm.mjs', `import { init } from 'argmax';\n${SMALL}\nconst am = await init();\n` +
    `const m = new am.Multiclass({}).fit(X, y);\nconsole.log(Array.from(m.predict(X)).join(''), am.modelKind(m.save()));`);
  assert.equal(run('node', ['esm.mjs']).trim(), '0011 linear-multiclass');
});

guarded('the installed package finds its English lexicon', () => {
  write('lexicon.mjs', `import { init } from 'argmax';\nconst am = await init();\n` +
    `console.log((await am.lexicons.english()).split('\\n').find((l) => l.startsWith('dog\\t')));`);
  assert.equal(run('node', ['lexicon.mjs']).trim(), 'dog\tNN VBP\tnoun verb');
});

guarded('the installed package tags English with its pretrained tagger, from an empty directory', () => {
  write('pretrained.mjs', `import { init } from 'argmax';\nconst am = await init();\n` +
    `const tagger = await am.pretrained.englishUpos();\nconsole.log(tagger.tagText('The dog barked.')[0].map((w) => w.tag).join(' '));`);
  assert.equal(run('node', ['pretrained.mjs']).trim(), 'DET NOUN VERB PUNCT');
});

guarded('argmax/sequence of the installed package tags with the pretrained tagger on its own module', () => {
  write('sequence.mjs', `import { init } from 'argmax/sequence';\nconst am = await init();\n` +
    `const tagger = await am.pretrained.englishUpos();\nconsole.log(tagger.tagText('The dog barked.')[0].map((w) => w.tag).join(' '), 'Multiclass' in am);`);
  assert.equal(run('node', ['sequence.mjs']).trim(), 'DET NOUN VERB PUNCT false');
});

guarded('argmax/tagger of the installed package tags raw text on its module without trainers', () => {
  write('tagger.mjs', `import { init } from 'argmax/tagger';\nconst am = await init();\n` +
    `const tagger = await am.pretrained.englishUpos();\nlet refused = '';\ntry { tagger.fit([['a']], [['A']]); } catch (e) { refused = e.message; }\n` +
    `console.log(tagger.tagText('The dog barked.')[0].map((w) => w.tag).join(' '), 'Multiclass' in am, refused.includes("import 'argmax/sequence'"));`);
  assert.equal(run('node', ['tagger.mjs']).trim(), 'DET NOUN VERB PUNCT false true');
});

guarded('require in Node 20 gives the same API', () => {
  write('cjs.cjs', `const { init } = require('argmax');\n${SMALL}\ninit().then((am) => {\n` +
    `  const m = new am.Multiclass({ trainer: 'perceptron' }).fit(X, y);\n  console.log(Array.from(m.predict(X)).join(''));\n});`);
  assert.equal(run('node', ['cjs.cjs']).trim(), '0011');
});

guarded('argmax/worker trains in a worker thread of the installed package', () => {
  write('worker.mjs', `import { init } from 'argmax';\nimport { trainInWorker } from 'argmax/worker';\n${SMALL}\n` +
    `const am = await init();\nconst r = await trainInWorker({ model: 'Multiclass', options: {}, args: [X, y] });\n` +
    `console.log(Array.from(am.load(r.bytes).predict(X)).join(''), r.kind);`);
  assert.equal(run('node', ['worker.mjs']).trim(), '0011 linear-multiclass');
});

guarded('TypeScript resolves the types for import and require (tsc --noEmit)', () => {
  write('consumer.mts', `import { init, type Argmax, type Multiclass } from 'argmax';
import { TrainingWorker, type TrainingResult } from 'argmax/worker';
const am: Argmax = await init();
const model: Multiclass = new am.Multiclass({ C: 1 });
model.fit([[0, 0], [1, 1]], [0, 1], { onProgress: (p) => p.epoch < 10 });
new am.DecisionTree().fit([[0], [1]], [3, 3], { allowSingleClass: true });
const labels: Int32Array = model.predict([[0, 0]]);
const worker = new TrainingWorker();
const job = worker.train({ model: 'Multiclass', args: [[[0, 0]], [0]] });
job.stop();
const result: TrainingResult = await job;
const bytes: Uint8Array = result.bytes;
// @ts-expect-error: not a trainer
new am.Multiclass({ trainer: 'nope' });
export { labels, bytes };
`);
  write('task.mts', `import { init as initSequence, type ArgmaxSequence, type SequenceTagger } from 'argmax/sequence';
import { init as initRanking, type ArgmaxRanking } from 'argmax/ranking';
import { init as initTagger, type ArgmaxTagger, type TaggingSequenceTagger } from 'argmax/tagger';
import { init as initMulticlass, type ArgmaxMulticlass } from 'argmax/multiclass';
import { init as initSearch, type ArgmaxSearch, type SearchHit } from 'argmax/search';
import { init as initSearchTrain } from 'argmax/search-train';
const finder: ArgmaxSearch = await initSearch(), trainer: ArgmaxSearch = await initSearchTrain();
trainer.SearchRanker.options();
const index = new finder.SearchIndex({ fields: ['title'], numericFields: ['year'], k1: 1.2, weights: [2], language: 'french' });
index.add({ id: 'a', title: 'flow of air', year: 1960 });
const hits: SearchHit[] = index.search('air', { k: 5 });
const columns: string[] = index.features('air', ['a']).names;
// @ts-expect-error: not a scorer
new finder.SearchIndex({ fields: ['t'], scorer: 'tfidf' });
const classes: ArgmaxMulticlass = await initMulticlass();
const tree = new classes.DecisionTree({ criterion: 'gini' }).fit([[0], [1]], [0, 1]);
const predicted: Int32Array = new classes.Multiclass({ kernel: 'rbf' }).fit([[0], [1]], [0, 1]).predict([[0]]);
classes.metrics.classification([0, 1], tree.predict([[0], [1]])).accuracy;
classes.io.readLibsvm('1 1:2').rows;
// @ts-expect-error: argmax/multiclass has no Ranker
new classes.Ranker({});
const tags: ArgmaxSequence = await initSequence();
const tagger: SequenceTagger = await tags.pretrained.englishUpos();
const words: string[][] = tagger.tagText('The dog barked.').map((s) => s.map((w) => w.tag));
const tokens = (await tags.io.tokenize('The dog barked.')).flat().map((t) => t.text);
tagger.tag(tokens);
const ranks: ArgmaxRanking = await initRanking();
ranks.Ranker.options();
// @ts-expect-error: argmax/sequence has no Multiclass
new tags.Multiclass({});
const onlyTags: ArgmaxTagger = await initTagger();
const shipped: TaggingSequenceTagger = await onlyTags.pretrained.englishUpos();
const tagged: string[] = shipped.tagText('The dog barked.', { tokenizer: await onlyTags.pretrained.englishTokenizer() })[0].map((w) => w.tag);
shipped.tag((await onlyTags.io.tokenize('The dog barked.'))[0].map((t) => t.text));
shipped.marginals(['The', 'dog']).probabilities;
const again = onlyTags.load(shipped.save());
if (again instanceof onlyTags.SequenceTagger) again.nbest(['The', 'dog'], 2);
onlyTags.metrics.sequences([['A']], [['A']]).tokenAccuracy;
// @ts-expect-error: argmax/tagger's taggers have no fit
shipped.fit([['a']], [['A']]);
// @ts-expect-error: nor are they constructed there (models come from load() or pretrained)
new onlyTags.SequenceTagger({});
export { words, tagged, predicted, hits, columns };
`);
  write('consumer.cts', `import argmax = require('argmax');
argmax.init().then((am) => { const m = new am.Multiclass({ trainer: 'sgd', epochs: 3 }); m.dispose(); });
`);
  write('tsconfig.json', JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: [] },
    files: ['consumer.mts', 'consumer.cts', 'task.mts'],
  }));
  try {
    run('node', [tsc, '-p', 'tsconfig.json']);
  } catch (e) {
    assert.fail(`tsc reported:\n${e.stdout}${e.stderr}`);
  }
}, () => (existsSync(tsc) ? false : 'typescript is not installed (npm ci installs the devDependencies)'));

// Serves a directory (the Vite output) with cross-origin isolation, as a static host would.
function serveDir(path) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
  const server = createServer((req, res) => {
    const file = join(path, new URL(req.url, 'http://x').pathname.replace(/\/$/, '/index.html'));
    if (!file.startsWith(path) || !existsSync(file)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/` })));
}

async function pageText(url) {
  const { chromium: browser } = await import('playwright-core');
  const profile = mkdtempSync(join(tmpdir(), 'argmax-vite-'));
  const context = await browser.launchPersistentContext(profile, { executablePath: chromium, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'] });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(url);
    await page.waitForFunction(() => document.getElementById('out')?.textContent !== 'loading', null, { timeout: 30_000 });
    return { text: await page.locator('#out').textContent(), errors };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function viteBuild(name, main, config) {
  const app = join(consumer, name);
  write(`${name}/index.html`, '<!doctype html><html><head><link rel="icon" href="data:,"></head><body><p id="out">loading</p><script type="module" src="./main.js"></script></body></html>');
  write(`${name}/main.js`, main);
  if (config) write(`${name}/vite.config.js`, config);
  run('node', [vite, 'build', '--logLevel', 'error', '--outDir', 'out', '--emptyOutDir'], app);
  return join(app, 'out');
}

const viteMissing = () => (existsSync(vite) ? false : 'vite is not installed (npm ci installs the devDependencies)');
const noChromium = () => (existsSync(chromium) ? false : `no Chromium at ${chromium}`);

guarded('a Vite 7 bundle finds the .wasm with no configuration and trains in the page', async (t) => {
  const out = viteBuild('vite-plain', `import { init } from 'argmax';\n${SMALL}\nconst am = await init();\n` +
    `const m = new am.Multiclass({}).fit(X, y);\ndocument.getElementById('out').textContent = 'main ' + Array.from(m.predict(X)).join('');`);
  const assets = execFileSync('ls', [join(out, 'assets')], { encoding: 'utf8' });
  assert.match(assets, /argmax-[\w-]+\.wasm/, 'the .wasm is emitted as an asset');
  if (noChromium()) { t.diagnostic(noChromium()); return; }
  const { server, url } = await serveDir(out);
  try {
    const { text, errors } = await pageText(url);
    assert.equal(text, 'main 0011');
    assert.deepEqual(errors, []);
  } finally { server.close(); }
}, viteMissing);

guarded('argmax/worker in a Vite bundle trains off the main thread', async (t) => {
  const main = `import { init } from 'argmax';\nimport { TrainingWorker } from 'argmax/worker';\n${SMALL}\n` +
    `const am = await init();\nconst r = await new TrainingWorker().train({ model: 'Multiclass', options: {}, args: [X, y] });\n` +
    `document.getElementById('out').textContent = 'worker ' + Array.from(am.load(r.bytes).predict(X)).join('');`;
  // Without configuration Vite bundles workers as iife, which allows no top-level await or dynamic import()
  // anywhere in the worker's module graph; until the wasm glue has none, module workers are the fallback.
  let out;
  try {
    out = viteBuild('vite-worker', main);
  } catch (e) {
    if (!/iife|code-splitting|top-level await/i.test(`${e.stderr}${e.stdout}`)) throw e;
    t.diagnostic('argmax/worker needs `worker: { format: "es" }` in vite.config.js with this build of the wasm glue');
    out = viteBuild('vite-worker-es', main, "export default { worker: { format: 'es' } };\n");
  }
  if (noChromium()) { t.diagnostic(noChromium()); return; }
  const { server, url } = await serveDir(out);
  try {
    const { text, errors } = await pageText(url);
    assert.equal(text, 'worker 0011');
    assert.deepEqual(errors, []);
  } finally { server.close(); }
}, viteMissing);

// The Portuguese sample paragraph tagged by the repository's own files: what the installed package must give.
async function taggedHere() {
  const { init } = await import('../../bindings/js/index.js');
  const { PARAGRAPHS } = await import('../../web/data/paragraphs.js');
  const am = await init();
  const read = (f) => new Uint8Array(readFileSync(join(languageDir, f)));
  const tagger = await am.pretrained.upos({ tagger: read('tagger.bin'), tokenizer: read('tokenizer.bin') });
  const words = tagger.tagText(PARAGRAPHS.pt).map((s) => s.map((w) => `${w.token}/${w.tag}@${w.start}`).join(' '));
  tagger.dispose();
  return { text: PARAGRAPHS.pt, words };
}
const TAG_SCRIPT = (text) => `const words = tagger.tagText(${JSON.stringify(text)}).map((s) => s.map((w) => \`\${w.token}/\${w.tag}@\${w.start}\`).join(' '));`;

guarded(`${LANGUAGE}'s tarball holds its index, types, models and licence, and nothing else`, () => {
  const files = languagePacked.files.map((f) => f.path).sort();
  const expected = ['package.json', 'index.js', 'index.d.ts', 'tagger.bin', 'tokenizer.bin', 'NOTICE', 'README.md']
    .filter((f) => f === 'package.json' || existsSync(join(languageDir, f))).sort();
  assert.deepEqual(files, expected);
  console.log(`npm pack ${LANGUAGE}: ${languagePacked.size} bytes (${languagePacked.unpackedSize} unpacked)`);
}, noLanguage);

guarded(`am.pretrained.upos('pt') and argmax tag --pretrained upos-pt find the installed ${LANGUAGE} in Node; a language not installed is an Error naming its package`, async () => {
  const { text, words } = await taggedHere();
  write('upos.mjs', `import { init } from 'argmax';\nimport pt from '${LANGUAGE}';\nconst am = await init();\n` +
    `const tagger = await am.pretrained.upos('pt');\n${TAG_SCRIPT(text)}\n` +
    `const same = (await am.pretrained.upos(pt)).save().join() === tagger.save().join();\n` +
    `const missing = await am.pretrained.upos('fr').catch((e) => e.message);\n` +
    `console.log(JSON.stringify({ words, same, missing }));`);
  const result = JSON.parse(run('node', ['upos.mjs']));
  assert.deepEqual(result.words, words);
  assert.equal(result.same, true, 'the code and the package export load the same tagger');
  assert.match(result.missing, /the French UPOS tagger is the package argmax-upos-fr, which could not be imported .*npm install argmax-upos-fr/);
  const cli = execFileSync(join(consumer, 'node_modules/.bin/argmax'), ['tag', '--pretrained', 'upos-pt'], { cwd: consumer, input: text, encoding: 'utf8' });
  assert.deepEqual(cli.trim().split('\n'), words.map((s) => s.replace(/@\d+/g, '')), 'argmax tag --pretrained upos-pt tags as the API does');
}, noLanguage);

guarded(`TypeScript types am.pretrained.upos with a code and with ${LANGUAGE}'s export`, () => {
  write('languages.mts', `import { init, type SequenceTagger } from 'argmax';
import { init as initTagger, type TaggingSequenceTagger } from 'argmax/tagger';
import pt from '${LANGUAGE}';
const am = await init();
const byExport: SequenceTagger = await am.pretrained.upos(pt);
const byCode: TaggingSequenceTagger = await (await initTagger()).pretrained.upos('pt');
await am.pretrained.upos({ tagger: new Uint8Array(0), tokenizer: new URL('https://example.com/t.bin') });
// @ts-expect-error: not a known language
await am.pretrained.upos('xx');
const url: URL = pt.tagger;
export { byExport, byCode, url };
`);
  write('tsconfig.languages.json', JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: [] },
    files: ['languages.mts'],
  }));
  try {
    run('node', [tsc, '-p', 'tsconfig.languages.json']);
  } catch (e) {
    assert.fail(`tsc reported:\n${e.stdout}${e.stderr}`);
  }
}, () => noLanguage() || (existsSync(tsc) ? false : 'typescript is not installed (npm ci installs the devDependencies)'));

// In a page, Vite emits the package's files as assets (new URL(…, import.meta.url) in its index.js): passing the
// package's export works with no configuration. A code alone makes argmax import the bare name at run time,
// which a browser cannot resolve without an import map: that page gets the Error saying what to pass instead.
guarded(`a Vite 7 page tags with ${LANGUAGE}'s export, with no configuration; a code alone is an Error saying to pass it`, async (t) => {
  const { text, words } = await taggedHere();
  const page = (source) => `import { init } from 'argmax/tagger';\nimport pt from '${LANGUAGE}';\nconst am = await init();\n` +
    `const out = document.getElementById('out');\ntry {\n  const tagger = await am.pretrained.upos(${source});\n  ${TAG_SCRIPT(text)}\n` +
    `  out.textContent = JSON.stringify(words);\n} catch (e) { out.textContent = e.message; }\n`;
  const out = viteBuild('vite-upos', page('pt'));
  const assets = readdirSync(join(out, 'assets'));
  for (const file of ['tagger', 'tokenizer']) {
    const asset = assets.find((a) => a.startsWith(`${file}-`) && a.endsWith('.bin'));
    assert.ok(asset, `${file}.bin is emitted as an asset (${assets.join(', ')})`);
    assert.deepEqual(readFileSync(join(out, 'assets', asset)), readFileSync(join(languageDir, `${file}.bin`)));
  }
  const byCode = viteBuild('vite-upos-code', page("'pt'"));
  if (noChromium()) { t.diagnostic(noChromium()); return; }
  for (const [path, check] of [[out, (shown) => assert.deepEqual(JSON.parse(shown), words)],
    [byCode, (shown) => assert.match(shown, /argmax-upos-pt, which could not be imported .*import pt from 'argmax-upos-pt'; am\.pretrained\.upos\(pt\)/)]]) {
    const { server, url } = await serveDir(path);
    try {
      const { text: shown } = await pageText(url);
      check(shown);
    } finally { server.close(); }
  }
}, () => noLanguage() || viteMissing() || false);

// Without a bundler, an import map gives the browser the package's address: then a code alone works in a page.
guarded(`an unbundled page that maps ${LANGUAGE} in an import map tags with am.pretrained.upos('pt')`, async () => {
  const { text, words } = await taggedHere();
  write('importmap/index.html', `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "argmax/tagger": "/node_modules/argmax/bindings/js/tagger.js", "${LANGUAGE}": "/node_modules/${LANGUAGE}/index.js" } }</script>
</head><body><p id="out">loading</p><script type="module">
import { init } from 'argmax/tagger';
const out = document.getElementById('out');
try {
  const am = await init();
  const tagger = await am.pretrained.upos('pt');
  ${TAG_SCRIPT(text)}
  out.textContent = JSON.stringify(words);
} catch (e) { out.textContent = e.message; }
</script></body></html>`);
  const { server, url } = await serveDir(consumer);
  try {
    const { text: shown, errors } = await pageText(`${url}importmap/`);
    assert.deepEqual(JSON.parse(shown), words, shown);
    assert.deepEqual(errors, []);
  } finally { server.close(); }
}, () => noLanguage() || noChromium());
