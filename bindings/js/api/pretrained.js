// Pretrained models: where they come from, and their loading (installPretrained). The English UPOS tagger, its
// tokenizer and the English word lexicon ship in this package; every other language is the npm package
// argmax-upos-<code> (packages/ in the repository), whose default export names its two files:
// { language, tagger, tokenizer }, as URLs beside its index.js (so that bundlers emit them as assets).
import { describe, optionsObject } from './inputs.js';
import { withHeap } from './wasm.js';

// The languages with a UPOS tagger, by ISO 639-1 code ('en' is in this package, the others are packages).
export const UPOS_LANGUAGES = {
  en: 'English', fr: 'French', pt: 'Portuguese', cy: 'Welsh', it: 'Italian', ko: 'Korean', ru: 'Russian', th: 'Thai',
  vi: 'Vietnamese',
};
export const uposPackage = (code) => `argmax-upos-${code}`;
const languageName = (code) => (typeof code === 'string' && Object.hasOwn(UPOS_LANGUAGES, code) ? UPOS_LANGUAGES[code] : undefined);
const known = () => Object.keys(UPOS_LANGUAGES).map((c) => `'${c}' (${UPOS_LANGUAGES[c]})`).join(', ');

// Files shipped in a package: Node reads them, browsers and bundlers fetch them (from beside the module naming them).
export async function packageFile(url, what, as) {
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

// A model file given as its bytes (Uint8Array, ArrayBuffer) or its URL (a URL, or a string read against the
// page's or the worker's address) → { bytes, where }, where: how an error names the file ('' for bytes).
export async function modelFile(file, what) {
  if (file instanceof Uint8Array) return { bytes: file, where: '' };
  if (file instanceof ArrayBuffer) return { bytes: new Uint8Array(file), where: '' };
  if (!(file instanceof URL) && typeof file !== 'string') {
    throw new TypeError(`${what} must be the file's bytes (Uint8Array or ArrayBuffer) or its URL, not ${describe(file)}`);
  }
  let url;
  try {
    url = new URL(file, globalThis.document?.baseURI ?? globalThis.location?.href);
  } catch {
    throw new TypeError(`${what}: '${file}' is not a URL (give an absolute URL, or the file's bytes as a Uint8Array or ArrayBuffer)`);
  }
  return { bytes: await packageFile(url, what, 'bytes'), where: ` ${url.protocol === 'file:' ? url.pathname : url}` };
}

// The source of am.pretrained.upos → { english: true } or { tagger, tokenizer, what }: a language code, a
// language package's default export, or { tagger, tokenizer } (bytes or URLs). A code other than 'en' imports
// its package by name: Node resolves it from this module, a browser through an import map; a bundler leaves such
// a variable import to the browser, so bundled pages pass the package's export instead.
export async function uposSource(source) {
  if (typeof source === 'string') {
    const name = languageName(source);
    if (!name) throw new TypeError(`no UPOS tagger for the language '${source}': the known languages are ${known()}`);
    if (source === 'en') return { english: true };
    const pkg = uposPackage(source);
    let module;
    try {
      module = await import(/* @vite-ignore */ /* webpackIgnore: true */ pkg);
    } catch (e) {
      throw new Error(`the ${name} UPOS tagger is the package ${pkg}, which could not be imported (${String(e.message).split('\n')[0]}): ` +
        `install it (npm install ${pkg}) and, in a bundled page, pass it: import ${source} from '${pkg}'; am.pretrained.upos(${source}); ` +
        'or pass its files as am.pretrained.upos({ tagger, tokenizer }), each a URL or the bytes');
    }
    if (module.default?.language !== source) {
      throw new Error(`${pkg} is not a UPOS tagger package for '${source}': its default export has language ${describe(module.default?.language)}`);
    }
    source = module.default;
  }
  const { tagger, tokenizer, language } = source !== null && typeof source === 'object' ? source : {};
  if (tagger === undefined || tokenizer === undefined) {
    throw new TypeError(`am.pretrained.upos takes a language code (${known()}), a language package's default export ` +
      `(import pt from 'argmax-upos-pt'), or { tagger, tokenizer } as bytes or URLs; not ${describe(source)}`);
  }
  const what = `the ${languageName(language) ?? (typeof language === 'string' ? `'${language}'` : 'given')} UPOS`;
  return { tagger, tokenizer, what };
}

// The English word lexicon shipped in lexicons/ (Penn tags and WordNet parts of speech of 83k words;
// lexicons/NOTICE), as text for the SequenceTagger option `lexicon`.
const ENGLISH_LEXICON = new URL('../lexicons/english.tsv', import.meta.url);
const englishLexicon = () => packageFile(ENGLISH_LEXICON, 'the English lexicon', 'text');

// Taggers trained on UD English EWT (CC BY-SA 4.0; pretrained/NOTICE), made by pretrained/make-english-upos.mjs.
const ENGLISH_UPOS = new URL('../pretrained/english-upos.bin', import.meta.url);

// The tokenizer learned from UD English EWT train, made with english-upos.bin (the taggers' tokenizer).
const ENGLISH_TOKENIZER = new URL('../pretrained/english-tokenizer.bin', import.meta.url);

// A pretrained tagger owns the tokenizer it came with: disposing the tagger frees both.
export const ownedTokenizers = new WeakMap();

// am.pretrained, am.lexicons and am.io.tokenize on the sequence API of module M: the loading of every pretrained
// model. Returns { englishTokenizer }: the shipped English tokenizer once loaded (an error before).
export function installPretrained(M, api, { SequenceTagger, Tokenizer, fromHandle }) {
  // A model file (bytes or URL, see modelFile) made into a model by fromBytes; an error names the file.
  async function loadModel(file, what, fromBytes) {
    const { bytes, where } = await modelFile(file, what);
    try {
      return fromBytes(bytes);
    } catch (e) {
      throw new Error(`${what}${where} does not load: ${e.message}`);
    }
  }
  const loadTokenizer = (file, what) => loadModel(file, what,
    (bytes) => Tokenizer.fromHandle(withHeap(M, (heap) => M.TokenizerModel.load(heap.u8(bytes), bytes.length))));
  // A UPOS tagger and its tokenizer: a new pair on every call, the tagger owning its tokenizer.
  async function loadTagger({ tagger: taggerFile, tokenizer: tokenizerFile, what }) {
    const tagger = await loadModel(taggerFile, `${what} tagger`, (bytes) => {
      const model = fromHandle(withHeap(M, (heap) => M.SequenceModel.load(heap.u8(bytes), bytes.length)));
      if (model instanceof SequenceTagger) return model;
      model.dispose();
      throw new Error('it is a DenseSequenceTagger (numeric features), not a tagger of words');
    });
    try {
      tagger.tokenizer = await loadTokenizer(tokenizerFile, `${what} tokenizer`);
    } catch (e) {
      tagger.dispose();
      throw e;
    }
    ownedTokenizers.set(tagger, tagger.tokenizer);
    return tagger;
  }

  // The shipped English tokenizer, loaded once, on first use (am.io.tokenize or am.pretrained.englishTokenizer()).
  let english = null;
  const loadEnglishTokenizer = ({ url = ENGLISH_TOKENIZER } = {}) => loadTokenizer(new URL(url, ENGLISH_TOKENIZER), 'the pretrained English tokenizer');
  function englishTokenizer() {
    if (english?.error) throw english.error;
    if (!english?.tokenizer) throw new Error('the English tokenizer is not loaded: await am.pretrained.englishTokenizer() first, or pass { tokenizer }');
    return english.tokenizer;
  }

  // Raw text → (a promise of) sentences of tokens { text, start, end } (UTF-16 offsets), by options.tokenizer
  // (see am.Tokenizer) or the shipped English tokenizer, which the first call loads.
  api.io.tokenize = async (text, options) => {
    const { tokenizer = await api.pretrained.englishTokenizer() } = optionsObject(options, 'tokenize options', 'tokenizer');
    if (!(tokenizer instanceof Tokenizer)) throw new TypeError(`tokenizer must be an am.Tokenizer, not ${describe(tokenizer)}`);
    return tokenizer.tokenize(text);
  };
  api.lexicons = Object.assign(api.lexicons ?? {}, { english: englishLexicon });
  // englishUpos({ url }): the UPOS tagger shipped with the package, or the same file from elsewhere; upos(source):
  // the UPOS tagger of a language (uposSource). Each call loads a new tagger, which owns its tokenizer.
  const englishUpos = async ({ url = ENGLISH_UPOS, tokenizerUrl = ENGLISH_TOKENIZER } = {}) => loadTagger({
    tagger: new URL(url, ENGLISH_UPOS), tokenizer: new URL(tokenizerUrl, ENGLISH_TOKENIZER), what: 'the pretrained English UPOS' });
  api.pretrained = Object.assign(api.pretrained ?? {}, {
    // tokenizerUrl: where its tokenizer is (default: beside the shipped tagger); the tagger carries it as
    // .tokenizer, so tagger.tagText(text) tags raw text.
    englishUpos,
    // The languages upos() knows: code → English name.
    languages: Object.freeze({ ...UPOS_LANGUAGES }),
    async upos(source) {
      const files = await uposSource(source);
      return files.english ? englishUpos() : loadTagger(files);
    },
    // The tokenizer and sentence splitter learned from UD English EWT train (the one am.io.tokenize uses).
    async englishTokenizer({ url } = {}) {
      if (url !== undefined) return loadEnglishTokenizer({ url });
      if (!english) {
        english = {};
        english.loading = loadEnglishTokenizer().then((t) => { english.tokenizer = t; }, (e) => { english.error = e; });
      }
      await english.loading;
      return englishTokenizer();
    },
  });
  return { englishTokenizer };
}
