// `argmax train multilabel`: LIBSVM multi-label files (`l1,l2 idx:val …`) in, binary relevance or
// AdaBoost.MH models out; eval prints hamming_loss, micro_f1, macro_f1 and subset_accuracy.
import { parseOptionStrings } from '../api/options.js';
import { splitLearnerOptions, optionLines } from './reductions.js';

const METHODS = ['br', 'adaboost-mh'];

function readData(am, text) {
  const d = am.io.readMultilabel(text);
  if (d.rows === 0) throw new Error('the data file has no examples');
  return { X: d.X, sets: d.labelSets, labels: d.labels, n: d.rows };
}

const labelCount = (model) => (model.multilabel === undefined ? model.labelCount : model.labels.length);
const predictSets = (model, X) => (model.multilabel === undefined ? model.predict(X) : model.predictSets(X));

function measures(am, model, data) {
  const predicted = predictSets(model, data.X);
  const top = Math.max(-1, ...data.sets.flat());
  const r = am.metrics.multilabel(data.sets, predicted, { labels: Math.max(labelCount(model), top + 1) });
  return { hamming_loss: r.hammingLoss, micro_f1: r.microF1, macro_f1: r.macroF1, subset_accuracy: r.subsetAccuracy };
}

export default {
  name: 'multilabel',
  kinds: ['multilabel'],
  methods: METHODS,
  evaluates: true,  // --train-accuracy
  help(am) {
    return `--method br (binary relevance, the default: one binary learner per label; learner options as for multiclass ova)\n${optionLines(am.BinaryRelevance.options())}\n` +
      `--method adaboost-mh\n${optionLines(am.AdaBoostMH.options())}`;
  },
  train(am, { train, valid, trainAccuracy, method, set, log, progress }) {
    const data = readData(am, train);
    let model;
    if (method === 'br') {
      const [options, learnerOptions] = splitLearnerOptions(am, am.BinaryRelevance.options(), set, 'br', data.X.cols);
      model = new am.BinaryRelevance({ ...options, learnerOptions });
    } else {
      model = new am.AdaBoostMH(parseOptionStrings(am.AdaBoostMH.options(), set, 'adaboost-mh'));
    }
    // (binary relevance reports labels done, not a pass of the whole model: it has no last-pass error)
    const onProgress = method === 'br' ? log && ((p) => log(`label ${p.epoch} of ${data.labels}`))
      : progress((p) => `round ${p.epoch}  prod Z ${p.objective.toFixed(6)}  training Hamming loss ${p.trainingError.toFixed(4)}`);
    model.fit(data.X, data.sets, { onProgress, labels: Math.max(data.labels, 1) });
    if (!valid && !trainAccuracy) return { model, n: data.n };
    const check = valid ? readData(am, valid) : data;
    return { model, n: data.n, metrics: { ...measures(am, model, check), evaluated_on: valid ? 'valid' : 'train' } };
  },
  predict(am, model, text) {
    return predictSets(model, readData(am, text).X).map((s) => s.join(','));
  },
  evaluate(am, model, text) {
    const data = readData(am, text);
    return { n: data.n, metrics: measures(am, model, data) };
  },
};
