// Tagging: opens with the English tagger shipped with the package (UD English EWT); a chain model (SequenceTagger)
// can also be trained in a worker on sentences generated from a small grammar, on a dropped CoNLL-U treebank, or,
// when the server has it (web/serve.mjs), on UD English EWT with the shipped tagger's own settings. The user's
// sentence is tagged and shown as a Viterbi trellis (best path, loss-augmented path), with the transition weights
// as a heat map and the per-token marginals; a typed paragraph is tokenized, tagged and shown with each tag where its
// word sits in the text, in English or in the language of a language package (packages/argmax-upos-*, loaded when
// chosen: web/serve.mjs lists those present at /packages/languages.json).
import { am, startWorker, has } from '../lib/runtime.js';
import { TrainingPanel } from '../lib/panel.js';
import { heatTable, escapeHtml } from '../lib/draw.js';
import { dropZone } from '../lib/files.js';
import { trellisSvg } from '../lib/trellis.js';
import { crfPenalty } from '../lib/crf.js';
import { generateCorpus } from '../data/grammar.js';
import { PARAGRAPHS } from '../data/paragraphs.js';
import { identifyParagraphs, tagParagraphs } from '../../bindings/js/api/auto-upos.js';

const GENERATED = 'the generated corpus';
const EWT = 'UD English EWT';
const ewtFile = (split) => new URL(`../../../ewt/en_ewt-ud-${split}.conllu`, import.meta.url);
// A language package as a page imports it (import pt from 'argmax-upos-pt'), here from the repository's packages/.
const languagePackage = async (code) => (await import(`../../packages/argmax-upos-${code}/index.js`)).default;
const LARGE = 2000;   // sentences
const TRAINERS = {
  ssvm: { options: { trainer: 'sgd', loss: 'hinge' }, label: 'structured SVM' },
  perceptron: { options: { trainer: 'perceptron' }, label: 'averaged perceptron' },
  crf: { options: { trainer: 'lbfgs', loss: 'log' }, label: 'CRF (L-BFGS)', iterations: true, lambda: 0.01 },
};

const sameBytes = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

export async function mount(section) {
  if (typeof am.SequenceTagger !== 'function') throw new Error('the sequence module (SequenceTagger) is not in this build');
  const panel = new TrainingPanel(section.querySelector('.training'), startWorker());
  const $ = (s) => section.querySelector(s);
  const input = $('input.sentence');
  let corpus = null;    // { train: [{words, tags}], test: [...], source }
  let tagger = null;
  let english = null;   // the shipped English tagger, kept to switch back to
  let sample = null;    // { tokens, tags } of a held-out sentence put in the box (its tags are the reference)
  const languages = {};  // code → promise of its UPOS tagger, loaded when first chosen
  let identifier;        // promise of the language identifier, loaded when 'auto' is first chosen

  // test: the held-out sentences; without them every fifth sentence is held out for the test accuracy and the
  // "random test sentence" button
  function useCorpus(sentences, source, test = null) {
    corpus = test ? { train: sentences, test, source }
      : { train: sentences.filter((_, i) => i % 5 !== 4), test: sentences.filter((_, i) => i % 5 === 4), source };
    sample = null;
    const tokens = [...corpus.train, ...corpus.test].reduce((s, x) => s + x.words.length, 0);
    $('button.generated').hidden = source === GENERATED;
    $('.result').textContent = `${source}: ${corpus.train.length} training and ${corpus.test.length} test sentences, ${tokens} tokens`;
  }

  // shipped: train with the shipped English tagger's settings (and lexicon) instead of the controls'
  async function train({ shipped = false } = {}) {
    let choice = TRAINERS[$('select.trainer').value];
    let epochs = Math.max(1, Math.round(Number($('input.epochs').value) || 10));
    let options = { ...choice.options, features: 'pos', ...(choice.iterations ? { maxIter: epochs * 3 } : { epochs }),
      ...(choice.lambda ? crfPenalty(choice.lambda, corpus.train.length) : {}) };
    if (shipped) {   // an online trainer (the averaged perceptron): its epochs count
      choice = { label: 'the shipped tagger’s settings' };
      options = { ...english.options, lexicon: await am.lexicons.english() };
      epochs = options.epochs;
    }
    const result = await panel.run({ model: 'SequenceTagger', options, args: [corpus.train.map((s) => s.words), corpus.train.map((s) => s.tags)] },
      { epochs: choice.iterations ? epochs * 3 : epochs, label: `${choice.label} on ${corpus.source}` });
    if (!result) return;
    if (tagger !== english) tagger?.dispose();
    tagger = am.load(result.bytes);
    $('button.english').hidden = false;
    const predicted = tagger.tag(corpus.test.map((s) => s.words));
    const report = am.metrics.sequences(corpus.test.map((s) => s.tags), predicted);
    const stopped = result.stopped ? `, stopped after ${result.progress?.epoch ?? 0} ${choice.iterations ? 'iterations' : 'epochs'}` : '';
    const same = shipped && !result.stopped ? `; ${sameBytes(result.bytes, english.save()) ? 'the same bytes as' : 'differs from'} the shipped tagger` : '';
    $('.result').textContent = `test accuracy ${(100 * report.tokenAccuracy).toFixed(2)}% of tokens, ` +
      `${(100 * report.sequenceAccuracy).toFixed(1)}% of whole sentences (${corpus.test.length} held-out sentences of ${corpus.source}; ` +
      `${choice.label}, ${result.milliseconds} ms${stopped}${same})`;
    panel.say(`trained: ${tagger.labels.length} tags`, 'ok');
    showTransitions();
    show();
    showText();
  }

  function show() {
    if (!tagger) return;
    const tokens = sample ? sample.tokens : english.tokenizer.tokenize(input.value).flat().flatMap((t) => (t.words ?? [t]).map((w) => w.text)).slice(0, 40);
    if (tokens.length === 0) { $('.tags').textContent = 'type a sentence'; return; }
    const tags = tagger.tag(tokens);
    const gold = sample ? sample.tags : null;
    $('.tags').innerHTML = tokens.map((w, i) => {
      const wrong = gold && gold[i] !== tags[i];
      return `<span class="token${wrong ? ' wrong' : ''}" title="${wrong ? `reference: ${escapeHtml(gold[i])}` : ''}">${escapeHtml(w)}<b>${escapeHtml(tags[i])}</b></span>`;
    }).join('');
    // trellis: the chain's Viterbi path, and the loss-augmented argmax of score + Hamming loss against the
    // reference (or, without one, against the best path itself: the strongest labelling that differs, as a
    // margin-based trainer sees it)
    const emissions = tagger.emissions(tokens);
    const reference = gold ?? tags;
    const best = tagger.decode(tokens, { reference });
    const augmented = tagger.decode(tokens, { reference, lossAugmented: true });
    const differs = augmented.path.filter((y, t) => y !== best.path[t]).length;
    const against = gold ? 'the reference tags' : 'the best path itself';
    const reranked = best.tags.some((t, i) => t !== tags[i]);
    const plural = (m, word) => `${m} ${word}${m === 1 ? '' : 's'}`;
    $('.trellis').innerHTML = trellisSvg(tokens, emissions, { best: best.path, augmented: augmented.path,
      reference: gold ? gold.map((t) => emissions.labels.indexOf(t)) : null }) +
      `<p class="note-inline">best path: score ${best.score.toFixed(2)}${gold ? `, ${plural(best.loss, 'wrong tag')}` : ''}; ` +
      `loss-augmented argmax of score + Hamming loss against ${against}: ` +
      (differs ? `differs from the best path at ${plural(differs, 'word')} (score ${augmented.score.toFixed(2)} + loss ${augmented.loss}) — a labelling within the margin, which training would push down`
        : 'the best path again — every other labelling trails it by more than its loss') +
      (reranked ? ' (the tagger reranks the chain’s best labellings with global features: its tags differ from the chain’s path)' : '') + '</p>' +
      `<p class="note-inline">the 3 best labellings, with their probability under the model read as a CRF: ${tagger.nbest(tokens, 3)
        .map((b) => `<span class="nbest">${b.tags.map((t, i) => (t === tags[i] ? escapeHtml(t) : `<b>${escapeHtml(t)}</b>`)).join(' ')} <i>${(100 * b.probability).toFixed(1)}%</i></span>`).join(' · ')}</p>`;
    const m = tagger.marginals(tokens);
    const used = m.labels.map((_, j) => j).filter((j) => m.probabilities.some((row) => row[j] >= 0.01));
    $('.marginals').innerHTML = `<table class="heat"><tr><th></th>${used.map((j) => `<th>${escapeHtml(m.labels[j])}</th>`).join('')}</tr>` +
      m.probabilities.map((row, t) => `<tr><th>${escapeHtml(tokens[t])}</th>${used.map((j) =>
        `<td style="background:rgba(47,95,208,${row[j].toFixed(3)});color:${row[j] > 0.55 ? '#fff' : '#223'}">${row[j] >= 0.005 ? row[j].toFixed(2) : ''}</td>`).join('')}</tr>`).join('') + '</table>';
  }

  // The paragraph as typed, each sentence underlined and each word marked with its tag at its offsets (the words of
  // a multiword token that does not spell them, such as "can’t" → ca + n’t, share the token's offsets: one mark).
  // In English, the tagger shown above (the shipped one or yours) reads the shipped tokenizer's words; in another
  // language, that language's tagger reads its own tokenizer's.
  async function showText() {
    if (!tagger) return;
    const code = $('select.language').value, text = $('textarea.paragraph').value;
    let tagged;
    try {
      const chosen = code === 'en' || code === 'auto' ? null : await languageTagger(code);
      const auto = code === 'auto' ? await autoTagged(text) : null;
      if ($('select.language').value !== code) return;   // another language was chosen while this one loaded
      tagged = auto ?? (chosen ? chosen.tagText(text) : tagger.tagText(text, { tokenizer: english.tokenizer }));
    } catch (e) {
      panel.say(`could not tag the ${am.pretrained.languages[code] ?? 'mixed'} text: ${e.message}`, 'error');
      return;
    }
    let html = '', at = 0;
    const piece = (end) => { html += escapeHtml(text.slice(at, end)); at = end; };
    for (const words of tagged) {
      piece(words[0].multiword?.start ?? words[0].start);
      html += '<span class="sentence">';
      for (let i = 0; i < words.length;) {
        let j = i + 1;
        while (j < words.length && words[j].start === words[i].start && words[j].end === words[i].end) ++j;
        const { start, end } = words[i];
        piece(start);
        html += `<mark>${escapeHtml(text.slice(start, end))}<sub>${words.slice(i, j).map((w) => escapeHtml(w.tag)).join('+')}</sub></mark>`;
        at = end;
        i = j;
      }
      html += '</span>';
    }
    piece(text.length);
    $('.text-tags').innerHTML = html;
  }

  // The language's tagger, loaded from its package the first time it is chosen.
  function languageTagger(code) {
    languages[code] ??= (async () => {
      $('.language-note').textContent = `loading the ${am.pretrained.languages[code]} tagger…`;
      const files = await languagePackage(code);
      const loaded = await am.pretrained.upos(files);
      $('.language-note').textContent = `${am.pretrained.languages[code]}: the tagger of the package argmax-upos-${code}, ` +
        `${loaded.labels.length} UPOS tags (see its README for accuracy, size and licence)`;
      return loaded;
    })().catch((e) => {
      delete languages[code];
      $('.language-note').textContent = '';
      throw e;
    });
    return languages[code];
  }

  // 'auto': each paragraph tagged by the tagger of the language the identifier finds in it, among the page's
  // languages (English and the packages present); the packages are loaded as their languages turn up.
  async function autoTagged(text) {
    identifier ??= am.pretrained.languageIdentifier();
    const known = await identifier;
    const among = [...$('select.language').options].map((o) => o.value).filter((c) => known.languages.includes(c));
    const found = identifyParagraphs(known, text, among);
    const taggers = {};
    for (const { language } of found) {
      if (among.includes(language)) taggers[language] ??= language === 'en' ? english : await languageTagger(language);
    }
    const names = [...new Set(found.map((p) => am.pretrained.languages[p.language]).filter(Boolean))];
    $('.language-note').textContent = `each paragraph in the language the language identifier finds: ${names.join(', ') || 'none found'}`;
    return tagParagraphs(text, found, taggers);
  }

  function chooseLanguage() {
    const code = $('select.language').value;
    // 'auto' gets the first paragraph of each language on the page, one after another
    const mixed = () => [...$('select.language').options].map((o) => PARAGRAPHS[o.value]?.split('\n\n')[0]).filter(Boolean).join('\n\n');
    $('textarea.paragraph').value = code === 'auto' ? mixed() : PARAGRAPHS[code] ?? '';
    if (code === 'en') $('.language-note').textContent = '';
    $('.text-tags').textContent = '';
    showText();
  }

  function showTransitions() {
    const W = tagger.transitions, labels = tagger.labels;
    $('.transitions').innerHTML = heatTable([...W.slice(0, labels.length), W[labels.length], W[labels.length + 1]],
      [...labels, '⟨start⟩', '⟨end⟩'], labels, { title: 'from \\ to' });
  }

  function loadConllu(text, name) {
    try {
      const { sentences, tags } = am.io.readConllu(text);
      if (sentences.length < 5) throw new Error(`${name} has ${sentences.length} sentences; at least 5 are needed`);
      useCorpus(sentences.map((words, i) => ({ words, tags: tags[i] })), name);
      // a treebank is trained first with the averaged perceptron (seconds; a CRF takes minutes there):
      // pick CRF and press Train to have one anyway
      const trainer = $('select.trainer');
      const switched = sentences.length > LARGE && trainer.value === 'crf';
      if (switched) trainer.value = 'perceptron';
      train().then(() => {
        if (switched) $('.result').textContent += ' — trained with the averaged perceptron for speed; choose CRF and Train for a CRF';
      });
    } catch (e) {
      panel.say(`could not read ${name}: ${e.message}`, 'error');
    }
  }

  function useEnglish() {
    if (tagger !== english) tagger?.dispose();
    tagger = english;
    sample = null;
    $('button.english').hidden = true;
    $('.result').textContent = 'the English tagger shipped with argmax: trained on UD English EWT (95.6% of test tokens; ' +
      'CC BY-SA 4.0, see bindings/js/pretrained/NOTICE). Train makes a tagger of your own instead.';
    showTransitions();
    show();
    showText();
  }

  async function trainOnEwt() {
    try {
      panel.say(`reading ${EWT}…`);
      const read = async (split) => {
        const response = await fetch(ewtFile(split));
        if (!response.ok) throw new Error(`${ewtFile(split).pathname}: ${response.status}`);
        const { sentences, tags } = am.io.readConllu(new Uint8Array(await response.arrayBuffer()));
        return sentences.map((words, i) => ({ words, tags: tags[i] }));
      };
      const [trainSet, testSet] = await Promise.all([read('train'), read('test')]);
      useCorpus(trainSet, EWT, testSet);
      await train({ shipped: true });
    } catch (e) {
      panel.say(`could not train on ${EWT}: ${e.message}`, 'error');
    }
  }

  $('button.train').addEventListener('click', () => train());
  $('button.ewt').addEventListener('click', trainOnEwt);
  $('button.english').addEventListener('click', useEnglish);
  $('button.generated').addEventListener('click', () => useCorpus(generateCorpus(), GENERATED));
  $('button.tag').addEventListener('click', show);
  $('button.tag-text').addEventListener('click', showText);
  $('select.language').addEventListener('change', chooseLanguage);
  input.addEventListener('keydown', (e) => { if (e.key === 'Enter') show(); });
  input.addEventListener('input', () => { sample = null; });
  $('button.sample').addEventListener('click', () => {
    const s = corpus.test[Math.floor(Math.random() * corpus.test.length)];
    input.value = s.words.join(' ');
    sample = { tokens: s.words, tags: s.tags };
    show();
  });
  dropZone($('.drop'), loadConllu, { accept: '.conllu,.conll,.txt' });

  useCorpus(generateCorpus(), GENERATED);
  $('textarea.paragraph').value = PARAGRAPHS.en;
  const served = fetch(new URL('../../../ewt/files.json', import.meta.url)).then((r) => (r.ok ? r.json() : []), () => [])
    .then((files) => ['train', 'test'].every((split) => files.includes(`en_ewt-ud-${split}.conllu`)));
  const installed = await fetch(new URL('../../packages/languages.json', import.meta.url)).then((r) => (r.ok ? r.json() : []), () => []);
  for (const code of installed.filter((c) => am.pretrained.languages[c])) {
    $('select.language').add(new Option(am.pretrained.languages[code], code));
  }
  if (has('pretrained.languageIdentifier')) $('select.language').add(new Option('any (each paragraph’s language)', 'auto'));
  english = await am.pretrained.englishUpos();
  $('button.ewt').hidden = !(await served);
  useEnglish();
  panel.say('ready: type a sentence, or train a tagger of your own');
  return {};
}
