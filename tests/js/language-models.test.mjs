// The language packages' models (packages/argmax-upos-<lang>/tagger.bin and tokenizer.bin): they load, tag a plain
// sentence of their language with its UD tags, fit the 1 MB (gzip) budget, and are, byte for byte, what the
// package's make.mjs makes from its treebank. The remake takes one to three minutes a language, so it runs with
// ARGMAX_REMAKE=1 and the treebank present (ARGMAX_TREEBANKS, or ../treebanks beside the repository).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { init } from '../../bindings/js/index.js';

const am = await init();
const packages = new URL('../../packages/', import.meta.url);
const names = existsSync(packages) ? readdirSync(packages).filter((d) => existsSync(new URL(`${d}/make.mjs`, packages))).sort() : [];

const UPOS = 'ADJ ADP ADV AUX CCONJ DET INTJ NOUN NUM PART PRON PROPN PUNCT SCONJ SYM VERB X'.split(' ');

// A plain sentence per language and its tags under the treebank's guidelines.
const REFERENCE = {
  'argmax-upos-fr': ['Le chat dort dans la maison.', 'DET NOUN VERB ADP DET NOUN PUNCT'],
  'argmax-upos-pt': ['O gato dorme na casa.', 'DET NOUN VERB ADP DET NOUN PUNCT'],
  'argmax-upos-it': ['Il dottor Rossi oggi non può venire.', 'DET NOUN PROPN ADV ADV AUX VERB PUNCT'],
  'argmax-upos-cy': ['Prynodd Siân lyfr newydd yn y siop.', 'VERB PROPN NOUN ADJ ADP DET NOUN PUNCT'],
  'argmax-upos-ko': ['나는 사과를 먹었다.', 'PRON NOUN VERB PUNCT'],
  'argmax-upos-ru': ['Мальчик читает интересную книгу.', 'NOUN VERB ADJ NOUN PUNCT'],
  'argmax-upos-th': ['เด็กอ่านหนังสือ', 'NOUN VERB NOUN'],
  'argmax-upos-vi': ['Con mèo ngủ trên giường.', 'NOUN NOUN VERB ADP NOUN PUNCT'],
};

for (const name of names) {
  const file = (f) => readFileSync(new URL(`${name}/${f}`, packages));

  test(`${name}: its tagger and tokenizer load, tag raw text, and fit in 1 MB gzip`, () => {
    const tagger = am.load(file('tagger.bin')), tokenizer = am.load(file('tokenizer.bin'));
    assert.ok(tokenizer instanceof am.Tokenizer);
    assert.deepEqual(tagger.labels.filter((t) => !UPOS.includes(t)), [], 'UPOS tags only');
    const [text, tags] = REFERENCE[name] ?? assert.fail(`no reference sentence for ${name}`);
    const tagged = tagger.tagText(text, { tokenizer });
    assert.equal(tagged.flat().map((w) => w.tag).join(' '), tags, text);
    assert.ok(gzipSync(file('tagger.bin')).length + gzipSync(file('tokenizer.bin')).length <= 1 << 20);
    tokenizer.dispose();
    tagger.dispose();
  });

  const { make, TREEBANK } = await import(new URL(`${name}/make.mjs`, packages));
  const skip = process.env.ARGMAX_REMAKE !== '1' ? 'set ARGMAX_REMAKE=1 to remake it' : existsSync(TREEBANK) ? false : `no treebank at ${TREEBANK}`;
  test(`${name}: the shipped models are, byte for byte, what make.mjs makes from the treebank`, { skip }, () => {
    const made = make(am, TREEBANK);
    assert.ok(Buffer.from(made.tagger.save()).equals(file('tagger.bin')), `${name}/tagger.bin is stale: run its make.mjs`);
    assert.ok(Buffer.from(made.tokenizer.save()).equals(file('tokenizer.bin')), `${name}/tokenizer.bin is stale: run its make.mjs`);
    made.tagger.dispose();
    made.tokenizer.dispose();
  });
}
