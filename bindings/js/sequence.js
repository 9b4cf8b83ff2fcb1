// Sequence tagging with chain models: SequenceTagger (token sequences, string[][] in and out) and
// DenseSequenceTagger (numeric features per position, e.g. the pixels of handwritten letters).
// Trainers: the averaged perceptron, sgd, pegasos, cutting-plane, bcfw and lbfgs; losses: hinge and slack (structured
// SVM), log (CRF), softmax-margin.
import { Owned, withHeap, matrixArgs, progressBridge, readText } from './wasm.js';
import { trainingProgress } from './training.js';
import { encodeOptions, decodeOptions, optionsObject, optionValue, isOnline } from './options.js';
import { fitMixed, workerCount } from './parallel.js';

// Files shipped in the package: Node reads them, browsers and bundlers fetch them from beside this module.
async function packageFile(url, what, as) {
  const fs = url.protocol === 'file:' ? globalThis.process?.getBuiltinModule?.('fs') : undefined;
  if (fs) {
    try {
      return as === 'text' ? fs.readFileSync(url, 'utf8') : new Uint8Array(fs.readFileSync(url));
    } catch (e) {
      throw new Error(`could not read ${what} ${url.pathname} (${e.code ?? e.message})`);
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not fetch ${what} from ${url} (HTTP ${response.status})`);
  return as === 'text' ? response.text() : new Uint8Array(await response.arrayBuffer());
}

// The English word lexicon shipped in lexicons/ (Penn tags and WordNet parts of speech of 83k words;
// lexicons/NOTICE), as text for the SequenceTagger option `lexicon`.
const ENGLISH_LEXICON = new URL('./lexicons/english.tsv', import.meta.url);
const englishLexicon = () => packageFile(ENGLISH_LEXICON, 'the English lexicon', 'text');

// Taggers trained on UD English EWT (CC BY-SA 4.0; pretrained/NOTICE), made by pretrained/make-english-upos.mjs.
const ENGLISH_UPOS = new URL('./pretrained/english-upos.bin', import.meta.url);

// Plain text → tokens, roughly as UD English EWT splits them: clitics ("do n't", "John 's"), numbers
// with their inner separators, words with inner hyphens, then any other character alone.
const TOKEN = /\p{L}+(?=n't\b)|n't\b|['’](?:s|re|ve|ll|d|m)\b|\p{N}+(?:[.,:]\p{N}+)*|[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*|\S/giu;
function tokenize(text) {
  if (typeof text !== 'string') throw new TypeError('tokenize expects a string');
  return text.match(TOKEN) ?? [];
}

export const FEATURE_PRESETS = ['pos', 'crfsuite'];
const SEP = '\x1f';

// Token sequences → one U+001F-joined string and their lengths (a single crossing into wasm).
function packTokens(sequences, name) {
  if (!Array.isArray(sequences)) throw new TypeError(`${name} must be an array of sequences (string[][])`);
  const lengths = new Int32Array(sequences.length), parts = [];
  sequences.forEach((s, i) => {
    if (!Array.isArray(s)) throw new TypeError(`${name}[${i}] must be an array of strings`);
    lengths[i] = s.length;
    for (let t = 0; t < s.length; ++t) {
      const token = s[t];
      if (typeof token !== 'string') throw new TypeError(`${name}[${i}][${t}] is ${typeof token}, expected a string`);
      if (token.includes(SEP)) throw new RangeError(`${name}[${i}][${t}] contains the control character U+001F`);
      parts.push(token);
    }
  });
  return { text: parts.join(SEP), lengths };
}

// Token sequences as packTokens packs them, or packed already: parameter mixing packs them once on the calling
// thread, so that a worker gets two strings and two Int32Arrays to copy, not every token.
const packedTokens = (sequences, name) => (typeof sequences?.text === 'string' && sequences.lengths instanceof Int32Array
  ? sequences : packTokens(sequences, name));

function unpack(flat, lengths, map = (x) => x) {
  const out = [];
  let p = 0;
  for (const n of lengths) {
    const seq = new Array(n);
    for (let t = 0; t < n; ++t) seq[t] = map(flat[p++]);
    out.push(seq);
  }
  return out;
}

const splitJoined = (text, total) => (total === 0 ? [] : text.split(SEP));
const isSingleTokens = (x) => Array.isArray(x) && (x.length === 0 || typeof x[0] === 'string');

// Numeric sequences → matrix args + Int32Array starts. Accepts an array of sequences, each number[][]
// (positions × features) or {data, rows, cols}; or a whole corpus {offsets, indices, values, cols, starts}
// (what io.readSvmhmm returns).
function packNumeric(heap, sequences, name) {
  if (sequences && !Array.isArray(sequences) && sequences.starts !== undefined) {
    const { offsets, indices, values, cols, starts } = sequences;
    const st = Int32Array.from(starts);
    return { args: matrixArgs(heap, { offsets, indices, values, cols }, name), starts: st, m: st.length - 1 };
  }
  if (!Array.isArray(sequences)) throw new TypeError(`${name} must be an array of sequences (number[][] or {data, rows, cols} each)`);
  const starts = new Int32Array(sequences.length + 1);
  let cols;
  const blocks = [];
  sequences.forEach((s, i) => {
    let data, rows, c;
    if (Array.isArray(s)) {
      rows = s.length, c = rows ? s[0].length : cols ?? 0;
      data = new Float32Array(rows * c);
      s.forEach((row, t) => {
        if ((!Array.isArray(row) && !ArrayBuffer.isView(row)) || row.length !== c) throw new RangeError(`${name}[${i}][${t}] must have ${c} numbers`);
        data.set(row, t * c);
      });
    } else if (s && s.data !== undefined) {
      ({ data, rows, cols: c } = s);
      if (data.length !== rows * c) throw new RangeError(`${name}[${i}]: data has ${data.length} values, expected rows × cols = ${rows * c}`);
    } else {
      throw new TypeError(`${name}[${i}] must be number[][] or {data, rows, cols}`);
    }
    if (rows > 0) {
      if (cols === undefined) cols = c;
      else if (c !== cols) throw new RangeError(`${name}[${i}] has ${c} features per position, expected ${cols}`);
    }
    blocks.push(data);
    starts[i + 1] = starts[i] + rows;
  });
  const all = new Float32Array(starts[sequences.length] * (cols ?? 0));
  let at = 0;
  for (const b of blocks) all.set(b, at), (at += b.length);
  for (let j = 0; j < all.length; ++j) if (Number.isNaN(all[j])) throw new TypeError(`${name} contains a value that is not a number`);
  return { args: matrixArgs(heap, { data: all, rows: starts[sequences.length], cols: cols ?? 0 }, name), starts, m: sequences.length };
}

export function install(M, api) {
  // The tagger's table for each trainer (the core's composition of the trainer's, the loss's and the task's options).
  const schemas = new Map();
  const schemaOf = (trainer = 'perceptron') => {
    if (!schemas.has(trainer)) schemas.set(trainer, JSON.parse(M.sequenceSchema(trainer)));
    return schemas.get(trainer);
  };
  const trainers = () => schemaOf().find((s) => s.name === 'trainer').choices;
  const checkedTrainer = (trainer) => {
    if (!trainers().includes(trainer)) throw new TypeError(`unknown trainer '${trainer}' for a sequence tagger (known: ${trainers().join(', ')})`);
    return trainer;
  };

  // Global feature templates, and the words their `lexicon` template reads (a string or an array of words).
  function globalText(global, words) {
    let text = '';
    if (global !== undefined) {
      if (typeof global !== 'string' || !global.trim()) throw new TypeError("option 'global' must be a non-empty list of global feature templates such as 'has before'");
      text += `\nglobal=${global.replace(/\s+/g, ' ').trim()}`;
    }
    if (words !== undefined) {
      const list = typeof words === 'string' ? words.split(/\s+/).filter(Boolean) : words;
      if (!Array.isArray(list) || !list.every((w) => typeof w === 'string' && w && !/\s/.test(w))) {
        throw new TypeError("option 'globalWords' must be a string of whitespace-separated words or an array of words without spaces");
      }
      text += `\nglobalWords=${list.join(' ')}`;
    }
    return text;
  }

  // {trainer, loss, features: 'pos' | 'crfsuite' | '<templates>', templates, global, globalWords, ...} → option lines.
  function optionText(options) {
    const { features, templates, global, globalWords, ...rest } = options;
    let custom = templates;
    if (features !== undefined) {
      if (typeof features !== 'string') throw new TypeError("option 'features' must be 'pos', 'crfsuite' or a template list such as 'lower[0] suffix3[0] lower[-1]|lower[0]'");
      if (FEATURE_PRESETS.includes(features)) rest.features = features;
      else if (custom !== undefined) throw new TypeError("give either 'features' or 'templates', not both");
      else custom = features;
    }
    const trainer = checkedTrainer(rest.trainer ?? 'perceptron');
    let text = encodeOptions(schemaOf(trainer), rest, `a sequence tagger with trainer '${trainer}'`);
    if (custom !== undefined) {
      if (typeof custom !== 'string' || !custom.trim()) throw new TypeError("option 'templates' must be a non-empty template list");
      text += `${text ? '\n' : ''}templates=${custom.replace(/\s+/g, ' ').trim()}`;
    }
    return (text + globalText(global, globalWords)).replace(/^\n/, '');
  }

  function labelIds(labels, tags, name) {
    const id = new Map(labels.map((l, i) => [l, i]));
    const flat = [];
    tags.forEach((s, i) => {
      if (!Array.isArray(s)) throw new TypeError(`${name}[${i}] must be an array of tags`);
      for (const t of s) flat.push(id.has(t) ? id.get(t) : -1);
    });
    return Int32Array.from(flat);
  }

  // Per position: the id of a forced tag, or −1 where the position is free (null).
  function forcedIds(labels, forced, lengths) {
    if (!Array.isArray(forced) || forced.length !== lengths.length) throw new RangeError('forced needs one array per sequence');
    const id = new Map(labels.map((l, i) => [l, i])), flat = [];
    forced.forEach((s, i) => {
      if (!Array.isArray(s) || s.length !== lengths[i]) throw new RangeError(`forced[${i}] must have ${lengths[i]} entries (a tag or null)`);
      s.forEach((t, j) => {
        if (t === null || t === undefined) flat.push(-1);
        else if (id.has(t)) flat.push(id.get(t));
        else throw new RangeError(`forced[${i}][${j}]: unknown tag '${t}' (known: ${labels.join(', ')})`);
      });
    });
    return Int32Array.from(flat);
  }

  // Shared by both taggers; subclasses say how their input crosses into wasm.
  class Tagger extends Owned {
    #options;
    #optionText;
    #training;
    #lexicon;
    #labels = null;

    constructor(options = {}) {
      super(null);
      this.#options = optionsObject(options, this.constructor.name);
      const { lexicon = '', ...rest } = this.#options;
      if (typeof lexicon !== 'string') throw new TypeError("option 'lexicon' must be the lexicon's text ('word<TAB>classes' lines)");
      this.#optionText = optionText(rest);
      this.#lexicon = lexicon;
    }

    // The options with this trainer: [{name, type, default, help, …}].
    static options(trainer = 'perceptron') { return schemaOf(checkedTrainer(trainer)).map((s) => ({ ...s })); }

    // fit(x, tags, {onProgress, warmStart}): warmStart = true continues from the current model,
    // warmStart = another tagger (a loaded one, say) starts from that one's labels, features and weights.
    // With workers (a count or 'auto'), training runs on that many threads by parameter mixing (parallel.js)
    // and fit returns a promise for this tagger; signal (an AbortSignal) cancels it.
    fit(x, tags, { onProgress, warmStart = false, workers, signal } = {}) {
      if (typeof warmStart !== 'boolean' && !(warmStart instanceof Tagger)) {
        throw new TypeError('warmStart must be true, false or a trained tagger');
      }
      const from = warmStart === true ? this : warmStart || null;
      if (workers !== undefined) return this.#fitMixed(x, tags, { onProgress, from, workers, signal });
      const packedTags = packTokens(tags, 'tags');
      const report = trainingProgress(onProgress);
      const progress = progressBridge(report.onProgress);
      const warm = from && from.ready ? from.handle : null;
      const handle = withHeap(M, (heap) => this.train(heap, x, packedTags, this.#optionText, this.#lexicon, progress.callback, warm));
      this.replaceHandle(handle);
      this.#labels = null;
      progress.rethrow();
      this.#training = report.finish(handle);
      return this;
    }

    // workers: 'auto' trains on this thread when the trainer is not an online one (nothing to mix) or the
    // data is small; a count always mixes, so the core rejects trainers it cannot mix.
    async #fitMixed(x, tags, { onProgress, from, workers, signal }) {
      const sequences = Array.isArray(x) ? x.length : (x?.starts?.length ?? 1) - 1;
      if (workers === 'auto' && (!this.#online() || workerCount(workers, sequences) === 1)) return this.fit(x, tags, { onProgress, warmStart: from ?? false });
      const fitOptions = from && from.ready ? { warmStart: from.save() } : {};
      const tokens = this instanceof SequenceTagger;
      const args = [tokens ? packTokens(x, 'sentences') : x, packTokens(tags, 'tags')];
      const spec = { model: tokens ? 'SequenceTagger' : 'DenseSequenceTagger', options: this.#options, args, fitOptions };
      const { handle, training } = await fitMixed(M, spec, M.SequenceModel.load,
        { workers: workerCount(workers, sequences), onProgress, signal });
      this.replaceHandle(handle);
      this.#labels = null;
      this.#training = training;
      return this;
    }

    // Whether the options choose an online trainer, the ones parameter mixing applies to (without l1, whose
    // cumulative penalty would be per shard).
    #online() {
      const trainer = this.#options.trainer ?? 'perceptron';
      return isOnline(trainer) && Number(optionValue(schemaOf(trainer), this.#options, 'l1')) === 0;
    }

    // Parameter mixing, in a worker (shard-worker.js): shard `shard` of `shards` of (x, tags), prepared with this
    // tagger's options; token sequences may come packed. warmStart: a model's bytes. Returns the wasm ChainShard.
    shard(x, tags, { warmStart, shards, shard }) {
      const packedTags = packedTokens(tags, 'tags');
      const warm = warmStart ? withHeap(M, (heap) => M.SequenceModel.load(heap.u8(warmStart), warmStart.length)) : null;
      try {
        return withHeap(M, (heap) => this.prepareShard(heap, x, packedTags, this.#optionText, this.#lexicon, warm, shards, shard));
      } finally {
        warm?.delete();
      }
    }

    // How the last fit ended: { converged, iterations, gap, tolerance, measure, warning? } (undefined for a loaded model).
    get training() { return this.#training; }

    get labels() { return (this.#labels ??= this.handle.labels().split(SEP)); }
    get options() { return decodeOptions(schemaOf(this.handle.trainer()), this.handle.options()); }
    get trainer() { return this.handle.trainer(); }
    get templates() { return this.handle.templates(); }
    // Words in the model's word lexicon (0 without one).
    get lexiconWords() { return this.handle.lexiconWords(); }
    // Transition scores T[prev][cur] (k × k), then a start row T[k] and an end row T[k + 1]; columns = label, in
    // the order of `labels`. The other half of a labelling's score: see emissions().
    get transitions() {
      const k = this.labels.length, flat = this.handle.transitions();
      return Array.from({ length: k + 2 }, (_, r) => Array.from(flat.subarray(r * k, (r + 1) * k)));
    }

    // tag(x, {bio, forced}): the Viterbi labelling. bio: obey BIO/BIOES rules (no O → I-X);
    // forced: per sequence, per position a tag or null (free).
    tag(x, { bio = false, forced } = {}) {
      const single = this.isSingle(x), seqs = single ? [x] : x;
      const labels = this.labels;
      const ids = withHeap(M, (heap) => {
        let forcedPtr = 0;
        if (forced !== undefined) forcedPtr = heap.i32(forcedIds(labels, single ? [forced] : forced, this.lengths(seqs)));
        return this.tagIdsOf(heap, seqs, forcedPtr, Boolean(bio));
      });
      const out = unpack(ids, this.lengths(seqs), (i) => labels[i]);
      return single ? out[0] : out;
    }

    // Emission scores e_t(y) = ⟨w, φ(x, t, y)⟩ of one sequence: {labels, data: Float32Array (positions × labels,
    // row-major; column j is labels[j]), rows, cols}; an array of those for many sequences. With the transition
    // scores T = this.transitions (k = labels.length), a labelling's score is what decode() maximises:
    //   s(x, y) = T[k][y_1] + Σ_t e_t(y_t) + Σ_{t≥2} T[y_{t−1}][y_t] + T[k+1][y_n].
    emissions(x) {
      const single = this.isSingle(x), seqs = single ? [x] : x;
      const flat = withHeap(M, (heap) => this.emissionsOf(heap, seqs));
      const labels = this.labels, k = labels.length, out = [];
      let p = 0;
      for (const n of this.lengths(seqs)) {
        out.push({ labels, data: flat.slice(p, p + n * k), rows: n, cols: k });
        p += n * k;
      }
      return single ? out[0] : out;
    }

    // decode(x, {reference, lossAugmented, normalizeLoss}): the chain's best labelling by Viterbi,
    // {tags, path: Int32Array (indices into labels), score: s(x, path)}; an array of those for many sequences.
    // reference: the true tags (string[] per sequence; a tag the model lacks differs from every label): adds
    // loss, the Hamming loss Δ(path, reference) = Σ_t [path_t ≠ reference_t] (divided by the length with
    // normalizeLoss, as the ssvm trainers count it). lossAugmented: the path is argmax_y' Δ(y', reference) +
    // s(x, y') instead (the structured SVM's most violated labelling); score stays s(x, path), without the loss.
    // Global features, if the model has any, play no part (tag() reranks with them).
    decode(x, { reference, lossAugmented = false, normalizeLoss = false } = {}) {
      const single = this.isSingle(x), seqs = single ? [x] : x;
      const lengths = this.lengths(seqs), labels = this.labels;
      if (lossAugmented && reference === undefined) throw new TypeError('lossAugmented needs a reference labelling');
      let ids = null;
      if (reference !== undefined) {
        const refs = single ? [reference] : reference;
        if (!Array.isArray(refs) || refs.length !== lengths.length) throw new RangeError('reference needs one tag sequence per input sequence');
        refs.forEach((s, i) => {
          const name = `reference${single ? '' : `[${i}]`}`;
          if (!Array.isArray(s)) throw new TypeError(`${name} must be an array of tags (string[])`);
          if (s.length !== lengths[i]) throw new RangeError(`${name} has ${s.length} tags for ${lengths[i]} positions`);
        });
        ids = labelIds(labels, refs, 'reference');
      }
      const r = withHeap(M, (heap) => this.chainPathsOf(heap, seqs, ids ? heap.i32(ids) : 0, Boolean(lossAugmented), Boolean(normalizeLoss)));
      const out = [];
      let p = 0;
      lengths.forEach((n, i) => {
        const path = r.labels.slice(p, p + n);
        p += n;
        const d = { tags: Array.from(path, (y) => labels[y]), path, score: r.scores[i] };
        if (ids) d.loss = r.losses[i];
        out.push(d);
      });
      return single ? out[0] : out;
    }

    // Per-position label probabilities p(y_t = label | x) by forward–backward:
    // {labels, probabilities: number[][] (positions × labels), logZ}; an array of those for many sequences.
    marginals(x) {
      const single = this.isSingle(x), seqs = single ? [x] : x;
      const r = withHeap(M, (heap) => this.marginalsOf(heap, seqs));
      const k = this.labels.length, lengths = this.lengths(seqs), out = [];
      let p = 0;
      lengths.forEach((n, i) => {
        const rows = [];
        for (let t = 0; t < n; ++t, p += k) rows.push(Array.from(r.probabilities.subarray(p, p + k)));
        out.push({ labels: this.labels, probabilities: rows, logZ: r.logZ[i] });
      });
      return single ? out[0] : out;
    }

    // The `count` best labellings of one sequence: [{tags, score, probability}], best first.
    nbest(x, count = 5) {
      // The core takes an int32 (and refuses a count whose n-best table would pass its 1 GiB limit).
      if (!Number.isInteger(count) || count < 1 || count > 0x7fffffff) {
        throw new RangeError(`count must be an integer in [1, 2^31 − 1], got ${count}`);
      }
      const r = withHeap(M, (heap) => this.nbestOf(heap, x, count));
      const n = this.lengths([x])[0], labels = this.labels;
      return Array.from(r.scores, (score, i) => ({
        tags: Array.from(r.paths.subarray(i * n, (i + 1) * n), (y) => labels[y]),
        score,
        probability: Math.exp(score - r.logZ),
      }));
    }

    // log p(tags | x) under the model read as a CRF (any trainer's weights define one).
    logProbability(x, tags) {
      const single = this.isSingle(x), seqs = single ? [x] : x, t = single ? [tags] : tags;
      const lengths = this.lengths(seqs);
      if (!Array.isArray(t) || t.length !== lengths.length) throw new RangeError('give one tag sequence per input sequence');
      t.forEach((s, i) => {
        if (!Array.isArray(s) || s.length !== lengths[i]) throw new RangeError(`tags[${i}] has ${s?.length} tags for ${lengths[i]} positions`);
      });
      const ids = labelIds(this.labels, t, 'tags');
      const r = withHeap(M, (heap) => this.logProbabilityOf(heap, seqs, heap.i32(ids)));
      return single ? r[0] : Array.from(r);
    }
  }

  class SequenceTagger extends Tagger {
    // options: {trainer, loss, features: 'pos' | 'crfsuite' | '<templates>', epochs, lambda, hashBits, minCount, …}
    constructor(options = {}) { super(options); }

    isSingle(x) { return isSingleTokens(x); }
    lengths(seqs) { return seqs.map((s) => s.length); }

    // The training set as trainTokens and ChainShard.tokens take it.
    trainingArgs(heap, sentences, tags) { return this.packedArgs(heap, packTokens(sentences, 'sentences'), tags); }
    packedArgs(heap, s, tags) {
      if (s.lengths.length !== tags.lengths.length) throw new RangeError(`got ${s.lengths.length} sentences but ${tags.lengths.length} tag sequences`);
      s.lengths.forEach((n, i) => {
        if (n !== tags.lengths[i]) throw new RangeError(`sentence ${i} has ${n} tokens but ${tags.lengths[i]} tags`);
      });
      return [s.text, heap.i32(s.lengths), s.lengths.length, tags.text];
    }
    train(heap, sentences, tags, optionText, lexicon, callback, warm) {
      return M.SequenceModel.trainTokens(...this.trainingArgs(heap, sentences, tags), optionText, lexicon, callback, warm);
    }
    prepareShard(heap, sentences, tags, optionText, lexicon, warm, shards, shard) {
      return M.ChainShard.tokens(...this.packedArgs(heap, packedTokens(sentences, 'sentences'), tags), optionText, lexicon, warm, shards, shard);
    }
    tagIdsOf(heap, seqs, forced, bio) {
      const s = packTokens(seqs, 'sentences');
      return this.handle.tagTokens(s.text, heap.i32(s.lengths), s.lengths.length, forced, bio);
    }
    emissionsOf(heap, seqs) {
      const s = packTokens(seqs, 'sentences');
      return this.handle.emissionsTokens(s.text, heap.i32(s.lengths), s.lengths.length);
    }
    chainPathsOf(heap, seqs, reference, augmented, normalized) {
      const s = packTokens(seqs, 'sentences');
      return this.handle.decodeTokens(s.text, heap.i32(s.lengths), s.lengths.length, reference, augmented, normalized);
    }
    marginalsOf(heap, seqs) {
      const s = packTokens(seqs, 'sentences');
      return this.handle.marginalsTokens(s.text, heap.i32(s.lengths), s.lengths.length);
    }
    nbestOf(heap, x, count) {
      if (!isSingleTokens(x)) throw new TypeError('nbest takes one sentence (string[])');
      const s = packTokens([x], 'sentence');
      return this.handle.nbestTokens(s.text, heap.i32(s.lengths), count);
    }
    logProbabilityOf(heap, seqs, ids) {
      const s = packTokens(seqs, 'sentences');
      return this.handle.logProbabilityTokens(s.text, heap.i32(s.lengths), s.lengths.length, ids);
    }
  }

  class DenseSequenceTagger extends Tagger {
    // options: as SequenceTagger, plus bias (an always-on feature, default true); features/templates do not apply.
    constructor(options = {}) { super(options); }

    get columns() { return this.handle.columns(); }
    // One sequence is number[][] (positions × features) or {data, rows, cols}; many are an array of those,
    // or a whole corpus {offsets, indices, values, cols, starts}.
    isSingle(x) {
      if (!Array.isArray(x)) return x?.starts === undefined;
      if (x.length === 0) return false;
      const first = x[0];
      return ArrayBuffer.isView(first) || (Array.isArray(first) && (first.length === 0 || typeof first[0] === 'number'));
    }
    lengths(seqs) {
      if (!Array.isArray(seqs)) {
        const st = seqs.starts;
        return Array.from({ length: st.length - 1 }, (_, i) => st[i + 1] - st[i]);
      }
      return seqs.map((s) => (Array.isArray(s) ? s.length : s.rows));
    }

    // The training set as trainNumeric and ChainShard.numeric take it.
    trainingArgs(heap, sequences, tags, lexicon) {
      if (lexicon) throw new TypeError("option 'lexicon' applies to token sequences, not numeric ones");
      const p = packNumeric(heap, sequences, 'sequences');
      if (p.m !== tags.lengths.length) throw new RangeError(`got ${p.m} sequences but ${tags.lengths.length} tag sequences`);
      return [p.args, heap.i32(p.starts), p.m, tags.text];
    }
    train(heap, sequences, tags, optionText, lexicon, callback, warm) {
      return M.SequenceModel.trainNumeric(...this.trainingArgs(heap, sequences, tags, lexicon), optionText, callback, warm);
    }
    prepareShard(heap, sequences, tags, optionText, lexicon, warm, shards, shard) {
      return M.ChainShard.numeric(...this.trainingArgs(heap, sequences, tags, lexicon), optionText, warm, shards, shard);
    }
    tagIdsOf(heap, seqs, forced, bio) {
      const p = packNumeric(heap, seqs, 'sequences');
      return this.handle.tagNumeric(p.args, heap.i32(p.starts), p.m, forced, bio);
    }
    emissionsOf(heap, seqs) {
      const p = packNumeric(heap, seqs, 'sequences');
      return this.handle.emissionsNumeric(p.args, heap.i32(p.starts), p.m);
    }
    chainPathsOf(heap, seqs, reference, augmented, normalized) {
      const p = packNumeric(heap, seqs, 'sequences');
      return this.handle.decodeNumeric(p.args, heap.i32(p.starts), p.m, reference, augmented, normalized);
    }
    marginalsOf(heap, seqs) {
      const p = packNumeric(heap, seqs, 'sequences');
      return this.handle.marginalsNumeric(p.args, heap.i32(p.starts), p.m);
    }
    nbestOf(heap, x, count) {
      const p = packNumeric(heap, [x], 'sequence');
      return this.handle.nbestNumeric(p.args, heap.i32(p.starts), count);
    }
    logProbabilityOf(heap, seqs, ids) {
      const p = packNumeric(heap, seqs, 'sequences');
      return this.handle.logProbabilityNumeric(p.args, heap.i32(p.starts), p.m, ids);
    }
  }

  // A tagger around a loaded model; refitting it uses the options it was trained with. The core has checked
  // them (SequenceModel::from_bytes); should the tagger still refuse them, the handle is freed, not leaked.
  function fromHandle(handle) {
    try {
      const Class = handle.input() === 'tokens' ? SequenceTagger : DenseSequenceTagger;
      const saved = decodeOptions(schemaOf(handle.trainer()), handle.options());
      if (saved.features === 'custom') delete saved.features;
      if (Class === DenseSequenceTagger) delete saved.features;
      return Class.fromHandle(handle, saved);
    } catch (e) {
      if (!handle.isDeleted()) handle.delete();
      throw e;
    }
  }

  const io = {
    tokenize,
    // CoNLL-U text → {sentences, tags}; column: 'upos' (default) or 'xpos'.
    readConllu(text, { column = 'upos' } = {}) {
      return readText(M, M.ConlluReader, [String(column)], text, 'readConllu', tagged);
    },
    // Column files (token … tag, blank line between sentences) → {sentences, tags}.
    readColumns(text) {
      return readText(M, M.ColumnsReader, [], text, 'readColumns', tagged);
    },
    // SVM^hmm text → {offsets, indices, values, cols, starts, tags} (pass it whole to a DenseSequenceTagger).
    readSvmhmm(text) {
      return readText(M, M.SvmhmmReader, [], text, 'readSvmhmm', (r) => {
        const total = r.lengths.reduce((a, b) => a + b, 0);
        return { offsets: r.offsets, indices: r.indices, values: r.values, cols: r.cols, starts: r.starts, tags: unpack(splitJoined(r.tags, total), r.lengths) };
      });
    },
  };
  // {words, wordIds, tags, tagIds, lengths} (bindings/sequence.cpp tagged_to_js) → {sentences, tags}.
  function tagged(r) {
    const words = splitJoined(r.words, r.wordIds.length), tags = splitJoined(r.tags, r.tagIds.length);
    return { sentences: unpack(r.wordIds, r.lengths, (i) => words[i]), tags: unpack(r.tagIds, r.lengths, (i) => tags[i]) };
  }

  const metrics = {
    // {tokenAccuracy, sequenceAccuracy, tags, perTag: [{name, precision, recall, f1, support}], confusion, chunks?}
    // chunks: true adds chunk-level P/R/F1 for BIO/BIOES tags (conlleval's rules).
    sequences(gold, predicted, { chunks = false } = {}) {
      const g = packTokens(gold, 'gold'), p = packTokens(predicted, 'predicted');
      if (g.lengths.length !== p.lengths.length) throw new RangeError(`got ${g.lengths.length} gold sequences but ${p.lengths.length} predicted ones`);
      g.lengths.forEach((n, i) => {
        if (n !== p.lengths[i]) throw new RangeError(`sequence ${i}: ${n} gold tags but ${p.lengths[i]} predicted tags`);
      });
      return withHeap(M, (heap) => M.sequenceReport(g.text, p.text, heap.i32(g.lengths), g.lengths.length, Boolean(chunks)));
    },
  };

  api.SequenceTagger = SequenceTagger;
  api.DenseSequenceTagger = DenseSequenceTagger;
  api.features = Object.assign(api.features ?? {}, {
    // Template lists: pos() is the default for part-of-speech tagging (pos({lexicon: true}): what it
    // becomes when a word lexicon is given), crfsuite() CRFsuite's POS set.
    pos: ({ lexicon = false } = {}) => M.sequenceTemplates('pos', Boolean(lexicon)),
    crfsuite: () => M.sequenceTemplates('crfsuite', false),
  });
  api.lexicons = Object.assign(api.lexicons ?? {}, { english: englishLexicon });
  // englishUpos({ url }): the UPOS tagger shipped with the package, or the same file from elsewhere.
  api.pretrained = Object.assign(api.pretrained ?? {}, {
    async englishUpos({ url = ENGLISH_UPOS } = {}) {
      const file = new URL(url, ENGLISH_UPOS);
      const bytes = await packageFile(file, 'the pretrained English UPOS tagger', 'bytes');
      try {
        return fromHandle(withHeap(M, (heap) => M.SequenceModel.load(heap.u8(bytes), bytes.length)));
      } catch (e) {
        throw new Error(`the pretrained English UPOS tagger ${file.protocol === 'file:' ? file.pathname : file} does not load: ${e.message}`);
      }
    },
  });
  Object.assign(api.io, io);
  Object.assign(api.metrics, metrics);
  api.loaders.sequence = (handleFromBytes) => {
    return fromHandle(handleFromBytes(M.SequenceModel.load));
  };
}
