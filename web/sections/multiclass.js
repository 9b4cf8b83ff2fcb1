// Multiclass playground: points of up to 6 classes in the plane, a multiclass learner trained in a worker,
// its decision regions, and a strip of earlier models to compare (SSBD Example 17.1: one-vs-all vs multivector).
import { am, has, startWorker } from '../lib/runtime.js';
import { TrainingPanel } from '../lib/panel.js';
import { PALETTE, rgb, seededRandom } from '../lib/draw.js';
import { dropZone } from '../lib/files.js';

// Every learner the playground offers; `needs` names the API it requires (absent ones are listed as unavailable).
const LEARNERS = [
  { id: 'cs', label: 'multiclass SVM, multivector (Crammer–Singer)', model: 'Multiclass', options: { trainer: 'dcd', bias: 1, C: 10 }, epochs: 100 },
  { id: 'pegasos', label: 'multiclass SVM, multivector (Pegasos)', model: 'Multiclass', options: { trainer: 'pegasos', bias: 1, lambda: 1e-3, epochs: 60 } },
  { id: 'sgd', label: 'SGD on the generalized hinge', model: 'Multiclass', options: { trainer: 'sgd', bias: 1, epochs: 60 } },
  { id: 'perceptron', label: 'multiclass perceptron', model: 'Multiclass', options: { trainer: 'perceptron', bias: 1, epochs: 60 } },
  // The same dual with K(x, x') = exp(−γ‖x − x'‖²): curved regions, so the rings preset is separated too.
  { id: 'rbf', label: 'kernel multiclass SVM, RBF (dual C–S)', model: 'Multiclass', options: { kernel: 'rbf', gamma: 20, C: 10, decomposition: 'crammer-singer' }, epochs: 100 },
];
// Reductions, trees and boosting come from bindings/js/api/reductions.js when the build has them.
const REDUCTION_LEARNERS = (api) => {
  if (typeof api.Reduction !== 'function') return [];
  return [
    // SSBD Example 17.1's setting: each binary halfspace answers yes/no and the code row nearest to the answers wins
    { id: 'ova', label: 'one-vs-all, linear SVMs, sign outputs (SSBD)', model: 'Reduction', options: { reduction: 'ova', learner: 'linear', decoding: 'hamming' } },
    { id: 'ova-logistic', label: 'one-vs-all, logistic regression, argmax', model: 'Reduction', options: { reduction: 'ova', learner: 'linear', learnerOptions: { trainer: 'newton' } } },
    { id: 'pairs', label: 'all-pairs, linear SVMs', model: 'Reduction', options: { reduction: 'allpairs', learner: 'linear' } },
    { id: 'ecoc', label: 'ECOC, random dense code, linear SVMs', model: 'Reduction', options: { reduction: 'ecoc', code: 'dense', learner: 'linear' } },
    { id: 'ecoc-trees', label: 'ECOC, random dense code, trees', model: 'Reduction', options: { reduction: 'ecoc', code: 'dense', learner: 'tree' } },
    { id: 'tree', label: 'decision tree (CART, pruned)', model: 'DecisionTree', options: { prune: true } },
    { id: 'boost', label: 'AdaBoost.MH, 200 stump rounds', model: 'AdaBoostMH', options: { rounds: 200 }, epochs: 200 },
  ];
};

export function mount(section) {
  const canvas = section.querySelector('canvas.plane');
  const ctx = canvas.getContext('2d');
  const classButtons = section.querySelector('.classes');
  const learnerSelect = section.querySelector('select.learner');
  const epochsInput = section.querySelector('input.epochs');
  const report = section.querySelector('.report');
  const strip = section.querySelector('.compare');
  const panel = new TrainingPanel(section.querySelector('.training'), startWorker());

  const learners = [...LEARNERS, ...REDUCTION_LEARNERS(am)];
  for (const l of learners) learnerSelect.add(new Option(l.label, l.id));
  if (typeof am.Reduction !== 'function') {
    const o = new Option('one-vs-all, all-pairs, ECOC, trees, boosting (not in this build)', 'ova');
    o.disabled = true;
    learnerSelect.add(o);
  }

  let current = 0;
  let points = [];    // { x, y, label } in [-1, 1]²
  let regions = null; // ImageData of the last model's regions

  PALETTE.forEach((colour, c) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'swatch';
    b.style.background = colour;
    b.title = `class ${c + 1}`;
    b.textContent = c + 1;
    b.addEventListener('click', () => { current = c; refreshSwatches(); });
    classButtons.append(b);
  });
  const refreshSwatches = () => [...classButtons.children].forEach((b, c) => b.classList.toggle('active', c === current));
  refreshSwatches();

  const toPlane = (px, py) => [(px / canvas.width) * 2 - 1, 1 - (py / canvas.height) * 2];
  const toPixel = (x, y) => [((x + 1) / 2) * canvas.width, ((1 - y) / 2) * canvas.height];

  function draw() {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (regions) ctx.putImageData(regions, 0, 0);
    ctx.strokeStyle = '#0001';
    ctx.beginPath(); ctx.moveTo(canvas.width / 2, 0); ctx.lineTo(canvas.width / 2, canvas.height);
    ctx.moveTo(0, canvas.height / 2); ctx.lineTo(canvas.width, canvas.height / 2); ctx.stroke();
    for (const p of points) {
      const [px, py] = toPixel(p.x, p.y);
      ctx.beginPath();
      ctx.arc(px, py, 4.5, 0, 2 * Math.PI);
      ctx.fillStyle = PALETTE[p.label];
      ctx.fill();
      ctx.strokeStyle = '#111';
      ctx.stroke();
    }
  }

  // Predicts one label per 4×4 block of pixels in a single call and paints them, translucent.
  function regionImage(model, width, height, step = 4) {
    const w = Math.ceil(width / step), h = Math.ceil(height / step);
    const grid = new Float32Array(w * h * 2);
    for (let j = 0; j < h; ++j) {
      for (let i = 0; i < w; ++i) {
        grid[2 * (j * w + i)] = ((i * step + step / 2) / width) * 2 - 1;
        grid[2 * (j * w + i) + 1] = 1 - ((j * step + step / 2) / height) * 2;
      }
    }
    const labels = model.predict({ data: grid, rows: w * h, cols: 2 });
    const image = new ImageData(width, height);
    const colours = PALETTE.map(rgb);
    for (let py = 0; py < height; ++py) {
      for (let px = 0; px < width; ++px) {
        const c = colours[labels[Math.floor(py / step) * w + Math.floor(px / step)]] ?? [0, 0, 0];
        const o = 4 * (py * width + px);
        image.data[o] = 255 - (255 - c[0]) * 0.35;
        image.data[o + 1] = 255 - (255 - c[1]) * 0.35;
        image.data[o + 2] = 255 - (255 - c[2]) * 0.35;
        image.data[o + 3] = 255;
      }
    }
    return image;
  }

  function perClassAccuracy(predicted) {
    const counts = new Map();
    points.forEach((p, i) => {
      const c = counts.get(p.label) ?? { right: 0, all: 0 };
      c.all += 1;
      if (predicted[i] === p.label) c.right += 1;
      counts.set(p.label, c);
    });
    return [...counts.entries()].sort((a, b) => a[0] - b[0]);
  }

  async function train(learner = learners.find((l) => l.id === learnerSelect.value)) {
    const classes = new Set(points.map((p) => p.label));
    if (classes.size < 2) { panel.say('add points of at least two classes first', 'warn'); return null; }
    const X = { data: Float32Array.from(points.flatMap((p) => [p.x, p.y])), rows: points.length, cols: 2 };
    const y = Int32Array.from(points.map((p) => p.label));
    const options = { ...learner.options };
    if ('epochs' in options) options.epochs = Math.max(1, Math.round(Number(epochsInput.value) || options.epochs));
    const result = await panel.run({ model: learner.model, options, args: [X, y] },
      { epochs: options.epochs ?? learner.epochs, label: learner.label });
    if (!result) return null;
    const model = am.load(result.bytes);
    try {
      const predicted = model.predict(X);
      const right = predicted.reduce((s, p, i) => s + (p === y[i]), 0);
      const perClass = perClassAccuracy(predicted);
      regions = regionImage(model, canvas.width, canvas.height);
      draw();
      const accuracy = right / points.length;
      const stopped = result.stopped ? ` (stopped after epoch ${result.progress?.epoch ?? 0})` : '';
      panel.say(`${learner.label}: training accuracy ${(100 * accuracy).toFixed(1)}% on ${points.length} points in ${result.milliseconds} ms${stopped}`, 'ok');
      report.innerHTML = perClass.map(([c, { right: r, all }]) =>
        `<span class="chip" style="border-color:${PALETTE[c]}">class ${c + 1}: <b>${((100 * r) / all).toFixed(0)}%</b></span>`).join(' ');
      addThumbnail(model, learner, accuracy, perClass);
      return { accuracy, perClass };
    } finally {
      model.dispose();
    }
  }

  function addThumbnail(model, learner, accuracy, perClass) {
    const figure = document.createElement('figure');
    const thumb = document.createElement('canvas');
    thumb.width = 160; thumb.height = 120;
    const t = thumb.getContext('2d');
    t.putImageData(regionImage(model, 160, 120, 2), 0, 0);
    for (const p of points) {
      t.fillStyle = PALETTE[p.label];
      t.fillRect(((p.x + 1) / 2) * 160 - 1.5, ((1 - p.y) / 2) * 120 - 1.5, 3, 3);
    }
    const worst = perClass.reduce((a, b) => (a[1].right / a[1].all <= b[1].right / b[1].all ? a : b));
    figure.innerHTML = `<figcaption>${learner.label}<br><b>${(100 * accuracy).toFixed(0)}%</b>` +
      ` · worst: class ${worst[0] + 1} ${((100 * worst[1].right) / worst[1].all).toFixed(0)}%</figcaption>`;
    figure.prepend(thumb);
    figure.dataset.learner = learner.id;
    strip.dataset.models = String(Number(strip.dataset.models ?? 0) + 1);   // how many models were trained here
    strip.prepend(figure);
    while (strip.children.length > 6) strip.lastChild.remove();
  }

  // SSBD Example 17.1: three balls on a line above the origin, masses 40% / 20% / 40%, class 2 in the middle.
  // w1 = (−1/√2, 1/√2), w2 = (0, 1), w3 = (1/√2, 1/√2) separate them with the multivector construction, while
  // the best halfspace for "class 2 vs rest" is all-negative, so one-vs-all with sign outputs loses class 2.
  function ssbd() {
    const rand = seededRandom(7);
    points = [];
    for (let i = 0; i < 120; ++i) {
      const u = rand(), label = u < 0.4 ? 0 : u < 0.6 ? 1 : 2;
      const r = 0.16 * Math.sqrt(rand()), a = 2 * Math.PI * rand();
      points.push({ x: (label - 1) * 0.6 + r * Math.cos(a), y: 0.45 + r * Math.sin(a), label });
    }
  }
  function clusters(k = 5) {
    const rand = seededRandom(Math.floor(Math.random() * 1e6) + 1);
    points = [];
    for (let c = 0; c < k; ++c) {
      const cx = rand() * 1.3 - 0.65, cy = rand() * 1.3 - 0.65;
      for (let i = 0; i < 30; ++i) points.push({ x: cx + (rand() - 0.5) * 0.5, y: cy + (rand() - 0.5) * 0.5, label: c });
    }
  }
  // Not linearly separable: a ring around a blob (trees, boosting and the RBF kernel do well, linear models cannot).
  function rings() {
    const rand = seededRandom(3);
    points = [];
    for (let i = 0; i < 150; ++i) {
      const label = i % 3, r = [0.2, 0.5, 0.8][label] + (rand() - 0.5) * 0.12, a = 2 * Math.PI * rand();
      points.push({ x: r * Math.cos(a), y: r * Math.sin(a), label });
    }
  }

  canvas.addEventListener('click', (e) => {
    const rect = canvas.getBoundingClientRect();
    const [x, y] = toPlane((e.clientX - rect.left) * (canvas.width / rect.width), (e.clientY - rect.top) * (canvas.height / rect.height));
    if (e.shiftKey) {
      let best = -1, bestD = 0.0025;
      points.forEach((p, i) => { const d = (p.x - x) ** 2 + (p.y - y) ** 2; if (d < bestD) { best = i; bestD = d; } });
      if (best >= 0) points.splice(best, 1);
    } else {
      points.push({ x, y, label: current });
    }
    draw();
  });
  const reset = (make) => () => { make(); regions = null; report.textContent = ''; draw(); };
  section.querySelector('.preset-ssbd').addEventListener('click', reset(ssbd));
  section.querySelector('.preset-clusters').addEventListener('click', reset(() => clusters()));
  section.querySelector('.preset-rings').addEventListener('click', reset(rings));
  section.querySelector('.clear').addEventListener('click', reset(() => { points = []; }));
  section.querySelector('.train').addEventListener('click', () => train());
  // The preset's point: train one-vs-all (when available) and the multivector SVM on the same data.
  // A LIBSVM file: its first two features, scaled into the plane; its first six labels become the classes.
  function loadLibsvm(text, name) {
    try {
      const d = am.io.readLibsvm(text, { minCols: 2 });
      const xy = Array.from({ length: d.rows }, () => [0, 0]);
      for (let r = 0; r < d.rows; ++r) {
        for (let p = d.offsets[r]; p < d.offsets[r + 1]; ++p) if (d.indices[p] < 2) xy[r][d.indices[p]] = d.values[p];
      }
      const classes = [...new Set(d.labels)].sort((a, b) => a - b).slice(0, PALETTE.length);
      const range = [0, 1].map((j) => [Math.min(...xy.map((v) => v[j])), Math.max(...xy.map((v) => v[j]))]);
      const scale = (v, j) => (range[j][1] > range[j][0] ? -0.9 + (1.8 * (v - range[j][0])) / (range[j][1] - range[j][0]) : 0);
      points = [];
      xy.forEach((v, r) => {
        const label = classes.indexOf(d.labels[r]);
        if (label >= 0) points.push({ x: scale(v[0], 0), y: scale(v[1], 1), label });
      });
      regions = null;
      report.textContent = '';
      draw();
      const skipped = d.rows - points.length;
      panel.say(`loaded ${name}: ${points.length} points of ${classes.length} classes (labels ${classes.join(', ')})` +
        `${d.cols > 2 ? `; only features 1 and 2 are shown` : ''}${skipped ? `; ${skipped} rows of further classes left out` : ''}`, 'ok');
    } catch (e) {
      panel.say(`could not read ${name}: ${e.message}`, 'error');
    }
  }
  dropZone(section.querySelector('.drop'), loadLibsvm, { accept: '.svm,.libsvm,.txt,.scale' });

  const compare = async () => {
    reset(ssbd)();
    const ova = learners.find((l) => l.id === 'ova');
    if (ova) await train(ova);
    await train(learners[0]);
  };
  section.querySelector('.compare-ssbd').addEventListener('click', compare);

  reset(ssbd)();
  panel.say('ready: click to add points (shift-click removes), pick a learner, train');
  // The page opens on the example's point: both predictors trained (a few milliseconds) side by side.
  return { autoTrain: compare };
}
