// Search (src/search): an index of documents with an id, text fields and numeric fields; search by BM25F (or
// BM25 per field) with "quoted phrases"; the features of (query, document) pairs that a Ranker re-ranks with.
// Documents are checked here, whole, before any goes in: a refused call changes nothing. Their text crosses
// into wasm as UTF-8 (TextEncoder: a lone surrogate becomes U+FFFD, which analysis reads as a separator, as NUL).
import { Owned, withHeap } from './wasm.js';
import { constructorOptions, optionsObject, describe, integerArg, fieldNames, documentId, searchDocuments, wellFormedText } from './inputs.js';
import { encodeOptions, decodeOptions } from './options.js';

const encoder = new TextEncoder();
// Text sent to wasm per call, in UTF-16 code units (at most three UTF-8 bytes each); a longer document is a
// call of its own.
const BATCH_UNITS = 1 << 22;
// Runs of the scripts written without spaces between words: the core reads each as one word, so an index with a
// segmenter hands them to it and the core reads the words it finds, separated by spaces.
const UNSPACED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+/gu;

// A segmenter option → (run) → words: an am.Tokenizer (argmax/tagger's, such as a language package's
// tokenizer.bin) or a function from a run to an array of strings.
function segmenterOf(segmenter) {
  if (segmenter === undefined || segmenter === null) return null;
  if (typeof segmenter === 'function') {
    return (run) => {
      const words = segmenter(run);
      if (!Array.isArray(words) || words.some((w) => typeof w !== 'string')) {
        throw new TypeError(`the segmenter must return an array of strings, got ${describe(words)} for '${run}'`);
      }
      return words;
    };
  }
  if (typeof segmenter.tokenize === 'function') return (run) => segmenter.tokenize(run).flat().map((token) => token.text);
  throw new TypeError(`segmenter must be an am.Tokenizer (argmax/tagger's, e.g. a language package's tokenizer.bin) or a function text → words, not ${describe(segmenter)}`);
}

export function install(M, api) {
  const schema = JSON.parse(M.searchSchema());
  const featureTable = M.searchFeatureTable();

  // An index of documents: new am.SearchIndex({ fields: ['title', 'body'], numericFields: ['year'], ...options })
  // (options: am.SearchIndex.options(): analysis, the scorer, k1, b, field weights, the features' parameters).
  // The segmenter option (not saved: a loaded index is given it again with `index.segmenter = …`) splits the
  // runs of Thai, Lao, Khmer and Myanmar letters, in documents and queries, into words.
  class SearchIndex extends Owned {
    #text;
    #numeric;
    #segmenter = null;
    #words = null;

    constructor(options, loaded) {
      let segmenter;
      if (loaded) {
        super(loaded);
      } else {
        const { fields, numericFields = [], segmenter: given, ...rest } = constructorOptions(options, 'SearchIndex');
        const text = fieldNames(fields, 'fields'), numeric = fieldNames(numericFields, 'numericFields');
        segmenter = segmenterOf(given) && given;
        super(M.SearchIndex.create(text, numeric, encodeOptions(schema, rest, 'a search index')));
      }
      this.#text = this.handle.textFields();
      this.#numeric = this.handle.numericFields();
      if (segmenter) this.segmenter = segmenter;
    }

    get segmenter() { return this.#segmenter; }
    set segmenter(segmenter) {
      this.#words = segmenterOf(segmenter);
      this.#segmenter = this.#words && segmenter;
    }

    // The text as the core reads it: with a segmenter, each run of an unspaced script as its words.
    segment(text) {
      const words = this.#words;
      return words ? text.replace(UNSPACED, (run) => ` ${words(run).join(' ')} `) : text;
    }

    static options() { return schema.map((s) => ({ ...s })); }
    // The feature table: [{ name, perField, formula, help }] (a per-field feature is named `${field}.${name}`).
    static get features() { return featureTable.map((f) => ({ ...f })); }

    get fields() { return [...this.#text]; }
    get numericFields() { return [...this.#numeric]; }
    get options() { return decodeOptions(schema, this.handle.options()); }
    get size() { return this.handle.size(); }
    // The columns of features(): the per-field features of each text field, the document's, the numeric fields.
    get featureNames() { return this.handle.featureNames(); }

    // A document { id, <text field>: string …, <numeric field>: number … } or an array of them.
    add(docs) { this.#put(docs, false, 'add'); return this; }
    // Replaces documents with these ids (each moves to the end of document order).
    update(docs) { this.#put(docs, true, 'update'); return this; }
    remove(id) { return this.handle.remove(documentId(id, 'remove')); }
    has(id) { return this.handle.has(documentId(id, 'has')); }

    // The k best documents, best first, ties in document order: [{ id, score }]. Plain terms and "quoted
    // phrases" (a result holds every phrase); an empty query has no results.
    search(query, searchOptions) {
      const text = this.segment(wellFormedText(query, 'query'));
      const { k = 10 } = optionsObject(searchOptions, 'search options');
      const r = this.handle.search(text, integerArg(k, 'k'));
      return r.ids.map((id, i) => ({ id, score: r.scores[i] }));
    }

    // The features of the query with each document: { names, ids, rows: { data: Float32Array, rows, cols } }
    // (rows is the library's dense matrix, one row per id: a Ranker's `features`).
    features(query, ids) {
      const text = this.segment(wellFormedText(query, 'query'));
      if (!Array.isArray(ids)) throw new TypeError(`ids must be an array of document ids, not ${describe(ids)}`);
      ids.forEach((id, i) => documentId(id, `ids[${i}]`));
      const names = this.featureNames;
      const values = this.handle.features(text, ids);
      return { names, ids: [...ids], rows: { data: Float32Array.from(values), rows: ids.length, cols: names.length } };
    }

    #put(docs, update, method) {
      const text = this.#text;
      const checked = searchDocuments(docs, text, this.#numeric, method);
      for (const doc of checked) {
        if (!update && this.handle.has(doc.id)) throw new RangeError(`${method}: a document with id '${doc.id}' is already in the index (update replaces it)`);
        if (update && !this.handle.has(doc.id)) throw new RangeError(`${method}: no document with id '${doc.id}' (add puts a new one in)`);
      }
      // Segmented before any batch goes in, so that a segmenter's error changes nothing.
      const list = !this.#words ? checked : checked.map((doc) => ({ ...doc, ...Object.fromEntries(text.map((f) => [f, this.segment(doc[f])])) }));
      for (let start = 0; start < list.length;) {
        let end = start, units = 0;
        do {
          for (const f of text) units += list[end][f].length;
          ++end;
        } while (end < list.length && units < BATCH_UNITS);
        this.#send(list.slice(start, end), update);
        start = end;
      }
    }

    #send(batch, update) {
      const text = this.#text, numeric = this.#numeric;
      const parts = [], ends = new Int32Array(batch.length * text.length), numbers = new Float64Array(batch.length * numeric.length);
      let bytes = 0, k = 0;
      batch.forEach((doc, i) => {
        for (const f of text) {
          const encoded = encoder.encode(doc[f]);
          parts.push(encoded);
          bytes += encoded.length;
          ends[k++] = bytes;
        }
        numeric.forEach((f, j) => { numbers[i * numeric.length + j] = doc[f]; });
      });
      const all = new Uint8Array(bytes);
      let at = 0;
      for (const p of parts) all.set(p, at), (at += p.length);
      withHeap(M, (heap) => this.handle.put(batch.map((d) => d.id), heap.u8(all), heap.i32(ends), heap.f64(numbers), update));
    }
  }

  api.SearchIndex = SearchIndex;
  api.loaders['search-index'] = (handleFromBytes) => new SearchIndex(undefined, handleFromBytes(M.SearchIndex.load));
  return { SearchIndex };
}
