// Re-creates tagger.bin and tokenizer.bin, the Vietnamese UPOS tagger and tokenizer, from UD_Vietnamese-VTB's train and dev
// splits (release 2.17: the folder ud-vietnamese-vtb of the shared data):
//   node packages/argmax-upos-vi/make.mjs [DIR]   (default: ud-vietnamese-vtb in ARGMAX_DATA, else in ../shared/data
//                                                  beside the repository)
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DATA, readSplit, makeUpos, runMaker } from '../../bindings/js/pretrained/make-upos.mjs';

export const TREEBANK_NAME = 'UD_Vietnamese-VTB';
export const TREEBANK = join(DATA, 'ud-vietnamese-vtb');
// Chosen on the dev split (docs/languages.md).
export const settings = (am) => ({
  tagger: { trainer: 'perceptron', epochs: 10, hashBits: 20, weightBits: 8 },  // the `pos` templates
  // a tokenizer's defaults with the syllables (the runs between spaces) on either side of each cluster, which
  // decide whether a space is inside a word ("chủ tịch") or between two; c1 = 0.1 keeps more of their pairs
  tokenizer: {
    c1: 0.1,
    templates: `${am.Tokenizer.templates} prevchunk[0]|nextchunk[0] prevchunk[0] nextchunk[0] ` +
      'chunk[0]|nextchunk[0] prevchunk[0]|chunk[0]',
  },
});

// VTB's text is written tokenized, with a space before every punctuation mark ("nhắc lại : \" Coi bộ"), where text
// as people write it attaches . , ; : ! ? ) ] … to the word before and ( [ to the word after. Every other sentence
// of the training text is rewritten that way (its `# text` dropped: the reader rebuilds it from the forms and
// SpaceAfter), so that the tokenizer learns to split both.
export function attachPunctuation(conllu) {
  const sentences = conllu.split(/\n\n+/).filter((block) => block.trim());
  return sentences.map((block, i) => {
    if (i % 2) return block;
    const rows = block.split('\n').filter((line) => !line.startsWith('# text')).map((line) => line.split('\t'));
    const words = rows.filter((row) => row.length === 10);
    words.forEach((row, j) => {
      if (j > 0 && /^[.,;:!?)\]…]+$/.test(row[1])) words[j - 1][9] = 'SpaceAfter=No';
      if (j + 1 < words.length && /^[([]$/.test(row[1])) row[9] = 'SpaceAfter=No';
    });
    return rows.map((row) => row.join('\t')).join('\n');
  }).join('\n\n') + '\n\n';
}

// What the models learn from: the train split, then dev (the settings were chosen with dev held out).
export const trainingText = (dir = TREEBANK) => attachPunctuation(readSplit(dir, 'train') + readSplit(dir, 'dev'));

export const make = (am, dir = TREEBANK) => makeUpos(am, trainingText(dir), settings);

if (process.argv[1] === fileURLToPath(import.meta.url)) await runMaker(make, process.argv[2] ?? TREEBANK, new URL('./', import.meta.url));
