// The language identifier shipped in bindings/js/pretrained (languages.bin): it names the language of sentences
// written for this test (none is from the treebanks it learned from), answers 'und' for a text without a letter,
// refuses bad input with an error and keeps working, serves am.pretrained.upos('auto') and `argmax identify`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { init } from '../../bindings/js/index.js';
import { paragraphs } from '../../bindings/js/api/auto-upos.js';
import { TREEBANKS } from '../../bindings/js/pretrained/make-upos.mjs';
import { CLDR } from '../../bindings/js/pretrained/make-language-corpus.mjs';
import { makeLanguages, notice } from '../../bindings/js/pretrained/make-languages.mjs';

const am = await init();
const identifier = await am.pretrained.languageIdentifier();
const cli = fileURLToPath(new URL('../../bindings/js/cli/main.js', import.meta.url));
const argmax = (args, input) => spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8' });

// Plain sentences, written for this test, in 16 languages and 9 scripts.
const SENTENCES = {
  en: 'The children walked to school together because the bus did not come this morning.',
  fr: "Nous avons visité le marché du village avant de rentrer à la maison pour le déjeuner.",
  de: 'Gestern Abend haben wir mit unseren Nachbarn im Garten gegessen und lange geredet.',
  es: 'Mi hermana trabaja en un hospital y siempre llega a casa muy tarde por la noche.',
  it: 'La settimana prossima andremo al mare con i nostri amici se il tempo sarà bello.',
  pt: 'O meu avô plantou muitas árvores no quintal quando era jovem e ainda estão lá.',
  nl: 'Wij gaan morgen met de fiets naar het strand als het niet te hard waait.',
  sv: 'Vi brukar dricka kaffe på eftermiddagen och prata om vad som hänt under dagen.',
  fi: 'Menimme eilen kauppaan ostamaan leipää, maitoa ja vähän hedelmiä lapsille.',
  pl: 'Wczoraj wieczorem oglądaliśmy film w kinie, a potem poszliśmy na kolację.',
  tr: 'Yarın sabah erkenden kalkıp annemi görmek için köye gideceğim.',
  ru: 'Мы долго гуляли по парку, а потом пили чай у бабушки на кухне.',
  el: 'Το καλοκαίρι πηγαίνουμε συχνά στο νησί για να δούμε τους παππούδες μας.',
  ja: '昨日は雨が降っていたので、一日中家で本を読んでいました。',
  ko: '어제는 친구와 함께 시장에 가서 맛있는 음식을 많이 먹었습니다.',
  zh: '我们明天早上要去公园散步，然后在附近的饭馆吃午饭。',
};

test('it names the language of sentences in 16 languages it never saw', () => {
  for (const [language, text] of Object.entries(SENTENCES)) {
    const { language: got, probability } = identifier.identify(text);
    assert.equal(got, language, text);
    assert.ok(probability > 0.5 && probability <= 1, `${language}: probability ${probability}`);
  }
});

test('it knows at least 60 languages, by ISO 639 code', () => {
  assert.ok(identifier.languages.length >= 60, `${identifier.languages.length} languages`);
  for (const code of identifier.languages) assert.match(code, /^[a-z]{2,3}$/);
  for (const code of Object.keys(SENTENCES)) assert.ok(identifier.languages.includes(code), code);
});

test('top(k): the k most probable languages, in order, their probabilities a distribution', () => {
  const top = identifier.top(SENTENCES.nl, 5);
  assert.equal(top.length, 5);
  assert.equal(top[0].language, 'nl');
  for (let i = 1; i < top.length; ++i) assert.ok(top[i - 1].probability >= top[i].probability);
  const all = identifier.top(SENTENCES.nl, identifier.languages.length);
  assert.equal(new Set(all.map((r) => r.language)).size, identifier.languages.length);
  assert.ok(Math.abs(all.reduce((s, r) => s + r.probability, 0) - 1) < 1e-4);
  assert.deepEqual(identifier.identify(SENTENCES.nl), top[0]);
  assert.throws(() => identifier.top(SENTENCES.nl, 0), RangeError);
  assert.throws(() => identifier.top(SENTENCES.nl, 1.5), /k/);
});

test('identifyAll gives what identify gives, text by text', () => {
  const texts = [...Object.values(SENTENCES), '', '123 !'];
  assert.deepEqual(identifier.identifyAll(texts), texts.map((t) => identifier.identify(t)));
  assert.deepEqual(identifier.identifyAll([]), []);
});

test('among: the most probable of the languages given', () => {
  // Portuguese among English and Spanish is Spanish; a text without a letter stays undetermined.
  assert.equal(identifier.identify(SENTENCES.pt, { among: ['en', 'es'] }).language, 'es');
  assert.equal(identifier.identify(SENTENCES.pt, { among: ['pt'] }).language, 'pt');
  assert.equal(identifier.identify('42', { among: ['en'] }).language, 'und');
  assert.throws(() => identifier.identify(SENTENCES.pt, { among: ['xx'] }), /"xx" is not a language of the identifier/);
  assert.throws(() => identifier.identify(SENTENCES.pt, { among: [] }), TypeError);
});

// Sentences written for this test whose names are of another language than their words.
const NAMED = {
  en: 'Yesterday Giuseppe Garibaldi Esposito visited Santa Maria della Salute with Francesca.',
  it: 'Ieri abbiamo incontrato Sean O’Brien e Kathleen Fitzgerald al Royal Oak Hotel.',
  de: 'Sie hat mit Juan Carlos Rodríguez in Santiago de Compostela gesungen.',
};

test("names: a text's probabilities mix the whole text's with those of its words that are not capitalised", () => {
  const classifier = am.load(readFileSync(new URL('../../bindings/js/pretrained/languages.bin', import.meta.url)));
  const probabilities = (text) => Array.from(classifier.probabilities([text]));
  const best = (p) => classifier.classes[p.indexOf(Math.max(...p))];
  // the capitalised words after the first left out, by hand: the classifier alone reads the names' language
  const rests = {
    en: 'Yesterday visited della with.',
    it: 'Ieri abbiamo incontrato e al.',
    de: 'Sie hat mit in de gesungen.',
  };
  for (const [language, text] of Object.entries(NAMED)) {
    assert.notEqual(best(probabilities(text)), language, text);
    assert.ok(Math.max(...probabilities(text)) < 0.99, text);
    const mixed = probabilities(text).map((p, c) => p ** 0.7 * probabilities(rests[language])[c] ** 0.3);
    const sum = mixed.reduce((a, b) => a + b, 0);
    const top = identifier.top(text, identifier.languages.length);
    assert.equal(top[0].language, language, text);
    for (const { language: l, probability } of top) {
      assert.ok(Math.abs(probability - mixed[classifier.classes.indexOf(l)] / sum) < 1e-6, `${text}: ${l}`);
    }
  }
  // no capitalised word after the first, or no letter left without them, or a language at least 0.99 probable:
  // the whole text's probabilities
  const sure = 'Nous avons visité le marché du village avec Pierre et Marie avant de rentrer à la maison pour le déjeuner.';
  assert.ok(Math.max(...probabilities(sure)) >= 0.99);
  for (const text of [SENTENCES.fr, SENTENCES.ja, 'Giuseppe', '1860: Garibaldi', sure]) {
    const expected = probabilities(text);
    for (const { language, probability } of identifier.top(text, 5)) {
      assert.equal(probability, expected[classifier.classes.indexOf(language)], text);
    }
  }
  classifier.dispose();
});

test("a text without a letter is 'und'", () => {
  for (const text of ['', '   \n\t', '12 345,67 !? — …', '🙂🙂', '\0\0']) {
    assert.deepEqual(identifier.identify(text), { language: 'und', probability: 1 }, JSON.stringify(text));
    assert.deepEqual(identifier.top(text, 3), [{ language: 'und', probability: 1 }]);
  }
});

test('bad input is an error that names it, and the identifier keeps working', () => {
  for (const bad of [undefined, null, 5, ['text'], { text: 'x' }, new Uint8Array(3)]) {
    assert.throws(() => identifier.identify(bad), TypeError);
    assert.throws(() => identifier.top(bad), TypeError);
  }
  assert.throws(() => identifier.identifyAll('text'), TypeError);
  assert.throws(() => identifier.identifyAll(['ok', 7]), /texts\[1\] must be a string/);
  assert.throws(() => identifier.identify('Guten Tag \ud800 zusammen'), /lone surrogate/);
  assert.throws(() => identifier.identify('\udc00'), /lone surrogate/);
  assert.throws(() => identifier.identifyAll(['Hallo', '12 \ud800']), /texts\[1\] has a lone surrogate/);
  assert.throws(() => identifier.identify(SENTENCES.de, 'de'), TypeError);
  // NUL is a character like any other that is not a letter
  assert.equal(identifier.identify(SENTENCES.de.replaceAll(' ', '\0')).language, 'de');
  assert.equal(identifier.identify(SENTENCES.de).language, 'de');
});

test('a 10 MB text is read whole, and a word of one repeated letter, in bounded time', () => {
  const sentence = `${SENTENCES.it} `;
  const text = sentence.repeat(Math.ceil(10e6 / sentence.length));
  const start = performance.now();
  assert.equal(identifier.identify(text).language, 'it');
  assert.ok(performance.now() - start < 30000, 'identified within 30 s');
  const one = 'a'.repeat(1e6);  // one repeated letter: a single million-letter word, in time linear in its length
  assert.ok(identifier.languages.includes(identifier.identify(one).language));
});

test('identifying leaks nothing; a disposed identifier says so', async () => {
  const before = am.memoryUsage().heapInUse;
  for (let i = 0; i < 50; ++i) identifier.identifyAll(Object.values(SENTENCES));
  assert.equal(am.memoryUsage().heapInUse, before);
  const other = await am.pretrained.languageIdentifier();
  other.identify(SENTENCES.fr);
  other.dispose();
  assert.equal(am.memoryUsage().heapInUse, before);
  assert.throws(() => other.identify(SENTENCES.fr), /disposed/);
});

test('a file that is not a language identifier is refused with its name', async () => {
  await assert.rejects(am.pretrained.languageIdentifier({ model: new Uint8Array([1, 2, 3]) }), /language identifier could not be loaded/);
  const tagger = await am.pretrained.englishUpos();
  await assert.rejects(am.pretrained.languageIdentifier({ model: tagger.save() }), /not a text classifier/);
  tagger.dispose();
  await assert.rejects(am.pretrained.languageIdentifier({ model: 'file:///nonexistent/languages.bin' }), /could not read the language identifier/);
  await assert.rejects(am.pretrained.languageIdentifier(5), TypeError);
});

test("paragraphs: blank lines separate them, else line breaks; spaces-only ones are left out", () => {
  assert.deepEqual(paragraphs('a b\nc\n\n  \n\nd'), [[0, 5], [11, 12]]);
  assert.deepEqual(paragraphs('a\nb\r\nc'), [[0, 1], [2, 3], [5, 6]]);
  assert.deepEqual(paragraphs(''), []);
  assert.deepEqual(paragraphs(' \n '), []);
});

test("upos('auto') tags each paragraph with the tagger of its language", async () => {
  const auto = await am.pretrained.upos('auto');
  assert.ok(auto.languages.includes('en'));
  const english = 'The dog barked at the postman.';
  const text = auto.languages.includes('fr') ? `${english}\n\nLe chien a aboyé contre le facteur.` : english;
  const found = auto.paragraphs(text);
  assert.deepEqual(found.map((p) => p.language), auto.languages.includes('fr') ? ['en', 'fr'] : ['en']);
  const sentences = auto.tagText(text);
  const en = await am.pretrained.englishUpos();
  assert.deepEqual(sentences[0].map((w) => w.tag), en.tagText(english)[0].map((w) => w.tag));
  en.dispose();
  for (const w of sentences.flat()) {
    assert.equal(text.slice(w.start, w.end), w.token);
    assert.ok(found.some((p) => p.language === w.language && p.start <= w.start && w.end <= p.end));
  }
  assert.deepEqual(auto.tagText('  \n\n 12 '), []);
  assert.throws(() => auto.paragraphs(5), TypeError);
  auto.dispose();
});

test('argmax identify prints the language of each paragraph', () => {
  const text = `${SENTENCES.fr}\n\n${SENTENCES.ru}\n\n---\n`;
  const out = argmax(['identify', '--pretrained', 'languages'], text);
  assert.equal(out.status, 0, out.stderr);
  assert.deepEqual(out.stdout.trim().split('\n').map((l) => l.split('\t')[0]), ['fr', 'ru', 'und']);
  const top = argmax(['identify', '--pretrained', 'languages', '--top', '2', '--json'], SENTENCES.es);
  const line = JSON.parse(top.stdout);
  assert.equal(line.top.length, 2);
  assert.equal(line.top[0].language, 'es');
  assert.equal(line.end, SENTENCES.es.length);
  const model = fileURLToPath(new URL('../../bindings/js/pretrained/languages.bin', import.meta.url));
  assert.equal(argmax(['identify', '--model', model], SENTENCES.sv).stdout.split('\t')[0], 'sv');
  assert.equal(argmax(['identify', '--pretrained', 'nope'], 'x').status, 1);
  assert.equal(argmax(['identify', '--pretrained', 'languages', '--top', '0'], 'x').status, 2);
  assert.equal(argmax(['identify'], 'x').status, 2);
  assert.ok(readFileSync(model).length > 0);
});

// Minutes of training: only when asked, and where the treebanks and CLDR are.
const remake = process.env.ARGMAX_REMAKE !== '1' ? 'set ARGMAX_REMAKE=1 to remake it'
  : !existsSync(TREEBANKS) ? `no treebanks at ${TREEBANKS}` : !existsSync(CLDR) ? `no CLDR at ${CLDR}` : false;
test('languages.bin and NOTICE-languages are, byte for byte, what make-languages.mjs makes', { skip: remake }, () => {
  const { model } = makeLanguages(am);
  const shipped = (f) => readFileSync(new URL(`../../bindings/js/pretrained/${f}`, import.meta.url));
  assert.ok(Buffer.from(model.save()).equals(shipped('languages.bin')), 'languages.bin is stale: run make-languages.mjs');
  assert.equal(notice(), shipped('NOTICE-languages').toString(), 'NOTICE-languages is stale: run make-languages.mjs');
  model.dispose();
});
