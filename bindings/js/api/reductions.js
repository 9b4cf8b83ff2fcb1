// Multiclass by reductions (one-vs-all, all-pairs, ECOC) over any binary learner, CART trees,
// AdaBoost.MH, binary learners on their own, and multi-label learning (binary relevance, AdaBoost.MH).
import { Owned, withHeap, perRow, progressBridge, readText } from './wasm.js';
import { constructorOptions, optionsObject, booleanArg, integerArg, stringArg, matrix, labelArray, labelSets, labelsOrSets, signArray, codeMatrix, minColsArg } from './inputs.js';
import { encodeOptions, refuseRenamedValue } from './options.js';
import { trainingProgress } from './training.js';
import { trainsOnOneThread } from '../parallel/mixing.js';

export const REDUCTION_ALGORITHMS = ['ova', 'allpairs', 'ecoc', 'tree', 'adaboost-mh'];
export const MULTILABEL_ALGORITHMS = ['br', 'adaboost-mh'];

export function install(M, api) {
  const learners = M.binaryLearners().split(',');
  const schemas = new Map();
  const schemaOf = (what) => {
    if (!schemas.has(what)) schemas.set(what, JSON.parse(M.reductionSchema(what)));
    return schemas.get(what);
  };
  // A binary learner's table for a trainer and a loss (undefined: the defaults); the core names the valid pairs
  // when they do not fit, and a learner name of 0.1 (svm-dcd, logistic, …) is an error that names its replacement.
  const learnerSchema = (learner, trainer, loss) => {
    if (!learners.includes(learner)) {
      refuseRenamedValue('learner', learner);
      throw new TypeError(`unknown binary learner ${JSON.stringify(learner)} (known: ${learners.join(', ')})`);
    }
    for (const [name, value] of [['trainer', trainer], ['loss', loss]]) {
      if (value !== undefined && typeof value !== 'string') throw new TypeError(`option '${name}' must be a string, got ${typeof value}`);
    }
    const key = `${learner}/${trainer ?? ''}/${loss ?? ''}`;
    if (!schemas.has(key)) schemas.set(key, JSON.parse(M.binaryLearnerSchema(learner, trainer ?? '', loss ?? '')));
    return schemas.get(key);
  };
  const learnerText = (learner, options) => {
    const given = optionsObject(options, `binary learner '${learner}' options`);
    return encodeOptions(learnerSchema(learner, given.trainer, given.loss), given, `binary learner '${learner}'`);
  };
  // The trainer and loss a model's binary learner was trained with ('' in the core: none, or not recorded).
  const trainedBy = (handle) => ({ trainer: handle.trainer() || undefined, loss: handle.loss() || undefined });

  // Label sets checked by inputs.js labelSets, in the heap: [offsets, labels, k].
  const setsArgs = (heap, sets) => [heap.i32(sets.offsets), heap.i32(sets.labels), sets.k];
  const setsFromCsr = ({ offsets, labels }) =>
    Array.from({ length: offsets.length - 1 }, (_, i) => Array.from(labels.subarray(offsets[i], offsets[i + 1])));
  // A user code: its entries, and its rows (classes) and columns, which the core checks against the labels.
  const codeArg = (heap, code) => (code === undefined ? [0, 0, 0] : [heap.u8(new Uint8Array(code.flat.buffer)), code.flat.length / code.columns, code.columns]);

  // One-vs-all, all-pairs or ECOC. options: { reduction: 'ova'|'allpairs'|'ecoc', learner, learnerOptions (its
  // trainer, loss and their options),
  // code: 'ova'|'ovo'|'dense'|'sparse'|'exhaustive'|'user', codeSize, decoding, seed, userCode: number[][] }
  class Reduction extends Owned {
    #training;
    #text;
    #learnerText;
    #userCode;
    constructor(options = {}) {
      super(null);
      const { learnerOptions, userCode, ...rest } = constructorOptions(options, 'Reduction');
      const learner = rest.learner ?? 'linear';
      if (userCode !== undefined && rest.code === undefined) rest.code = 'user';
      if (userCode !== undefined && rest.reduction === undefined) rest.reduction = 'ecoc';
      this.#text = encodeOptions(schemaOf('reduction'), rest, 'reduction');
      this.#learnerText = learnerText(learner, learnerOptions);
      this.#userCode = userCode === undefined ? undefined : codeMatrix(userCode);
    }
    static options() { return schemaOf('reduction').map((s) => ({ ...s })); }
    // A binary learner's options with a trainer (and a loss it minimises); the defaults when left out.
    static learnerOptions(learner = 'linear', trainer, loss) { return learnerSchema(learner, trainer, loss).map((s) => ({ ...s })); }

    fit(X, y, fitOptions) {
      const { onProgress, workers } = optionsObject(fitOptions, 'fit options', 'onProgress workers');
      trainsOnOneThread(workers, 'a reduction');
      const m = matrix(X, 'X', { fit: true }), labels = labelArray(y, m.rows);
      const report = trainingProgress(onProgress);
      const progress = progressBridge(report.onProgress);
      const handle = withHeap(M, (heap) => M.ReductionModel.train(heap.matrix(m), heap.i32(labels), this.#text,
        this.#learnerText, ...codeArg(heap, this.#userCode), progress.callback));
      this.replaceHandle(handle);
      progress.rethrow();
      this.#training = report.finish(handle);
      return this;
    }
    // How the last fit ended: { converged, iterations, gap, tolerance, measure, warning? } (undefined for a loaded model).
    get training() { return this.#training; }
    // Predicted labels; ties in the decoded scores go to the lowest class.
    predict(X) {
      const handle = this.handle;
      return perRow(M, matrix(X), 1, 'i32', (args, out) => handle.predict(args, out));
    }
    // The binary confidences f_j(x): rows × columns, row-major.
    confidences(X) {
      const handle = this.handle;
      return perRow(M, matrix(X), handle.columns(), 'f32', (args, out) => handle.confidences(args, out));
    }
    get labels() { return this.handle.labels(); }
    get reduction() { return this.handle.reduction(); }
    get learner() { return this.handle.learner(); }
    get trainer() { return trainedBy(this.handle).trainer; }
    get loss() { return trainedBy(this.handle).loss; }
    // The code M as number[][] (row = class in `labels` order, column = binary problem).
    get code() {
      const flat = this.handle.code(), c = this.handle.columns();
      return Array.from({ length: flat.length / c }, (_, l) => Array.from(flat.subarray(l * c, (l + 1) * c)));
    }
    get minimumDistance() { return this.handle.minimumDistance(); }
    get correctableErrors() { return this.handle.correctableErrors(); }
    get decoding() { return this.handle.decoding(); }
    set decoding(rule) { this.handle.setDecoding(stringArg(rule, 'decoding')); }
  }

  // CART. options: { criterion, maxDepth, minLeaf, prune, cvFolds, seed, categorical: number[] (columns
  // from 0) }. NaN features are missing values: they follow the child that got more training weight.
  class DecisionTree extends Owned {
    #text;
    #pruning = null;
    constructor(options = {}) {
      super(null);
      this.#text = encodeOptions(schemaOf('tree'), constructorOptions(options, 'DecisionTree'), 'tree');
    }
    static options() { return schemaOf('tree').map((s) => ({ ...s })); }
    fit(X, y, fitOptions) {
      const { allowSingleClass, workers } = optionsObject(fitOptions, 'fit options', 'allowSingleClass workers');
      trainsOnOneThread(workers, 'a decision tree');
      const single = booleanArg(allowSingleClass, 'allowSingleClass');
      const m = matrix(X, 'X', { fit: true }), labels = labelArray(y, m.rows), report = {};
      const handle = withHeap(M, (heap) => M.DecisionTree.train(heap.matrix(m), heap.i32(labels), this.#text,
        single, report));
      this.replaceHandle(handle);
      this.#pruning = report.lambdas && report.lambdas.length ? report : null;
      return this;
    }
    predict(X) {
      const handle = this.handle;
      return perRow(M, matrix(X), 1, 'i32', (args, out) => handle.predict(args, out));
    }
    // Class fractions at the leaf each row reaches: rows × classes, columns in `labels` order.
    probabilities(X) {
      const handle = this.handle;
      return perRow(M, matrix(X), handle.labels().length, 'f32', (args, out) => handle.probabilities(args, out));
    }
    get labels() { return this.handle.labels(); }
    get leaves() { return this.handle.leaves(); }
    get nodes() { return this.handle.nodes(); }
    // With prune: true, the cross-validation trace {lambdas, leaves, cvError, chosen}.
    get pruning() { return this.#pruning; }
  }

  // AdaBoost.MH with label stumps. fit(X, y) with integer labels (mono-label) or label sets (multi-label).
  class AdaBoostMH extends Owned {
    #text;
    #multilabel = false;
    constructor(options = {}) {
      super(null);
      this.#text = encodeOptions(schemaOf('adaboost-mh'), constructorOptions(options, 'AdaBoostMH'), 'adaboost-mh');
    }
    static options() { return schemaOf('adaboost-mh').map((s) => ({ ...s })); }
    // y: integer labels (mono-label) or label sets (multi-label: an array of arrays), told apart by y[0].
    // allowSingleClass: labels that are all one label train a model that always predicts it (label sets that all
    // hold one label always train, as BinaryRelevance's do).
    fit(X, y, fitOptions) {
      const { onProgress, labels: k, workers, allowSingleClass } = optionsObject(fitOptions, 'fit options', 'onProgress labels workers allowSingleClass');
      trainsOnOneThread(workers, 'AdaBoost.MH');
      const single = booleanArg(allowSingleClass, 'allowSingleClass');
      const m = matrix(X, 'X', { fit: true });
      const { sets, labels } = labelsOrSets(y, m.rows, 'y', { k }), multi = sets !== undefined;
      const progress = progressBridge(onProgress);
      const handle = withHeap(M, (heap) => {
        const args = heap.matrix(m);
        if (multi) return M.AdaBoostMH.train(args, 0, ...setsArgs(heap, sets), this.#text, single, progress.callback);
        return M.AdaBoostMH.train(args, heap.i32(labels), 0, 0, 0, this.#text, single, progress.callback);
      });
      this.replaceHandle(handle);
      this.#multilabel = multi;
      progress.rethrow();
      return this;
    }
    // Trained on label sets (saved as kind "multilabel") rather than labels (kind "adaboost-mh").
    get multilabel() { return this.#multilabel; }
    // Mono-label: argmax_l f(x, l) as labels (ties → the lowest).
    predict(X) {
      const handle = this.handle;
      return perRow(M, matrix(X), 1, 'i32', (args, out) => handle.predict(args, out));
    }
    // Multi-label: {l : f(x, l) > 0} per row.
    predictSets(X) {
      const handle = this.handle, m = matrix(X);
      return m.rows === 0 ? [] : withHeap(M, (heap) => setsFromCsr(handle.predictSets(heap.matrix(m))));
    }
    // f(x, l): rows × labels (Float64Array).
    scores(X) {
      const handle = this.handle, m = matrix(X);
      if (m.rows === 0) return new Float64Array(0);
      return withHeap(M, (heap) => {
        const args = heap.matrix(m), k = handle.labelCount(), out = heap.alloc(args.rows * k * 8);
        handle.scores(args, out);
        return M.HEAPF64.slice(out >> 3, (out >> 3) + args.rows * k);
      });
    }
    get labels() { return this.handle.labels(); }
    // Per round: {epsilon, alpha, z, zProduct (bound on the training Hamming loss), hammingLoss}.
    get history() { return this.handle.history(); }
    save() { return this.#multilabel ? this.handle.saveMultilabel() : this.handle.save(); }
    static fromHandle(handle, multilabel = false) {
      const model = super.fromHandle(handle);
      model.#multilabel = multilabel;
      return model;
    }
  }

  // Binary relevance: one binary learner per label. options: { learner, learnerOptions (its trainer, loss and their
  // options), seed, scale }.
  class BinaryRelevance extends Owned {
    #training;
    #text;
    #learnerText;
    constructor(options = {}) {
      super(null);
      const { learnerOptions, ...rest } = constructorOptions(options, 'BinaryRelevance');
      this.#text = encodeOptions(schemaOf('br'), rest, 'binary relevance');
      this.#learnerText = learnerText(rest.learner ?? 'linear', learnerOptions);
    }
    static options() { return schemaOf('br').map((s) => ({ ...s })); }
    fit(X, sets, fitOptions) {
      const { onProgress, labels: k, workers } = optionsObject(fitOptions, 'fit options', 'onProgress labels workers');
      trainsOnOneThread(workers, 'binary relevance');
      const m = matrix(X, 'X', { fit: true }), y = labelSets(sets, m.rows, 'labelSets', { k });
      const report = trainingProgress(onProgress), progress = progressBridge(report.onProgress);
      const handle = withHeap(M, (heap) => M.BinaryRelevanceModel.train(heap.matrix(m), ...setsArgs(heap, y),
        this.#text, this.#learnerText, progress.callback));
      this.replaceHandle(handle);
      progress.rethrow();
      this.#training = report.finish(handle);
      return this;
    }
    // How the last fit ended: { converged, iterations, gap, tolerance, measure, warning? } (undefined for a loaded model).
    get training() { return this.#training; }
    predict(X) {
      const handle = this.handle, m = matrix(X);
      return m.rows === 0 ? [] : withHeap(M, (heap) => setsFromCsr(handle.predictSets(heap.matrix(m))));
    }
    scores(X) {
      const handle = this.handle;
      return perRow(M, matrix(X), handle.labelCount(), 'f32', (args, out) => handle.scores(args, out));
    }
    get labelCount() { return this.handle.labelCount(); }
    get learner() { return this.handle.learner(); }
    get trainer() { return trainedBy(this.handle).trainer; }
    get loss() { return trainedBy(this.handle).loss; }
  }

  // A binary learner on its own; labels ±1. options: { learner, trainer, loss, seed, ...the trainer's options }.
  class BinaryClassifier extends Owned {
    #training;
    #learner;
    #text;
    #seed;
    constructor(options = {}) {
      super(null);
      const { learner = 'linear', seed = 1, ...rest } = constructorOptions(options, 'BinaryClassifier');
      integerArg(seed, "option 'seed'");
      this.#learner = learner;
      this.#text = learnerText(learner, rest);
      this.#seed = seed;
    }
    static learners() { return [...learners]; }
    static options(learner = 'linear', trainer, loss) { return learnerSchema(learner, trainer, loss).map((s) => ({ ...s })); }
    fit(X, y, fitOptions) {
      const { allowSingleClass, workers } = optionsObject(fitOptions, 'fit options', 'allowSingleClass workers');
      trainsOnOneThread(workers, 'a binary classifier');
      const single = booleanArg(allowSingleClass, 'allowSingleClass');
      const m = matrix(X, 'X', { fit: true }), labels = signArray(y, m.rows);
      this.replaceHandle(withHeap(M, (heap) => M.BinaryClassifierModel.train(heap.matrix(m), heap.i32(labels),
        this.#learner, this.#text, this.#seed, single)));
      this.#training = this.handle.training();
      return this;
    }
    // How the last fit ended: { converged, iterations, gap, tolerance, measure, warning? } (undefined for a loaded model).
    get training() { return this.#training; }
    // Real-valued confidences f(x); the prediction is sign f(x) (0 → −1).
    scores(X) {
      const handle = this.handle;
      return perRow(M, matrix(X), 1, 'f32', (args, out) => handle.scores(args, out));
    }
    predict(X) { return Int32Array.from(this.scores(X), (s) => (s > 0 ? 1 : -1)); }
    get learner() { return this.handle.learner(); }
    get trainer() { return trainedBy(this.handle).trainer; }
    get loss() { return trainedBy(this.handle).loss; }
  }

  api.Reduction = Reduction;
  api.DecisionTree = DecisionTree;
  api.AdaBoostMH = AdaBoostMH;
  api.BinaryRelevance = BinaryRelevance;
  api.BinaryClassifier = BinaryClassifier;
  api.loaders.reduction = (h) => Reduction.fromHandle(h(M.ReductionModel.load));
  api.loaders.tree = (h) => DecisionTree.fromHandle(h(M.DecisionTree.load));
  api.loaders['adaboost-mh'] = (h) => AdaBoostMH.fromHandle(h(M.AdaBoostMH.load));
  api.loaders.multilabel = (h) => (h(M.multilabelMethod) === 'br'
    ? BinaryRelevance.fromHandle(h(M.BinaryRelevanceModel.load))
    : AdaBoostMH.fromHandle(h(M.AdaBoostMH.load), true));
  api.loaders.binary = (h) => {
    const handle = h(M.BinaryClassifierModel.load);
    return BinaryClassifier.fromHandle(handle, { learner: handle.learner(), ...trainedBy(handle) });  // refits as trained
  };

  // {hammingLoss, subsetAccuracy, microF1, macroF1} of label sets (number[][]); k = 1 + the largest label.
  api.metrics.multilabel = (truth, predicted, options) => {
    const { labels: k } = optionsObject(options, 'multilabel options', 'labels');
    let t = labelSets(truth, undefined, 'truth', { k });
    let p = labelSets(predicted, t.offsets.length - 1, 'predicted', { k, per: 'as many as truth' });
    if (k === undefined && t.k !== p.k) {  // both over the labels either uses
      t = labelSets(truth, undefined, 'truth', { k: Math.max(t.k, p.k) });
      p = labelSets(predicted, t.offsets.length - 1, 'predicted', { k: t.k, per: 'as many as truth' });
    }
    return withHeap(M, (heap) => M.multilabelReport(...setsArgs(heap, t).slice(0, 2), ...setsArgs(heap, p).slice(0, 2), t.offsets.length - 1, t.k));
  };
  // LIBSVM multi-label text → {X (CSR), labelSets: number[][], labels, rows, cols}.
  api.io.readMultilabel = (text, options) => readText(M, M.MultilabelReader,
    [minColsArg(optionsObject(options, 'readMultilabel options', 'minCols').minCols ?? 0)], text, 'readMultilabel', (d) => ({
    X: { offsets: d.offsets, indices: d.indices, values: d.values, cols: d.cols },
    labelSets: setsFromCsr({ offsets: d.setOffsets, labels: d.setLabels }),
    labels: d.labels, rows: d.rows, cols: d.cols,
  }));
}
