// Multiclass playground: points in the plane, a linear multiclass predictor, its decision regions.
import { init } from '../bindings/js/index.js';

const COLOURS = ['#d1495b', '#2e86ab', '#66a182', '#edae49', '#8d6cab', '#00798c'];
const canvas = document.getElementById('mc-canvas');
const ctx = canvas.getContext('2d');
const status = document.getElementById('mc-status');
const classSelect = document.getElementById('mc-class');
const algoSelect = document.getElementById('mc-algo');
COLOURS.forEach((_, c) => classSelect.add(new Option(`${c + 1}`, String(c))));

let points = [];   // {x, y, label} in [-1, 1]²
let regions = null;

const toPlane = (px, py) => [(px / canvas.width) * 2 - 1, 1 - (py / canvas.height) * 2];
const toPixel = (x, y) => [((x + 1) / 2) * canvas.width, ((1 - y) / 2) * canvas.height];

// SSBD Example 17.1: three balls on a line, masses 40% / 20% / 40%, class 2 in the middle.
function preset() {
  points = [];
  let s = 7;
  const rand = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i < 100; ++i) {
    const u = rand(), label = u < 0.4 ? 0 : u < 0.6 ? 1 : 2;
    const r = 0.18 * Math.sqrt(rand()), a = 2 * Math.PI * rand();
    points.push({ x: (label - 1) * 0.6 + r * Math.cos(a), y: r * Math.sin(a), label });
  }
}
function randomClusters() {
  points = [];
  const k = 4;
  for (let c = 0; c < k; ++c) {
    const cx = Math.random() * 1.4 - 0.7, cy = Math.random() * 1.4 - 0.7;
    for (let i = 0; i < 25; ++i) points.push({ x: cx + (Math.random() - 0.5) * 0.5, y: cy + (Math.random() - 0.5) * 0.5, label: c });
  }
}

function draw() {
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (regions) ctx.putImageData(regions, 0, 0);
  for (const p of points) {
    const [px, py] = toPixel(p.x, p.y);
    ctx.beginPath();
    ctx.arc(px, py, 5, 0, 2 * Math.PI);
    ctx.fillStyle = COLOURS[p.label];
    ctx.fill();
    ctx.strokeStyle = '#111';
    ctx.stroke();
  }
}

// Predicts every 4×4 pixel block of the canvas in one call and paints the regions.
function paintRegions(model) {
  const step = 4, w = Math.ceil(canvas.width / step), h = Math.ceil(canvas.height / step);
  const grid = new Float32Array(w * h * 2);
  for (let j = 0; j < h; ++j) for (let i = 0; i < w; ++i) grid.set(toPlane(i * step + step / 2, j * step + step / 2), 2 * (j * w + i));
  const labels = model.predict({ data: grid, rows: w * h, cols: 2 });
  const image = ctx.createImageData(canvas.width, canvas.height);
  for (let py = 0; py < canvas.height; ++py) {
    for (let px = 0; px < canvas.width; ++px) {
      const colour = COLOURS[labels[Math.floor(py / step) * w + Math.floor(px / step)]];
      const o = 4 * (py * canvas.width + px);
      image.data[o] = parseInt(colour.slice(1, 3), 16);
      image.data[o + 1] = parseInt(colour.slice(3, 5), 16);
      image.data[o + 2] = parseInt(colour.slice(5, 7), 16);
      image.data[o + 3] = 70;
    }
  }
  regions = image;
}

const am = await init();
status.textContent = 'ready: add points or pick a preset, then train';

canvas.addEventListener('click', (e) => {
  const rect = canvas.getBoundingClientRect();
  const [x, y] = toPlane((e.clientX - rect.left) * (canvas.width / rect.width), (e.clientY - rect.top) * (canvas.height / rect.height));
  points.push({ x, y, label: Number(classSelect.value) });
  draw();
});
document.getElementById('mc-preset').onclick = () => { preset(); regions = null; draw(); };
document.getElementById('mc-random').onclick = () => { randomClusters(); regions = null; draw(); };
document.getElementById('mc-clear').onclick = () => { points = []; regions = null; draw(); };
document.getElementById('mc-train').onclick = () => {
  if (new Set(points.map((p) => p.label)).size < 2) { status.textContent = 'add points of at least two classes'; return; }
  const started = performance.now();
  try {
    const model = new am.Multiclass({ algo: algoSelect.value, bias: 1, seed: 1 });
    model.fit(points.map((p) => [p.x, p.y]), points.map((p) => p.label));
    const report = am.metrics.classification(points.map((p) => p.label), model.predict(points.map((p) => [p.x, p.y])));
    paintRegions(model);
    model.dispose();
    status.textContent = `${algoSelect.selectedOptions[0].text}: training accuracy ${(100 * report.accuracy).toFixed(1)}% ` +
      `on ${points.length} points in ${(performance.now() - started).toFixed(0)} ms`;
  } catch (e) {
    status.textContent = `error: ${e.message}`;
  }
  draw();
};
preset();
draw();
