// `argmax train tokenizer`: a UD treebank (CoNLL-U with `# text` lines and SpaceAfter=No) in, a tokenizer and
// sentence splitter out (am.Tokenizer); `argmax predict` with one tokenizes text, one sentence a line.
//   argmax train tokenizer --train de_gsd-ud-train.conllu --model de-tokenizer.bin
//   argmax train tokenizer --set trainer=perceptron --set epochs=20 --train t.conllu --model t.bin
//   argmax train tokenizer --threads 2 --train t.conllu --model t.bin   (lbfgs on 2 threads, the same model;
//                         default auto: the cores on 2,000 sentences or more, see bindings/js/parallel/gradients.js)
//   argmax tag --pretrained english-upos --tokenizer de-tokenizer.bin … (a tagger reading its tokens)
import { parseOptionStrings } from '../api/options.js';
import { sharedFirst } from './help.js';

// The file's chunks as one string (the reader reuses its buffer, so each chunk is copied).
function readAll(chunks) {
  const parts = [];
  for (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts).toString('utf8');
}

export default {
  name: 'tokenizer',
  kinds: ['tokenizer'],
  threads: true,
  help(am) {
    return 'Files: .conllu with `# text` lines (paragraphs at `# newpar`); the features are cluster n-grams\n' +
      `(templates='<feature templates>' replaces them; default: ${am.Tokenizer.templates}).\n\n` +
      sharedFirst(am.Tokenizer.options().find((s) => s.name === 'trainer').choices
        .map((t) => ({ name: t, text: am.module.tokenizerHelp(t) })), '--set trainer=');
  },
  async train(am, { train, valid, set, log, threads }) {
    if (valid) throw new Error("a tokenizer takes no --valid: score it on raw text with `argmax tag --format conllu` and UD's eval.py");
    const options = parseOptionStrings(am.Tokenizer.options(set.trainer), set, 'tokenizer');
    const model = await new am.Tokenizer(options).fit(readAll(train), {
      workers: threads,
      onProgress: log && ((p) => log(`epoch ${p.epoch}  objective ${p.objective.toFixed(6)}  training error ${p.trainingError.toFixed(4)}`)),
    });
    return { model, n: model.paragraphs, metrics: { skipped_paragraphs: model.skipped } };
  },
  // One sentence a line, tokens separated by spaces.
  predict(am, model, chunks) {
    return model.tokenize(readAll(chunks)).map((s) => s.map((t) => t.text).join(' '));
  },
  evaluate() {
    throw new Error('a tokenizer is scored on raw text: run `argmax tag --format conllu` and UD\'s eval.py');
  },
};
