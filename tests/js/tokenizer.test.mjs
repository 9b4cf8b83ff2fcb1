// The learned tokenizer through the JS API: offsets into the caller's string on random Unicode text, grapheme
// clusters kept whole, quotes alike, NUL and lone surrogates, the shipped English tokenizer on the failures
// 0.2's rule-based one had, raw text tagged in one call, a tokenizer trained on a tiny treebank made here, its
// bytes, leaks, and the CLI (argmax train tokenizer, argmax tag --format conllu).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from '../../bindings/js/index.js';
import { clustersOf } from '../../bindings/js/api/tokenizer.js';
import { tempDir } from './temp-dirs.mjs';

const am = await init();
const english = await am.pretrained.englishTokenizer();
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const dir = tempDir('tokenizer');
const cli = fileURLToPath(new URL('../../bindings/js/cli/main.js', import.meta.url));
const argmax = (args, input) => spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8' });
const spelled = (sentences) => sentences.map((s) => s.map((t) => t.text + (t.words ? `[${t.words.map((w) => w.text).join('|')}]` : '')).join(' ')).join(' | ');

// A synthetic treebank: "zz." is an abbreviation (one token, no sentence end), '.' after any other word is a
// token ending the sentence; "abnt" is "ab" + "nt", "du" is "de" + "le".
function tinyTreebank() {
  const words = ['ab', 'cd', 'ef', 'gh', 'zz.', 'abnt', 'du'];
  let state = 11, out = '';
  const next = (n) => { state = (state * 1103515245 + 12345) % 2147483648; return state % n; };
  for (let p = 0; p < 60; ++p) {
    out += '# newpar\n';
    for (let s = 0; s < 3; ++s) {
      const ws = Array.from({ length: 3 + next(3) }, () => words[next(7)]);
      if (ws.at(-1) === 'zz.') ws[ws.length - 1] = 'gh';
      out += `# text = ${ws.join(' ')}.\n`;
      let id = 1;
      ws.forEach((w, i) => {
        const misc = i === ws.length - 1 ? 'SpaceAfter=No' : '_';
        if (w === 'abnt' || w === 'du') {
          const [a, b] = w === 'abnt' ? ['ab', 'nt'] : ['de', 'le'];
          out += `${id}-${id + 1}\t${w}\t_\t_\t_\t_\t_\t_\t_\t${misc}\n${id}\t${a}\t_\t_\t_\t_\t_\t_\t_\t_\n${id + 1}\t${b}\t_\t_\t_\t_\t_\t_\t_\t_\n`;
          id += 2;
        } else {
          out += `${id++}\t${w}\t_\t_\t_\t_\t_\t_\t_\t${misc}\n`;
        }
      });
      out += `${id}\t.\t_\t_\t_\t_\t_\t_\t_\t_\n\n`;
    }
  }
  return out;
}
const tiny = new am.Tokenizer().fit(tinyTreebank());  // the defaults, on a treebank of a few hundred words

// Every token is the slice its offsets say, in order, made of whole grapheme clusters, and holds something
// visible; every visible character is in a token.
function checkOffsets(text, sentences) {
  const boundaries = new Set([...graphemes.segment(text)].map((s) => s.index).concat(text.length));
  let last = 0;
  for (const s of sentences) {
    assert.ok(s.length > 0, 'an empty sentence');
    for (const t of s) {
      assert.equal(text.slice(t.start, t.end), t.text);
      assert.ok(t.start >= last && t.end > t.start, `token ${JSON.stringify(t)} out of order`);
      assert.ok(boundaries.has(t.start) && boundaries.has(t.end), `token ${JSON.stringify(t)} splits a cluster`);
      assert.match(t.text, /[^\s\u200b\u00ad\u200c\u200d\ufeff\u2060\x01-\x1f]/u, 'a token of spaces or invisible characters');
      for (const w of t.words ?? []) assert.ok(w.start >= t.start && w.end <= t.end);
      assert.doesNotMatch(text.slice(last, t.start), /[\p{L}\p{N}\p{P}\p{S}]/u, `a visible character outside the tokens before ${t.start}`);
      last = t.end;
    }
  }
}

test('offsets round-trip on random Unicode text, with clusters whole', () => {
  const pieces = ['a', 'B', 'c', 'z', '7', '.', ',', '!', '?', '-', "'", '’', '"', '“', '(', ')', ' ', ' ', ' ', '\n', '\r\n', '\n\n', '\t',
    'e\u0301', 'é', '👩\u200d👩\u200d👧', '🇫🇷', '👍🏽', '\u200b', '\u00ad', '\u200d', '\ufeff', '\x01', '\ud800', '\udc00', 'ß', '中', 'Я', 'http://x.y/z', 'U.S.', "can't"];
  let state = 1;
  const next = (n) => { state = (state * 1103515245 + 12345) % 2147483648; return state % n; };
  for (let round = 0; round < 300; ++round) {
    let text = '';
    for (let i = 0, n = next(60); i < n; ++i) text += pieces[next(pieces.length)];
    checkOffsets(text, english.tokenize(text));
    checkOffsets(text, tiny.tokenize(text));
  }
});

test('clusters are those Intl.Segmenter finds in the whole text, each NFC, with CR LF, controls, prepended marks', () => {
  const pieces = ['a', 'Z', ' ', '.', '\n', '\r', '\r\n', '\t', '\x01', '\x7f', '\u0085', '\u0301', 'e\u0301', 'A\u030a', '\u212b', '\u200d',
    '👩', '🇫', '🇷', '\ufe0f', '\u20e3', '#', '가', '각', '\u1100', '\u1161', '\u11a8', '\u0600', '\u0903', 'क', '\u094d', '\ud800', '\udc00', '’',
    'ก', 'เ', 'า', '\u0e31', '\u0e33', '\u0e34', '\u0e38', '\u0e48', '\u0e4c', 'ๆ', '๓', 'é', 'ế', 'ǅ', 'Ω', 'ж', '\u0374', '\u0387', '\u0483',
    'x'.repeat(300), 'e\u0301'.repeat(150)];
  let state = 3;
  const next = (n) => { state = (state * 1103515245 + 12345) % 2147483648; return state % n; };
  for (let round = 0; round < 2000; ++round) {
    let text = '';
    for (let i = 0, n = 1 + next(30); i < n; ++i) text += pieces[next(pieces.length)];
    const segments = [...graphemes.segment(text)];
    const c = clustersOf(text);
    assert.deepEqual([...c.starts], segments.map((s) => s.index).concat(text.length), JSON.stringify(text));
    assert.equal(c.normalized, segments.map((s) => s.segment.normalize('NFC').toWellFormed()).join(''));
  }
});

test('the shipped English tokenizer: clitics with either apostrophe, clusters, zero-width characters, links', () => {
  assert.equal(spelled(english.tokenize('I can’t go.')), 'I can’t[ca|n’t] go .');
  assert.equal(spelled(english.tokenize("I can't go.")), "I can't[ca|n't] go .");
  assert.equal(spelled(english.tokenize('“Quoted,” she said.')), spelled(english.tokenize('"Quoted," she said.')).replace(/"/, '“').replace(/"/, '”'));
  assert.equal(spelled(english.tokenize('A cafe\u0301 👩\u200d👩\u200d👧 and 🇫🇷 here.')), 'A cafe\u0301 👩\u200d👩\u200d👧 and 🇫🇷 here .');
  assert.equal(spelled(english.tokenize('zero\u200bwidth and soft\u00adhyphen.')), 'zero width and soft\u00adhyphen .');
  assert.equal(spelled(english.tokenize('Dr. Smith wrote to john.doe@example.com about https://example.com/a-b?c=d.')),
    'Dr. Smith wrote to john.doe@example.com about https://example.com/a-b?c=d .');
  assert.equal(spelled(english.tokenize('This is it. That was it! Really?')), 'This is it . | That was it ! | Really ?');
  assert.deepEqual(english.tokenize(' \t\n'), []);
  assert.deepEqual(english.tokenize(''), []);
});

test('a run of spaces reads as one space: doubling every space changes no token and no sentence', () => {
  const texts = ['The dog barked. She can’t stop! It was 3 p.m. in the U.S. office.', 'Dr. Smith left. Then he came back at 9.',
    'I said "no." She said, ‘yes’. We agreed: it is fine.'];
  const shape = (sentences) => sentences.map((s) => s.map((t) => t.text).join(' '));
  for (const text of texts) {
    for (const wide of [text.replace(/ /g, '  '), text.replace(/ /g, ' \t '), text.replace(/\. /g, '.   ')]) {
      assert.deepEqual(shape(english.tokenize(wide)), shape(english.tokenize(text)), wide);
      checkOffsets(wide, english.tokenize(wide));
    }
  }
});

test('paragraphs: a blank line ends one, or a line break in a text without blank lines', () => {
  assert.equal(spelled(english.tokenize('the end\nof it\n\nNext one')), 'the end of it | Next one');
  assert.equal(spelled(english.tokenize('Title\nthe end of it')), 'Title | the end of it');
});

test('am.io.tokenize: a promise of the shipped tokenizer\'s sentences, or of a given tokenizer\'s; bad input rejects', async () => {
  const text = 'Dr. Smith left. He can’t stay!';
  assert.deepEqual(await am.io.tokenize(text), english.tokenize(text));
  assert.deepEqual(await am.io.tokenize('zz. gh.', { tokenizer: tiny }), tiny.tokenize('zz. gh.'));
  await assert.rejects(am.io.tokenize(5), TypeError);
  await assert.rejects(am.io.tokenize('ab\0c'), RangeError);
  await assert.rejects(am.io.tokenize('a', { tokenizer: {} }), /must be an am.Tokenizer/);
});

test('a NUL is an error naming its offset; a lone surrogate is a token of its own, at its offset', () => {
  assert.throws(() => english.tokenize('ab\0c'), { name: 'RangeError', message: /NUL character \(U\+0000\) at offset 2/ });
  const text = 'x \ud800 y';
  const tokens = english.tokenize(text).flat();
  assert.deepEqual(tokens.map((t) => [t.text, t.start, t.end]), [['x', 0, 1], ['\ud800', 2, 3], ['y', 4, 5]]);
  assert.throws(() => english.tokenize(5), TypeError);
});

test('a tagger tags raw text in one call, with offsets; curly and straight quotes tag alike', async () => {
  const tagger = await am.pretrained.englishUpos();
  assert.ok(tagger.tokenizer instanceof am.Tokenizer);
  const text = 'I can’t go. She gave him a book.';
  const tagged = tagger.tagText(text);
  assert.equal(tagged.length, 2);
  for (const s of tagged) for (const w of s) if (!w.multiword) assert.equal(text.slice(w.start, w.end), w.token);
  assert.deepEqual(tagged.map((s) => s.map((w) => w.tag).join(' ')), ['PRON AUX PART VERB PUNCT', 'PRON VERB PRON DET NOUN PUNCT']);
  assert.deepEqual(tagged[0][1], { token: 'ca', tag: 'AUX', start: 2, end: 4, multiword: tagged[0][1].multiword });
  assert.equal(tagged[0][1].multiword.text, 'can’t');
  assert.deepEqual(tagger.tagText("I can't go.").map((s) => s.map((w) => w.tag)), tagger.tagText('I can’t go.').map((s) => s.map((w) => w.tag)));
  assert.deepEqual(tagger.tagText('  '), []);
  assert.deepEqual(tagger.tagText('ab du. cd', { tokenizer: tiny }).flat().map((w) => w.token), ['ab', 'de', 'le', '.', 'cd']);
  tagger.tokenizer.dispose();
  tagger.dispose();
});

test('a tokenizer learns from a tiny treebank what context decides; its bytes load back; corrupt bytes are refused', () => {
  assert.equal(tiny.paragraphs, 60);
  assert.equal(tiny.skipped, 0);
  assert.equal(tiny.multiwordEntries, 1);
  assert.equal(spelled(tiny.tokenize('cd zz. gh. ef abnt du gh.\n\nzz. ab.')), 'cd zz. gh . | ef abnt[ab|nt] du[de|le] gh . | zz. ab .');
  const du = tiny.tokenize('ef du.')[0][1];
  assert.deepEqual(du.words, [{ text: 'de', start: 3, end: 5 }, { text: 'le', start: 3, end: 5 }]);
  const bytes = tiny.save();
  const again = am.load(bytes);
  assert.ok(again instanceof am.Tokenizer);
  assert.equal(am.modelKind(bytes), 'tokenizer');
  assert.deepEqual(again.tokenize('ab du. zz. cd.'), tiny.tokenize('ab du. zz. cd.'));
  const bad = bytes.slice();
  bad[bad.length >> 1] ^= 1;
  assert.throws(() => am.load(bad), /checksum/);
  again.dispose();
  assert.throws(() => new am.Tokenizer({ trainer: 'perceptron', epochs: 0 }), /epochs/);
  assert.throws(() => new am.Tokenizer({ epochs: 5 }), /unknown option 'epochs' for a tokenizer with trainer 'lbfgs'/);
  assert.throws(() => new am.Tokenizer({ nonsense: 1 }), /nonsense/);
  assert.throws(() => new am.Tokenizer().fit('# text = a\n1\tb\t_\t_\t_\t_\t_\t_\t_\t_\n\n'), /no paragraph's tokens spell its text/);
  assert.throws(() => new am.Tokenizer().fit(5), /CoNLL-U text/);
  assert.throws(() => new am.Tokenizer().fit(''), /the treebank has no sentences/);
  assert.throws(() => new am.Tokenizer().fit('# newdoc\n# comment only\n\n'), /the treebank has no sentences/);
});

test("a tokenizer's defaults are its own: a CRF by OWL-QN on hashed, 8-bit weights; a tagger's stay the tagger's", () => {
  const defaults = (schema) => Object.fromEntries(schema.map((s) => [s.name, s.default]));
  const mine = defaults(am.Tokenizer.options()), tagger = defaults(am.SequenceTagger.options('lbfgs'));
  assert.deepEqual([mine.trainer, mine.loss, mine.c1, mine.c2, mine.hashBits, mine.weightBits], ['lbfgs', 'log', '0.3', '0.1', '17', '8']);
  assert.deepEqual([tagger.trainer, tagger.c1, tagger.c2, tagger.hashBits, tagger.weightBits], ['perceptron', '0', '1', '0', '32']);
  assert.equal(defaults(am.Tokenizer.options('perceptron')).epochs, '10');
  // the trainer the options name is the one that trains: L-BFGS reports its iterations and gradient, the perceptron neither
  const crf = new am.Tokenizer({ maxIter: 4 }).fit(tinyTreebank()), perceptron = new am.Tokenizer({ trainer: 'perceptron', epochs: 3 }).fit(tinyTreebank());
  assert.deepEqual([crf.training.iterations, crf.training.measure, crf.training.converged], [4, 'relative gradient norm', false]);
  assert.deepEqual([perceptron.training.iterations, perceptron.training.measure], [0, '']);
  crf.dispose();
  perceptron.dispose();
});

test('a tokenizer trains on workers by exact parallel gradients: the same bytes for 1 and 2, as the serial fit tokenizes', async () => {
  const treebank = tinyTreebank(), options = { maxIter: 15 };
  const serial = new am.Tokenizer(options).fit(treebank);
  const runs = [];
  for (const workers of [1, 2]) runs.push(await new am.Tokenizer(options).fit(treebank, { workers }));
  assert.deepEqual(runs[1].save(), runs[0].save());
  assert.deepEqual([runs[0].paragraphs, runs[0].skipped], [serial.paragraphs, serial.skipped]);
  assert.deepEqual([runs[0].training.iterations, runs[0].training.converged], [15, false]);
  const text = 'ab cd. du gh ef ab.\n\nzz abnt cd.';
  assert.deepEqual(runs[0].tokenize(text), serial.tokenize(text));
  // 'auto' on a treebank this small trains on this thread, and still answers with a promise
  const auto = await new am.Tokenizer(options).fit(treebank, { workers: 'auto' });
  assert.deepEqual(auto.save(), serial.save());
  // templates that read listed words, whose listing each worker folds for training as the serial fit does
  const listed = { ...options, templates: `${am.Tokenizer.templates} lexbegin[0] lexend[-1]` };
  const folded = [new am.Tokenizer(listed).fit(treebank)];
  for (const workers of [1, 2]) folded.push(await new am.Tokenizer(listed).fit(treebank, { workers }));
  assert.deepEqual(folded[2].save(), folded[1].save());
  assert.deepEqual(folded[1].tokenize(text), folded[0].tokenize(text));
  for (const t of [serial, auto, ...runs, ...folded]) t.dispose();
});

// A form that is two words in some contexts and one in others: "dx" is "de" + "lx" after "ab", the word "dx"
// after "cd" (as French "des" is "de les" or an article).
test('a dictionary form is split where its context says so, and kept whole elsewhere', () => {
  let state = 5, out = '';
  const next = (n) => { state = (state * 1103515245 + 12345) % 2147483648; return state % n; };
  const line = (id, form, misc = '_') => `${id}\t${form}\t_\t_\t_\t_\t_\t_\t_\t${misc}\n`;
  for (let p = 0; p < 40; ++p) {
    out += '# newpar\n';
    for (let s = 0; s < 3; ++s) {
      const before = next(2) ? 'ab' : 'cd', after = ['ef', 'gh'][next(2)];
      out += `# text = ${before} dx ${after}.\n${line(1, before)}`;
      out += before === 'ab' ? `2-3\tdx\t_\t_\t_\t_\t_\t_\t_\t_\n${line(2, 'de')}${line(3, 'lx')}${line(4, after, 'SpaceAfter=No')}${line(5, '.')}`
        : `${line(2, 'dx')}${line(3, after, 'SpaceAfter=No')}${line(4, '.')}`;
      out += '\n';
    }
  }
  const t = new am.Tokenizer().fit(out);
  assert.equal(t.multiwordEntries, 1);
  assert.equal(spelled(t.tokenize('ab dx gh. cd dx ef. ab dx ef.')), 'ab dx[de|lx] gh . | cd dx ef . | ab dx[de|lx] ef .');
  t.dispose();
});

// Clitics joined by a hyphen (Portuguese "dá-se" = "dá" + "se"): the hyphen is in the token and in neither word,
// and the split generalises to verbs not seen with it.
test('a token whose words spell it with a hyphen between them is split around the hyphen', () => {
  let out = '';
  const line = (id, form, misc = '_') => `${id}\t${form}\t_\t_\t_\t_\t_\t_\t_\t${misc}\n`;
  const verbs = ['ab', 'cd', 'ef', 'gh', 'ij', 'kl'];
  for (let p = 0; p < 40; ++p) {
    const v = verbs[p % 4], w = verbs[(p + 1) % 6];
    out += `# newpar\n# text = ${v}-se ${w}-ne.\n1-2\t${v}-se\t_\t_\t_\t_\t_\t_\t_\t_\n`;
    out += `${line(1, v)}${line(2, 'se')}${line(3, `${w}-ne`, 'SpaceAfter=No')}${line(4, '.')}\n`;
  }
  const t = new am.Tokenizer().fit(out);
  assert.equal(t.multiwordEntries, 0);
  const [[first, second]] = t.tokenize('gh-se ab-ne.');
  assert.deepEqual(first.words, [{ text: 'gh', start: 0, end: 2 }, { text: 'se', start: 3, end: 5 }]);
  assert.equal(second.text, 'ab-ne');
  assert.equal(second.words, undefined);
  t.dispose();
});

test('200 fit/save/load/tokenize/dispose cycles return the heap to where it was', () => {
  const treebank = tinyTreebank();
  const cycle = () => {
    const t = new am.Tokenizer({ maxIter: 3 }).fit(treebank), again = am.load(t.save());
    again.tokenize('ab du. zz. cd.');
    assert.throws(() => again.tokenize('a\0'), /NUL/);
    t.dispose();
    again.dispose();
  };
  cycle();
  const before = am.memoryUsage().heapInUse;
  for (let i = 0; i < 200; ++i) cycle();
  assert.equal(am.memoryUsage().heapInUse, before);
});

test('argmax train tokenizer, predict with it, and argmax tag --format conllu', () => {
  const treebank = join(dir, 'tiny.conllu'), model = join(dir, 'tiny.bin');
  writeFileSync(treebank, tinyTreebank());
  const trained = argmax(['train', 'tokenizer', '--train', treebank, '--model', model, '--set', 'maxIter=60', '--json']);
  assert.equal(trained.status, 0, trained.stderr);
  assert.equal(JSON.parse(trained.stdout).n, 60);
  const text = join(dir, 'text.txt');
  writeFileSync(text, 'cd zz. gh. ef du.');
  const predicted = argmax(['predict', '--model', model, '--data', text]);
  assert.equal(predicted.status, 0, predicted.stderr);
  assert.equal(predicted.stdout, 'cd zz. gh .\nef du .\n');
  const conllu = argmax(['tag', '--pretrained', 'english-upos', '--format', 'conllu'], 'I can’t go.\nIt was\nI see.\n');
  assert.equal(conllu.status, 0, conllu.stderr);
  assert.equal(conllu.stdout, [
    '# sent_id = 1', '# text = I can’t go.', '1\tI\t_\tPRON\t_\t_\t0\troot\t_\t_', '2-3\tcan’t\t_\t_\t_\t_\t_\t_\t_\t_',
    '2\tca\t_\tAUX\t_\t_\t1\tdep\t_\t_', '3\tn’t\t_\tPART\t_\t_\t1\tdep\t_\t_', '4\tgo\t_\tVERB\t_\t_\t1\tdep\t_\tSpaceAfter=No',
    '5\t.\t_\tPUNCT\t_\t_\t1\tdep\t_\t_', '',
    '# sent_id = 2', '# text = It was', '1\tIt\t_\tPRON\t_\t_\t0\troot\t_\t_', '2\twas\t_\tAUX\t_\t_\t1\tdep\t_\t_', '',
    '# sent_id = 3', '# text = I see.', '1\tI\t_\tPRON\t_\t_\t0\troot\t_\t_', '2\tsee\t_\tVERB\t_\t_\t1\tdep\t_\tSpaceAfter=No',
    '3\t.\t_\tPUNCT\t_\t_\t1\tdep\t_\t_', '', ''].join('\n'));
  const lines = argmax(['tag', '--pretrained', 'english-upos', '--tokenizer', model], 'ab zz. cd.');
  assert.equal(lines.status, 0, lines.stderr);
  assert.equal(lines.stdout.split('\n').length, 2);
  const wrong = argmax(['tag', '--pretrained', 'english-upos', '--format', 'xml'], 'x');
  assert.equal(wrong.status, 2);
  assert.match(wrong.stderr, /--format must be text or conllu/);
});
