// `argmax train sequence`: CoNLL-U, column or SVM^hmm files in, chain taggers out.
//   argmax train sequence --train en_ewt-ud-train.conllu --model pos.model           (the recommended default)
//   argmax train sequence --set trainer=lbfgs --set loss=log --train train.conllu --model crf.model  (a CRF)
//   argmax train sequence --train ocr-large-train.svmhmm --model ocr.model             (numeric features)
//   argmax train sequence --init pos.model --train more.conllu --model pos2.model      (warm start)
//   argmax train sequence --threads 4 --train en_ewt-ud-train.conllu --model pos.model (4 threads; default auto:
//                         the cores for online trainers and lbfgs on big enough data, see bindings/js/parallel/mixing.js
//                         and gradients.js)
// --set column=xpos tags CoNLL-U files with XPOS instead of UPOS; --set templates='lower[0] suffix3[0]'
// replaces the feature templates; --set lexicon=english|none|FILE picks the word lexicon (english,
// shipped with the package, by default for the default features of token taggers); --set global='has before'
// adds global features of the whole labelling, --set globalWords=FILE the word list of their lexicon template.
import { readFileSync } from 'node:fs';
import { parseOptionStrings } from '../api/options.js';
import { sharedFirst } from './help.js';

// The format from the first data line: "TAG qid:N …" is SVM^hmm, 10 tab-separated fields CoNLL-U,
// anything else a column file.
function formatOf(text) {
  const head = typeof text === 'string' ? text : new TextDecoder().decode(firstBytes(text, 1 << 16));
  for (const line of head.split('\n', 200)) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (/^\S+\s+qid:\S+/.test(line)) return 'svmhmm';
    if (line.split('\t').length === 10 && /^\d/.test(line)) return 'conllu';
    return 'columns';
  }
  return 'columns';
}

// The first bytes of a file given as bytes or as chunks.
function firstBytes(data, count) {
  if (data instanceof Uint8Array) return data.subarray(0, count);
  for (const chunk of data) return chunk.subarray(0, count);
  return new Uint8Array(0);
}

function readData(am, text, column) {
  const format = formatOf(text);
  if (format === 'svmhmm') {
    const d = am.io.readSvmhmm(text);
    if (d.tags.length === 0) throw new Error('the data file has no sequences');
    return { format, x: d, tags: d.tags, n: d.tags.length };
  }
  const d = format === 'conllu' ? am.io.readConllu(text, { column }) : am.io.readColumns(text);
  if (d.sentences.length === 0) throw new Error('the data file has no sentences');
  return { format, x: d.sentences, tags: d.tags, n: d.sentences.length };
}

function measures(am, gold, predicted) {
  const chunks = gold.some((s) => s.some((t) => /^[BIES]-/.test(t)));
  const r = am.metrics.sequences(gold, predicted, { chunks });
  const metrics = { token_accuracy: r.tokenAccuracy, sequence_accuracy: r.sequenceAccuracy };
  if (chunks) Object.assign(metrics, { chunk_precision: r.chunks.precision, chunk_recall: r.chunks.recall, chunk_f1: r.chunks.f1 });
  return { report: r, metrics };
}

function table(r) {
  const lines = ['tag        precision  recall     f1         support'];
  for (const c of r.perTag) {
    lines.push(`${String(c.name).padEnd(10)} ${c.precision.toFixed(4).padEnd(10)} ${c.recall.toFixed(4).padEnd(10)} ${c.f1.toFixed(4).padEnd(10)} ${c.support}`);
  }
  return lines.join('\n');
}

const column = (set) => set.column ?? 'upos';

export default {
  name: 'sequence',
  kinds: ['sequence'],
  help(am) {
    return `Files: .conllu (FORM → UPOS; --set column=xpos for XPOS), column files (token … tag), .svmhmm (numeric).\n` +
      `Extra settings: column=upos|xpos, lexicon=english|none|FILE (word<TAB>classes lines; default english with\n` +
      `  the default features), globalWords=FILE (the words of the global template lexicon, one file).\n\n`
      + sharedFirst(am.SequenceTagger.options().find((s) => s.name === 'trainer').choices
        .map((t) => ({ name: t, text: am.module.sequenceHelp(t) })), '--set trainer=');
  },
  warmStart: true,
  singleClass: true,  // --allow-single-class trains on a file of one tag
  threads: true,
  evaluates: true,  // --train-accuracy
  async train(am, { train, valid, trainAccuracy, set, init, threads, progress, allowSingleClass }) {
    const { column: _column, lexicon, globalWords, ...rest } = set;
    const data = readData(am, train, column(set));
    const options = parseOptionStrings(am.SequenceTagger.options(rest.trainer), rest, 'sequence tagger');
    if (globalWords !== undefined) options.globalWords = readFileSync(globalWords, 'utf8');  // (a file here)
    const Tagger = data.format === 'svmhmm' ? am.DenseSequenceTagger : am.SequenceTagger;
    if (data.format === 'svmhmm') delete options.features;
    const readsLexicon = data.format !== 'svmhmm' && !init && options.templates === undefined && (options.features ?? 'pos') === 'pos';
    const choice = lexicon ?? (readsLexicon ? 'english' : 'none');
    if (choice === 'english') options.lexicon = await am.lexicons.english();
    else if (choice !== 'none') options.lexicon = readFileSync(choice, 'utf8');
    const model = new Tagger(options);
    await model.fit(data.x, data.tags, {
      warmStart: init ?? false,
      workers: threads,
      allowSingleClass,
      onProgress: progress((p) => `epoch ${p.epoch}  objective ${p.objective.toFixed(6)}  training error ${p.trainingError.toFixed(4)}`),
    });
    if (!valid && !trainAccuracy) return { model, n: data.n };
    const check = valid ? readData(am, valid, column(set)) : data;
    const { metrics } = measures(am, check.tags, model.tag(check.x));
    return { model, n: data.n, metrics: { ...metrics, evaluated_on: valid ? 'valid' : 'train' } };
  },
  // One tag per line, a blank line after each sequence.
  predict(am, model, text) {
    const data = readData(am, text, 'upos');  // (CoNLL-U tags are not needed here, only the words)
    return model.tag(data.x).map((s) => s.join('\n') + '\n');
  },
  // CoNLL-U files are read with UPOS, or with XPOS when most UPOS tags are unknown to the model.
  evaluate(am, model, text) {
    let data = readData(am, text, 'upos');
    if (data.format === 'conllu') {
      const known = new Set(model.labels), all = data.tags.flat();
      if (all.filter((t) => !known.has(t)).length * 2 > all.length) data = readData(am, text, 'xpos');
    }
    const { report, metrics } = measures(am, data.tags, model.tag(data.x));
    return { n: data.n, metrics, table: table(report) };
  },
};
