// Ranking: a linear Ranker (score ⟨w, x⟩, documents best first) trained with the NDCG structured hinge, the
// Kendall pairwise hinge, bipartite measures or a pointwise (squared loss) baseline; the LETOR reader; ranking measures.
import { Owned, withHeap, matrixArgs, progressBridge, minColsArg, csrRows, readText } from './wasm.js';
import { trainingProgress } from './training.js';
import { encodeOptions, decodeOptions, optionsObject, optionValue, isOnline } from './options.js';
import { fitMixed, workerCount, trainsOnOneThread, AUTO_MIN_DOCUMENTS, AUTO_MIN_QUERIES_PER_WORKER } from './parallel.js';

const CONVENTIONS = ['common', 'letor4'];

const isArrayLike = (a) => Array.isArray(a) || ArrayBuffer.isView(a);

// Relevance grades → Float32Array (finite numbers only).
function relevanceArray(rel, n, name) {
  if (!isArrayLike(rel)) throw new TypeError(`${name} must be an array of numbers`);
  if (n !== undefined && rel.length !== n) throw new RangeError(`${name} has ${rel.length} values for ${n} documents`);
  const out = new Float32Array(rel.length);
  for (let i = 0; i < rel.length; ++i) {
    if (typeof rel[i] !== 'number' || !Number.isFinite(rel[i])) throw new TypeError(`${name}[${i}] is ${rel[i]}, expected a finite number`);
    out[i] = rel[i];
  }
  return out;
}

function scoreArray(s, n, name = 'scores') {
  if (!isArrayLike(s)) throw new TypeError(`${name} must be an array of numbers`);
  if (n !== undefined && s.length !== n) throw new RangeError(`${name} has ${s.length} values, expected ${n}`);
  const out = Float64Array.from(s);
  out.forEach((x, i) => { if (!Number.isFinite(x)) throw new TypeError(`${name}[${i}] is ${s[i]}, expected a finite number`); });
  return out;
}

// Rows of one query's features, as a list of dense rows or CSR entries with its column count.
function queryRows(features, q) {
  const name = `queries[${q}].features`;
  if (Array.isArray(features)) {
    const cols = features.length ? features[0]?.length : 0;
    return { cols, rows: features.length, dense: (i) => features[i], check: (i) => {
      if (!isArrayLike(features[i]) || features[i].length !== cols) throw new RangeError(`${name}: row ${i} has ${features[i]?.length ?? 'no'} features, expected ${cols}`);
    } };
  }
  if (features?.offsets !== undefined) return { cols: features.cols, rows: csrRows(features, name), sparse: features, check() {} };
  if (features?.data !== undefined) {
    const { data, rows, cols } = features;
    if (data.length !== rows * cols) throw new RangeError(`${name}: data has ${data.length} values, expected rows × cols = ${rows * cols}`);
    return { cols, rows, dense: (i) => data.subarray ? data.subarray(i * cols, (i + 1) * cols) : data.slice(i * cols, (i + 1) * cols), check() {} };
  }
  throw new TypeError(`${name} must be number[][], {data, rows, cols} or CSR {offsets, indices, values, cols}`);
}

// Queries as the core wants them: one matrix of every document, relevance per document, query offsets.
// Accepts [{ features, relevance }] (features: number[][], {data, rows, cols} or CSR), what io.readLetor returns,
// or every document in one matrix with relevance and queryOffsets ({ data, rows, cols, relevance, queryOffsets }:
// what a fit on several workers sends each worker).
export function packQueries(queries, name = 'queries') {
  if (queries && !Array.isArray(queries) && queries.queryOffsets !== undefined) {
    const { offsets, indices, values, data, rows, cols, relevance, queryOffsets } = queries;
    const X = offsets !== undefined ? { offsets, indices, values, cols } : { data, rows, cols };
    const documents = offsets !== undefined ? offsets.length - 1 : rows;
    return { X, relevance: relevanceArray(relevance, documents, `${name}.relevance`), queryOffsets: Int32Array.from(queryOffsets) };
  }
  if (!Array.isArray(queries)) throw new TypeError(`${name} must be an array of { features, relevance } or the result of io.readLetor`);
  if (queries.length === 0) throw new RangeError(`${name} is empty`);
  const parts = queries.map((q, i) => {
    if (!q || typeof q !== 'object') throw new TypeError(`${name}[${i}] must be { features, relevance }`);
    const rows = queryRows(q.features, i);
    return { rows, relevance: relevanceArray(q.relevance, rows.rows, `${name}[${i}].relevance`) };
  });
  // One width for every query, so that each query's columns are checked against its own (in C++).
  const cols = Math.max(...parts.map((p) => p.rows.cols));
  parts.forEach((p, q) => {
    if (p.rows.rows > 0 && p.rows.cols !== cols) throw new RangeError(`${name}[${q}] has ${p.rows.cols} features per document, expected ${cols}`);
  });
  const sparse = parts.some((p) => p.rows.sparse);
  const total = parts.reduce((s, p) => s + p.rows.rows, 0);
  const relevance = new Float32Array(total), queryOffsets = new Int32Array(parts.length + 1);
  let at = 0;
  parts.forEach((p, q) => { relevance.set(p.relevance, at); at += p.rows.rows; queryOffsets[q + 1] = at; });
  if (!sparse) {
    const data = new Float32Array(total * cols);
    let row = 0;
    parts.forEach((p, q) => {
      for (let i = 0; i < p.rows.rows; ++i, ++row) {
        p.rows.check(i);
        const r = p.rows.dense(i);
        for (let j = 0; j < cols; ++j) {
          if (typeof r[j] !== 'number' || Number.isNaN(r[j])) throw new TypeError(`${name}[${q}].features: row ${i} column ${j} is ${r[j]}, expected a number`);
          data[row * cols + j] = r[j];
        }
      }
    });
    return { X: { data, rows: total, cols }, relevance, queryOffsets };
  }
  const offsets = [0], indices = [], values = [];
  parts.forEach((p) => {
    if (p.rows.sparse) {  // appended whole: what is wrong inside (a decreasing offset, a column) is caught in C++
      const base = indices.length, s = p.rows.sparse;
      for (let i = 1; i <= p.rows.rows; ++i) offsets.push(base + s.offsets[i]);
      for (let k = 0; k < s.indices.length; ++k) { indices.push(s.indices[k]); values.push(s.values[k]); }
      return;
    }
    for (let i = 0; i < p.rows.rows; ++i) {
      p.rows.check(i);
      p.rows.dense(i).forEach((v, j) => { if (v !== 0) { indices.push(j); values.push(v); } });
      offsets.push(indices.length);
    }
  });
  return { X: { offsets: Int32Array.from(offsets), indices: Int32Array.from(indices), values: Float32Array.from(values), cols }, relevance, queryOffsets };
}

// The core's arguments for packed queries: the documents, their relevance, the query offsets and the query count.
const queryArgs = (heap, { X, relevance, queryOffsets }, name) =>
  [matrixArgs(heap, X, name), heap.f32(relevance), heap.i32(queryOffsets), queryOffsets.length - 1];

export function install(M, api) {
  let schema;
  const schemaOf = () => (schema ??= JSON.parse(M.rankingSchema()));

  class Ranker extends Owned {
    #options;
    #optionText;
    #training;

    // options: { measure: 'ndcg' | 'kendall' | 'f1' | 'fbeta' | 'precision@k' | 'recall@k' | 'balanced',
    //            loss: 'hinge' | 'squared', trainer, k, beta, lambda, eta, epochs, average, seed, gain, psi, … }
    constructor(options = {}) {
      super(null);
      this.#options = optionsObject(options, 'Ranker');
      this.#optionText = encodeOptions(schemaOf(), this.#options, 'Ranker');
    }

    static options() { return schemaOf().map((s) => ({ ...s })); }

    // queries: [{ features, relevance }] or io.readLetor's result. With `valid` (same forms), lambda is picked
    // from `lambdas` and the number of epochs from 1..epochs by validation NDCG@evalK (common convention).
    // With workers (a count or 'auto'), the online trainers (sgd, pegasos, perceptron) train on that many threads
    // by parameter mixing (parallel.js) and fit returns a promise for this model; signal (an AbortSignal)
    // cancels it.
    fit(queries, { onProgress, valid, lambdas = [0, 1e-4, 1e-3, 1e-2], evalK = 10, workers, signal } = {}) {
      if (workers !== undefined) return this.#fitMixed(queries, { onProgress, valid, lambdas, evalK, workers, signal });
      const train = packQueries(queries, 'queries');
      if (valid !== undefined) {
        const v = packQueries(valid, 'valid');
        const grid = Float64Array.from(lambdas);
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
        M.Ranker.load, { workers: n, onProgress: fitOptions.onProgress, signal });
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
    score(X) { return withHeap(M, (heap) => this.handle.score(matrixArgs(heap, X))); }
    // Row indices best first (Int32Array); equal scores keep the input order.
    rank(X) { return withHeap(M, (heap) => this.handle.rank(matrixArgs(heap, X))); }

    get weights() { return this.handle.weights(); }
    get features() { return this.handle.cols(); }
    get options() { return decodeOptions(schemaOf(), this.handle.options()); }
    get trainer() { return this.options.trainer; }
  }

  const conventionOf = (convention) => {
    if (!CONVENTIONS.includes(convention)) throw new TypeError(`convention must be 'common' or 'letor4'; got ${JSON.stringify(convention)}`);
    return convention;
  };
  // One query's measure from its document scores and relevance grades.
  const measure = (name) => (scores, relevance, { k = 10, convention = 'common' } = {}) => {
    const rel = relevanceArray(relevance, undefined, 'relevance'), s = scoreArray(scores, rel.length);
    if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be an integer ≥ 1; got ${k}`);
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
    bestCut: (scores, labels, { measure = 'f1', beta = 1 } = {}) => {
      const y = relevanceArray(labels, undefined, 'labels'), s = scoreArray(scores, y.length);
      if (!['f1', 'fbeta', 'balanced'].includes(measure)) throw new TypeError(`measure must be 'f1', 'fbeta' or 'balanced'; got ${JSON.stringify(measure)}`);
      if (typeof beta !== 'number' || !(beta > 0) || !Number.isFinite(beta)) throw new RangeError(`beta must be a finite number > 0; got ${beta}`);
      return withHeap(M, (heap) => M.bestCut(measure, beta, heap.f64(s), heap.f32(y), y.length));
    },
    // Means over many queries: scores for every document, and queries as [{ relevance }] / readLetor's result,
    // or { relevance, queryOffsets }. → { ndcg: Float64Array (k = 1..maxK), precision, map, kendallTau, auc, queries, counted }
    ranking(scores, queries, { convention = 'common', maxK = 10 } = {}) {
      let relevance, queryOffsets;
      if (Array.isArray(queries)) {
        const rels = queries.map((q, i) => relevanceArray(q?.relevance, undefined, `queries[${i}].relevance`));
        queryOffsets = new Int32Array(rels.length + 1);
        rels.forEach((r, i) => { queryOffsets[i + 1] = queryOffsets[i] + r.length; });
        relevance = new Float32Array(queryOffsets[rels.length]);
        rels.forEach((r, i) => relevance.set(r, queryOffsets[i]));
      } else if (queries?.queryOffsets !== undefined) {
        relevance = relevanceArray(queries.relevance, undefined, 'relevance');
        queryOffsets = Int32Array.from(queries.queryOffsets);
      } else {
        throw new TypeError('queries must be [{ relevance }] or { relevance, queryOffsets }');
      }
      const s = scoreArray(scores, relevance.length);
      if (!Number.isInteger(maxK) || maxK < 1) throw new RangeError(`maxK must be an integer ≥ 1; got ${maxK}`);
      return withHeap(M, (heap) => M.rankingReport(heap.f64(s), heap.f32(relevance), relevance.length, heap.i32(queryOffsets),
        queryOffsets.length - 1, conventionOf(convention), maxK));
    },
  };

  api.Ranker = Ranker;
  Object.assign(api.metrics, metrics);
  api.loaders.ranking = (handleFromBytes) => Ranker.fromHandle(handleFromBytes(M.Ranker.load));
  // LETOR / SVMlight-with-qid text → { relevance, labels (= relevance), qids (per row), queryIds, queryOffsets,
  // offsets, indices, values, rows, cols, queries }; errors name the line.
  api.io.readLetor = (text, { minCols = 0 } = {}) => readText(M, M.LetorReader, [minColsArg(minCols)], text, 'readLetor');
}
