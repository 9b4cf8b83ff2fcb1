// Multiclass by reductions (one-vs-all, all-pairs, ECOC) over any binary learner, CART trees,
// AdaBoost.MH, binary learners on their own, and multi-label learning (binary relevance, AdaBoost.MH).
import { Owned, withHeap, matrixArgs, perRow, rowCount, labelArray, progressBridge, minColsArg, readText } from './wasm.js';
import { encodeOptions, optionsObject } from './options.js';
import { trainingProgress } from './training.js';
import { trainsOnOneThread } from './parallel.js';

export const REDUCTION_ALGORITHMS = ['ova', 'allpairs', 'ecoc', 'tree', 'adaboost-mh'];
export const MULTILABEL_ALGORITHMS = ['br', 'adaboost-mh'];

export function install(M, api) {
  const learners = M.binaryLearners().split(',');
  const schemas = new Map();
  const schemaOf = (what) => {
    if (!['reduction', 'tree', 'adaboost-mh', 'br', ...learners].includes(what)) {
      throw new TypeError(`unknown binary learner '${what}' (known: ${learners.join(', ')})`);
    }
    if (!schemas.has(what)) schemas.set(what, JSON.parse(M.reductionSchema(what)));
    return schemas.get(what);
  };
  const learnerText = (learner, options) => encodeOptions(schemaOf(learner), options ?? {}, `binary learner '${learner}'`);

  // Label sets (number[][]) ↔ CSR {offsets, labels}; k = 1 + the largest label unless given.
  function setsArgs(heap, sets, n, k) {
    if (!Array.isArray(sets)) throw new TypeError('label sets must be an array of label arrays (number[][])');
    if (n !== undefined && sets.length !== n) throw new RangeError(`got ${sets.length} label sets for ${n} rows`);
    const offsets = new Int32Array(sets.length + 1), flat = [];
    let top = -1;
    sets.forEach((s, i) => {
      if (!Array.isArray(s) && !ArrayBuffer.isView(s)) throw new TypeError(`label set ${i} must be an array of labels`);
      for (const l of s) {
        if (!Number.isInteger(l) || l < 0) throw new TypeError(`label set ${i} has ${l}, expected integers ≥ 0`);
        flat.push(l);
        top = Math.max(top, l);
      }
      offsets[i + 1] = flat.length;
    });
    const labels = k ?? top + 1;
    if (top >= labels) throw new RangeError(`label ${top} is out of range for ${labels} labels`);
    return [heap.i32(offsets), heap.i32(Int32Array.from(flat)), Math.max(labels, 1)];
  }
  const setsFromCsr = ({ offsets, labels }) =>
    Array.from({ length: offsets.length - 1 }, (_, i) => Array.from(labels.subarray(offsets[i], offsets[i + 1])));
  const codeArg = (heap, code) => {
    if (code === undefined) return [0, 0, 0];
    if (!Array.isArray(code) || code.length === 0 || !code.every((r) => Array.isArray(r) && r.length === code[0].length)) {
      throw new TypeError('code must be a k×c matrix (number[][]) of -1, 0 and +1, one row per class in sorted label order');
    }
    const flat = Int8Array.from(code.flat());
    code.flat().forEach((v, i) => {
      if (v !== -1 && v !== 0 && v !== 1) throw new RangeError(`code entry ${i} is ${v}, expected -1, 0 or +1`);
    });
    return [heap.u8(new Uint8Array(flat.buffer)), code.length, code[0].length];
  };

  // One-vs-all, all-pairs or ECOC. options: { reduction: 'ova'|'allpairs'|'ecoc', learner, learnerOptions,
  // code: 'ova'|'ovo'|'dense'|'sparse'|'exhaustive'|'user', codeSize, decoding, seed, userCode: number[][] }
  class Reduction extends Owned {
    #training;
    #text;
    #learnerText;
    #userCode;
    constructor(options = {}) {
      super(null);
      const { learnerOptions, userCode, ...rest } = optionsObject(options, 'Reduction');
      const learner = rest.learner ?? 'svm-dcd';
      if (userCode !== undefined && rest.code === undefined) rest.code = 'user';
      if (userCode !== undefined && rest.reduction === undefined) rest.reduction = 'ecoc';
      this.#text = encodeOptions(schemaOf('reduction'), rest, 'reduction');
      this.#learnerText = learnerText(learner, learnerOptions);
      this.#userCode = userCode;
    }
    static options() { return schemaOf('reduction').map((s) => ({ ...s })); }
    static learnerOptions(learner) { return schemaOf(learner).map((s) => ({ ...s })); }

    fit(X, y, { onProgress, workers } = {}) {
      trainsOnOneThread(workers, 'a reduction');
      const n = rowCount(X), labels = labelArray(y, n);
      const report = trainingProgress(onProgress);
      const progress = progressBridge(report.onProgress);
      const handle = withHeap(M, (heap) => M.ReductionModel.train(matrixArgs(heap, X), heap.i32(labels), this.#text,
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
      return perRow(M, X, 1, 'i32', (args, out) => this.handle.predict(args, out));
    }
    // The binary confidences f_j(x): rows × columns, row-major.
    confidences(X) {
      return perRow(M, X, this.handle.columns(), 'f32', (args, out) => this.handle.confidences(args, out));
    }
    get labels() { return this.handle.labels(); }
    get reduction() { return this.handle.reduction(); }
    get learner() { return this.handle.learner(); }
    // The code M as number[][] (row = class in `labels` order, column = binary problem).
    get code() {
      const flat = this.handle.code(), c = this.handle.columns();
      return Array.from({ length: flat.length / c }, (_, l) => Array.from(flat.subarray(l * c, (l + 1) * c)));
    }
    get minimumDistance() { return this.handle.minimumDistance(); }
    get correctableErrors() { return this.handle.correctableErrors(); }
    get decoding() { return this.handle.decoding(); }
    set decoding(rule) { this.handle.setDecoding(String(rule)); }
  }

  // CART. options: { criterion, maxDepth, minLeaf, prune, cvFolds, seed, categorical: number[] (columns
  // from 0) }. NaN features are missing values: they follow the child that got more training weight.
  class DecisionTree extends Owned {
    #text;
    #pruning = null;
    constructor(options = {}) {
      super(null);
      this.#text = encodeOptions(schemaOf('tree'), options, 'tree');
    }
    static options() { return schemaOf('tree').map((s) => ({ ...s })); }
    fit(X, y, { allowSingleClass = false, workers } = {}) {
      trainsOnOneThread(workers, 'a decision tree');
      const n = rowCount(X), labels = labelArray(y, n), report = {};
      const handle = withHeap(M, (heap) => M.DecisionTree.train(matrixArgs(heap, X), heap.i32(labels), this.#text,
        Boolean(allowSingleClass), report));
      this.replaceHandle(handle);
      this.#pruning = report.lambdas && report.lambdas.length ? report : null;
      return this;
    }
    predict(X) {
      return perRow(M, X, 1, 'i32', (args, out) => this.handle.predict(args, out));
    }
    // Class fractions at the leaf each row reaches: rows × classes, columns in `labels` order.
    probabilities(X) {
      return perRow(M, X, this.handle.labels().length, 'f32', (args, out) => this.handle.probabilities(args, out));
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
      this.#text = encodeOptions(schemaOf('adaboost-mh'), options, 'adaboost-mh');
    }
    static options() { return schemaOf('adaboost-mh').map((s) => ({ ...s })); }
    fit(X, y, { onProgress, labels: k, workers } = {}) {
      trainsOnOneThread(workers, 'AdaBoost.MH');
      const n = rowCount(X);
      const multi = Array.isArray(y) && y.some((s) => Array.isArray(s) || ArrayBuffer.isView(s));
      const progress = progressBridge(onProgress);
      const handle = withHeap(M, (heap) => {
        const args = matrixArgs(heap, X);
        if (multi) return M.AdaBoostMH.train(args, 0, ...setsArgs(heap, y, n, k), this.#text, progress.callback);
        return M.AdaBoostMH.train(args, heap.i32(labelArray(y, n)), 0, 0, 0, this.#text, progress.callback);
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
      return perRow(M, X, 1, 'i32', (args, out) => this.handle.predict(args, out));
    }
    // Multi-label: {l : f(x, l) > 0} per row.
    predictSets(X) { return withHeap(M, (heap) => setsFromCsr(this.handle.predictSets(matrixArgs(heap, X)))); }
    // f(x, l): rows × labels (Float64Array).
    scores(X) {
      return withHeap(M, (heap) => {
        const args = matrixArgs(heap, X), k = this.handle.labelCount(), out = heap.alloc(args.rows * k * 8);
        this.handle.scores(args, out);
        return M.HEAPF64.slice(out >> 3, (out >> 3) + args.rows * k);
      });
    }
    get labels() { return this.handle.labels(); }
    // Per round: {epsilon, alpha, z, zProduct (bound on the training Hamming loss), hammingLoss}.
    get history() { return this.handle.history(); }
    save() { return this.handle.save(this.#multilabel); }
    static fromHandle(handle, multilabel = false) {
      const model = super.fromHandle(handle);
      model.#multilabel = multilabel;
      return model;
    }
  }

  // Binary relevance: one binary learner per label. options: { learner, learnerOptions, seed }.
  class BinaryRelevance extends Owned {
    #training;
    #text;
    #learnerText;
    constructor(options = {}) {
      super(null);
      const { learnerOptions, ...rest } = optionsObject(options, 'BinaryRelevance');
      this.#text = encodeOptions(schemaOf('br'), rest, 'binary relevance');
      this.#learnerText = learnerText(rest.learner ?? 'svm-dcd', learnerOptions);
    }
    static options() { return schemaOf('br').map((s) => ({ ...s })); }
    fit(X, sets, { onProgress, labels: k } = {}) {
      const n = rowCount(X), report = trainingProgress(onProgress), progress = progressBridge(report.onProgress);
      const handle = withHeap(M, (heap) => M.BinaryRelevanceModel.train(matrixArgs(heap, X), ...setsArgs(heap, sets, n, k),
        this.#text, this.#learnerText, progress.callback));
      this.replaceHandle(handle);
      progress.rethrow();
      this.#training = report.finish(handle);
      return this;
    }
    // How the last fit ended: { converged, iterations, gap, tolerance, measure, warning? } (undefined for a loaded model).
    get training() { return this.#training; }
    predict(X) { return withHeap(M, (heap) => setsFromCsr(this.handle.predictSets(matrixArgs(heap, X)))); }
    scores(X) {
      return perRow(M, X, this.handle.labelCount(), 'f32', (args, out) => this.handle.scores(args, out));
    }
    get labelCount() { return this.handle.labelCount(); }
    get learner() { return this.handle.learner(); }
  }

  // A binary learner on its own; labels ±1. options: { learner, seed, ...the learner's options }.
  class BinaryClassifier extends Owned {
    #training;
    #learner;
    #text;
    #seed;
    constructor(options = {}) {
      super(null);
      const { learner = 'svm-dcd', seed = 1, ...rest } = optionsObject(options, 'BinaryClassifier');
      if (!Number.isInteger(seed) || seed < 0) throw new TypeError('seed must be an integer ≥ 0');
      this.#learner = learner;
      this.#text = learnerText(learner, rest);
      this.#seed = seed;
    }
    static learners() { return [...learners]; }
    static options(learner) { return schemaOf(learner).map((s) => ({ ...s })); }
    fit(X, y, { allowSingleClass = false } = {}) {
      const n = rowCount(X), labels = labelArray(y, n);
      this.replaceHandle(withHeap(M, (heap) => M.BinaryClassifierModel.train(matrixArgs(heap, X), heap.i32(labels),
        this.#learner, this.#text, this.#seed, Boolean(allowSingleClass))));
      this.#training = this.handle.training();
      return this;
    }
    // How the last fit ended: { converged, iterations, gap, tolerance, measure, warning? } (undefined for a loaded model).
    get training() { return this.#training; }
    // Real-valued confidences f(x); the prediction is sign f(x) (0 → −1).
    scores(X) {
      return perRow(M, X, 1, 'f32', (args, out) => this.handle.scores(args, out));
    }
    predict(X) { return Int32Array.from(this.scores(X), (s) => (s > 0 ? 1 : -1)); }
    get learner() { return this.handle.learner(); }
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
    return BinaryClassifier.fromHandle(handle, { learner: handle.learner() });
  };

  // {hammingLoss, subsetAccuracy, microF1, macroF1} of label sets (number[][]); k = 1 + the largest label.
  api.metrics.multilabel = (truth, predicted, { labels: k } = {}) => withHeap(M, (heap) => {
    if (!Array.isArray(truth) || !Array.isArray(predicted)) throw new TypeError('truth and predicted must be arrays of label sets');
    const top = Math.max(-1, ...truth.flatMap((s) => Array.from(s)), ...predicted.flatMap((s) => Array.from(s)));
    const labels = k ?? top + 1;
    const t = setsArgs(heap, truth, undefined, labels), p = setsArgs(heap, predicted, truth.length, labels);
    return M.multilabelReport(t[0], t[1], p[0], p[1], truth.length, t[2]);
  });
  // LIBSVM multi-label text → {X (CSR), labelSets: number[][], labels, rows, cols}.
  api.io.readMultilabel = (text, { minCols = 0 } = {}) => readText(M, M.MultilabelReader, [minColsArg(minCols)], text, 'readMultilabel', (d) => ({
    X: { offsets: d.offsets, indices: d.indices, values: d.values, cols: d.cols },
    labelSets: setsFromCsr({ offsets: d.setOffsets, labels: d.setLabels }),
    labels: d.labels, rows: d.rows, cols: d.cols,
  }));
}
