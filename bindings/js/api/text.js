// Text classification: TextClassifier, a text vectorizer (word and character n-grams, hashing or a vocabulary,
// TF-IDF) and a classifier of its rows (Multiclass for one label per text, binary relevance for label sets),
// trained, saved and loaded as one model (src/textclass/text_classifier.hpp).
import { Owned, withHeap, progressBridge } from './wasm.js';
import { constructorOptions, optionsObject, booleanArg, integerArg, texts as textsArg, textLabels, describe } from './inputs.js';
import { encodeOptions, decodeOptions } from './options.js';
import { trainingProgress } from './training.js';

export function install(M, api) {
  // The option table for label sets or single labels, with the trainer or learner the options name.
  const tables = new Map();
  const schemaOf = (multilabel, options = {}) => {
    const chooser = multilabel ? ['learner', 'trainer', 'loss'] : ['trainer'];
    const given = chooser.filter((k) => typeof options[k] === 'string').map((k) => `${k}=${options[k]}`).join('\n');
    const key = `${multilabel}\n${given}`;
    if (!tables.has(key)) tables.set(key, JSON.parse(M.textClassifierSchema(multilabel, given)));
    return tables.get(key);
  };

  // Texts as the core takes them: one UTF-8 buffer and the offsets of each text in it.
  const withTexts = (heap, packed) => [heap.u8(packed.bytes), heap.i32(packed.offsets), packed.count];

  class TextClassifier extends Owned {
    #options;
    #training;

    // options: the vectorizer's (wordNgrams, charNgrams, charSpan, startWords, startPairs, hashBits, minCount, tf,
    // idf, normalize) and the classifier's: Multiclass's (trainer, loss, C, …) for one label per text, or binary
    // relevance's (learner, seed, scale) and the learner's for label sets. TextClassifier.options() lists them.
    constructor(options = {}) {
      super(null);
      this.#options = { ...constructorOptions(options, 'TextClassifier') };
      const multilabel = this.#options.learner !== undefined;
      encodeOptions(schemaOf(multilabel, this.#options), this.#options, 'TextClassifier');  // checked before fit
    }

    // [{name, type, default, help, …}] of one label per text, or of label sets ({ multilabel: true, learner }).
    static options(choice = {}) {
      const { multilabel = false, ...rest } = optionsObject(choice, 'TextClassifier.options argument');
      return schemaOf(Boolean(multilabel), rest).map((s) => ({ ...s }));
    }

    // texts: string[]; labels: one string per text, or one array of strings per text (label sets).
    // allowSingleClass: labels that are all one label train a model that always predicts it (label sets that all
    // hold one label always train).
    fit(texts, labels, fitOptions) {
      const { onProgress, allowSingleClass } = optionsObject(fitOptions, 'fit options', 'onProgress allowSingleClass');
      const single = booleanArg(allowSingleClass, 'allowSingleClass');
      const packed = textsArg(texts, 'texts');
      const y = textLabels(labels, packed.count, 'labels');
      const multilabel = y.sets !== undefined;
      const optionText = encodeOptions(schemaOf(multilabel, this.#options), this.#options, 'TextClassifier');
      const report = trainingProgress(onProgress);
      const progress = progressBridge(report.onProgress);
      const handle = withHeap(M, (heap) => {
        const x = withTexts(heap, packed), names = withTexts(heap, y.labels);
        return multilabel
          ? M.TextClassifier.trainSets(...x, names[0], names[1], y.labels.count, heap.i32(y.sets), optionText, progress.callback)
          : M.TextClassifier.train(...x, names[0], names[1], optionText, single, progress.callback);
      });
      this.replaceHandle(handle);
      progress.rethrow();
      this.#training = report.finish(handle);
      return this;
    }

    // One label per text (string[]), or a label set per text (string[][]) for a multi-label model.
    predict(texts) {
      const handle = this.handle, classes = this.classes, packed = textsArg(texts, 'texts');
      if (packed.count === 0) return [];
      if (handle.multilabel()) {
        return withHeap(M, (heap) => handle.predictSets(...withTexts(heap, packed))).map((set) => Array.from(set, (c) => classes[c]));
      }
      const ids = perText(packed, 1, 'i32', (x, out) => handle.predict(...x, out));
      return Array.from(ids, (c) => classes[c]);
    }

    // Scores as a row-major Float32Array of texts × classes (columns in `classes` order).
    scores(texts) {
      const handle = this.handle;
      return perText(textsArg(texts, 'texts'), this.classes.length, 'f32', (x, out) => handle.scores(...x, out));
    }

    // Probabilities, texts × classes: a distribution per text (one label per text), or each label's
    // probability (label sets). The log loss gives them; other losses are calibrated on held-out texts.
    probabilities(texts) {
      const handle = this.handle;
      return perText(textsArg(texts, 'texts'), this.classes.length, 'f32', (x, out) => handle.probabilities(...x, out));
    }

    // The k most probable classes of one text: [{ label, probability }], most probable first.
    top(text, k = 3) {
      integerArg(k, 'k', { min: 1 });
      const classes = this.classes, p = this.probabilities([text]);
      return Array.from(p, (probability, c) => ({ label: classes[c], probability }))
        .sort((a, b) => b.probability - a.probability).slice(0, k);
    }

    // The n-grams that pushed a class's score most (the predicted class unless `label` is given):
    // { label, contributions: [{ ngrams: [{ kind: 'word' | 'chars', text }], value, weight }] }, the largest
    // |weight| first, at most k. weight is the feature's share of the score: the score of the feature alone minus
    // that of no feature (x_j·w_j for a linear model).
    // Without a text, explain({ label, k }) gives the model's own k heaviest weights for the label,
    // [{ ngrams, weight }] (weight: the score of the n-gram alone at 1 minus that of none): with hashing, the
    // n-gram kept for each of the heaviestNgrams heaviest columns of a class, the most frequent in training,
    // with its own sign in the shared column; ngrams is empty past them.
    explain(text, options) {
      if (text !== null && typeof text === 'object' && !Array.isArray(text) && options === undefined) return this.#heaviest(text);
      const { label, k = 10 } = optionsObject(options, 'explain options', 'label k');
      integerArg(k, 'k');
      const packed = textsArg([text], 'text', { single: true });
      const classes = this.classes;
      const chosen = label ?? (this.multilabel ? this.top(text, 1)[0].label : this.predict([text])[0]);
      const c = classes.indexOf(chosen);
      if (c < 0) throw new RangeError(`explain: label ${describe(chosen)} is not one of the model's classes`);
      const handle = this.handle;
      const contributions = withHeap(M, (heap) => handle.explain(heap.u8(packed.bytes), packed.bytes.length, c, k));
      return { label: chosen, contributions };
    }

    #heaviest(options) {
      const { label, k = 10 } = optionsObject(options, 'explain options', 'label k');
      integerArg(k, 'k');
      if (label === undefined) throw new TypeError('explain without a text needs { label }: the class whose weights to show');
      const c = this.classes.indexOf(label);
      if (c < 0) throw new RangeError(`explain: label ${describe(label)} is not one of the model's classes`);
      return { label, contributions: this.handle.heaviest(c, k) };
    }

    get classes() { return this.handle.classes(); }
    get multilabel() { return this.handle.multilabel(); }
    // The vectorizer's columns: the n-grams (or hash buckets) seen in training.
    get features() { return this.handle.columns(); }
    get options() {
      const handle = this.handle, text = handle.options();
      const raw = Object.fromEntries(text.split('\n').filter(Boolean).map((line) => line.split(/=(.*)/s).slice(0, 2)));
      return decodeOptions(schemaOf(handle.multilabel(), raw), text);
    }
    // How the last fit ended (undefined for a loaded model).
    get training() { return this.#training; }
  }

  // For a method that writes `width` values per text: the output allocated beside the texts, read back.
  function perText(packed, width, type, fill) {
    if (packed.count === 0) return type === 'i32' ? new Int32Array(0) : new Float32Array(0);
    return withHeap(M, (heap) => {
      const n = packed.count * width, out = heap.alloc(n * 4);
      fill(withTexts(heap, packed), out);
      return type === 'i32' ? heap.readI32(out, n) : heap.readF32(out, n);
    });
  }

  let vectorizerSchema;
  const vectorizerSchemaOf = () => (vectorizerSchema ??= JSON.parse(M.textVectorizerSchema()));

  // The vectorizer alone: texts to the CSR rows every model reads (TextClassifier holds one of these).
  class TextVectorizer extends Owned {
    #optionText;
    constructor(options = {}) {
      super(null);
      this.#optionText = encodeOptions(vectorizerSchemaOf(), constructorOptions(options, 'TextVectorizer'), 'TextVectorizer');
    }
    static options() { return vectorizerSchemaOf().map((s) => ({ ...s })); }
    // Fits the document frequencies (and the vocabulary) on texts (string[]).
    fit(texts) {
      const packed = textsArg(texts, 'texts');
      this.replaceHandle(withHeap(M, (heap) => M.TextVectorizer.fit(...withTexts(heap, packed), this.#optionText)));
      return this;
    }
    // CSR rows { offsets, indices, values, rows, cols }, one per text.
    transform(texts) {
      const handle = this.handle, packed = textsArg(texts, 'texts');
      return withHeap(M, (heap) => handle.transform(...withTexts(heap, packed)));
    }
    // The n-gram of each column, [{ kind: 'word' | 'chars', text }] (empty with hashing: a bucket has no one n-gram).
    get vocabulary() { return this.handle.vocabulary(); }
    get features() { return this.handle.columns(); }
    get options() { return decodeOptions(vectorizerSchemaOf(), this.handle.options()); }
  }

  api.TextClassifier = TextClassifier;
  api.TextVectorizer = TextVectorizer;
  api.loaders['text-vectorizer'] = (handleFromBytes) => TextVectorizer.fromHandle(handleFromBytes(M.TextVectorizer.load));
  api.loaders['text-classifier'] = (handleFromBytes) => TextClassifier.fromHandle(handleFromBytes(M.TextClassifier.load));
}
