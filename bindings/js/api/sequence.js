// Sequence tagging with chain models: SequenceTagger (token sequences, string[][] in and out) and
// DenseSequenceTagger (numeric features per position, e.g. the pixels of handwritten letters).
// Trainers: the averaged perceptron, sgd, pegasos, cutting-plane, bcfw and lbfgs; losses: hinge and slack (structured
// SVM), log (CRF), softmax-margin. install() also installs what comes with the taggers: the tokenizer
// (tokenizer.js), the readers and metrics (sequence-data.js) and the pretrained models (pretrained.js).
import { Owned, withHeap, progressBridge } from './wasm.js';
import { constructorOptions, optionsObject, booleanArg, integerArg, describe, tokenSequences, packedTokens, numericSequences, sameLengths, tagIds, forcedTagIds, SEP } from './inputs.js';
import { trainingProgress, noTraining } from './training.js';
import { encodeOptions, decodeOptions, optionValue, isOnline, trainerTables } from './options.js';
import { fitMixed, workerCount } from '../parallel/mixing.js';
import { trainGradients, AUTO_MIN_BATCH_SEQUENCES } from '../parallel/gradients.js';
import { install as installTokenizer } from './tokenizer.js';
import { installPretrained, ownedTokenizers } from './pretrained.js';
import { installSequenceData, unpack } from './sequence-data.js';

export const FEATURE_PRESETS = ['pos', 'crfsuite'];

const packTokens = tokenSequences;

// One sentence (string[]) rather than many (string[][]): its first entry is not an array.
const isSingleTokens = (x) => Array.isArray(x) && (x.length === 0 || !Array.isArray(x[0]));

// entry: the entry point installing this ('argmax/tagger' links no training code: fit is an error naming the
// entries that train); host: starts a worker of that entry (parallel/worker-thread.js).
export function install(M, api, entry, host) {
  const trains = typeof M.trainSequenceTokens === 'function';
  // The tagger's table for each trainer (the core's composition of the trainer's, the loss's and the task's options).
  const taggerTables = trainerTables((t) => M.sequenceSchema(t), 'a sequence tagger');
  const { table: schemaOf, checked: checkedTrainer } = taggerTables;

  // {trainer, loss, features: 'pos' | 'crfsuite' | '<templates>', templates, global, globalWords, ...} → option lines,
  // checked against a tagger's tables or a tokenizer's. The text options come in richer forms here (a template list
  // as `features`, the global words as an array) and cross as one line each, their spaces collapsed.
  function optionText(options, tables = taggerTables) {
    const { features, templates, global, globalWords, ...rest } = options;
    let custom = templates;
    if (features !== undefined) {
      if (typeof features !== 'string') throw new TypeError("option 'features' must be 'pos', 'crfsuite' or a template list such as 'lower[0] suffix3[0] lower[-1]|lower[0]'");
      if (FEATURE_PRESETS.includes(features)) rest.features = features;
      else if (custom !== undefined) throw new TypeError("give either 'features' or 'templates', not both");
      else custom = features;
    }
    if (custom !== undefined) {
      if (typeof custom !== 'string' || !custom.trim()) throw new TypeError("option 'templates' must be a non-empty template list");
      rest.templates = custom.replace(/\s+/g, ' ').trim();
    }
    if (global !== undefined) {
      if (typeof global !== 'string' || !global.trim()) throw new TypeError("option 'global' must be a non-empty list of global feature templates such as 'has before'");
      rest.global = global.replace(/\s+/g, ' ').trim();
    }
    if (globalWords !== undefined) {
      const list = typeof globalWords === 'string' ? globalWords.split(/\s+/).filter(Boolean) : globalWords;
      if (!Array.isArray(list) || !list.every((w) => typeof w === 'string' && w && !/\s/.test(w))) {
        throw new TypeError("option 'globalWords' must be a string of whitespace-separated words or an array of words without spaces");
      }
      rest.globalWords = list.join(' ');
    }
    const trainer = tables.checked(rest.trainer ?? tables.defaultTrainer);
    return encodeOptions(tables.table(trainer), rest, `${tables.owner} with trainer '${trainer}'`);
  }

  // Shared by both taggers; subclasses say how their input crosses into wasm.
  class Tagger extends Owned {
    #options;
    #optionText;
    #training;
    #lexicon;
    #labels = null;

    constructor(options) {
      super(null);
      this.#options = constructorOptions(options, new.target.name);
      const { lexicon = '', ...rest } = this.#options;
      if (typeof lexicon !== 'string') throw new TypeError("option 'lexicon' must be the lexicon's text ('word<TAB>classes' lines)");
      this.#optionText = optionText(rest);
      this.#lexicon = lexicon;
    }

    // The options with this trainer: [{name, type, default, help, …}].
    static options(trainer = taggerTables.defaultTrainer) { return schemaOf(checkedTrainer(trainer)).map((s) => ({ ...s })); }

    // fit(x, tags, {onProgress, warmStart, allowSingleClass}): warmStart = true continues from the current model,
    // warmStart = another tagger (a loaded one, say) starts from that one's labels, features and weights.
    // With workers (a count or 'auto'), training runs on that many threads, by parameter mixing (mixing.js) for
    // the online trainers and by exact parallel gradients (gradients.js) for lbfgs, and fit returns a promise
    // for this tagger; signal (an AbortSignal) cancels it.
    fit(x, tags, fitOptions) {
      if (!trains) throw noTraining(entry, `${this.constructor.name}.fit`);
      const { onProgress, warmStart = false, workers, signal, allowSingleClass: single } = optionsObject(fitOptions, 'fit options', 'onProgress warmStart workers signal allowSingleClass');
      // (the core refuses training tags that are all one tag unless allowSingleClass, after their shapes)
      const allowSingleClass = booleanArg(single, 'allowSingleClass');
      if (typeof warmStart !== 'boolean' && !(warmStart instanceof Tagger)) {
        throw new TypeError('warmStart must be true, false or a trained tagger');
      }
      const from = warmStart === true ? this : warmStart || null;
      const packedTags = packedTokens(tags, 'tags', 'tag');
      if (workers !== undefined) return this.#fitMixed(x, packedTags, { onProgress, from, workers, signal, allowSingleClass });
      const warm = from && from.ready ? from.handle : null;
      const data = this.trainingData(x, packedTags, this.#lexicon, warm);
      const report = trainingProgress(onProgress);
      const progress = progressBridge(report.onProgress);
      const handle = withHeap(M, (heap) => this.train(heap, data, packedTags, this.#optionText, this.#lexicon, allowSingleClass, progress.callback, warm));
      this.replaceHandle(handle);
      this.#labels = null;
      progress.rethrow();
      this.#training = report.finish(handle);
      return this;
    }

    // workers: 'auto' trains on this thread when the trainer is neither an online one (nothing to mix) nor
    // lbfgs (whose gradient splits over workers), or the data is small; a count always trains on workers, so the
    // core rejects trainers that cannot.
    async #fitMixed(x, packedTags, { onProgress, from, workers, signal, allowSingleClass }) {
      const tokens = this instanceof SequenceTagger;
      const data = this.trainingData(x, packedTags, this.#lexicon, from && from.ready ? from.handle : null);
      const sequences = packedTags.lengths.length;
      const batch = (this.#options.trainer ?? taggerTables.defaultTrainer) === 'lbfgs';
      const n = workerCount(workers, sequences, batch ? AUTO_MIN_BATCH_SEQUENCES : undefined);
      if (workers === 'auto' && ((!batch && !this.#online()) || n === 1)) return this.fit(x, packedTags, { onProgress, warmStart: from ?? false, allowSingleClass });
      const fitOptions = { warmStart: from && from.ready ? from.save() : undefined, allowSingleClass };
      // checked and packed here: a few typed arrays to copy to each worker
      const args = [tokens ? data : { ...data.matrix, starts: data.starts }, packedTags];
      const spec = { model: tokens ? 'SequenceTagger' : 'DenseSequenceTagger', options: this.#options, args, fitOptions };
      const { handle, training } = await fitMixed(M, spec, M.SequenceModel.load, { workers: n, onProgress, signal, host },
        batch ? trainGradients : undefined);
      this.replaceHandle(handle);
      this.#labels = null;
      this.#training = training;
      return this;
    }

    // Whether the options choose an online trainer, the ones parameter mixing applies to (without l1, whose
    // cumulative penalty would be per shard).
    #online() {
      const trainer = this.#options.trainer ?? taggerTables.defaultTrainer;
      return isOnline(trainer) && Number(optionValue(schemaOf(trainer), this.#options, 'l1')) === 0;
    }

    // Parameter mixing, in a worker (shard-worker.js): shard `shard` of `shards` of (x, tags), prepared with this
    // tagger's options; token sequences may come packed. warmStart: a model's bytes; allowSingleClass: as fit
    // checked it. Returns the wasm ChainShard;
    // with gradients, worker `shard` of `shards` of an L-BFGS fit (gradient-worker.js), the wasm ChainGradient.
    shard(x, tags, { warmStart, shards, shard, gradients = false, allowSingleClass = false }) {
      const packedTags = packedTokens(tags, 'tags', 'tag');
      const warm = warmStart ? withHeap(M, (heap) => M.SequenceModel.load(heap.u8(warmStart), warmStart.length)) : null;
      try {
        const data = this.trainingData(x, packedTags, this.#lexicon, warm);
        const Kind = gradients ? M.ChainGradient : M.ChainShard;
        return withHeap(M, (heap) => this.prepareShard(heap, Kind, data, packedTags, this.#optionText, this.#lexicon, allowSingleClass, warm, shards, shard));
      } finally {
        warm?.delete();
      }
    }

    // run(batch, heap) on the call's input featurised: one inference path for tokens and numeric rows (the
    // subclasses say how their input is featurised).
    #infer(input, run) {
      return withHeap(M, (heap) => {
        const batch = this.featurized(heap, input);
        try {
          return run(batch, heap);
        } finally {
          batch.delete();
        }
      });
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
    tag(x, options) {
      const { bio, forced } = optionsObject(options, 'tag options', 'bio forced');
      const labels = this.labels, input = this.input(x);
      const useBio = booleanArg(bio, 'bio');
      const forcedTags = forced === undefined ? null : forcedTagIds(labels, forced, input.lengths, input.single);
      const ids = input.positions === 0 ? new Int32Array(0) : this.#infer(input, (batch, heap) => this.handle.tag(batch, forcedTags ? heap.i32(forcedTags) : 0, useBio));
      const out = unpack(ids, input.lengths, (i) => labels[i]);
      return input.single ? out[0] : out;
    }

    // Emission scores e_t(y) = ⟨w, φ(x, t, y)⟩ of one sequence: {labels, data: Float32Array (positions × labels,
    // row-major; column j is labels[j]), rows, cols}; an array of those for many sequences. With the transition
    // scores T = this.transitions (k = labels.length), a labelling's score is what decode() maximises:
    //   s(x, y) = T[k][y_1] + Σ_t e_t(y_t) + Σ_{t≥2} T[y_{t−1}][y_t] + T[k+1][y_n].
    emissions(x) {
      const input = this.input(x), labels = this.labels, k = labels.length, out = [];
      const flat = input.positions === 0 ? new Float32Array(0) : this.#infer(input, (batch) => this.handle.emissions(batch));
      let p = 0;
      for (const n of input.lengths) {
        out.push({ labels, data: flat.slice(p, p + n * k), rows: n, cols: k });
        p += n * k;
      }
      return input.single ? out[0] : out;
    }

    // decode(x, {reference, lossAugmented, normalizeLoss}): the chain's best labelling by Viterbi,
    // {tags, path: Int32Array (indices into labels), score: s(x, path)}; an array of those for many sequences.
    // reference: the true tags (string[] per sequence; a tag the model lacks differs from every label): adds
    // loss, the Hamming loss Δ(path, reference) = Σ_t [path_t ≠ reference_t] (divided by the length with
    // normalizeLoss, as the trainers count it). lossAugmented: the path is argmax_y' Δ(y', reference) +
    // s(x, y') instead (the structured SVM's most violated labelling); score stays s(x, path), without the loss.
    // Global features, if the model has any, play no part (tag() reranks with them).
    decode(x, options) {
      const { reference, lossAugmented, normalizeLoss } = optionsObject(options, 'decode options', 'reference lossAugmented normalizeLoss');
      const augmented = booleanArg(lossAugmented, 'lossAugmented'), normalized = booleanArg(normalizeLoss, 'normalizeLoss');
      const input = this.input(x), labels = this.labels;
      if (augmented && reference === undefined) throw new TypeError('lossAugmented needs a reference labelling');
      const ids = reference === undefined ? null : tagIds(labels, reference, input.lengths, 'reference', input.single, { unknown: -1 });
      const r = input.positions === 0 ? { labels: new Int32Array(0), scores: new Float64Array(input.count), losses: new Float64Array(input.count) }
        : this.#infer(input, (batch, heap) => this.handle.decode(batch, ids ? heap.i32(ids) : 0, augmented, normalized));
      const out = [];
      let p = 0;
      input.lengths.forEach((n, i) => {
        const path = r.labels.slice(p, p + n);
        p += n;
        const d = { tags: Array.from(path, (y) => labels[y]), path, score: r.scores[i] };
        if (ids) d.loss = r.losses[i];
        out.push(d);
      });
      return input.single ? out[0] : out;
    }

    // Per-position label probabilities p(y_t = label | x) by forward–backward:
    // {labels, probabilities: number[][] (positions × labels), logZ}; an array of those for many sequences.
    marginals(x) {
      const input = this.input(x), single = input.single;
      const r = input.count === 0 ? { probabilities: new Float32Array(0), logZ: [] } : this.#infer(input, (batch) => this.handle.marginals(batch));
      const k = this.labels.length, lengths = input.lengths, out = [];
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
      integerArg(count, 'count', { min: 1 });
      const input = this.input(x, { one: true });
      const r = this.#infer(input, (batch) => this.handle.nbest(batch, count));
      const n = input.lengths[0], labels = this.labels;
      return Array.from(r.scores, (score, i) => ({
        tags: Array.from(r.paths.subarray(i * n, (i + 1) * n), (y) => labels[y]),
        score,
        probability: Math.exp(score - r.logZ),
      }));
    }

    // log p(tags | x) under the model read as a CRF (any trainer's weights define one).
    // An unknown tag is an error naming it (the model gives it no probability at all).
    logProbability(x, tags) {
      const input = this.input(x);
      const ids = tagIds(this.labels, tags, input.lengths, 'tags', input.single);
      if (input.count === 0) return [];
      const r = this.#infer(input, (batch, heap) => this.handle.logProbability(batch, heap.i32(ids)));
      return input.single ? r[0] : Array.from(r);
    }
  }

  class SequenceTagger extends Tagger {
    // The tokenizer tagText uses (am.pretrained sets its own); null: the shipped English one.
    tokenizer = null;

    // options: {trainer, loss, features: 'pos' | 'crfsuite' | '<templates>', epochs, lambda, hashBits, minCount, …}
    constructor(options) { super(options); }

    // A pretrained tagger owns the tokenizer it came with: disposing the tagger frees both.
    dispose() {
      super.dispose();
      ownedTokenizers.get(this)?.dispose();
    }

    // Raw text → sentences of { token, tag, start, end }, one entry per word, offsets in UTF-16 code units into
    // text. The words of a multiword token have their own offsets where they are pieces of the text (else the
    // token's) and carry the token as `multiword` ({ text, start, end }). The
    // tokenizer is options.tokenizer, else this.tokenizer, else the shipped English one; the tagger reads each
    // word as the tokenizer normalises it (NFC, curly quotes as straight ones).
    tagText(text, options) {
      const { tokenizer = this.tokenizer ?? englishTokenizer() } = optionsObject(options, 'tagText options', 'tokenizer');
      if (!(tokenizer instanceof Tokenizer)) throw new TypeError(`tokenizer must be an am.Tokenizer, not ${describe(tokenizer)}`);
      const { sentences, forms } = forTagger(tokenizer, text);
      if (sentences.length === 0) return [];
      const tags = this.tag(forms);
      return sentences.map((s, i) => {
        const words = [];
        for (const t of s) {
          if (!t.words) words.push({ token: t.text, tag: '', start: t.start, end: t.end });
          else for (const w of t.words) words.push({ token: w.text, tag: '', start: w.start, end: w.end, multiword: t });
        }
        words.forEach((w, j) => { w.tag = tags[i][j]; });
        return words;
      });
    }

    // The sequences of a call: one sentence (string[]) or many (string[][]), checked and packed;
    // one: only one sentence is allowed (nbest).
    input(x, { one = false } = {}) {
      const single = isSingleTokens(x);
      if (one && !single) throw new TypeError(`nbest takes one sentence (string[]), not ${describe(x)}`);
      const packed = single ? packTokens([x], 'sentence', 'token', true) : packTokens(x, 'sentences');
      let positions = 0;
      for (const n of packed.lengths) positions += n;
      return { single, packed, lengths: Array.from(packed.lengths), count: packed.lengths.length, positions };
    }
    // The training sentences, checked and packed, matched with the tags.
    trainingData(sentences, tags) {
      const s = packedTokens(sentences, 'sentences');
      sameLengths(s.lengths, tags.lengths, (a, b) => `got ${a} sentences but ${b} tag sequences`,
        (i, a, b) => `sentence ${i} has ${a} tokens but ${b} tags`);
      return s;
    }
    packedArgs(heap, s, tags) { return [s.text, heap.i32(s.lengths), s.lengths.length, tags.text]; }
    train(heap, s, tags, optionText, lexicon, allowSingleClass, callback, warm) {
      return M.trainSequenceTokens(...this.packedArgs(heap, s, tags), optionText, lexicon, allowSingleClass, callback, warm);
    }
    prepareShard(heap, Kind, s, tags, optionText, lexicon, allowSingleClass, warm, shards, shard) {
      return Kind.tokens(...this.packedArgs(heap, s, tags), optionText, lexicon, allowSingleClass, warm, shards, shard);
    }
    // The call's sentences featurised (a wasm SequenceBatch, which the caller deletes).
    featurized(heap, { packed: s }) {
      return this.handle.featurizeTokens(s.text, heap.i32(s.lengths), s.lengths.length);
    }
  }

  class DenseSequenceTagger extends Tagger {
    // options: as SequenceTagger, plus bias (an always-on feature, default true); features/templates do not apply.
    constructor(options) { super(options); }

    get columns() { return this.handle.columns(); }
    // One sequence is number[][] (positions × features) or {data, rows, cols}; many are an array of those,
    // or a whole corpus {offsets, indices, values, cols, starts} or {data, rows, cols, starts}.
    isSingle(x) {
      if (!Array.isArray(x)) return x?.starts === undefined;
      if (x.length === 0) return false;
      const first = x[0];
      return ArrayBuffer.isView(first) || (Array.isArray(first) && (first.length === 0 || typeof first[0] !== 'object' || first[0] === null));
    }
    // The sequences of a call, checked and packed into one matrix with sequence starts.
    input(x, { one = false } = {}) {
      const single = this.isSingle(x);
      if (one && !single) throw new TypeError(`nbest takes one sequence (number[][] or {data, rows, cols}), not ${describe(x)}`);
      const p = numericSequences(single ? [x] : x, single ? 'sequence' : 'sequences', { emptyCols: this.handle.columns(), single });
      const lengths = Array.from({ length: p.count }, (_, i) => p.starts[i + 1] - p.starts[i]);
      return { single, numeric: p, lengths, count: p.count, positions: p.matrix.rows };
    }
    // The training sequences, checked and packed, matched with the tags.
    trainingData(sequences, tags, lexicon, warm) {
      if (lexicon) throw new TypeError("option 'lexicon' applies to token sequences, not numeric ones");
      const p = numericSequences(sequences, 'sequences', { fit: true, emptyCols: warm ? warm.columns() : 0 });
      const positions = Array.from({ length: p.count }, (_, i) => p.starts[i + 1] - p.starts[i]);
      sameLengths(positions, tags.lengths, (a, b) => `got ${a} sequences but ${b} tag sequences`,
        (i, a, b) => `tags[${i}] has ${b} tags for the ${a} positions of sequence ${i}`);
      return p;
    }
    numericArgs(heap, p) { return [heap.matrix(p.matrix, p.name), heap.i32(p.starts), p.count]; }
    train(heap, p, tags, optionText, lexicon, allowSingleClass, callback, warm) {
      return M.trainSequenceNumeric(...this.numericArgs(heap, p), tags.text, optionText, allowSingleClass, callback, warm);
    }
    prepareShard(heap, Kind, p, tags, optionText, lexicon, allowSingleClass, warm, shards, shard) {
      return Kind.numeric(...this.numericArgs(heap, p), tags.text, optionText, allowSingleClass, warm, shards, shard);
    }
    // The call's sequences featurised (a wasm SequenceBatch, which the caller deletes).
    featurized(heap, { numeric: p }) {
      return this.handle.featurizeNumeric(...this.numericArgs(heap, p));
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

  const { Tokenizer, forTagger } = installTokenizer(M, api, { optionText, entry, host });

  const { englishTokenizer } = installPretrained(M, api, { SequenceTagger, Tokenizer, fromHandle });
  installSequenceData(M, api);
  api.SequenceTagger = SequenceTagger;
  api.DenseSequenceTagger = DenseSequenceTagger;
  api.features = Object.assign(api.features ?? {}, {
    // Template lists: pos() is the default for part-of-speech tagging (pos({lexicon: true}): what it
    // becomes when a word lexicon is given), crfsuite() CRFsuite's POS set.
    pos: (options) => M.sequenceTemplates('pos', booleanArg(optionsObject(options, 'pos options', 'lexicon').lexicon, 'lexicon')),
    crfsuite: () => M.sequenceTemplates('crfsuite', false),
  });
  api.loaders.sequence = (handleFromBytes) => {
    return fromHandle(handleFromBytes(M.SequenceModel.load));
  };
}
