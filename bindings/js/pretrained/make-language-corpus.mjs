// The sentences the language identifier learns from and is scored on: the `# text` of Universal Dependencies
// treebanks whose licence lets a model trained on them be shared (CC BY, CC BY-SA; no NonCommercial, no GPL), one
// or more per language, each at the release named below. The Parallel UD treebanks (PUD: the same 1,000 sentences
// translated into each language) are never learned from: they are the second, cross-domain test set.
//
// A treebank folder holds a release's files as GitHub has them at its tag (UD_<Language>-<Name>/*.conllu,
// README, LICENSE.txt); the folders of all treebanks sit in one directory, ARGMAX_TREEBANKS or ../treebanks beside
// the repository (make-upos.mjs's TREEBANKS). Every split a folder holds is read (train when it is there): which
// sentences are held out for testing is decided by `heldOut` on the sentence's id, not by the treebank's split.
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

// code (ISO 639-1 where there is one, else 639-3) → [English name, [treebank, release], …].
export const LANGUAGE_SOURCES = {
  af: ['Afrikaans', ['UD_Afrikaans-AfriBooms', '2.18']],
  am: ['Amharic', ['UD_Amharic-ATT', '2.18']],
  az: ['Azerbaijani', ['UD_Azerbaijani-TueCL', '2.17']],
  be: ['Belarusian', ['UD_Belarusian-HSE', '2.17']],
  bn: ['Bengali', ['UD_Bengali-BRU', '2.16']],
  br: ['Breton', ['UD_Breton-KEB', '2.18']],
  cs: ['Czech', ['UD_Czech-CAC', '2.17'], ['UD_Czech-CLTT', '2.17'], ['UD_Czech-Poetry', '2.17']],
  cy: ['Welsh', ['UD_Welsh-CCG', '2.16']],
  da: ['Danish', ['UD_Danish-DDT', '2.17']],
  de: ['German', ['UD_German-GSD', '2.16']],
  el: ['Greek', ['UD_Greek-GUD', '2.17']],
  en: ['English', ['UD_English-EWT', '2.16']],
  eo: ['Esperanto', ['UD_Esperanto-Prago', '2.17']],
  es: ['Spanish', ['UD_Spanish-GSD', '2.16']],
  fa: ['Persian', ['UD_Persian-Seraji', '2.17']],
  fi: ['Finnish', ['UD_Finnish-TDT', '2.16']],
  fo: ['Faroese', ['UD_Faroese-FarPaHC', '2.16'], ['UD_Faroese-OFT', '2.17']],
  fr: ['French', ['UD_French-GSD', '2.16']],
  ga: ['Irish', ['UD_Irish-IDT', '2.16'], ['UD_Irish-TwittIrish', '2.18']],
  gd: ['Scottish Gaelic', ['UD_Scottish_Gaelic-ARCOSG', '2.17']],
  gu: ['Gujarati', ['UD_Gujarati-GujTB', '2.16']],
  gv: ['Manx', ['UD_Manx-Cadhan', '2.18']],
  he: ['Hebrew', ['UD_Hebrew-IAHLTwiki', '2.17']],
  hr: ['Croatian', ['UD_Croatian-SET', '2.18']],
  hsb: ['Upper Sorbian', ['UD_Upper_Sorbian-UFAL', '2.17']],
  hy: ['Armenian', ['UD_Armenian-ArmTDP', '2.18'], ['UD_Armenian-BSUT', '2.16']],
  id: ['Indonesian', ['UD_Indonesian-GSD', '2.17'], ['UD_Indonesian-CSUI', '2.18']],
  is: ['Icelandic', ['UD_Icelandic-Modern', '2.16'], ['UD_Icelandic-GC', '2.16']],
  it: ['Italian', ['UD_Italian-ParlaMint', '2.17'], ['UD_Italian-MarkIT', '2.17'], ['UD_Italian-Valico', '2.18']],
  ja: ['Japanese', ['UD_Japanese-GSD', '2.18']],
  jv: ['Javanese', ['UD_Javanese-CSUI', '2.17']],
  ka: ['Georgian', ['UD_Georgian-GLC', '2.17']],
  kk: ['Kazakh', ['UD_Kazakh-KTB', '2.16']],
  ko: ['Korean', ['UD_Korean-Kaist', '2.16'], ['UD_Korean-GSD', '2.17']],
  kpv: ['Komi-Zyrian', ['UD_Komi_Zyrian-IKDP', '2.16']],
  ku: ['Kurdish (Kurmanji)', ['UD_Northern_Kurdish-Kurmanji', '2.17']],
  ky: ['Kyrgyz', ['UD_Kyrgyz-KTMU', '2.16']],
  la: ['Latin', ['UD_Latin-LLCT', '2.17']],
  lt: ['Lithuanian', ['UD_Lithuanian-ALKSNIS', '2.17']],
  lv: ['Latvian', ['UD_Latvian-LVTB', '2.12']],
  mk: ['Macedonian', ['UD_Macedonian-MTB', '2.16']],
  ml: ['Malayalam', ['UD_Malayalam-UFAL', '2.17']],
  mr: ['Marathi', ['UD_Marathi-UFAL', '2.18']],
  mt: ['Maltese', ['UD_Maltese-MUDT', '2.16']],
  myv: ['Erzya', ['UD_Erzya-JR', '2.17']],
  nb: ['Norwegian Bokmål', ['UD_Norwegian-Bokmaal', '2.16']],
  nl: ['Dutch', ['UD_Dutch-Alpino', '2.16']],
  nn: ['Norwegian Nynorsk', ['UD_Norwegian-Nynorsk', '2.17']],
  or: ['Odia', ['UD_Odia-ODTB', '2.17']],
  pl: ['Polish', ['UD_Polish-MPDT', '2.17']],
  ps: ['Pashto', ['UD_Pashto-Sikaram', '2.17']],
  pt: ['Portuguese', ['UD_Portuguese-GSD', '2.16']],
  ro: ['Romanian', ['UD_Romanian-RRT', '2.16']],
  ru: ['Russian', ['UD_Russian-GSD', '2.16'], ['UD_Russian-Taiga', '2.16']],
  sd: ['Sindhi', ['UD_Sindhi-Isra', '2.16']],
  se: ['Northern Sami', ['UD_North_Sami-Giella', '2.17']],
  sk: ['Slovak', ['UD_Slovak-SNK', '2.18']],
  sl: ['Slovenian', ['UD_Slovenian-SSJ', '2.18']],
  sq: ['Albanian', ['UD_Albanian-STAF', '2.18']],
  sr: ['Serbian', ['UD_Serbian-SET', '2.17']],
  sv: ['Swedish', ['UD_Swedish-Talbanken', '2.17'], ['UD_Swedish-SweLL', '2.17']],
  ta: ['Tamil', ['UD_Tamil-MWTT', '2.17']],
  te: ['Telugu', ['UD_Telugu-MTG', '2.16']],
  th: ['Thai', ['UD_Thai-TUD', '2.17']],
  tl: ['Tagalog', ['UD_Tagalog-TRG', '2.17']],
  tr: ['Turkish', ['UD_Turkish-BOUN', '2.18']],
  tt: ['Tatar', ['UD_Tatar-NMCTT', '2.16']],
  ug: ['Uyghur', ['UD_Uyghur-UDT', '2.18']],
  uk: ['Ukrainian', ['UD_Ukrainian-ParlaMint', '2.16']],
  uz: ['Uzbek', ['UD_Uzbek-UT', '2.17']],
  vi: ['Vietnamese', ['UD_Vietnamese-VTB', '2.17']],
  wo: ['Wolof', ['UD_Wolof-WTB', '2.17']],
  yo: ['Yoruba', ['UD_Yoruba-YTB', '2.18']],
  zh: ['Chinese', ['UD_Chinese-GSD', '2.17'], ['UD_Chinese-GSDSimp', '2.16']],
};

// The PUD treebanks of the languages above (the second test set), with their release.
export const PUD_SOURCES = {
  cs: ['UD_Czech-PUD', '2.17'], de: ['UD_German-PUD', '2.17'], en: ['UD_English-PUD', '2.18'],
  es: ['UD_Spanish-PUD', '2.18'], fi: ['UD_Finnish-PUD', '2.16'], fr: ['UD_French-PUD', '2.17'],
  id: ['UD_Indonesian-PUD', '2.17'], is: ['UD_Icelandic-PUD', '2.17'], it: ['UD_Italian-PUD', '2.18'],
  ja: ['UD_Japanese-PUD', '2.5'], ko: ['UD_Korean-PUD', '2.16'], pl: ['UD_Polish-PUD', '2.17'],
  pt: ['UD_Portuguese-PUD', '2.16'], ru: ['UD_Russian-PUD', '2.16'], sv: ['UD_Swedish-PUD', '2.18'],
  th: ['UD_Thai-PUD', '2.17'], tr: ['UD_Turkish-PUD', '2.18'], zh: ['UD_Chinese-PUD', '2.18'],
};

// Training text beyond each language's capped treebank sentences (make-languages.mjs's PER_LANGUAGE), for a
// language whose news read as a neighbour's (Icelandic as Faroese: docs/langid.md): sentences that the treebank's
// release has in a train file too large to be had here, and also in the source files it keeps beside it.
// language → [[treebank, folder in its release, release, what it is], …]. They are never held out; a sentence that
// is also a test or a training sentence is left out.
export const EXTRA_TRAINING = {
  is: [['UD_Icelandic-Modern', 'not-to-release/Manual_correction/additions2019/unmodified_conllu', '2.16',
    'the source documents of the treebank (RÚV news, Althingi speeches), which its train split holds']],
};

// The licences a source may have: those that let a trained model be shared under CC BY-SA 4.0.
const SHAREABLE = /^CC BY(-SA)? [34]\.0$/;

// A treebank folder's `License:`, `Includes text:` and `Contributors:` metadata (README.md or README.txt).
export function treebankMetadata(dir) {
  const readme = readdirSync(dir).find((f) => /^readme(\.(md|txt))?$/i.test(f));
  const text = readme ? readFileSync(join(dir, readme), 'utf8') : '';
  const field = (name) => new RegExp(`^${name}:\\s*(.+?)\\s*$`, 'im').exec(text)?.[1];
  return { licence: field('License'), includesText: field('Includes text'), contributors: field('Contributors') };
}

// An error names a treebank folder that is absent or whose licence is not shareable.
function checkShareable(dir) {
  if (!existsSync(dir)) throw new Error(`no treebank folder ${dir}`);
  const { licence, includesText } = treebankMetadata(dir);
  if (!SHAREABLE.test(licence ?? '')) throw new Error(`${dir}: licence ${licence ?? '(none in its README)'} is not CC BY or CC BY-SA`);
  if (includesText === 'no') throw new Error(`${dir}: its README says it includes no text`);
}

// A CoNLL-U file's sentences, [{ id, text }] in file order: each `# text` with its `# sent_id` (the text itself
// when a sentence has none); a text without a letter (a list number, a score) has no language and is left out.
function fileSentences(file) {
  const sentences = [];
  let id;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('# sent_id =')) id = line.slice(11).trim();
    else if (line.startsWith('# text =')) {
      const text = line.slice(8).trim().normalize('NFC');
      if (/\p{L}/u.test(text)) sentences.push({ id: id ?? text, text });
      id = undefined;
    }
  }
  return sentences;
}

// A treebank folder's sentences (fileSentences of each of its CoNLL-U files). An error names a folder that is
// absent, has no CoNLL-U, or whose licence is not shareable.
export function treebankSentences(dir) {
  checkShareable(dir);
  const files = readdirSync(dir).filter((f) => f.endsWith('.conllu')).sort();
  if (!files.length) throw new Error(`no .conllu file in ${dir}`);
  return files.flatMap((file) => fileSentences(join(dir, file)));
}

// The CoNLL-U files under a folder, in name order.
function conlluFiles(dir) {
  return readdirSync(dir).sort().flatMap((f) => (statSync(join(dir, f)).isDirectory() ? conlluFiles(join(dir, f)) : f.endsWith('.conllu') ? [join(dir, f)] : []));
}

// The EXTRA_TRAINING sentences of a language, read from the treebank folders in `root`.
function extraSentences(root, language) {
  return (EXTRA_TRAINING[language] ?? []).flatMap(([treebank, path]) => {
    checkShareable(join(root, treebank));
    const dir = join(root, treebank, path);
    if (!existsSync(dir)) throw new Error(`no ${dir} (the extra training text of ${language})`);
    return conlluFiles(dir).flatMap(fileSentences).map(({ text }) => text);
  });
}

// CLDR, the Unicode Common Locale Data Repository, as Debian's unicode-cldr-core installs it (ARGMAX_CLDR elsewhere):
// each language's localized names (main/<locale>.xml: languages, territories, months, units, currencies, …) and
// emoji names and keywords (annotations/<locale>.xml). They are everyday words of every domain, where the treebanks
// of a language may have one genre (Czech's are 1970s science and law, Slovak's news: without these, Czech news
// about "Austrálie" read as Slovak, "Austrália"). Training only: no test sentence comes from them.
export const CLDR = process.env.ARGMAX_CLDR ?? '/usr/share/unicode/cldr/common';

// The CLDR locale of a language where it is not the language's code (CLDR 41 keeps Bokmål in `no`; UD's Serbian is
// in Latin script; Filipino is standard Tagalog). A language CLDR does not have (Erzya, Komi, Latin) gets nothing.
const CLDR_LOCALES = { nb: 'no', sr: 'sr_Latn', tl: 'fil' };

// How many CLDR strings make one training text.
export const CLDR_PER_TEXT = 10;

// The CLDR release in `root` (its DTD's cldrVersion).
export function cldrRelease(root = CLDR) {
  const dtd = join(root, 'dtd', 'ldml.dtd');
  return existsSync(dtd) ? /cldrVersion CDATA #FIXED "([^"]+)"/.exec(readFileSync(dtd, 'utf8'))?.[1] : undefined;
}

const XML_ENTITIES = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

// A language's CLDR strings in file order (main, then annotations), each once: the text of every element, keyword
// lists split at " | ", placeholders ({0}) taken out; a string without a lowercase letter or a letter of a
// caseless script (a currency code, "KM") is left out.
export function cldrStrings(language, root = CLDR) {
  const locale = CLDR_LOCALES[language] ?? language;
  const strings = [], seen = new Set();
  for (const dir of ['main', 'annotations']) {
    const file = join(root, dir, `${locale}.xml`);
    if (!existsSync(file)) continue;
    const xml = readFileSync(file, 'utf8').replace(/<!--[\s\S]*?-->/g, '');
    for (const [, content] of xml.matchAll(/>([^<>]+)</g)) {
      for (const part of content.replace(/&(lt|gt|quot|apos|amp);/g, (_, e) => XML_ENTITIES[e]).split(' | ')) {
        const text = part.replace(/\{\d+\}/g, ' ').replace(/\s+/g, ' ').trim().normalize('NFC');
        if (/\p{Ll}|\p{Lo}/u.test(text) && !seen.has(text)) seen.add(text), strings.push(text);
      }
    }
  }
  return strings;
}

// [{ text, language }]: the CLDR strings of every language of `only`, CLDR_PER_TEXT to a text, joined by commas.
export function cldrCorpus(root = CLDR, only = Object.keys(LANGUAGE_SOURCES)) {
  if (!existsSync(join(root, 'main'))) throw new Error(`no CLDR in ${root} (apt-get install unicode-cldr-core, or set ARGMAX_CLDR)`);
  return only.flatMap((language) => {
    const strings = cldrStrings(language, root), texts = [];
    for (let i = 0; i < strings.length; i += CLDR_PER_TEXT) {
      texts.push({ text: strings.slice(i, i + CLDR_PER_TEXT).join(', '), language });
    }
    return texts;
  });
}

// FNV-1a, 32 bits, over a string's UTF-16 units: a hash that every run and platform agrees on.
function fnv1a(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; ++i) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

// Whether a sentence is held out for testing: one in five, by the hash of its language and id, so that a
// sentence that two treebanks share (Chinese GSD and GSDSimp are one text in two scripts) is on one side.
export const heldOut = (language, id) => fnv1a(`${language}\t${id}`) % 5 === 0;

// { train, test, extra }: [{ text, language }] of every language of LANGUAGE_SOURCES (or of `only`, a list of
// codes) read from the treebank folders in `root`; a test sentence whose text is also a training sentence is
// dropped. extra: the EXTRA_TRAINING sentences that are neither a test nor a training sentence, each once.
export function languageCorpus(root, only = Object.keys(LANGUAGE_SOURCES)) {
  const train = [], test = [], extra = [];
  for (const language of only) {
    const [, ...sources] = LANGUAGE_SOURCES[language];
    const seen = new Set(), held = [];
    for (const [treebank] of sources) {
      for (const { id, text } of treebankSentences(join(root, treebank))) {
        if (heldOut(language, id)) held.push({ text, language });
        else if (!seen.has(text)) { seen.add(text); train.push({ text, language }); }
      }
    }
    for (const s of held) if (!seen.has(s.text)) test.push(s);
    for (const s of held) seen.add(s.text);
    for (const text of extraSentences(root, language)) {
      if (!seen.has(text)) seen.add(text), extra.push({ text, language });
    }
  }
  return { train, test, extra };
}

// The PUD sentences of the languages in `only` (default: every language of PUD_SOURCES) whose folder is in
// `root`: [{ text, language }].
export function pudCorpus(root, only = Object.keys(PUD_SOURCES)) {
  return only.flatMap((language) => {
    const dir = join(root, PUD_SOURCES[language][0]);
    return existsSync(dir) ? treebankSentences(dir).map(({ text }) => ({ text, language })) : [];
  });
}
