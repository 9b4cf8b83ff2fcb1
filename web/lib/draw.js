// Small canvas and DOM drawing helpers shared by the sections: palette, heat map, line chart.

export const PALETTE = ['#d1495b', '#2e86ab', '#66a182', '#edae49', '#8d6cab', '#00798c'];

export const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

// A canvas sized for the device's pixel ratio, drawn in CSS pixels.
export function sharpCanvas(canvas, width, height) {
  const ratio = globalThis.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}

// Blue (negative) – white – red (positive) colour for value v scaled by the largest magnitude m.
export function diverging(v, m) {
  const t = m > 0 ? Math.max(-1, Math.min(1, v / m)) : 0;
  const [r, g, b] = t >= 0 ? [255, Math.round(255 * (1 - t * 0.75)), Math.round(255 * (1 - t * 0.8))]
    : [Math.round(255 * (1 + t * 0.8)), Math.round(255 * (1 + t * 0.6)), 255];
  return `rgb(${r},${g},${b})`;
}

// A labelled square heat map of matrix[row][col] (rows = from, columns = to) as an HTML table.
export function heatTable(matrix, rowLabels, colLabels, { title = '', digits } = {}) {
  const m = Math.max(1e-9, ...matrix.flat().map(Math.abs));
  digits ??= m >= 10 ? 0 : m >= 1 ? 1 : 2;
  const head = `<tr><th>${title}</th>${colLabels.map((l) => `<th>${escapeHtml(l)}</th>`).join('')}</tr>`;
  const rows = matrix.map((row, i) => `<tr><th>${escapeHtml(rowLabels[i])}</th>${row.map((v) =>
    `<td style="background:${diverging(v, m)}" title="${escapeHtml(rowLabels[i])} → ${v.toFixed(3)}">${Math.abs(v) < 0.5 * 10 ** -digits ? '0' : v.toFixed(digits)}</td>`).join('')}</tr>`);
  return `<table class="heat">${head}${rows.join('')}</table>`;
}

// Lines on shared axes, legend underneath: series = [{ label, colour, points: [[x, y], ...], dashed }].
export function lineChart(canvas, series, { width = 440, height = 260, xLabel = '', yLabel = '', yMin = 0, yMax = 1 } = {}) {
  const ctx = sharpCanvas(canvas, width, height);
  const legendRows = Math.ceil(series.length / 2);
  const pad = { l: 40, r: 14, t: 18, b: 30 + 15 * legendRows };
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  const x0 = Math.min(...xs), x1 = Math.max(...xs);
  const X = (x) => pad.l + ((x - x0) / Math.max(1e-9, x1 - x0)) * (width - pad.l - pad.r);
  const Y = (y) => height - pad.b - ((y - yMin) / (yMax - yMin)) * (height - pad.t - pad.b);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.font = '11px system-ui, sans-serif';
  ctx.lineWidth = 1;
  for (let i = 0; i <= 4; ++i) {
    const y = yMin + ((yMax - yMin) * i) / 4;
    ctx.strokeStyle = '#e3e5ee';
    ctx.beginPath(); ctx.moveTo(pad.l, Y(y)); ctx.lineTo(width - pad.r, Y(y)); ctx.stroke();
    ctx.fillStyle = '#556';
    ctx.fillText(y.toFixed(2), 6, Y(y) + 4);
  }
  for (const x of [...new Set(xs)].sort((a, b) => a - b)) ctx.fillText(String(x), X(x) - 3, height - pad.b + 14);
  ctx.fillText(xLabel, width - pad.r - 8, height - pad.b + 26);
  ctx.fillText(yLabel, pad.l + 4, pad.t - 6);
  series.forEach((s, i) => {
    ctx.strokeStyle = s.colour; ctx.fillStyle = s.colour; ctx.lineWidth = 2;
    ctx.setLineDash(s.dashed ? [5, 4] : []);
    ctx.beginPath();
    s.points.forEach(([x, y], j) => (j ? ctx.lineTo(X(x), Y(y)) : ctx.moveTo(X(x), Y(y))));
    ctx.stroke();
    ctx.setLineDash([]);
    for (const [x, y] of s.points) { ctx.beginPath(); ctx.arc(X(x), Y(y), 2.5, 0, 2 * Math.PI); ctx.fill(); }
    const lx = pad.l + (i % 2) * ((width - pad.l) / 2), ly = height - 15 * (legendRows - Math.floor(i / 2)) + 4;
    ctx.fillRect(lx, ly - 4, 14, 3);
    ctx.fillStyle = '#334';
    ctx.fillText(s.label, lx + 19, ly);
  });
  ctx.lineWidth = 1;
}

export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
}

// A deterministic random source for the demo's generated data (Park–Miller; not the library's Rng).
export function seededRandom(seed = 1) {
  let s = (seed >>> 0) % 2147483647 || 1;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}
