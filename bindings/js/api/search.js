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
export const UNSPACED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+/gu;

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

// A search's results: [{ id, score }], best first; phrasesAsTerms: true when no document held every "quoted
// phrase" and the query was answered with their words as plain terms (search option phrases 'fallback').
export function hitList(r) {
  const hits = r.ids.map((id, i) => ({ id, score: r.scores[i] }));
  if (r.phrasesAsTerms) hits.phrasesAsTerms = true;
  return hits;
}

// The options of one search: k (default 10), language, and those of the core's table of search options
// (phrases) as "key=value" lines.
export function searchArgs(searchSchema, searchOptions) {
  const { k = 10, language, ...table } = optionsObject(searchOptions, 'search options');
  return { k: integerArg(k, 'k'), language, table: encodeOptions(searchSchema, table, 'a search (besides k and language)') };
}

export function install(M, api) {
  const schema = JSON.parse(M.searchSchema());
  const searchSchema = JSON.parse(M.searchOptionsSchema());
  const featureTable = M.searchFeatureTable();

  // An index of documents: new am.SearchIndex({ fields: ['title', 'body'], numericFields: ['year'], ...options })
  // (options: am.SearchIndex.options(): analysis, the scorer, k1, b, field weights, the features' parameters).
  // With language 'auto' each document is analysed in its own language: its `language` (an ISO 639 code), or
  // the answer of `identifier` (am.pretrained.languageIdentifier(), of 'argmax' or 'argmax/text') for its text
  // fields; each query in the language given with it, or the identifier's answer.
  // The segmenter option (not saved: a loaded index is given it again with `index.segmenter = …`) splits the
  // runs of Thai, Lao, Khmer and Myanmar letters, in documents and queries, into words.
  class SearchIndex extends Owned {
    #text;
    #numeric;
    #identifier;
    #segmenter = null;
    #words = null;

    constructor(options, loaded) {
      let identifier, segmenter;
      if (loaded) {
        super(loaded);
      } else {
        const { fields, numericFields = [], identifier: given, segmenter: givenSegmenter, ...rest } = constructorOptions(options, 'SearchIndex');
        const text = fieldNames(fields, 'fields'), numeric = fieldNames(numericFields, 'numericFields');
        segmenter = segmenterOf(givenSegmenter) && givenSegmenter;
        super(M.SearchIndex.create(text, numeric, encodeOptions(schema, rest, 'a search index')));
        identifier = given;
      }
      this.#text = this.handle.textFields();
      this.#numeric = this.handle.numericFields();
      this.identifier = identifier;
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
    // The options of one search (search's and a SearchRanker's, besides k and language): phrases.
    static searchOptions() { return searchSchema.map((s) => ({ ...s })); }
    // The feature table: [{ name, perField, formula, help }] (a per-field feature is named `${field}.${name}`).
    static get features() { return featureTable.map((f) => ({ ...f })); }

    get fields() { return [...this.#text]; }
    get numericFields() { return [...this.#numeric]; }
    get options() { return decodeOptions(schema, this.handle.options()); }
    get size() { return this.handle.size(); }
    // The language identifier of an index of language 'auto' (set it again after am.load), or undefined.
    get identifier() { return this.#identifier; }
    set identifier(identifier) {
      if (identifier !== undefined && typeof identifier?.identify !== 'function') {
        throw new TypeError(`identifier must be a language identifier (am.pretrained.languageIdentifier()), not ${describe(identifier)}`);
      }
      if (identifier !== undefined && !this.#perDocument) {
        throw new TypeError(`an identifier is for an index of language 'auto'; this one analyses every text in '${this.options.language}'`);
      }
      this.#identifier = identifier;
    }
    // The codes of the documents' languages (language 'auto'), in byte order; [] for an index of one language.
    get languages() { return this.handle.languages(); }
    // The language code a document was analysed in (language 'auto'), or undefined for an index of one language.
    documentLanguage(id) { return this.handle.language(documentId(id, 'documentLanguage')) || undefined; }
    // The language code a query is analysed in: `language` when given, else the identifier's answer among the
    // documents' languages (a short query says little of its language; the collection says which are likely);
    // '' (the documents' most common language) for an index of language 'auto' without an identifier, and for
    // an index of one language (its own).
    queryLanguage(query, language) {
      const text = wellFormedText(query, 'query');
      if (language !== undefined) return wellFormedText(language, 'language');
      if (!this.#perDocument || !this.#identifier) return '';
      const known = this.#identifier.languages, among = this.languages.filter((code) => !known || known.includes(code));
      return this.#identifier.identify(text.toWellFormed(), among.length ? { among } : undefined).language;
    }
    // The columns of features(): the per-field features of each text field, the document's, the numeric fields.
    get featureNames() { return this.handle.featureNames(); }

    // A document { id, <text field>: string …, <numeric field>: number … } or an array of them.
    add(docs) { this.#put(docs, false, 'add'); return this; }
    // Replaces documents with these ids (each moves to the end of document order).
    update(docs) { this.#put(docs, true, 'update'); return this; }
    remove(id) { return this.handle.remove(documentId(id, 'remove')); }
    has(id) { return this.handle.has(documentId(id, 'has')); }

    // The k best documents, best first, ties in document order: [{ id, score }]. Plain terms and "quoted
    // phrases": a result holds every phrase, unless none does and phrases is 'fallback' (the default), when
    // the phrases' words count as plain terms and the list has phrasesAsTerms: true. An empty query has no
    // results. language: the query's code, for language 'auto' (queryLanguage).
    search(query, searchOptions) {
      const text = wellFormedText(query, 'query');
      const { k, language, table } = searchArgs(searchSchema, searchOptions);
      return hitList(this.handle.search(this.segment(text), k, this.queryLanguage(text, language), table));
    }

    // The features of the query with each document: { names, ids, rows: { data: Float32Array, rows, cols } }
    // (rows is the library's dense matrix, one row per id: a Ranker's `features`).
    features(query, ids, featureOptions) {
      const text = wellFormedText(query, 'query');
      const { language } = optionsObject(featureOptions, 'features options', 'language');
      if (!Array.isArray(ids)) throw new TypeError(`ids must be an array of document ids, not ${describe(ids)}`);
      ids.forEach((id, i) => documentId(id, `ids[${i}]`));
      const names = this.featureNames;
      const values = this.handle.features(this.segment(text), ids, this.queryLanguage(text, language));
      return { names, ids: [...ids], rows: { data: Float32Array.from(values), rows: ids.length, cols: names.length } };
    }

    get #perDocument() { return this.handle.perDocumentLanguage(); }

    #put(docs, update, method) {
      const text = this.#text, checked = searchDocuments(docs, text, this.#numeric, method);
      const languages = this.#languages(checked, method);
      // Segmented before any batch goes in, so that a segmenter's error changes nothing.
      const list = !this.#words ? checked : checked.map((doc) => ({ ...doc, ...Object.fromEntries(text.map((f) => [f, this.segment(doc[f])])) }));
      const batches = [];
      for (let start = 0; start < list.length;) {
        let end = start, units = 0;
        do {
          const doc = list[end++];
          units += doc.id.length;
          for (let j = 0; j < text.length; ++j) units += doc[text[j]].length;
        } while (end < list.length && units < BATCH_UNITS);
        batches.push({ start, end, units });
        start = end;
      }
      // put checks a batch whole before it adds any; documents sent in several batches are checked here first.
      if (batches.length > 1) {
        for (const doc of list) {
          if (!update && this.handle.has(doc.id)) throw new RangeError(`${method}: a document with id '${doc.id}' is already in the index (update replaces it)`);
          if (update && !this.handle.has(doc.id)) throw new RangeError(`${method}: no document with id '${doc.id}' (add puts a new one in)`);
        }
      }
      for (const { start, end, units } of batches) this.#send(list.slice(start, end), languages.slice(start, end), units, update);
    }

    // Each document's language code: its `language` (unless that is one of its fields), else, with language
    // 'auto', the identifier's answer for its text fields; [] when no document gives one in an index of one
    // language (the core refuses a language there).
    #languages(list, method) {
      const own = this.#text.includes('language') || this.#numeric.includes('language');
      const given = new Array(list.length);
      let any = false;
      for (let i = 0; i < list.length; ++i) {
        const code = own ? undefined : list[i].language;
        if (code !== undefined && typeof code !== 'string') throw new TypeError(`${method}: document '${list[i].id}' has language ${describe(code)}, not a language code (a string such as 'fr')`);
        given[i] = code;
        any ||= code !== undefined;
      }
      if (!this.#perDocument) return any ? given.map((code) => code ?? '') : [];
      const unknown = given.flatMap((code, i) => (code === undefined ? [i] : []));
      if (unknown.length && !this.#identifier) {
        throw new TypeError(`${method}: document '${list[unknown[0]].id}' has no language, and the index (language 'auto') has no identifier to find it: `
          + `give each document a language, or the index an identifier (new am.SearchIndex({ …, identifier: await am.pretrained.languageIdentifier() }))`);
      }
      if (unknown.length) {
        // (a lone surrogate, which the index reads as a separator, is U+FFFD to the identifier too)
        const texts = unknown.map((i) => this.#text.map((f) => list[i][f]).join('\n').toWellFormed());
        const found = typeof this.#identifier.identifyAll === 'function' ? this.#identifier.identifyAll(texts) : texts.map((t) => this.#identifier.identify(t));
        unknown.forEach((i, j) => { given[i] = found[j].language; });
      }
      return given;
    }

    // A batch's ids and text cross into wasm memory in one piece: joined by '\n' (so that a lone surrogate that
    // ends one value does not pair with the next), encoded by one call of TextEncoder.encodeInto (UTF-8 takes at
    // most three bytes a UTF-16 code unit), with each value's length in UTF-16 units, from which the core finds
    // its bytes. One call into the encoder a batch rather than one a value: the first add of a page runs this
    // loop before V8 has optimised anything.
    #send(batch, languages, units, update) {
      const text = this.#text, numeric = this.#numeric, values = 1 + text.length;
      withHeap(M, (heap) => {
        const size = 3 * (units + batch.length * values);
        const at = heap.alloc(size), lengths = heap.alloc(4 * batch.length * values), numbers = heap.alloc(8 * batch.length * numeric.length);
        // (views made after the last allocation: growing the memory detaches older ones)
        const lengthsView = M.HEAP32.subarray(lengths >> 2), numbersView = M.HEAPF64.subarray(numbers >> 3);
        const parts = new Array(batch.length * values);
        let k = 0;
        for (let i = 0; i < batch.length; ++i) {
          const doc = batch[i];
          parts[k] = doc.id;
          lengthsView[k++] = doc.id.length;
          for (let j = 0; j < text.length; ++j) {
            const value = doc[text[j]];
            parts[k] = value;
            lengthsView[k++] = value.length;
          }
          for (let j = 0; j < numeric.length; ++j) numbersView[i * numeric.length + j] = doc[numeric[j]];
        }
        const { written } = encoder.encodeInto(parts.join('\n'), M.HEAPU8.subarray(at, at + size));
        this.handle.put(batch.length, languages, at, written, lengths, numbers, update);
      });
    }
  }

  api.SearchIndex = SearchIndex;
  api.loaders['search-index'] = (handleFromBytes) => new SearchIndex(undefined, handleFromBytes(M.SearchIndex.load));
  return { SearchIndex };
}
