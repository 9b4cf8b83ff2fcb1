// Ranking: a linear Ranker (score ⟨w, x⟩, documents best first) trained with the NDCG structured hinge, the
// Kendall pairwise hinge, bipartite measures or a pointwise (squared loss) baseline; the LETOR reader; ranking measures.
import { Owned, withHeap, progressBridge, readText } from './wasm.js';
import { constructorOptions, optionsObject, integerArg, numberArg, stringArg, matrix, numberArray, queries as packQueries, relevanceQueries, minColsArg } from './inputs.js';
import { trainingProgress } from './training.js';
import { encodeOptions, decodeOptions, optionValue, isOnline } from './options.js';
import { fitMixed, workerCount, trainsOnOneThread, AUTO_MIN_DOCUMENTS, AUTO_MIN_QUERIES_PER_WORKER } from '../parallel/mixing.js';

const CONVENTIONS = ['common', 'letor4'];

// Relevance grades and scores: finite numbers (Float32Array and Float64Array). A relevance may be negative,
// unlike a SearchRanker's grade (a result it does not grade has grade 0, the least): the bipartite measures
// take ±1 labels (a document is positive above the option `relevant`, whose range is below 0 too), and
// kendall reads only their order.
const relevanceArray = (rel, n, name) => numberArray(rel, name, { n, what: 'values', finite: true });
const scoreArray = (s, n, name = 'scores') => numberArray(s, name, { n, what: 'values', finite: true, type: Float64Array });

// The core's arguments for packed queries: the documents, their relevance, the query offsets and the query count.
const queryArgs = (heap, { X, relevance, queryOffsets }, name) =>
  [heap.matrix(X, name), heap.f32(relevance), heap.i32(queryOffsets), queryOffsets.length - 1];

// host: starts a worker of the entry point installing this (parallel/worker-thread.js).
export function install(M, api, entry, host) {
  let schema;
  const schemaOf = () => (schema ??= JSON.parse(M.rankingSchema()));

  class Ranker extends Owned {
    #options;
    #optionText;
    #training;

    // options: { measure: 'ndcg' | 'kendall' | 'f1' | 'fbeta' | 'precision@k' | 'recall@k' | 'balanced',
    //            loss: 'hinge' | 'squared', trainer, k, beta, lambda, eta, epochs, average, seed, gain, psi, … }
    constructor(options) {
      super(null);
      this.#options = constructorOptions(options, 'Ranker');
      this.#optionText = encodeOptions(schemaOf(), this.#options, 'Ranker');
      M.checkRankerOptions(this.#optionText);  // an option no fit would read, as the other models refuse it
    }

    static options() { return schemaOf().map((s) => ({ ...s })); }

    // queries: [{ features, relevance }] or io.readLetor's result. With `valid` (same forms), lambda is picked
    // from `lambdas` and the number of epochs from 1..epochs by validation NDCG@evalK (common convention).
    // With workers (a count or 'auto'), the online trainers (sgd, pegasos, perceptron) train on that many threads
    // by parameter mixing (mixing.js) and fit returns a promise for this model; signal (an AbortSignal)
    // cancels it.
    fit(queries, fitOptions) {
      const { onProgress, valid, lambdas = [0, 1e-4, 1e-3, 1e-2], evalK = 10, workers, signal } = optionsObject(fitOptions, 'fit options', 'onProgress valid lambdas evalK workers signal');
      if (workers !== undefined) return this.#fitMixed(queries, { onProgress, valid, lambdas, evalK, workers, signal });
      const train = packQueries(queries, 'queries');
      if (valid !== undefined) {
        const v = packQueries(valid, 'valid');
        const grid = numberArray(lambdas, 'lambdas', { finite: true, type: Float64Array });
        if (grid.length === 0) throw new RangeError('lambdas is empty: validation needs at least one λ to try');
        integerArg(evalK, 'evalK', { min: 1 });
        const handle = withHeap(M, (heap) => M.Ranker.trainWithValidation(...queryArgs(heap, train, 'queries'),
          ...queryArgs(heap, v, 'valid'), this.#optionText, heap.f64(grid), grid.length, evalK));
        this.replaceHandle(handle);
        this.#training = handle.training();
        return this;
      }
      const report = trainingProgress(onProgress);
      const progress = progressBridge(report.onProgress);
      const handle = withHeap(M, (heap) => M.Ranker.train(...queryArgs(heap, train, 'queries'), this.#optionText, progress.callback));
      this.replaceHandle(handle);
      progress.rethrow();
      this.#training = report.finish(handle);
      return this;
    }

    // Whether the options name an online trainer (trainer auto is sgd for ndcg, cutting-plane for the others:
    // Ranker's option table).
    #online() {
      const option = (name) => optionValue(schemaOf(), this.#options, name);
      const trainer = option('trainer');
      return option('loss') === 'hinge' && (isOnline(trainer) || (trainer === 'auto' && option('measure') === 'ndcg'));
    }

    // Validation picks lambda and epochs on this thread. workers: 'auto' trains on this thread when the trainer is
    // not an online one (nothing to mix) or there are few documents; a count always mixes, so the core rejects
    // trainers it cannot mix.
    async #fitMixed(queries, { workers, signal, ...fitOptions }) {
      if (fitOptions.valid !== undefined) {
        trainsOnOneThread(workers, 'validation (Ranker fit with valid)');
        return this.fit(queries, fitOptions);
      }
      const train = packQueries(queries, 'queries');
      // one matrix of every document to copy to each worker, not one per query
      const packed = { ...train.X, relevance: train.relevance, queryOffsets: train.queryOffsets };
      const queryCount = train.queryOffsets.length - 1;
      const n = workerCount(workers, train.relevance.length, AUTO_MIN_DOCUMENTS, Math.floor(queryCount / AUTO_MIN_QUERIES_PER_WORKER));
      if (workers === 'auto' && (!this.#online() || n === 1)) return this.fit(packed, fitOptions);
      const { handle, training } = await fitMixed(M, { model: 'Ranker', options: this.#options, args: [packed] },
        M.Ranker.load, { workers: n, onProgress: fitOptions.onProgress, signal, host });
      this.replaceHandle(handle);
      this.#training = training;
      return this;
    }

    // Parameter mixing, in a worker (shard-worker.js): shard `shard` of `shards` of the queries, prepared with this
    // model's options. Returns the wasm RankerShard.
    shard(queries, { shards, shard }) {
      const train = packQueries(queries, 'queries');
      return withHeap(M, (heap) => M.RankerShard.make(...queryArgs(heap, train, 'queries'), this.#optionText, shards, shard));
    }

    // How the last fit ended: { converged, iterations, gap, tolerance, measure, warning? } (undefined for a loaded model).
    get training() { return this.#training; }

    // ⟨w, x⟩ for each row (Float64Array); dense rows have the model's width, CSR columns beyond it carry weight 0.
    score(X) {
      const handle = this.handle, m = matrix(X);
      return m.rows === 0 ? new Float64Array(0) : withHeap(M, (heap) => handle.score(heap.matrix(m)));
    }
    // Row indices best first (Int32Array); equal scores keep the input order.
    rank(X) {
      const handle = this.handle, m = matrix(X);
      return m.rows === 0 ? new Int32Array(0) : withHeap(M, (heap) => handle.rank(heap.matrix(m)));
    }

    get weights() { return this.handle.weights(); }
    get features() { return this.handle.cols(); }
    get options() { return decodeOptions(schemaOf(), this.handle.options()); }
    get trainer() { return this.options.trainer; }
  }

  const conventionOf = (convention) => stringArg(convention, 'convention', CONVENTIONS);
  // One query's measure from its document scores and relevance grades.
  const measure = (name) => (scores, relevance, options) => {
    const { k = 10, convention = 'common' } = optionsObject(options, `${name} options`, 'k convention');
    const rel = relevanceArray(relevance, undefined, 'relevance'), s = scoreArray(scores, rel.length);
    integerArg(k, 'k', { min: 1 });
    return withHeap(M, (heap) => M.rankingMeasure(name, heap.f64(s), heap.f32(rel), rel.length, k, conventionOf(convention)));
  };
  const metrics = {
    // NDCG@k, gain 2^rel − 1. convention 'common' (log2(p+1) discount, truncated at the query size; NaN for a
    // query without a relevant document) or 'letor4' (the official LETOR 4.0 script: 0 in those cases).
    ndcg: measure('ndcg'),
    precisionAt: measure('precision'),
    averagePrecision: measure('ap'),
    kendallTau: measure('tau'),
    auc: measure('auc'),
    // The threshold for any scorer: the cut for the rule score > cut that maximises a thresholded measure of
    // labels (positive where > 0) → { cut, value }. measure 'f1', 'fbeta' (with beta) or 'balanced'.
    bestCut: (scores, labels, options) => {
      const { measure = 'f1', beta = 1 } = optionsObject(options, 'bestCut options', 'measure beta');
      const y = relevanceArray(labels, undefined, 'labels'), s = scoreArray(scores, y.length);
      stringArg(measure, 'measure', ['f1', 'fbeta', 'balanced']);
      numberArg(beta, 'beta', { positive: true });
      return withHeap(M, (heap) => M.bestCut(measure, beta, heap.f64(s), heap.f32(y), y.length));
    },
    // Means over many queries: scores for every document, and queries as [{ relevance }] / readLetor's result,
    // or { relevance, queryOffsets }. → { ndcg: Float64Array (k = 1..maxK), precision, map, kendallTau, auc, queries, counted }
    ranking(scores, queries, options) {
      const { convention = 'common', maxK = 10 } = optionsObject(options, 'ranking options', 'convention maxK');
      const { relevance, queryOffsets } = relevanceQueries(queries);
      const s = scoreArray(scores, relevance.length);
      integerArg(maxK, 'maxK', { min: 1 });
      return withHeap(M, (heap) => M.rankingReport(heap.f64(s), heap.f32(relevance), relevance.length, heap.i32(queryOffsets),
        queryOffsets.length - 1, conventionOf(convention), maxK));
    },
  };

  api.Ranker = Ranker;
  Object.assign(api.metrics, metrics);
  api.loaders.ranking = (handleFromBytes) => Ranker.fromHandle(handleFromBytes(M.Ranker.load));
  // LETOR / SVMlight-with-qid text → { relevance, labels (= relevance), qids (per row), queryIds, queryOffsets,
  // offsets, indices, values, rows, cols, queries }; errors name the line.
  api.io.readLetor = (text, options) => readText(M, M.LetorReader,
    [minColsArg(optionsObject(options, 'readLetor options', 'minCols').minCols ?? 0)], text, 'readLetor');
}
