// `argmax train multiclass`: LIBSVM files in, linear multiclass models out.
//   argmax train multiclass --set trainer=sgd --threads 2 --train letter.scale --model letter.model (2 threads;
//                           default auto: the cores for sgd, pegasos and perceptron on big enough data, see
//                           bindings/js/parallel/mixing.js)
//   argmax train multiclass --method ecoc --set trainer=newton --train letter.scale --model letter.model
import { parseOptionStrings } from '../api/options.js';
import { REDUCTION_METHODS, reductionModel, reductionHelp } from './reductions.js';
import { sharedFirst } from './help.js';

// The linear model (the kernel SVM with --set kernel=…), or a reduction, a tree or AdaBoost.MH.
const METHODS = ['linear', ...REDUCTION_METHODS];

function readData(am, text, minCols = 0) {
  const d = am.io.readLibsvm(text, { minCols });
  if (d.rows === 0) throw new Error('the data file has no examples');
  return { X: { offsets: d.offsets, indices: d.indices, values: d.values, cols: d.cols }, y: d.labels, n: d.rows };
}

function measures(am, truth, predicted) {
  const r = am.metrics.classification(truth, predicted);
  return { report: r, metrics: { accuracy: r.accuracy, macro_f1: r.macro.f1, micro_f1: r.micro.f1 } };
}

function table(r) {
  const lines = ['label      precision  recall     f1         support'];
  for (const c of r.perClass) {
    lines.push(`${String(c.label).padEnd(10)} ${c.precision.toFixed(4).padEnd(10)} ${c.recall.toFixed(4).padEnd(10)} ${c.f1.toFixed(4).padEnd(10)} ${c.support}`);
  }
  return lines.join('\n');
}

export default {
  name: 'multiclass',
  kinds: ['linear-multiclass', 'kernel-multiclass', 'reduction', 'tree', 'adaboost-mh'],
  methods: METHODS,
  singleClass: true,  // --allow-single-class trains on a file of one class
  threads: true,
  evaluates: true,  // --train-accuracy
  help(am) {
    const trainers = am.Multiclass.options().find((s) => s.name === 'trainer').choices;
    return `--method linear (the default), with --set trainer=…:\n`
      + sharedFirst(trainers.map((t) => ({ name: t, text: am.module.multiclassHelp(t) })), '--set trainer=')
      + `\n\n--set kernel=linear|poly|rbf (the kernel SVM) takes:\n${am.module.kernelMulticlassHelp()}\n${reductionHelp(am)}`;
  },
  async train(am, { train, valid, trainAccuracy, method, set, log, progress, allowSingleClass, threads }) {
    const reduction = REDUCTION_METHODS.includes(method);
    if (reduction && threads !== 'auto') throw new Error(`--threads trains sgd, pegasos and perceptron on several threads, not ${method}`);
    const data = readData(am, train);
    const model = reduction ? reductionModel(am, method, set, data.X.cols)
      : set.kernel !== undefined ? new am.Multiclass(parseOptionStrings(am.Multiclass.kernelOptions(), set, 'the kernel SVM'))
        : new am.Multiclass(parseOptionStrings(am.Multiclass.options(set.trainer), set, 'Multiclass'));
    const line = (p) => `epoch ${p.epoch}  objective ${p.objective.toFixed(6)}  training error ${p.trainingError.toFixed(4)}`;
    // (a reduction reports binary problems done, not passes over the data: it has no last-pass error)
    const onProgress = reduction ? log && ((p) => log(line(p))) : progress(line);
    // a tree reports no progress; ova, allpairs and ecoc train no model of a single class
    const singleClass = !reduction || method === 'tree' || method === 'adaboost-mh';
    if (!singleClass && allowSingleClass) throw new Error(`--allow-single-class trains a linear or kernel Multiclass, a tree or adaboost-mh, not ${method}`);
    await model.fit(data.X, data.y, {
      ...(singleClass && { allowSingleClass }), ...(method !== 'tree' && { onProgress }), ...(!reduction && { workers: threads }) });
    if (!valid && !trainAccuracy) return { model, n: data.n };
    const check = valid ? readData(am, valid) : data;
    const { metrics } = measures(am, check.y, model.predict(check.X));
    return { model, n: data.n, metrics: { ...metrics, evaluated_on: valid ? 'valid' : 'train' } };
  },
  predict(am, model, text) {
    const data = readData(am, text);
    return Array.from(model.predict(data.X), String);
  },
  evaluate(am, model, text) {
    const data = readData(am, text);
    const { report, metrics } = measures(am, data.y, model.predict(data.X));
    return { n: data.n, metrics, table: table(report) };
  },
};
