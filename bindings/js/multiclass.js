// The linear multiclass predictor h(x) = argmax_y ⟨w, Ψ(x, y)⟩ and the classification metrics.
import { Owned, withHeap, matrixArgs, perRow, rowCount, labelArray, progressBridge, minColsArg, readText } from './wasm.js';
import { encodeOptions, decodeOptions } from './options.js';
import { trainingProgress } from './training.js';

export const MULTICLASS_ALGORITHMS = ['cs', 'pegasos', 'sgd', 'perceptron', 'cutting-plane', 'bcfw'];

export function install(M, api) {
  const schemas = new Map();
  const schemaOf = (algo) => {
    if (!MULTICLASS_ALGORITHMS.includes(algo)) throw new TypeError(`unknown multiclass algorithm '${algo}' (known: ${MULTICLASS_ALGORITHMS.join(', ')})`);
    if (!schemas.has(algo)) schemas.set(algo, JSON.parse(M.multiclassSchema(algo)));
    return schemas.get(algo);
  };

  class Multiclass extends Owned {
    #algo;
    #optionText;
    #cost;
    #training;

    // options: { algo: 'cs' | 'pegasos' | 'sgd' | 'perceptron' | 'cutting-plane' | 'bcfw', cost?: number[][], ...algorithm options }
    constructor(options = {}) {
      super(null);
      const { algo = 'cs', cost, ...rest } = options;
      this.#algo = algo;
      this.#optionText = encodeOptions(schemaOf(algo), rest, `algorithm '${algo}'`);
      this.#cost = cost === undefined ? new Float32Array(0) : flattenCost(cost);
    }

    static options(algo) { return schemaOf(algo).map((s) => ({ ...s })); }

    fit(X, y, { onProgress, allowSingleClass = false } = {}) {
      const n = rowCount(X), labels = labelArray(y, n);
      const report = trainingProgress(onProgress);
      const progress = progressBridge(report.onProgress);
      const handle = withHeap(M, (heap) => M.LinearMulticlass.train(matrixArgs(heap, X), heap.i32(labels),
        this.#algo, this.#optionText, heap.f32(this.#cost), this.#cost.length, Boolean(allowSingleClass), progress.callback));
      this.replaceHandle(handle);
      progress.rethrow();
      this.#training = report.finish(handle);
      return this;
    }

    // How the last fit ended: { converged, iterations, gap, tolerance, measure, warning? } (undefined for a loaded model).
    get training() { return this.#training; }

    // Predicted labels (Int32Array); ties go to the lowest label.
    predict(X) {
      return perRow(M, X, 1, 'i32', (args, out) => this.handle.predict(args, out));
    }

    // Scores ⟨w, Ψ(x, y)⟩ as a row-major Float32Array of rows × classes (columns in `labels` order).
    scores(X) {
      return perRow(M, X, this.handle.classes(), 'f32', (args, out) => this.handle.scores(args, out));
    }

    // Margins ρ_h(x, y) = h(x, y) − max_{y'≠y} h(x, y') of the given labelled rows.
    margins(X, y) {
      return perRow(M, X, 1, 'f32', (args, out, heap) => this.handle.margins(args, heap.i32(labelArray(y, args.rows)), out));
    }

    get labels() { return this.handle.labels(); }
    get classes() { return this.handle.classes(); }
    get features() { return this.handle.cols(); }
    get algorithm() { return this.handle.algorithm(); }
    get options() { return decodeOptions(schemaOf(this.handle.algorithm()), this.handle.options()); }
    // Weights in feature-major layout: w[j·k + y] (the bias feature, if any, is the last j).
    get weights() { return this.handle.weights(); }
  }

  function flattenCost(cost) {
    if (!Array.isArray(cost) || cost.some((row) => !Array.isArray(row) && !ArrayBuffer.isView(row))) {
      throw new TypeError('cost must be a k×k matrix given as number[][] (row = true label, column = prediction)');
    }
    const k = cost.length, flat = new Float32Array(k * k);
    cost.forEach((row, t) => {
      if (row.length !== k) throw new RangeError(`cost matrix row ${t} has ${row.length} entries, expected ${k}`);
      row.forEach((c, p) => {
        if (typeof c !== 'number') throw new TypeError(`cost[${t}][${p}] must be a number`);
        flat[t * k + p] = c;
      });
    });
    return flat;
  }

  const metrics = {
    // { accuracy, labels, confusion (row = truth), perClass, macro, micro }
    classification(truth, predicted) {
      const t = labelArray(truth, undefined, 'truth'), p = labelArray(predicted, t.length, 'predicted');
      return withHeap(M, (heap) => M.classificationReport(heap.i32(t), heap.i32(p), t.length));
    },
    // Mean Δ(ŷ, y) for labels 0..k−1 under a k×k cost matrix.
    averageCost(truth, predicted, cost) {
      const t = labelArray(truth, undefined, 'truth'), p = labelArray(predicted, t.length, 'predicted');
      const flat = flattenCost(cost);
      return withHeap(M, (heap) => M.averageCost(heap.i32(t), heap.i32(p), t.length, heap.f32(flat), cost.length));
    },
    // R̂_{S,ρ} = mean of min(1, max(0, 1 − margin/ρ)).
    marginLoss(margins, rho) {
      return withHeap(M, (heap) => M.marginLoss(heap.f32(Float32Array.from(margins)), margins.length, rho));
    },
  };

  api.Multiclass = Multiclass;
  Object.assign(api.metrics, metrics);
  api.loaders['linear-multiclass'] = (handleFromBytes) => {
    const handle = handleFromBytes(M.LinearMulticlass.load);
    return Multiclass.fromHandle(handle, { algo: handle.algorithm() });
  };
  api.io.readLibsvm = (text, { minCols = 0 } = {}) => readText(M, M.LibsvmReader, [minColsArg(minCols)], text, 'readLibsvm');
}
