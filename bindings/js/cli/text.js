// `argmax train text`: labelled texts in, a text classifier out.
//   argmax train text --train questions.tsv --model q.model [--set charNgrams=2,3,4] [--valid test.tsv]
// A file is a TSV of `label<TAB>text` lines, or JSON lines `{ "text": …, "label": … }` or `{ "text": …,
// "labels": [ … ] }` (label sets: a multi-label model); the first line that is not empty tells which. predict
// and eval read the same formats (predict ignores the labels, and takes a line without a tab as a text).
import { parseOptionStrings } from '../api/options.js';

// (no Buffer: the demo page reads dropped files with readTexts too)
function fileText(chunks) {
  const parts = [...chunks].map((c) => (typeof c === 'string' ? new TextEncoder().encode(c) : c));
  const bytes = new Uint8Array(parts.reduce((n, c) => n + c.length, 0));
  parts.reduce((at, c) => (bytes.set(c, at), at + c.length), 0);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('the data file is not UTF-8 text');
  }
}

// { texts, labels: string[] | string[][] | null (no labels) }; `labelled`: every line must have its label.
export function readTexts(chunks, { labelled = true } = {}) {
  const lines = fileText(chunks).split(/\r?\n/);
  const first = lines.find((l) => l.trim() !== '');
  if (first === undefined) throw new Error('the data file has no texts');
  const json = first.trimStart().startsWith('{');
  const texts = [], labels = [];
  let sets = false;
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const at = `line ${i + 1}`;
    if (json) {
      let record;
      try { record = JSON.parse(line); } catch (e) { throw new Error(`${at} is not JSON: ${e.message}`); }
      if (typeof record?.text !== 'string') throw new Error(`${at}: "text" must be a string`);
      const label = record.labels ?? record.label;
      if (labelled) {
        if (label === undefined) throw new Error(`${at} has no "label" (or "labels")`);
        if (record.labels !== undefined && !Array.isArray(record.labels)) throw new Error(`${at}: "labels" must be an array of strings`);
        if (record.labels !== undefined && record.label !== undefined) throw new Error(`${at} has both "label" and "labels"`);
      }
      sets ||= Array.isArray(label);
      texts.push(record.text);
      labels.push(label);
    } else {
      const tab = line.indexOf('\t');
      if (tab < 0 && labelled) throw new Error(`${at} has no tab: expected label<TAB>text`);
      texts.push(tab < 0 ? line : line.slice(tab + 1));
      labels.push(tab < 0 ? undefined : line.slice(0, tab));
    }
  });
  if (!labelled) return { texts, labels: null };
  // a file of label sets may give a line one "label": a set of one
  return { texts, labels: sets ? labels.map((l) => (Array.isArray(l) ? l : [l])) : labels };
}

// Accuracy (one label per text), or micro- and macro-averaged F1 over the labels (label sets).
export function textMeasures(truth, predicted) {
  if (!Array.isArray(truth[0])) {
    let right = 0;
    truth.forEach((t, i) => { right += t === predicted[i]; });
    return { accuracy: right / truth.length };
  }
  const counts = new Map();  // label → [true positives, false positives, false negatives]
  const of = (l) => counts.get(l) ?? counts.set(l, [0, 0, 0]).get(l);
  truth.forEach((t, i) => {
    const want = new Set(t), got = new Set(predicted[i]);
    for (const l of got) ++of(l)[want.has(l) ? 0 : 1];
    for (const l of want) if (!got.has(l)) ++of(l)[2];
  });
  const f1 = ([tp, fp, fn]) => (tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn));
  const sum = [0, 0, 0];
  for (const c of counts.values()) c.forEach((v, j) => { sum[j] += v; });
  const labels = new Set(truth.flat());
  const macro = [...labels].reduce((s, l) => s + f1(of(l)), 0) / Math.max(labels.size, 1);
  return { micro_f1: f1(sum), macro_f1: macro };
}

export default {
  name: 'text',
  kinds: ['text-classifier'],
  evaluates: true,  // --train-accuracy
  singleClass: true,  // --allow-single-class trains on a file of one label
  help(am) {
    return `TSV lines label<TAB>text, or JSON lines {"text", "label" | "labels"}; --set takes the options below.\n`
      + `one label per text:\n${am.module.textClassifierHelp(false, '')}\n`
      + `label sets (JSON "labels"):\n${am.module.textClassifierHelp(true, '')}`;
  },
  async train(am, { train, valid, trainAccuracy, set, progress, allowSingleClass }) {
    const data = readTexts(train);
    const multilabel = Array.isArray(data.labels[0]);
    const schema = am.TextClassifier.options({ multilabel, ...set });
    const model = new am.TextClassifier({ ...parseOptionStrings(schema, set, 'TextClassifier'), ...(multilabel && set.learner === undefined ? { learner: 'linear' } : {}) });
    model.fit(data.texts, data.labels, { allowSingleClass, onProgress: progress((p) => `epoch ${p.epoch}  objective ${p.objective.toFixed(6)}  training error ${p.trainingError.toFixed(4)}`) });
    if (!valid && !trainAccuracy) return { model, n: data.texts.length };
    const check = valid ? readTexts(valid) : data;
    const metrics = textMeasures(check.labels, model.predict(check.texts));
    return { model, n: data.texts.length, metrics: { ...metrics, evaluated_on: valid ? 'valid' : 'train' } };
  },
  predict(am, model, chunks) {
    const predicted = model.predict(readTexts(chunks, { labelled: false }).texts);
    return predicted.map((p) => (Array.isArray(p) ? p.join(',') : p));
  },
  evaluate(am, model, chunks) {
    const data = readTexts(chunks);
    if (model.multilabel !== Array.isArray(data.labels[0])) {
      throw new Error(`the model predicts ${model.multilabel ? 'label sets' : 'one label per text'}; the file gives ${model.multilabel ? 'one label per text' : 'label sets'}`);
    }
    const metrics = textMeasures(data.labels, model.predict(data.texts));
    return { n: data.texts.length, metrics, table: '' };
  },
};
