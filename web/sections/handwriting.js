// Handwriting: a DenseSequenceTagger reads a row of drawn letters. Each position's features are the 128 pixels of
// a 16×8 letter image; the chain's transitions are letter bigrams learned from words. Training letters are
// rendered from fonts and distorted in the page; the reading shows each letter alone and the chain's word.
import { am, startWorker } from '../lib/runtime.js';
import { TrainingPanel } from '../lib/panel.js';
import { escapeHtml } from '../lib/draw.js';
import { DrawingCells } from '../lib/cells.js';
import { chainScores } from '../lib/trellis.js';
import { crfPenalty } from '../lib/crf.js';
import { letterBank, wordSequences, PIXELS } from '../data/letters.js';

const CELLS = 6;
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
    const scores = chainScores(tagger, x, chain);
    const alone = scores.emissions.map((e) => scores.labels[e.indexOf(Math.max(...e))]);
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

  async function train() {
    panel.say('rendering and distorting letters…');
    const bank = await letterBank(24, 17);
    const words = wordSequences(bank, 1500, 23);
    const epochs = Math.max(1, Math.round(Number($('input.epochs').value) || 20));
    const result = await panel.run({
      model: 'DenseSequenceTagger',
      options: { algo: 'crf', iterations: epochs, ...crfPenalty(0.01, words.length) },
      args: [words.map((w) => asSequence(w.images)), words.map((w) => w.letters)],
    }, { epochs, label: 'CRF on 1500 rendered words' });
    if (!result) return;
    tagger?.dispose();
    tagger = am.load(result.bytes);
    // held out: other renderings (another seed) of words, read alone and by the chain
    const test = wordSequences(await letterBank(6, 99), 120, 7);
    let letters = 0, alone = 0, chain = 0, wordsRight = 0;
    for (const w of test) {
      const r = readings(w.images);
      letters += w.letters.length;
      alone += r.alone.filter((l, i) => l === w.letters[i]).length;
      chain += r.chain.filter((l, i) => l === w.letters[i]).length;
      wordsRight += r.chain.join('') === w.word;
    }
    $('.result').textContent = `held-out rendered words: letters read alone ${(100 * alone / letters).toFixed(1)}% right, ` +
      `with the chain ${(100 * chain / letters).toFixed(1)}% (${wordsRight} of ${test.length} words exactly)`;
    panel.say(`trained in ${result.milliseconds} ms${result.stopped ? ` (stopped after epoch ${result.progress?.epoch ?? 0})` : ''}`, 'ok');
    read();
  }

  $('button.train').addEventListener('click', train);
  $('button.show').addEventListener('click', () => {
    const e = EXAMPLES[Number(example.value)];
    cells.write(e.word, 101 + Number(example.value), e.blend ?? null);
  });
  $('button.clear').addEventListener('click', () => { cells.clear(); read(); });
  panel.say('ready: train, then draw letters (one per cell) or let the page draw a word');
  // trained by itself, it also writes the first example, whose overlaid letter the bigrams decide
  return { autoTrain: async () => { await train(); if (tagger) $('button.show').click(); } };
}
