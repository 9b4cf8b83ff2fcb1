// am.pretrained.upos: the English tagger by its code; a language package (packages/argmax-upos-*) by its code, by
// its default export, or by its files as bytes or URLs; errors that name what to install; the rule that a
// pretrained tagger owns its tokenizer; each package's manifest. The file forms use a tiny tagger made here; the
// packages' own models are used as they are (whatever their size), and skipped where a package has none yet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { init } from '../../bindings/js/index.js';
import { UPOS_LANGUAGES, uposPackage } from '../../bindings/js/api/pretrained.js';
import { tempDir } from './temp-dirs.mjs';
import { PARAGRAPHS } from '../../web/data/paragraphs.js';

const am = await init();
const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = tempDir('languages');
const UPOS = ['ADJ', 'ADP', 'ADV', 'AUX', 'CCONJ', 'DET', 'INTJ', 'NOUN', 'NUM', 'PART', 'PRON', 'PROPN', 'PUNCT', 'SCONJ', 'SYM', 'VERB', 'X'];
const packages = readdirSync(join(root, 'packages')).filter((d) => d.startsWith('argmax-upos-')).sort();

// A made-up tagged treebank, two word classes and a full stop; "du" is the multiword token "de" + "le".
function tinyTreebank() {
  const nouns = ['cat', 'dog', 'fox', 'owl'], verbs = ['runs', 'sleeps', 'sings'];
  let out = '';
  for (let i = 0; i < 48; ++i) {
    const words = [[nouns[i % 4], 'NOUN'], [verbs[i % 3], 'VERB'], ...(i % 2 ? [['du', null]] : []), ['.', 'PUNCT']];
    out += `# text = ${words.map(([w]) => w).join(' ').replace(' .', '.')}\n`;
    let id = 1;
    words.forEach(([w, tag], j) => {
      const misc = words[j + 1]?.[0] === '.' ? 'SpaceAfter=No' : '_';
      if (w === 'du') {
        out += `${id}-${id + 1}\tdu\t_\t_\t_\t_\t_\t_\t_\t${misc}\n${id}\tde\t_\tADP\t_\t_\t_\t_\t_\t_\n${id + 1}\tle\t_\tDET\t_\t_\t_\t_\t_\t_\n`;
        id += 2;
      } else {
        out += `${id}\t${w}\t_\t${tag}\t_\t_\t_\t_\t_\t${misc}\n`;
        id += 1;
      }
    });
    out += '\n';
  }
  return out;
}
const treebank = tinyTreebank();
const { sentences, tags } = am.io.readConllu(treebank);
const tiny = {
  tagger: new am.SequenceTagger({ trainer: 'perceptron', epochs: 5 }).fit(sentences, tags).save(),
  tokenizer: new am.Tokenizer().fit(treebank).save(),
};
const tinyText = 'cat sings du. owl runs.';
const spelled = (tagger, text) => tagger.tagText(text).map((s) => s.map((w) => `${w.token}/${w.tag}`).join(' ')).join(' | ');

test('the tiny treebank reads as made', () => {
  assert.equal(sentences.length, 48);
  assert.deepEqual(sentences[1], ['dog', 'sleeps', 'de', 'le', '.']);
  assert.deepEqual(tags[1], ['NOUN', 'VERB', 'ADP', 'DET', 'PUNCT']);
});

test("upos('en') is the shipped English tagger; each call is a new tagger that owns its tokenizer", async () => {
  const a = await am.pretrained.upos('en'), b = await am.pretrained.englishUpos();
  assert.deepEqual(a.save(), b.save());
  assert.deepEqual(a.tokenizer.save(), b.tokenizer.save());
  assert.notEqual(a.tokenizer, b.tokenizer);
  assert.equal(a.tagText('The dog barked.')[0].map((w) => w.tag).join(' '), 'DET NOUN VERB PUNCT');
  a.dispose();
  assert.equal(a.ready, false);
  assert.equal(a.tokenizer.ready, false, "dispose() frees the tagger's own tokenizer");
  assert.equal(b.tagText('The dog barked.')[0].length, 4, 'the other call keeps its own pair');
  b.tokenizer.dispose();
  b.dispose();  // after its tokenizer was freed by hand: nothing freed twice
  const own = await am.pretrained.englishUpos(), mine = new am.Tokenizer({ maxIter: 5 }).fit(treebank);
  const theirs = own.tokenizer;
  own.tokenizer = mine;
  own.dispose();
  assert.equal(theirs.ready, false);
  assert.equal(mine.ready, true, 'a tokenizer assigned by the caller stays the caller’s');
  mine.dispose();
});

test('upos takes the files as bytes, an ArrayBuffer, a URL or a URL string, and tags raw text with them', async () => {
  writeFileSync(join(dir, 'tagger.bin'), tiny.tagger);
  writeFileSync(join(dir, 'tokenizer.bin'), tiny.tokenizer);
  const url = (name) => pathToFileURL(join(dir, name));
  const sources = [
    tiny,
    { tagger: tiny.tagger.slice().buffer, tokenizer: tiny.tokenizer.slice().buffer },
    { language: 'xx', tagger: url('tagger.bin'), tokenizer: url('tokenizer.bin') },
    { tagger: url('tagger.bin').href, tokenizer: tiny.tokenizer },
  ];
  for (const source of sources) {
    const tagger = await am.pretrained.upos(source);
    assert.equal(spelled(tagger, tinyText), 'cat/NOUN sings/VERB de/ADP le/DET ./PUNCT | owl/NOUN runs/VERB ./PUNCT');
    assert.deepEqual(tagger.save(), tiny.tagger);
    tagger.dispose();
  }
});

test('bad sources are errors that say what upos takes; unknown codes list the known languages', async () => {
  const known = Object.keys(UPOS_LANGUAGES);
  await assert.rejects(am.pretrained.upos('xx'), (e) => e instanceof TypeError && known.every((c) => e.message.includes(`'${c}'`)) && /'xx'/.test(e.message));
  for (const code of ['EN', 'toString', '__proto__', '']) await assert.rejects(am.pretrained.upos(code), /no UPOS tagger for the language/);
  for (const bad of [undefined, null, 5, [], {}, { tagger: tiny.tagger }, { tokenizer: tiny.tokenizer }]) {
    await assert.rejects(am.pretrained.upos(bad), (e) => e instanceof TypeError && /language code.*default export.*\{ tagger, tokenizer \}/.test(e.message));
  }
  await assert.rejects(am.pretrained.upos({ tagger: 7, tokenizer: tiny.tokenizer }), /the given UPOS tagger must be the file's bytes \(Uint8Array or ArrayBuffer\) or its URL, not 7/);
  await assert.rejects(am.pretrained.upos({ tagger: 'tagger.bin', tokenizer: tiny.tokenizer }), /'tagger.bin' is not a URL/);
  const missing = join(dir, 'missing.bin');
  await assert.rejects(am.pretrained.upos({ language: 'pt', tagger: tiny.tagger, tokenizer: pathToFileURL(missing) }),
    (e) => e.message === `could not read the Portuguese UPOS tokenizer ${missing} (ENOENT)`);
});

test('corrupt or foreign model files are errors naming the file; the module keeps working', async () => {
  const flipped = tiny.tagger.slice();
  flipped[flipped.length >> 1] ^= 0xff;
  await assert.rejects(am.pretrained.upos({ tagger: flipped, tokenizer: tiny.tokenizer }), /^Error: the given UPOS tagger does not load: .*checksum/);
  await assert.rejects(am.pretrained.upos({ language: 'fr', tagger: tiny.tagger, tokenizer: tiny.tagger }), /the French UPOS tokenizer does not load: /);
  await assert.rejects(am.pretrained.upos({ tagger: tiny.tokenizer, tokenizer: tiny.tokenizer }), /the given UPOS tagger does not load: /);
  const dense = new am.DenseSequenceTagger({ epochs: 2 }).fit([[[1, 0], [0, 1]]], [['A', 'B']]);
  writeFileSync(join(dir, 'dense.bin'), dense.save());
  await assert.rejects(am.pretrained.upos({ tagger: pathToFileURL(join(dir, 'dense.bin')), tokenizer: tiny.tokenizer }),
    (e) => e.message === `the given UPOS tagger ${join(dir, 'dense.bin')} does not load: it is a DenseSequenceTagger (numeric features), not a tagger of words`);
  dense.dispose();
  const tagger = await am.pretrained.upos(tiny);
  assert.equal(spelled(tagger, 'dog runs.'), 'dog/NOUN runs/VERB ./PUNCT');
  tagger.dispose();
});

test('loading and disposing, and a load that fails at the tokenizer, return the heap to where it was', async () => {
  const cycle = async () => {
    (await am.pretrained.upos(tiny)).dispose();  // the tagger frees its own tokenizer
    await assert.rejects(am.pretrained.upos({ tagger: tiny.tagger, tokenizer: tiny.tagger }));  // the tagger loaded first is freed
  };
  await cycle();
  const before = am.memoryUsage().heapInUse;
  for (let i = 0; i < 20; ++i) await cycle();
  assert.equal(am.memoryUsage().heapInUse, before);
});

test('every package in packages/ is a known language, and every known language but English is a package', () => {
  assert.deepEqual(am.pretrained.languages, UPOS_LANGUAGES);
  assert.ok(Object.isFrozen(am.pretrained.languages));
  assert.deepEqual(packages, Object.keys(UPOS_LANGUAGES).filter((c) => c !== 'en').map(uposPackage).sort());
  const types = readFileSync(join(root, 'bindings/js/types/sequence.d.ts'), 'utf8');
  const union = /export type UposLanguage = ([^;]+);/.exec(types)[1];
  assert.deepEqual(union.split('|').map((s) => s.trim().replace(/'/g, '')).sort(), Object.keys(UPOS_LANGUAGES).sort(), 'UposLanguage in types/sequence.d.ts');
  assert.deepEqual(Object.keys(PARAGRAPHS).sort(), Object.keys(UPOS_LANGUAGES).sort(), 'the demo has a sample paragraph in each language');
});

const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
for (const name of packages) {
  const code = name.slice('argmax-upos-'.length);
  const at = join(root, 'packages', name);
  const manifest = JSON.parse(readFileSync(join(at, 'package.json'), 'utf8'));
  const models = ['tagger.bin', 'tokenizer.bin'].filter((f) => !existsSync(join(at, f)));
  const noModels = models.length ? `packages/${name} has no ${models.join(' or ')} yet (node packages/${name}/make.mjs DIR makes them)` : false;

  test(`${name}: its manifest names it, its licences, its peer and the files it ships`, async () => {
    assert.equal(manifest.name, name);
    assert.equal(manifest.version, version, 'the same version as argmax');
    assert.match(manifest.license, /^MIT AND [A-Za-z0-9.-]+$/, 'code MIT, models under the treebank’s licence (an SPDX expression)');
    assert.deepEqual(manifest.peerDependencies, { argmax: `^${version}` });
    for (const f of ['index.js', 'index.d.ts', 'tagger.bin', 'tokenizer.bin', 'NOTICE']) assert.ok(manifest.files.includes(f), `files lists ${f}`);
    assert.deepEqual(manifest.exports['.'], { types: './index.d.ts', default: './index.js' });
    const model = (await import(pathToFileURL(join(at, 'index.js')))).default;
    assert.equal(model.language, code);
    assert.equal(model.tagger.href, pathToFileURL(join(at, 'tagger.bin')).href);
    assert.equal(model.tokenizer.href, pathToFileURL(join(at, 'tokenizer.bin')).href);
  });

  test(`${name}: its default export loads a tagger that tags raw ${UPOS_LANGUAGES[code]} with UPOS tags at their offsets`, { skip: noModels }, async () => {
    const tagger = await am.pretrained.upos((await import(pathToFileURL(join(at, 'index.js')))).default);
    assert.ok(tagger.labels.every((t) => UPOS.includes(t)), `UPOS labels: ${tagger.labels}`);
    const text = PARAGRAPHS[code];
    const tagged = tagger.tagText(text);
    assert.ok(tagged.length >= 1);
    for (const w of tagged.flat()) {
      assert.ok(UPOS.includes(w.tag));
      assert.ok(w.start >= 0 && w.end <= text.length && w.start < w.end);
      if (!w.multiword) assert.equal(text.slice(w.start, w.end).normalize('NFC'), w.token);
    }
    tagger.dispose();
  });

  test(`upos('${code}') imports ${name} when it resolves, else names what to install`, { skip: noModels }, async () => {
    let resolves = true;
    try { import.meta.resolve(name); } catch { resolves = false; }
    if (!resolves) {
      await assert.rejects(am.pretrained.upos(code), (e) => e.message.includes(`npm install ${name}`) && e.message.includes(`import ${code} from '${name}'`));
      return;
    }
    const byCode = await am.pretrained.upos(code), byExport = await am.pretrained.upos((await import(pathToFileURL(join(at, 'index.js')))).default);
    assert.deepEqual(byCode.save(), byExport.save());
    byCode.dispose(), byExport.dispose();
  });
}

// 'auto' over the packages: each language's sample paragraph, in one text, is found in its language and tagged as
// that language's own tagger tags it alone.
const allModels = packages.every((name) => ['tagger.bin', 'tokenizer.bin'].every((f) => existsSync(join(root, 'packages', name, f))));
// (tests/js/langid.test.mjs tests the identifier itself; here it only has to load)
const noIdentifier = await am.pretrained.languageIdentifier().then((id) => { id.dispose(); return false; }, (e) => `no language identifier: ${e.message}`);
test("upos('auto') finds each package's language in a mixed text and tags it with that language's tagger", { skip: noIdentifier || (!allModels && 'a package has no models') }, async () => {
  const auto = await am.pretrained.upos('auto');
  const codes = Object.keys(UPOS_LANGUAGES).filter((c) => auto.languages.includes(c));
  assert.deepEqual(codes.sort(), Object.keys(UPOS_LANGUAGES).sort(), `every language is tagged (unavailable: ${JSON.stringify(auto.unavailable)})`);
  const firsts = codes.map((c) => PARAGRAPHS[c].split('\n\n')[0]);
  const text = firsts.join('\n\n');
  assert.deepEqual(auto.paragraphs(text).map((p) => p.language), codes);
  const tagged = auto.tagText(text);
  let at = 0;
  for (const [k, code] of codes.entries()) {
    const own = await am.pretrained.upos(code);
    const alone = own.tagText(firsts[k]).flat();
    own.dispose();
    const words = tagged.flat().filter((w) => w.language === code);
    assert.deepEqual(words.map((w) => [w.token, w.tag, w.start - at, w.end - at]), alone.map((w) => [w.token, w.tag, w.start, w.end]), code);
    at += firsts[k].length + 2;
  }
  auto.dispose();
});
