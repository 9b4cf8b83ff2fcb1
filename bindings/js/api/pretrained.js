// Where pretrained models come from. The English UPOS tagger ships in this package; every other language is the
// npm package argmax-upos-<code> (packages/ in the repository), whose default export names its two files:
// { language, tagger, tokenizer }, as URLs beside its index.js (so that bundlers emit them as assets).
import { describe } from './inputs.js';

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
