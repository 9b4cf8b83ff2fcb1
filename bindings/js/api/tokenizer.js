// Raw text → sentences of tokens with UTF-16 offsets into it, by a tokenizer and sentence splitter learned from a
// UD treebank (src/sequence/tokenizer.hpp). At this boundary JS cuts the text into grapheme clusters
// (Intl.Segmenter, UAX #29: emoji ZWJ sequences, flags and combining marks stay whole) and normalises each
// cluster to NFC; the core labels the clusters; the offsets point into the caller's string. Training segments
// the treebank's text the same way. A NUL is an error; a lone surrogate reads as U+FFFD (a symbol) and keeps its
// offset, so text.slice(start, end) === token always holds.
import { Owned, withHeap, progressBridge } from './wasm.js';
import { constructorOptions, optionsObject, describe, SEP } from './inputs.js';
import { trainerTables } from './options.js';
import { trainingProgress, noTraining } from './training.js';
import { fitMixed, workerCount } from '../parallel/mixing.js';
import { trainGradients, AUTO_MIN_BATCH_SEQUENCES } from '../parallel/gradients.js';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const wellFormed = (s) => (String.prototype.toWellFormed ? s.toWellFormed() : s.replace(LONE_SURROGATE, '\ufffd'));
// Whether UAX #29 puts a cluster boundary between code units a and b whatever surrounds them, so that the
// segmenter need not be asked: between two plain characters other than CR LF (no rule joins them), and before
// and after an ASCII control, CR and LF included (GB4, GB5; but CR × LF, GB3). Plain: a character that is NFC
// and a cluster of its own beside another plain one (Grapheme_Cluster_Break Other, Control or LV/LVT: neither
// a mark, a jamo, a prepended character, a regional indicator nor a joiner): ASCII; the precomposed letters of
// Latin-1, Latin Extended-A and -B and Latin Extended Additional (Vietnamese), the Greek and Coptic block but
// for its three singletons (U+0374, U+037E, U+0387, which NFC replaces) and Cyrillic but for its combining
// marks (U+0483–0489); a Hangul syllable; and a Thai character other than the marks. So text in these scripts
// reaches the segmenter only around combining marks, and Thai's marks are joined here (below).
const control = (u) => u < 0x20 || u === 0x7f;
// Thai's marks, which join the character before them (GB9 and GB9a: U+0E31, U+0E34–0E3A and U+0E47–0E4E are
// Extend, U+0E33 SpacingMark).
const thaiMark = (u) => u === 0x0e31 || (u >= 0x0e33 && u <= 0x0e3a) || (u >= 0x0e47 && u <= 0x0e4e);
const plain = (u) => u < 0x80 || (u >= 0xc0 && u <= 0x24f) || (u >= 0x1e00 && u <= 0x1eff) ||
  (u >= 0x370 && u <= 0x3ff && u !== 0x374 && u !== 0x37e && u !== 0x387) || (u >= 0x400 && u <= 0x4ff && !(u >= 0x483 && u <= 0x489)) ||
  (u >= 0xac00 && u <= 0xd7a3) || (u >= 0x0e01 && u <= 0x0e5b && !thaiMark(u));
const certain = (a, b) => (a === 13 ? b !== 10 : (plain(a) && plain(b)) || control(a) || control(b));
// Intl.Segmenter takes time quadratic in the length of the string it segments (Node 20), so it sees pieces of
// at most this many code units; each piece starts on a cluster boundary, and a piece's last cluster, which the
// piece may cut, is segmented again at the start of the next.
const PIECE = 256;

// Cluster ends and starts, growing.
class Clusters {
  ends = new Int32Array(1024);
  starts = new Int32Array(1024);
  parts = [];
  length = 0;  // of the normalised text so far
  n = 0;
  reserve(more) {
    if (this.n + more <= this.ends.length) return;
    const size = Math.max(2 * this.ends.length, this.n + more);
    const e = new Int32Array(size), s = new Int32Array(size);
    e.set(this.ends), s.set(this.starts), this.ends = e, this.starts = s;
  }
  push(start, normalized) {
    this.reserve(1);
    this.length += normalized.length;
    this.starts[this.n] = start, this.ends[this.n++] = this.length;
  }
  // text[from, to) as clusters of one character each (the caller adds the text to parts).
  pushRun(from, to) {
    this.reserve(to - from);
    for (let i = from; i < to; ++i) this.starts[this.n] = i, this.ends[this.n++] = ++this.length;
  }
}

// text → {normalized: the NFC clusters joined, ends: where each ends in it, starts: where each starts in text
// (one more entry: text.length)}.
export function clustersOf(text, what = 'text') {
  if (typeof text !== 'string') throw new TypeError(`${what} must be a string, not ${describe(text)}`);
  const nul = text.indexOf('\0');
  if (nul >= 0) throw new RangeError(`${what} has a NUL character (U+0000) at offset ${nul}; remove it first`);
  const n = text.length, c = new Clusters();
  let i = 0, run = 0;  // run: where the current stretch of one-character clusters began
  while (i < n) {
    if (plain(text.charCodeAt(i)) && (i + 1 === n || certain(text.charCodeAt(i), text.charCodeAt(i + 1)))) {
      let j = i + 1;  // text[i, j): clusters of one character (each plain, so NFC)
      while (j < n && plain(text.charCodeAt(j)) && (j + 1 === n || certain(text.charCodeAt(j), text.charCodeAt(j + 1)))) ++j;
      c.pushRun(i, j);
      i = j;
      continue;
    }
    if (run < i) c.parts.push(text.slice(run, i));
    if (text.charCodeAt(i) === 13 && text.charCodeAt(i + 1) === 10) {  // CR LF, one cluster (GB3)
      c.push(i, '\r\n');
      c.parts.push('\r\n');
      run = i += 2;
      continue;
    }
    // a plain character and the Thai marks after it, when a plain character (or nothing) follows: one cluster,
    // NFC (which may reorder two marks or more)
    if (thaiMark(text.charCodeAt(i + 1)) && plain(text.charCodeAt(i))) {
      let j = i + 2;
      while (j < n && thaiMark(text.charCodeAt(j))) ++j;
      if (j === n || plain(text.charCodeAt(j))) {
        const cluster = j - i > 2 ? text.slice(i, j).normalize('NFC') : text.slice(i, j);
        c.push(i, cluster);
        c.parts.push(cluster);
        run = i = j;
        continue;
      }
    }
    // a stretch for the segmenter, up to the next certain boundary
    let k = i + 1;
    while (k < n && !certain(text.charCodeAt(k - 1), text.charCodeAt(k))) ++k;
    while (i < k) {
      const piece = text.slice(i, Math.min(k, i + PIECE));
      const whole = i + piece.length === k;
      let last = null;
      for (const { segment, index } of graphemes.segment(piece)) {
        if (last) {
          c.push(i + last.index, last.normalized);
          c.parts.push(last.normalized);
        }
        last = { index, normalized: wellFormed(segment.normalize('NFC')) };
      }
      if (whole || last.index === 0) {  // a piece of one cluster is that cluster, whatever follows
        c.push(i + last.index, last.normalized);
        c.parts.push(last.normalized);
        i += piece.length;
      } else {
        i += last.index;
      }
    }
    run = i;
  }
  if (run < n) c.parts.push(text.slice(run, n));
  const starts = new Int32Array(c.n + 1);
  starts.set(c.starts.subarray(0, c.n));
  starts[c.n] = n;
  return { normalized: c.parts.join(''), ends: c.ends.slice(0, c.n), starts };
}

// CoNLL-U as a string or its UTF-8 bytes → the string.
function treebankText(treebank) {
  const conllu = treebank instanceof Uint8Array ? new TextDecoder('utf-8', { fatal: true }).decode(treebank) : treebank;
  if (typeof conllu !== 'string') throw new TypeError(`Tokenizer.fit expects CoNLL-U text (a string or a Uint8Array), not ${describe(treebank)}`);
  return conllu;
}

// paragraphClusters' answer as TokenizerTreebank's train and gradient take it.
const clusterArgs = (heap, c) => [c.normalized, heap.i32(c.ends), c.ends.length, heap.i32(c.starts), c.starts.length];

// A treebank's paragraphs (their running text) → their clusters one after another, as clustersOf cuts each:
// {normalized, ends (into normalized), starts: the first cluster of each paragraph, then their number}.
function paragraphClusters(texts) {
  const each = texts.map((text) => clustersOf(text, 'the treebank text'));
  const starts = new Int32Array(each.length + 1);
  let n = 0;
  each.forEach((c, p) => { starts[p] = n, n += c.ends.length; });
  starts[each.length] = n;
  const ends = new Int32Array(n);
  let length = 0;
  each.forEach((c, p) => {
    for (let i = 0; i < c.ends.length; ++i) ends[starts[p] + i] = length + c.ends[i];
    length += c.normalized.length;
  });
  return { normalized: each.map((c) => c.normalized).join(''), ends, starts };
}

export function install(M, api, { optionText, entry, host }) {
  // A tokenizer's table for each trainer: a tagger's, with the defaults that fit labelling characters.
  const tables = trainerTables((t) => M.tokenizerSchema(t), 'a tokenizer');
  // The core's answer r for clusters c of text → sentences of tokens {text, start, end, words?}, and with forms
  // the words of each sentence as a tagger reads them (NFC, quotes folded; dictionary words as the dictionary has them).
  // r.forms has every word's form when forms are asked for, else the dictionary words' alone.
  function tokenized(text, c, r, forms = null) {
    const given = r.forms === '' ? [] : r.forms.split(SEP);
    let dictionary = 0;  // (without forms) the next dictionary word in given
    const sentences = [];
    for (let s = 0; s + 1 < r.sentences.length; ++s) {
      const sentence = [];
      if (forms) forms.push(given.slice(r.words[r.sentences[s]], r.words[r.sentences[s + 1]]));
      for (let t = r.sentences[s]; t < r.sentences[s + 1]; ++t) {
        const start = c.starts[r.tokens[2 * t]], end = c.starts[r.tokens[2 * t + 1]];
        const token = { text: text.slice(start, end), start, end };
        const w0 = r.words[t], w1 = r.words[t + 1];
        if (w1 - w0 > 1) {
          token.words = [];
          for (let w = w0; w < w1; ++w) {
            const b = r.wordSpans[2 * w], e = r.wordSpans[2 * w + 1];
            token.words.push(b < 0 ? { text: given[forms ? w : dictionary++], start, end } : { text: text.slice(c.starts[b], c.starts[e]), start: c.starts[b], end: c.starts[e] });
          }
        }
        sentence.push(token);
      }
      sentences.push(sentence);
    }
    return sentences;
  }
  function run(tokenizer, text, forms) {
    const c = clustersOf(text);
    if (c.ends.length === 0) return [];
    return tokenized(text, c, withHeap(M, (heap) => tokenizer.handle.tokenize(c.normalized, heap.i32(c.ends), c.ends.length, forms !== null)), forms);
  }
  // What a tagger reads: {sentences (as tokenize gives them), forms: per sentence, each word as the tagger reads it}.
  function forTagger(tokenizer, text) {
    const forms = [];
    return { sentences: run(tokenizer, text, forms), forms };
  }

  // A tokenizer and sentence splitter: fit(treebank) learns one from CoNLL-U text (its `# text` lines and
  // tokens); tokenize(text) gives sentences of tokens { text, start, end } (UTF-16 offsets into text, so
  // text.slice(start, end) === token.text), with words [{ text, start, end }] on a multiword token ("Google's":
  // "Google", "'s"; a dictionary word such as French "du" → "de", "le" has the token's offsets). Options: the
  // SequenceTagger's (trainer, loss, c1, hashBits, weightBits …), with a tokenizer's defaults (a CRF by OWL-QN:
  // am.Tokenizer.options()); the features are cluster n-grams unless `features` or `templates` says otherwise
  // (am.Tokenizer.templates).
  class Tokenizer extends Owned {
    #options;
    #optionText;
    #training;
    #counts = null;   // paragraphs and skipped of a fit on workers (a loaded model's handle has none)

    constructor(options) {
      super(null);
      this.#options = constructorOptions(options, new.target.name);
      this.#optionText = optionText(this.#options, tables);
    }

    static options(trainer = tables.defaultTrainer) { return tables.table(tables.checked(trainer)).map((s) => ({ ...s })); }
    static get templates() { return tables.table().find((s) => s.name === 'templates').default; }

    // treebank: CoNLL-U as a string or its UTF-8 bytes. With workers (a count or 'auto'), trainer lbfgs (the
    // default) trains on that many threads by exact parallel gradients (parallel/gradients.js: the same model
    // for any count) and fit returns a promise for this tokenizer; signal (an AbortSignal) cancels it. 'auto':
    // the cores for lbfgs on treebanks of AUTO_MIN_BATCH_SEQUENCES sentences or more, else this thread.
    fit(treebank, fitOptions) {
      if (typeof M.TokenizerTreebank !== 'function') throw noTraining(entry, 'Tokenizer.fit');
      const { onProgress, workers, signal } = optionsObject(fitOptions, 'fit options', 'onProgress workers signal');
      const conllu = treebankText(treebank);
      if (workers !== undefined) {
        const sentences = (conllu.match(/^# text =/gm) ?? []).length;
        const batch = (this.#options.trainer ?? tables.defaultTrainer) === 'lbfgs';
        const n = workers === 'auto' && !batch ? 1 : workerCount(workers, sentences, AUTO_MIN_BATCH_SEQUENCES);
        if (n > 1 || workers !== 'auto') return this.#fitOnWorkers(conllu, { onProgress, workers: n, signal });
      }
      this.#read(conllu, (read, c) => {
        const report = trainingProgress(onProgress);
        const progress = progressBridge(report.onProgress);
        const handle = withHeap(M, (heap) => read.train(...clusterArgs(heap, c), this.#optionText, progress.callback));
        this.replaceHandle(handle);
        this.#counts = null;
        progress.rethrow();
        this.#training = report.finish(handle);
      });
      return workers === undefined ? this : Promise.resolve(this);
    }

    async #fitOnWorkers(conllu, { onProgress, workers, signal }) {
      const spec = { model: 'Tokenizer', options: this.#options, args: [conllu] };
      const { handle, training, counts } = await fitMixed(M, spec, M.TokenizerModel.load, { workers, onProgress, signal, host }, trainGradients);
      this.replaceHandle(handle);
      this.#training = training;
      this.#counts = counts;
      return this;
    }

    // Worker `shard` of `shards` of a fit by exact parallel gradients, in a worker (gradient-worker.js): the
    // wasm TokenizerGradient.
    shard(conllu, { shards, shard }) {
      return this.#read(conllu, (read, c) => withHeap(M, (heap) => read.gradient(...clusterArgs(heap, c), this.#optionText, shards, shard)));
    }

    // run(read, clusters): the treebank read, and its paragraphs' clusters.
    #read(conllu, run) {
      const read = M.TokenizerTreebank.read(conllu.normalize('NFC'));
      try {
        return run(read, paragraphClusters(read.texts()));
      } finally {
        read.delete();
      }
    }

    // text → sentences of tokens (see the class comment).
    tokenize(text) { return run(this, text, null); }

    // How the last fit ended (undefined for a loaded model); how many treebank paragraphs it learned from, and
    // how many it skipped because their tokens do not spell their `# text` (0 for a loaded model).
    get training() { return this.#training; }
    get skipped() { return this.#counts?.skipped ?? this.handle.skipped(); }
    get paragraphs() { return this.#counts?.paragraphs ?? this.handle.paragraphs(); }
    get multiwordEntries() { return this.handle.multiwordCount(); }
  }

  api.Tokenizer = Tokenizer;
  api.loaders.tokenizer = (handleFromBytes) => Tokenizer.fromHandle(handleFromBytes(M.TokenizerModel.load));
  return { Tokenizer, forTagger };
}
