// Learned re-ranking of a SearchIndex's results (src/search/search_ranker.hpp): a Ranker re-orders the first
// stage's top `depth` by the index's (query, document) features. It trains from judgments or from click logs,
// with position bias corrected by inverse propensity scoring (propensities fitted by EM on the log) or, as an
// option, clicks taken naively as relevance. Also the position-bias EM and the click simulator on their own.
import { Owned, withHeap, progressBridge } from './wasm.js';
import { constructorOptions, optionsObject, integerArg, numberArg, numberArray, wellFormedText } from './inputs.js';
import { encodeOptions, decodeOptions, optionValue } from './options.js';
import { noTraining } from './training.js';
import { UNSPACED, hitList, searchArgs } from './search.js';

// An array argument, with the name used in its errors.
function arrayArg(value, name) {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array, got ${value === null ? 'null' : typeof value}`);
  return value;
}

// A training query's language, when it gives one (undefined when it does not).
const givenLanguage = (entry, where) => (entry.language === undefined ? undefined : wellFormedText(entry.language, `${where}.language`));

// Judgments [{ query, grades, language? }] (grades: { id: grade } or a Map) as flat arrays: texts, their
// languages (given or undefined) and where each is, ids, grades, offsets.
function packJudgments(judgments) {
  const texts = [], languages = [], places = [], ids = [], grades = [], offsets = [0];
  arrayArg(judgments, 'judgments').forEach((j, q) => {
    const where = `judgments[${q}]`;
    optionsObject(j, where);
    texts.push(wellFormedText(j.query, `${where}.query`));
    languages.push(givenLanguage(j, where));
    places.push(where);
    const entries = j.grades instanceof Map ? [...j.grades] : Object.entries(optionsObject(j.grades, `${where}.grades`));
    for (const [id, grade] of entries) {
      wellFormedText(id, `${where}.grades key`);
      if (typeof grade !== 'number' || !Number.isFinite(grade) || grade < 0) {
        throw new RangeError(`${where}.grades['${id}'] must be a finite number ≥ 0, got ${String(grade)}`);
      }
      ids.push(id);
      grades.push(grade);
    }
    offsets.push(ids.length);
  });
  return { texts, languages, places, ids, grades: Float64Array.from(grades), offsets: Int32Array.from(offsets) };
}

// Click logs [{ query, shown: [ids, rank 1 first], clicked: [ids], language? }] as the core's arrays: each
// distinct query (text and language) and document id numbered once.
function packClicks(clicks) {
  const texts = [], languages = [], places = [], ids = [], queryNumber = new Map(), idNumber = new Map();
  const number = (map, list, key) => { if (!map.has(key)) { map.set(key, list.length); list.push(key); } return map.get(key); };
  const query = [], ends = [], shown = [], clicked = [];
  arrayArg(clicks, 'clicks').forEach((session, s) => {
    const where = `clicks[${s}]`;
    optionsObject(session, where);
    const text = wellFormedText(session.query, `${where}.query`), language = givenLanguage(session, where);
    const key = JSON.stringify([text, language ?? null]);
    if (!queryNumber.has(key)) {
      queryNumber.set(key, texts.length);
      texts.push(text);
      languages.push(language);
      places.push(where);
    }
    query.push(queryNumber.get(key));
    const list = arrayArg(session.shown, `${where}.shown`);
    const hit = new Set(arrayArg(session.clicked, `${where}.clicked`).map((id, i) => wellFormedText(id, `${where}.clicked[${i}]`)));
    const seen = new Set();
    list.forEach((id, i) => {
      wellFormedText(id, `${where}.shown[${i}]`);
      if (seen.has(id)) throw new RangeError(`${where}.shown lists '${id}' twice`);
      seen.add(id);
      shown.push(number(idNumber, ids, id));
      clicked.push(hit.has(id) ? 1 : 0);
    });
    for (const id of hit) if (!seen.has(id)) throw new RangeError(`${where}.clicked has '${id}', which it did not show`);
    ends.push(shown.length);
  });
  return { texts, languages, places, ids, query: Int32Array.from(query), ends: Int32Array.from(ends), shown: Int32Array.from(shown), clicked: Uint8Array.from(clicked) };
}

// { clicks, propensity? } of fit.
function clickData(data) {
  const { clicks, propensity } = optionsObject(data, 'data', 'clicks propensity');
  if (clicks === undefined) throw new TypeError('fit data must be judgments [{ query, grades }] or { clicks: [{ query, shown, clicked }] }');
  return { log: packClicks(clicks), propensity: propensity === undefined ? new Float64Array(0) : numberArray(propensity, 'propensity', { finite: true, type: Float64Array }) };
}

// Each training query as the index reads it (packed.texts segmented in place) and its language: the one it
// gives, else the index's answer (the identifier's, with language 'auto'). An index given as bytes has neither
// identifier nor segmenter (neither is saved with it), so there a query that would need one must give its
// language, and its text as the index reads it: SearchRanker.analyse makes both where the SearchIndex is.
function readQueries(index, { texts, languages, places }, fromBytes) {
  const perDocument = fromBytes && index.options.language === 'auto';
  return texts.map((text, i) => {
    if (!fromBytes) {
      texts[i] = index.segment(text);
      return index.queryLanguage(text, languages[i]);
    }
    if (languages[i] === undefined && (perDocument || text.search(UNSPACED) >= 0)) {
      const missing = perDocument ? "language identifier (language 'auto')" : 'segmenter for its Thai, Lao, Khmer or Myanmar text';
      throw new TypeError(`${places[i]}.query ${JSON.stringify(text)} gives no language, and an index given as bytes has no ${missing} `
        + 'to read it as the SearchIndex does: fit on am.SearchRanker.analyse(index, data), made where the SearchIndex is, or on the SearchIndex itself');
    }
    return languages[i] ?? '';
  });
}

const logArgs = (heap, log) => [heap.i32(log.query), heap.i32(log.ends), log.query.length, heap.i32(log.shown), heap.u8(log.clicked), log.shown.length];

// entry: the entry point installing this ('argmax/search' links no trainer: fit and am.clicks are errors naming
// argmax/search-train).
export function install(M, api, entry) {
  const trains = typeof M.trainSearchRanker === 'function';
  let schema;
  const schemaOf = () => (schema ??= JSON.parse(M.searchRankerSchema()));
  const indexHandle = (index) => {
    if (!(index instanceof api.SearchIndex)) throw new TypeError('index must be a SearchIndex');
    return index.handle;
  };

  class SearchRanker extends Owned {
    #options;
    #optionText;
    #propensity = null;

    // options: its own (depth, normalize, clicks, clip) and any Ranker option (measure, loss, trainer, k, …).
    constructor(options) {
      super(null);
      this.#options = constructorOptions(options, 'SearchRanker');
      this.#optionText = encodeOptions(schemaOf(), this.#options, 'SearchRanker');
    }

    static options() { return schemaOf().map((s) => ({ ...s })); }

    // The training data (judgments, or { clicks, propensity? }) with each query as `index` reads it: its text
    // segmented by the index's segmenter and its `language` (given, or the index's identifier's answer; '' for
    // an index of one language). A TrainingWorker fits on this with the index's bytes, which carry neither the
    // identifier nor the segmenter.
    static analyse(index, data) {
      indexHandle(index);
      const read = new Map();
      const analysed = (entry, where) => {
        optionsObject(entry, where);
        const text = wellFormedText(entry.query, `${where}.query`), given = givenLanguage(entry, where);
        const key = JSON.stringify([text, given ?? null]);
        if (!read.has(key)) read.set(key, { query: index.segment(text), language: index.queryLanguage(text, given) });
        return { ...entry, ...read.get(key) };
      };
      if (Array.isArray(data)) return data.map((j, q) => analysed(j, `judgments[${q}]`));
      // (fit checks the other keys of the data it passes on)
      return { ...data, clicks: arrayArg(optionsObject(data, 'data').clicks, 'clicks').map((session, s) => analysed(session, `clicks[${s}]`)) };
    }

    // index: a SearchIndex, or its saved bytes (so that a TrainingWorker can train one: args [bytes, data]).
    // data: judgments [{ query: 'text', grades: { id: grade, … }, language? }] (a first-stage result not graded
    // has grade 0), or { clicks: [{ query, shown: [ids in the order shown], clicked: [ids], language? }],
    // propensity? }; language: the query's, as search takes it. From bytes, a query that needs the index's
    // identifier or segmenter must come as SearchRanker.analyse gives it. From clicks with
    // clicks: 'ips' (the default), the propensity of each rank is fitted by EM on the log unless `propensity`
    // gives it (rank 1 first).
    fit(index, data, fitOptions) {
      if (!trains) throw noTraining(entry, 'SearchRanker.fit');
      const { onProgress } = optionsObject(fitOptions, 'fit options', 'onProgress');
      const fromClicks = !Array.isArray(data);
      this.#propensity = null;
      const packed = fromClicks ? clickData(data) : packJudgments(data);
      const owned = index instanceof Uint8Array || index instanceof ArrayBuffer ? api.load(index) : null;
      try {
        const handle = indexHandle(owned ?? index);
        const languages = readQueries(owned ?? index, fromClicks ? packed.log : packed, owned !== null);
        const progress = progressBridge(onProgress);
        const model = fromClicks ? this.#trainFromClicks(handle, packed, languages, progress) : withHeap(M, (heap) =>
          M.trainSearchRanker(handle, packed.texts, languages, packed.ids, heap.f64(packed.grades), heap.i32(packed.offsets), this.#optionText, progress.callback));
        this.replaceHandle(model);
        progress.rethrow();
      } finally {
        owned?.dispose();
      }
      return this;
    }

    #trainFromClicks(handle, { log, propensity }, languages, progress) {
      const ips = optionValue(schemaOf(), this.#options, 'clicks') === 'ips';
      const used = !ips ? null : propensity.length ? propensity : positionBias(log).propensity;
      this.#propensity = used;
      return withHeap(M, (heap) => M.trainSearchRankerFromClicks(handle, log.texts, languages, log.ids, ...logArgs(heap, log),
        heap.f64(used ?? []), used?.length ?? 0, this.#optionText, progress.callback));
    }

    // The propensities the last fit from clicks used (rank 1 first, rank 1 = 1), or null.
    get propensity() { return this.#propensity && Float64Array.from(this.#propensity); }

    // [{ id, score }], best first: the first stage's top depth re-ranked, then the rest of its top k.
    // language and phrases: as SearchIndex.search takes them (phrasesAsTerms as it gives it).
    search(index, query, searchOptions) {
      const { k, language, table } = searchArgs(api.SearchIndex.searchOptions(), searchOptions);
      const handle = indexHandle(index), text = wellFormedText(query, 'query');
      return hitList(this.handle.search(handle, index.segment(text), k, index.queryLanguage(text, language), table));
    }

    get featureNames() { return this.handle.featureNames(); }
    get options() { return decodeOptions(schemaOf(), this.handle.options()); }
  }

  // { propensity: Float64Array (rank 1 first, rank 1 = 1), logLikelihood, training: { converged, iterations, gap,
  // tolerance, measure, warning? } } of a packed log (maxIter: the core's default, 10,000, when not given).
  function positionBias(log, options) {
    const { ranks = 0, maxIter } = optionsObject(options, 'positionBias options', 'ranks maxIter');
    if (!trains) throw noTraining(entry, 'clicks.positionBias');
    integerArg(ranks, 'ranks');
    if (maxIter !== undefined) integerArg(maxIter, 'maxIter', { min: 1 });
    return withHeap(M, (heap) => M.positionBias(...logArgs(heap, log), ranks, maxIter ?? 0));
  }

  api.SearchRanker = SearchRanker;
  api.clicks = {
    // The position-based click model fitted by EM: the propensity of each rank.
    positionBias: (clicks, options) => positionBias(packClicks(clicks), options),
    // Clicks simulated from graded lists (the semi-synthetic protocol): lists [{ query, shown: [ids],
    // grades: [numbers] }] each shown `sessions` times; rank k is examined with probability k^−eta, an examined
    // document of grade g clicked with noise + (1 − noise)(2^g − 1)/(2^maxGrade − 1); a fraction `shuffled` of
    // the sessions shows its list in random order. Returns click logs as fit takes them.
    simulate(lists, options) {
      if (!trains) throw noTraining(entry, 'clicks.simulate');
      const { eta = 1, noise = 0.1, maxGrade = 0, sessions = 10, shuffled = 0, seed = 1 } = optionsObject(options, 'options', 'eta noise maxGrade sessions shuffled seed');
      [eta, noise, maxGrade, shuffled].forEach((x, i) => numberArg(x, ['eta', 'noise', 'maxGrade', 'shuffled'][i]));
      integerArg(sessions, 'sessions');
      integerArg(seed, 'seed', { max: 2 ** 32 - 1 });
      const ids = [], offsets = [0], documents = [], grades = [];
      arrayArg(lists, 'lists').forEach((l, q) => {
        optionsObject(l, `lists[${q}]`);
        wellFormedText(l.query, `lists[${q}].query`);
        const shown = arrayArg(l.shown, `lists[${q}].shown`);
        const g = numberArray(l.grades, `lists[${q}].grades`, { n: shown.length, finite: true });
        shown.forEach((id, i) => { documents.push(ids.length); ids.push(wellFormedText(id, `lists[${q}].shown[${i}]`)); grades.push(g[i]); });
        offsets.push(documents.length);
      });
      const log = withHeap(M, (heap) => M.simulateClicks(heap.i32(offsets), lists.length, heap.i32(documents), heap.f32(grades),
        documents.length, eta, noise, maxGrade, sessions, shuffled, seed));
      const out = [];
      for (let s = 0, begin = 0; s < log.query.length; begin = log.ends[s++]) {
        const shown = Array.from(log.shown.subarray(begin, log.ends[s]), (d) => ids[d]);
        out.push({ query: lists[log.query[s]].query, shown, clicked: shown.filter((_, i) => log.clicked[begin + i]) });
      }
      return out;
    },
  };
  api.loaders['search-ranker'] = (handleFromBytes) => SearchRanker.fromHandle(handleFromBytes(M.SearchRanker.load));
}
