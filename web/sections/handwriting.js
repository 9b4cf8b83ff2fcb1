// Handwriting: a DenseSequenceTagger reads a row of drawn letters. Each position's features are the 128 pixels of
// a 16×8 letter image; the chain's transitions are letter bigrams learned from words. Training letters are
// rendered from fonts and distorted in the page; the reading shows each letter alone and the chain's word.
import { am, startWorker } from '../lib/runtime.js';
import { TrainingPanel } from '../lib/panel.js';
import { escapeHtml } from '../lib/draw.js';
import { DrawingCells } from '../lib/cells.js';
import { crfPenalty } from '../lib/crf.js';
import { dropZone } from '../lib/files.js';
import { letterBank, wordSequences, PIXELS } from '../data/letters.js';

const CELLS = 6;
const EVALUATED = 250;   // held-out words read for the accuracy line
const EXAMPLES = [
  // one cell overlays two letters: alone it is a toss-up, the letter bigrams decide
  { word: 'zebra', blend: { index: 2, with: 'h' }, label: 'zebra (3rd letter b/h overlaid)' },
  { word: 'quiz', blend: { index: 1, with: 'v' }, label: 'quiz (2nd letter u/v overlaid)' },
  { word: 'night', blend: { index: 0, with: 'h' }, label: 'night (1st letter n/h overlaid)' },
  { word: 'house' }, { word: 'green' }, { word: 'lemon' }, { word: 'sky' },
];

export function mount(section) {
  if (typeof am.DenseSequenceTagger !== 'function') throw new Error('the sequence module (DenseSequenceTagger) is not in this build');
  const panel = new TrainingPanel(section.querySelector('.training'), startWorker());
  const $ = (s) => section.querySelector(s);
  const example = $('select.example');
  EXAMPLES.forEach((e, i) => example.add(new Option(e.label ?? e.word, String(i))));
  const cells = new DrawingCells($('.cells'), CELLS, () => read());
  let tagger = null;

  const asSequence = (grids) => {
    const data = new Float32Array(grids.length * PIXELS);
    grids.forEach((g, i) => data.set(g, i * PIXELS));
    return { data, rows: grids.length, cols: PIXELS };
  };

  // The letters read one by one (each position's best emission) and by the chain (Viterbi over bigrams).
  function readings(grids) {
    const x = asSequence(grids);
    const chain = tagger.tag(x);
    const { labels, data, rows, cols } = tagger.emissions(x);
    const alone = Array.from({ length: rows }, (_, t) => {
      const e = data.subarray(t * cols, (t + 1) * cols);
      return labels[e.indexOf(Math.max(...e))];
    });
    return { chain, alone, marginals: tagger.marginals(x) };
  }

  function read() {
    if (!tagger) return;
    const { grids, used } = cells.read();
    if (grids.length === 0) { $('.reading').innerHTML = '<span>draw a letter in each cell</span><span></span>'; return; }
    const { chain, alone, marginals } = readings(grids);
    const top = marginals.probabilities.map((row) => row.map((p, j) => [p, marginals.labels[j]]).sort((a, b) => b[0] - a[0]).slice(0, 3));
    const letters = (word, mark) => word.map((l, i) => `<span class="${mark && l !== alone[i] ? 'fixed' : ''}" title="${escapeHtml(top[i].map(([p, l2]) => `${l2} ${(100 * p).toFixed(0)}%`).join(', '))}">${escapeHtml(l)}</span>`).join('');
    const fixes = chain.filter((l, i) => l !== alone[i]).length;
    $('.reading').innerHTML =
      `<span>letters alone</span><span class="word alone">${letters(alone, false)}</span>` +
      `<span>chain (with bigrams)</span><span class="word chain">${letters(chain, true)}</span>` +
      `<span>top letters per cell</span><span class="tops">${top.map((t, i) => `<small>${used[i] + 1}: ${t.map(([p, l]) => `${escapeHtml(l)} ${(100 * p).toFixed(0)}%`).join(' · ')}</small>`).join('<br>')}</span>` +
      `<span></span><span class="note-inline">${fixes ? `transitions changed ${fixes} letter${fixes > 1 ? 's' : ''} (highlighted)` : 'the chain agrees with the letters read alone'}</span>`;
  }

  // Trains the chain on `words` ([{ word, images, letters }]) and reports letter accuracy on `test`,
  // read alone and by the chain.
  async function trainOn(words, test, { label, options, epochs, testName }) {
    const result = await panel.run({
      model: 'DenseSequenceTagger', options,
      args: [words.map((w) => asSequence(w.images)), words.map((w) => w.letters)],
    }, { epochs, label });
    if (!result) return;
    tagger?.dispose();
    tagger = am.load(result.bytes);
    // at most EVALUATED words, a few at a time, so that the page keeps responding
    const sample = test.slice(0, EVALUATED);
    let letters = 0, alone = 0, chain = 0, wordsRight = 0;
    for (let i = 0; i < sample.length; ++i) {
      const w = sample[i], r = readings(w.images);
      letters += w.letters.length;
      alone += r.alone.filter((l, j) => l === w.letters[j]).length;
      chain += r.chain.filter((l, j) => l === w.letters[j]).length;
      wordsRight += r.chain.join('') === w.word;
      if (i % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    $('.result').textContent = `${testName}: letters read alone ${(100 * alone / letters).toFixed(1)}% right, ` +
      `with the chain ${(100 * chain / letters).toFixed(1)}% (${wordsRight} of ${sample.length} words exactly)`;
    panel.say(`trained in ${result.milliseconds} ms${result.stopped ? ` (stopped after epoch ${result.progress?.epoch ?? 0})` : ''}`, 'ok');
    read();
  }

  // The default: 1500 words of rendered, distorted letters; held out, other renderings (another seed).
  async function train() {
    panel.say('rendering and distorting letters…');
    const words = wordSequences(await letterBank(24, 17), 1500, 23);
    const test = wordSequences(await letterBank(6, 99), 120, 7);
    const epochs = Math.max(1, Math.round(Number($('input.epochs').value) || 50));
    await trainOn(words, test, { label: 'CRF on 1500 rendered words', epochs, testName: 'held-out rendered words',
      options: { trainer: 'lbfgs', loss: 'log', maxIter: epochs, ...crfPenalty(0.01, words.length) } });
  }

  // Real handwriting: an SVM^hmm file of 16×8 letters (such as Taskar's OCR words); every fifth word is held out.
  // The averaged perceptron trains here in seconds; then the cells are read by a model of real handwriting.
  async function trainOnFile(text, name) {
    let corpus;
    try {
      corpus = am.io.readSvmhmm(text);
      if (corpus.cols > PIXELS) throw new Error(`its letters have ${corpus.cols} features; 16×8 = ${PIXELS} pixels are needed`);
    } catch (e) {
      panel.say(`could not read ${name}: ${e.message}`, 'error');
      return;
    }
    const { offsets, indices, values, starts, tags } = corpus;
    const words = tags.map((letters, i) => {
      const images = [];
      for (let r = starts[i]; r < starts[i + 1]; ++r) {
        const image = new Float32Array(PIXELS);
        for (let p = offsets[r]; p < offsets[r + 1]; ++p) image[indices[p]] = values[p];
        images.push(image);
      }
      return { word: letters.join(''), images, letters };
    });
    if (words.length < 5) { panel.say(`${name} has ${words.length} words; at least 5 are needed`, 'error'); return; }
    const epochs = 10;
    await trainOn(words.filter((_, i) => i % 5 !== 4), words.filter((_, i) => i % 5 === 4),
      { label: `averaged perceptron on ${name}`, epochs, testName: `held-out words of ${name}`, options: { trainer: 'perceptron', epochs } });
  }

  $('button.train').addEventListener('click', train);
  $('button.show').addEventListener('click', () => {
    const e = EXAMPLES[Number(example.value)];
    cells.write(e.word, 101 + Number(example.value), e.blend ?? null);
  });
  $('button.clear').addEventListener('click', () => { cells.clear(); read(); });
  dropZone($('.drop'), trainOnFile, { accept: '.svmhmm,.txt,.dat' });
  panel.say('ready: train, then draw letters (one per cell) or let the page draw a word');
  // trained by itself, it also writes the first example, whose overlaid letter the bigrams decide
  return { autoTrain: async () => { await train(); if (tagger) $('button.show').click(); } };
}
