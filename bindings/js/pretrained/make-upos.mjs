// What every maker of a pretrained UPOS tagger shares: a treebank's splits, training the tagger (am.SequenceTagger)
// and the tokenizer (am.Tokenizer) on its train split, the tagger's accuracy on gold tokens, and writing the two
// models a language package ships (tagger.bin, tokenizer.bin). The makers (make-english-upos.mjs,
// packages/argmax-upos-<lang>/make.mjs) hold each language's settings and the treebank's specifics.
import { readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { init } from '../index.js';

// Where treebanks are looked for: ARGMAX_TREEBANKS, else ../treebanks beside the repository.
export const TREEBANKS = process.env.ARGMAX_TREEBANKS ?? fileURLToPath(new URL('../../../../treebanks', import.meta.url));
// Where the shared data sets are (a UD treebank of one release each, as ud-<language>-<name>): ARGMAX_DATA, else
// ../shared/data beside the repository.
export const DATA = process.env.ARGMAX_DATA ?? fileURLToPath(new URL('../../../../shared/data', import.meta.url));

// The path of DIR's split `name` ('train', 'dev', 'test'), or null; an empty file, as a snapshot without its
// large files has, counts as absent.
export function splitFile(dir, name) {
  const file = existsSync(dir) && readdirSync(dir).find((f) => f.endsWith(`-ud-${name}.conllu`));
  return file && readFileSync(join(dir, file)).length ? join(dir, file) : null;
}

// DIR's split `name` as NFC text; an error naming DIR when it is absent.
export function readSplit(dir, name) {
  const file = splitFile(dir, name);
  if (!file) throw new Error(`no ${name} split (*-ud-${name}.conllu) in ${dir}`);
  return readFileSync(file, 'utf8').normalize('NFC');
}

// The tagger of the packages made from the shared data's treebanks (docs/languages.md): the averaged perceptron on
// the `pos` templates, 10 epochs, 2^20 hashed rows of 8-bit weights.
export const POS_TAGGER = Object.freeze({ trainer: 'perceptron', epochs: 10, hashBits: 20, weightBits: 8 });

// What a package's models learn from once its settings are chosen with dev held out: train, then dev.
export const trainAndDev = (dir) => readSplit(dir, 'train') + readSplit(dir, 'dev');

// What the make.mjs of a package of the shared data's treebank exports: the treebank (its UD name, and DATA/folder),
// settings (POS_TAGGER and tokenizer(am)'s options), trainingText (train + dev, through prepare) and make.
export function sharedDataPackage(name, folder, { tokenizer = () => ({}), prepare = (text) => text } = {}) {
  const TREEBANK = join(DATA, folder);
  const settings = (am) => ({ tagger: POS_TAGGER, tokenizer: tokenizer(am) });
  const trainingText = (dir = TREEBANK) => prepare(trainAndDev(dir));
  return { TREEBANK_NAME: name, TREEBANK, settings, trainingText, make: (am, dir = TREEBANK) => makeUpos(am, trainingText(dir), settings) };
}

// Treebanks whose text is written tokenized (Vietnamese VTB, Italian MarkIT: "nhắc lại : \" Coi bộ", "nell' aldilà
// ...") train a tokenizer that never splits punctuation from a word, where text as people write it attaches
// . , ; : ! ? ) ] … to the word before, and ( [ and an elided word ("l'", "dell'") to the word after. Every other
// sentence of such CoNLL-U text is rewritten that way (SpaceAfter=No on its surface tokens, its `# text` dropped:
// the reader rebuilds it from the forms), so that the tokenizer learns to split both.
export function attachPunctuation(conllu) {
  const sentences = conllu.split(/\n\n+/).filter((block) => block.trim());
  return sentences.map((block, i) => {
    if (i % 2) return block;
    const rows = block.split('\n').filter((line) => !line.startsWith('# text')).map((line) => line.split('\t'));
    const tokens = [];  // the surface tokens: multiword ranges, and the words outside them
    let rangeEnd = 0;
    for (const row of rows.filter((r) => r.length === 10 && !r[0].includes('.'))) {
      const [first, last] = row[0].split('-').map(Number);
      if (last) tokens.push(row), rangeEnd = last;
      else if (first > rangeEnd) tokens.push(row);
    }
    const joinNext = (row) => {
      if (!/SpaceAfter=No/.test(row[9])) row[9] = row[9] === '_' ? 'SpaceAfter=No' : `${row[9]}|SpaceAfter=No`;
    };
    tokens.forEach((row, j) => {
      if (j > 0 && /^[.,;:!?)\]…]+$/.test(row[1])) joinNext(tokens[j - 1]);
      if (j + 1 < tokens.length && /^[([]$|\p{L}'$/u.test(row[1])) joinNext(row);
    });
    return rows.map((row) => row.join('\t')).join('\n');
  }).join('\n\n') + '\n\n';
}

// The default part-of-speech templates with the word's ambiguity class (the tags it had in the train split) at
// −2..2, with its suffix and beside its neighbours': the tag dictionary a language without a word lexicon learns.
export const withAmbiguityClasses = (am) =>
  `${am.features.pos()} tags[0] tags[-1] tags[1] tags[-2] tags[2] tags[0]|suffix3[0] tags[-1]|tags[0] tags[0]|tags[1]`;

// A tagger trained on CoNLL-U text (its words and UPOS tags) with SequenceTagger options.
export function trainTagger(am, conllu, options) {
  const { sentences, tags } = am.io.readConllu(conllu);
  return new am.SequenceTagger(options).fit(sentences, tags);
}

// The tagger's token accuracy on CoNLL-U text's gold words.
export function goldAccuracy(am, tagger, conllu) {
  const { sentences, tags } = am.io.readConllu(conllu);
  return am.metrics.sequences(tags, tagger.tag(sentences)).tokenAccuracy;
}

// A language's models from its train split: { tagger, tokenizer }, settings(am) giving their { tagger, tokenizer }
// options.
export function makeUpos(am, train, settings) {
  const { tagger, tokenizer } = settings(am);
  return { tagger: trainTagger(am, train, tagger), tokenizer: new am.Tokenizer({ ...SHIPPED_STOPPING, ...tokenizer }).fit(train) };
}

// The shipped tokenizers were trained before L-BFGS stopped by the delta rule: with the earlier stopping (100
// iterations at most, the gradient-norm rule alone) their scripts remake them byte for byte. Retraining them at
// today's defaults (which end converged, in more iterations) is a change of the shipped models, to be measured.
export const SHIPPED_STOPPING = { maxIter: 100, delta: 0 };

// Writes tagger.bin and tokenizer.bin into the directory URL `into`; logs their sizes.
export function writeModels(into, { tagger, tokenizer }) {
  let gzip = 0;
  for (const [name, model] of [['tagger.bin', tagger], ['tokenizer.bin', tokenizer]]) {
    const bytes = model.save(), file = new URL(name, into);
    writeFileSync(file, bytes);
    gzip += gzipSync(bytes).length;
    console.log(`${file.pathname}: ${bytes.length} bytes`);
  }
  console.log(`tagger + tokenizer: ${(gzip / 1024).toFixed(0)} KB gzip`);
}

// A package's make.mjs run as a script: make(am, dir) → { tagger, tokenizer }, written into the directory URL `into`
// (the models learn from dev too, so no accuracy is logged: bench/languages.mjs scores them on test).
export async function runMaker(make, dir, into) {
  const am = await init();
  writeModels(into, make(am, dir));
}
