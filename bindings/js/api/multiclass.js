// The multiclass predictors, linear h(x) = argmax_y ⟨w, Ψ(x, y)⟩ and kernel h(x) = argmax_y Σ_i α_i^y K(x_i, x),
// and the classification metrics.
import { Owned, withHeap, perRow, progressBridge, readText } from './wasm.js';
import { constructorOptions, optionsObject, booleanArg, matrix, labelArray, costMatrix, numberArray, numberArg, minColsArg } from './inputs.js';
import { encodeOptions, decodeOptions, isOnline, trainerTables } from './options.js';
import { trainingProgress } from './training.js';
import { fitMixed, workerCount, AUTO_MIN_ROWS } from '../parallel/mixing.js';

// host: starts a worker of the entry point installing this (parallel/worker-thread.js).
export function install(M, api, entry, host) {
  // The linear model's table for each trainer (the core's composition of the trainer's, the loss's and the task's
  // options); the first table lists the trainers.
  const { table: schemaOf, checked: checkedTrainer, defaultTrainer } = trainerTables((t) => M.multiclassSchema(t), 'Multiclass');
  let kernelSchema;
  const kernelSchemaOf = () => (kernelSchema ??= JSON.parse(M.kernelMulticlassSchema()));

  class Multiclass extends Owned {
    #options;
    #trainer;
    #optionText;
    #cost;
    #training;
    #kernel;

    // options: { trainer: 'dcd' | 'sgd' | 'pegasos' | 'perceptron' | 'cutting-plane' | 'bcfw', loss, cost?: number[][],
    // ...the trainer's options } (Multiclass.options(trainer)). A `kernel` option ('linear' | 'poly' | 'rbf') makes it
    // the kernel SVM, trained by dcd (options: Multiclass.kernelOptions()).
    constructor(options = {}) {
      super(null);
      const { cost, ...rest } = constructorOptions(options, 'Multiclass');
      this.#options = options;
      this.#kernel = rest.kernel !== undefined;
      this.#trainer = this.#kernel ? rest.trainer ?? 'dcd' : checkedTrainer(rest.trainer ?? defaultTrainer);  // (the kernel SVM trains by dcd)
      const schema = this.#kernel ? kernelSchemaOf() : schemaOf(this.#trainer);
      this.#optionText = encodeOptions(schema, rest, this.#kernel ? 'the kernel SVM' : `Multiclass with trainer '${this.#trainer}'`);
      this.#cost = cost === undefined ? new Float32Array(0) : costMatrix(cost);
    }

    // The options of the linear model with this trainer, or of the kernel SVM: [{name, type, default, help, …}].
    static options(trainer = defaultTrainer) { return schemaOf(checkedTrainer(trainer)).map((s) => ({ ...s })); }
    static kernelOptions() { return kernelSchemaOf().map((s) => ({ ...s })); }

    // With workers (a count or 'auto'), the online trainers (sgd, pegasos, perceptron) train on that many threads
    // by parameter mixing (mixing.js) and fit returns a promise for this model; signal (an AbortSignal)
    // cancels it.
    fit(X, y, fitOptions) {
      const { onProgress, allowSingleClass: single, workers, signal } = optionsObject(fitOptions, 'fit options', 'onProgress allowSingleClass workers signal');
      const allowSingleClass = booleanArg(single, 'allowSingleClass');
      if (workers !== undefined) return this.#fitMixed(X, y, { onProgress, allowSingleClass, workers, signal });
      const m = matrix(X, 'X', { fit: true }), labels = labelArray(y, m.rows);
      const report = trainingProgress(onProgress);
      const progress = progressBridge(report.onProgress);
      const handle = withHeap(M, (heap) => {
        const [args, y, cost] = [heap.matrix(m), heap.i32(labels), heap.f32(this.#cost)];
        const rest = [this.#cost.length, Boolean(allowSingleClass), progress.callback];
        return this.#kernel ? M.KernelMulticlass.train(args, y, this.#optionText, cost, ...rest)
          : M.LinearMulticlass.train(args, y, this.#optionText, cost, ...rest);
      });
      this.replaceHandle(handle);
      progress.rethrow();
      this.#training = report.finish(handle);
      return this;
    }

    // workers: 'auto' trains on this thread when the trainer is not an online one (nothing to mix) or the data is
    // small; a count always mixes, so the core rejects trainers it cannot mix.
    async #fitMixed(X, y, { onProgress, allowSingleClass, workers, signal }) {
      const rows = matrix(X, 'X', { fit: true }), n = rows.rows, labels = labelArray(y, n);
      const online = isOnline(this.#trainer) && !this.#kernel;
      if (workers === 'auto' && (!online || workerCount(workers, n, AUTO_MIN_ROWS) === 1)) return this.fit(rows, labels, { onProgress, allowSingleClass });
      // rows are checked and packed: typed arrays to copy to each worker, not one array per row
      const spec = { model: 'Multiclass', options: this.#options, args: [rows, labels], fitOptions: { allowSingleClass } };
      const { handle, training } = await fitMixed(M, spec, M.LinearMulticlass.load,
        { workers: workerCount(workers, n, AUTO_MIN_ROWS), onProgress, signal, host });
      this.replaceHandle(handle);
      this.#training = training;
      return this;
    }

    // Parameter mixing, in a worker (shard-worker.js): shard `shard` of `shards` of (X, y), prepared with this
    // model's options. Returns the wasm MulticlassShard.
    shard(X, y, { allowSingleClass = false, shards, shard }) {
      if (this.#kernel) throw new TypeError("training on several workers needs an online trainer (sgd, pegasos or perceptron), not the kernel SVM");
      const m = matrix(X, 'X', { fit: true }), labels = labelArray(y, m.rows);
      return withHeap(M, (heap) => M.MulticlassShard.make(heap.matrix(m), heap.i32(labels), this.#optionText,
        heap.f32(this.#cost), this.#cost.length, booleanArg(allowSingleClass, 'allowSingleClass'), shards, shard));
    }

    // How the last fit ended: { converged, iterations, gap, tolerance, measure, warning? } (undefined for a loaded model).
    get training() { return this.#training; }

    // Predicted labels (Int32Array); ties go to the lowest label (the kernel all-pairs: to the class first seen).
    predict(X) {
      const handle = this.handle;
      return perRow(M, matrix(X), 1, 'i32', (args, out) => handle.predict(args, out));
    }

    // Scores ⟨w, Ψ(x, y)⟩ as a row-major Float32Array of rows × classes (columns in `labels` order).
    scores(X) {
      const handle = this.handle;
      return perRow(M, matrix(X), handle.classes(), 'f32', (args, out) => handle.scores(args, out));
    }

    // Margins ρ_h(x, y) = h(x, y) − max_{y'≠y} h(x, y') of the given labelled rows.
    margins(X, y) {
      const handle = this.handle, m = matrix(X), labels = labelArray(y, m.rows);
      return perRow(M, m, 1, 'f32', (args, out, heap) => handle.margins(args, heap.i32(labels), out));
    }

    get labels() { return this.handle.labels(); }
    get classes() { return this.handle.classes(); }
    get features() { return this.handle.cols(); }
    get trainer() { return this.#kernel ? 'dcd' : this.handle.trainer(); }
    get options() { return decodeOptions(this.#kernel ? kernelSchemaOf() : schemaOf(this.handle.trainer()), this.handle.options()); }
    // Weights in feature-major layout: w[j·k + y] (the bias feature, if any, is the last j).
    get weights() {
      if (this.#kernel) throw new Error('a kernel model has no weight vector: it scores with its support vectors');
      return this.handle.weights();
    }
    // Kernel models: how many training rows were kept as support vectors (undefined for linear models).
    get supportVectors() { return this.#kernel ? this.handle.supportVectors() : undefined; }
  }

  const metrics = {
    // { accuracy, labels, confusion (row = truth), perClass, macro, micro }
    classification(truth, predicted) {
      const t = labelArray(truth, undefined, 'truth'), p = labelArray(predicted, t.length, 'predicted', 'as many as truth');
      return withHeap(M, (heap) => M.classificationReport(heap.i32(t), heap.i32(p), t.length));
    },
    // Mean Δ(ŷ, y) for labels 0..k−1 under a k×k cost matrix.
    averageCost(truth, predicted, cost) {
      const t = labelArray(truth, undefined, 'truth'), p = labelArray(predicted, t.length, 'predicted', 'as many as truth');
      const flat = costMatrix(cost);
      return withHeap(M, (heap) => M.averageCost(heap.i32(t), heap.i32(p), t.length, heap.f32(flat), cost.length));
    },
    // R̂_{S,ρ} = mean of min(1, max(0, 1 − margin/ρ)).
    marginLoss(margins, rho) {
      const m = numberArray(margins, 'margins');
      numberArg(rho, 'rho');
      return withHeap(M, (heap) => M.marginLoss(heap.f32(m), m.length, rho));
    },
  };

  api.Multiclass = Multiclass;
  Object.assign(api.metrics, metrics);
  api.loaders['linear-multiclass'] = (handleFromBytes) => {
    const handle = handleFromBytes(M.LinearMulticlass.load);
    return Multiclass.fromHandle(handle, { trainer: handle.trainer() });
  };
  api.loaders['kernel-multiclass'] = (handleFromBytes) => {
    const handle = handleFromBytes(M.KernelMulticlass.load);
    return Multiclass.fromHandle(handle, { kernel: decodeOptions(kernelSchemaOf(), handle.options()).kernel });
  };
  api.io.readLibsvm = (text, options) => {
    const { minCols = 0 } = optionsObject(options, 'readLibsvm options', 'minCols');
    return readText(M, M.LibsvmReader, [minColsArg(minCols)], text, 'readLibsvm');
  };
}
