// The English UPOS tagger shipped in bindings/js/pretrained, with its tokenizer: it tags real English, takes
// empty and very long sentences, fails with an error naming its file, and serves `argmax tag` on the command line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { init } from '../../bindings/js/index.js';
import { fnv1a64 } from './error-kinds.mjs';
import { makeEnglishUpos, makeEnglishTokenizer, TREEBANK } from '../../bindings/js/pretrained/make-english-upos.mjs';
import { tempDir } from './temp-dirs.mjs';

const am = await init();
const tagger = await am.pretrained.englishUpos();
const dir = tempDir('pretrained');
const cli = fileURLToPath(new URL('../../bindings/js/cli/main.js', import.meta.url));
const argmax = (args, input) => spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8' });

// Tags as the UD English EWT guidelines give them.
const REFERENCE = [
  ['The dog barked.', 'DET NOUN VERB PUNCT'],
  ['She gave him a book.', 'PRON VERB PRON DET NOUN PUNCT'],
  ['I do not like green eggs.', 'PRON AUX PART VERB ADJ NOUN PUNCT'],
];

test('the pretrained tagger gives real English its UD tags', () => {
  assert.equal(tagger.labels.length, 17);
  for (const [sentence, tags] of REFERENCE) assert.equal(tagger.tagText(sentence)[0].map((w) => w.tag).join(' '), tags, sentence);
});
const words = (sentence) => tagger.tokenizer.tokenize(sentence).flat().flatMap((t) => (t.words ?? [t]).map((w) => w.text));

test('the shipped tagger is, byte for byte, what its script makes from EWT', {
  skip: existsSync(TREEBANK) ? false : `no treebank at ${TREEBANK}`,
}, async () => {
  const { tagger: made, accuracy } = await makeEnglishUpos(am);
  assert.ok(accuracy >= 0.955, `EWT test token accuracy ${accuracy}`);
  assert.ok(Buffer.from(made.save()).equals(Buffer.from(tagger.save())), 'english-upos.bin is stale: run its make script');
  made.dispose();
  const tokenizer = makeEnglishTokenizer(am);
  assert.ok(Buffer.from(tokenizer.save()).equals(Buffer.from(tagger.tokenizer.save())), 'english-tokenizer.bin is stale: run make-english-upos.mjs');
  tokenizer.dispose();
});

test('tokenize splits words, clitics, numbers and punctuation, with offsets', () => {
  const text = "I don't know John's e-mail, it costs 3,000.50 dollars!";
  const tokens = tagger.tokenizer.tokenize(text).flat();
  assert.deepEqual(tokens.flatMap((t) => (t.words ?? [t]).map((w) => w.text)), ['I', 'do', "n't", 'know', 'John', "'s", 'e-mail', ',', 'it', 'costs', '3,000.50', 'dollars', '!']);
  for (const t of tokens) assert.equal(text.slice(t.start, t.end), t.text);
  assert.deepEqual(tagger.tokenizer.tokenize(' \t\n'), []);
  assert.throws(() => tagger.tokenizer.tokenize(5), TypeError);
});

test('an empty sentence gives an empty tagging; a 100,000-token sentence is tagged', () => {
  assert.deepEqual(tagger.tag([]), []);
  assert.deepEqual(tagger.tagText('   '), []);
  assert.deepEqual(tagger.tag([[], ['Hello']]).map((s) => s.length), [0, 1]);
  const long = words('the dog barked . '.repeat(25000));
  assert.equal(long.length, 100000);
  const tags = tagger.tag(long);
  assert.equal(tags.length, 100000);
  assert.deepEqual(tags.slice(-4), ['DET', 'NOUN', 'VERB', 'PUNCT']);
});

test('a pretrained model that does not load is an error naming the file', async () => {
  const missing = join(dir, 'missing.bin');
  await assert.rejects(am.pretrained.englishUpos({ url: pathToFileURL(missing) }),
    (e) => e instanceof Error && e.message.includes(missing) && /could not read/.test(e.message));
  // The shipped bytes claiming format version 2 (checksum recomputed, so only the version is wrong).
  const bytes = new Uint8Array(readFileSync(new URL('../../bindings/js/pretrained/english-upos.bin', import.meta.url)));
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 2, true);
  view.setBigUint64(bytes.length - 8, fnv1a64(bytes.subarray(0, bytes.length - 8)), true);
  const old = join(dir, 'old.bin');
  writeFileSync(old, bytes);
  await assert.rejects(am.pretrained.englishUpos({ url: pathToFileURL(old) }),
    (e) => e.message.includes(old) && /version 2 is not supported/.test(e.message));
  assert.equal(tagger.tag(['Hello']).length, 1);  // the module keeps working
});

test('CLI: argmax tag reads paragraphs of plain text or one token per line, with a shipped or saved tagger', () => {
  const text = REFERENCE.map(([s]) => s).join('\n') + '\n';
  const expected = REFERENCE.map(([s, tags]) => words(s).map((w, i) => `${w}/${tags.split(' ')[i]}`).join(' '));
  let r = argmax(['tag', '--pretrained', 'english-upos'], text);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, expected.join('\n') + '\n');
  assert.equal(argmax(['tag', '--pretrained', 'english-upos'], 'The dog barked.\n\n').stdout, `${expected[0]}\n`);  // a blank line ends a paragraph
  assert.equal(argmax(['tag', '--pretrained', 'english-upos'], 'The dog\nbarked.\n\nIt ran.\n').stdout, `${expected[0]}\nIt/PRON ran/VERB ./PUNCT\n`);
  r = argmax(['tag', '--pretrained', 'english-upos', '--input', 'tokens'], 'The\ndog\nbarked\n.\n\nHello\n');
  assert.equal(r.stdout, 'The\tDET\ndog\tNOUN\nbarked\tVERB\n.\tPUNCT\n\nHello\tINTJ\n\n');
  const saved = join(dir, 'tagger.bin');
  writeFileSync(saved, tagger.save());
  assert.equal(argmax(['tag', '--model', saved], text).stdout, expected.join('\n') + '\n');
  assert.equal(argmax(['tag', '--pretrained', 'english-upos'], '').stdout, '');

  r = argmax(['tag'], text);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /give either --pretrained NAME or --model FILE/);
  r = argmax(['tag', '--pretrained', 'nope'], text);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /unknown pretrained model 'nope' \(known: english-upos, upos-en(, upos-[a-z]+)+\)/);
  const notTagger = join(dir, 'multiclass.bin');
  writeFileSync(notTagger, new am.Multiclass().fit([[0], [1]], [0, 1]).save());
  assert.match(argmax(['tag', '--model', notTagger], text).stderr, /is not a token tagger/);
});

test('compact options from JS: l1 and weightBits make a smaller model that loads to the same tags', () => {
  const sentences = [], tags = [];
  for (let i = 0; i < 60; ++i) {
    sentences.push([['the', 'a'][i % 2], ['dog', 'cat', 'car'][i % 3], ['runs', 'eats'][i % 2], `x${i}`]);
    tags.push(['DET', 'NOUN', 'VERB', 'X']);
  }
  const full = new am.SequenceTagger({ trainer: 'sgd', loss: 'hinge', epochs: 5 }).fit(sentences, tags);
  const small = new am.SequenceTagger({ trainer: 'sgd', loss: 'hinge', epochs: 5, l1: 0.01, weightBits: 8 }).fit(sentences, tags);
  assert.deepEqual(small.options.weightBits, 8);
  assert.ok(small.save().length < full.save().length / 2, `${small.save().length} against ${full.save().length} bytes`);
  const again = am.load(small.save());
  assert.deepEqual(again.tag(sentences), small.tag(sentences));
  assert.deepEqual(again.save(), small.save());
  assert.throws(() => new am.SequenceTagger({ weightBits: 12 }).fit(sentences, tags), /weight bits must be 8, 16 or 32/);
  for (const m of [full, small, again]) m.dispose();
});
