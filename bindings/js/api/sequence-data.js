// Sequence data in and out of the taggers: the CoNLL-U, column and SVM^hmm readers (am.io) and the sequence
// metrics (am.metrics.sequences), installed with the taggers (sequence.js).
import { withHeap, readText } from './wasm.js';
import { optionsObject, booleanArg, stringArg, tokenSequences, sameLengths, SEP } from './inputs.js';

// flat values → one array per sequence of the given lengths, each value mapped.
export function unpack(flat, lengths, map = (x) => x) {
  const out = [];
  let p = 0;
  for (const n of lengths) {
    const seq = new Array(n);
    for (let t = 0; t < n; ++t) seq[t] = map(flat[p++]);
    out.push(seq);
  }
  return out;
}

const splitJoined = (text, total) => (total === 0 ? [] : text.split(SEP));

export function installSequenceData(M, api) {
  // {words, wordIds, tags, tagIds, lengths} (bindings/sequence.cpp tagged_to_js) → {sentences, tags}.
  function tagged(r) {
    const words = splitJoined(r.words, r.wordIds.length), tags = splitJoined(r.tags, r.tagIds.length);
    return { sentences: unpack(r.wordIds, r.lengths, (i) => words[i]), tags: unpack(r.tagIds, r.lengths, (i) => tags[i]) };
  }

  Object.assign(api.io, {
    // CoNLL-U text → {sentences, tags}; column: 'upos' (default) or 'xpos'.
    readConllu(text, options) {
      const { column = 'upos' } = optionsObject(options, 'readConllu options', 'column');
      return readText(M, M.ConlluReader, [stringArg(column, 'column', ['upos', 'xpos'])], text, 'readConllu', tagged);
    },
    // Column files (token … tag, blank line between sentences) → {sentences, tags}.
    readColumns(text) {
      return readText(M, M.ColumnsReader, [], text, 'readColumns', tagged);
    },
    // SVM^hmm text → {offsets, indices, values, cols, starts, tags} (pass it whole to a DenseSequenceTagger).
    readSvmhmm(text) {
      return readText(M, M.SvmhmmReader, [], text, 'readSvmhmm', (r) => {
        const total = r.lengths.reduce((a, b) => a + b, 0);
        return { offsets: r.offsets, indices: r.indices, values: r.values, cols: r.cols, starts: r.starts, tags: unpack(splitJoined(r.tags, total), r.lengths) };
      });
    },
  });

  Object.assign(api.metrics, {
    // {tokenAccuracy, sequenceAccuracy, tags, perTag: [{name, precision, recall, f1, support}], confusion, chunks?}
    // chunks: true adds chunk-level P/R/F1 for BIO/BIOES tags (conlleval's rules).
    sequences(gold, predicted, options) {
      const chunks = booleanArg(optionsObject(options, 'sequences options', 'chunks').chunks, 'chunks');
      const g = tokenSequences(gold, 'gold', 'tag'), p = tokenSequences(predicted, 'predicted', 'tag');
      sameLengths(g.lengths, p.lengths, (a, b) => `got ${a} gold sequences but ${b} predicted ones`,
        (i, a, b) => `sequence ${i}: ${a} gold tags but ${b} predicted tags`);
      return withHeap(M, (heap) => M.sequenceReport(g.text, p.text, heap.i32(g.lengths), g.lengths.length, chunks));
    },
  });
}
