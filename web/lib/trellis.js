// The pictures of a chain model for one sentence: its emission scores, the Viterbi path, the loss-augmented path
// against a reference, drawn as a trellis (SVG). The tagger itself decodes; this recovers what it scores.
import { escapeHtml } from './draw.js';

// Emission scores e_t(y), each position up to a constant (which no path comparison sees), and transitions.
// The API gives log p(y | x) of any labelling and the transition weights W (rows: previous label, then start,
// then end), so for a labelling y' that differs from a base labelling y only at position t:
//   e_t(y'_t) − e_t(y_t) = [log p(y' | x) − log p(y | x)] − [trans(y') − trans(y)],
// with trans(y) = W[start][y_1] + Σ_t W[y_{t−1}][y_t] + W[end][y_n]. One batched call scores every variant.
export function chainScores(tagger, tokens, base) {
  const labels = tagger.labels, k = labels.length, n = base.length;
  const W = tagger.transitions;
  const id = new Map(labels.map((l, i) => [l, i]));
  const baseIds = base.map((t) => id.get(t));
  const trans = (ys) => ys.reduce((s, y, t) => s + (t === 0 ? W[k][y] : W[ys[t - 1]][y]), 0) + W[k + 1][ys[n - 1]];
  const variants = [];
  for (let t = 0; t < n; ++t) for (let a = 0; a < k; ++a) { const ys = baseIds.slice(); ys[t] = a; variants.push(ys); }
  const lp = tagger.logProbability(variants.map(() => tokens), variants.map((ys) => ys.map((y) => labels[y])));
  const lpBase = lp[baseIds[0]];   // the variant at t = 0 with a = base label is the base itself
  const tBase = trans(baseIds);
  const emissions = Array.from({ length: n }, (_, t) => Array.from({ length: k }, (_, a) => {
    const v = t * k + a;
    return (lp[v] - lpBase) - (trans(variants[v]) - tBase);
  }));
  return { labels, emissions, transitions: W };
}

// argmax over labellings of Σ e_t(y_t) + Δ-augmentation + transitions (Viterbi, O(n k²)).
// reference + augment: add 1 at every position whose label differs from the reference (Hamming loss).
export function viterbi({ emissions, transitions: W }, reference = null) {
  const n = emissions.length, k = emissions[0]?.length ?? 0;
  if (n === 0) return [];
  const gain = (t, y) => emissions[t][y] + (reference && reference[t] !== y ? 1 : 0);
  let score = Array.from({ length: k }, (_, y) => W[k][y] + gain(0, y));
  const back = [];
  for (let t = 1; t < n; ++t) {
    const next = new Array(k), from = new Array(k);
    for (let y = 0; y < k; ++y) {
      let best = -Infinity, arg = 0;
      for (let p = 0; p < k; ++p) { const s = score[p] + W[p][y]; if (s > best) { best = s; arg = p; } }
      next[y] = best + gain(t, y);
      from[y] = arg;
    }
    back.push(from);
    score = next;
  }
  let y = 0;
  for (let c = 1; c < k; ++c) if (score[c] + W[k + 1][c] > score[y] + W[k + 1][y]) y = c;
  const path = [y];
  for (let t = n - 2; t >= 0; --t) path.unshift(y = back[t][y]);
  return path;
}

// SVG trellis: columns = tokens, rows = labels; node shade = emission score within its column; the best path,
// the loss-augmented path and the reference drawn over it.
export function trellisSvg(tokens, { labels, emissions }, { best, augmented, reference }) {
  const k = labels.length, n = tokens.length;
  const colW = Math.max(60, Math.min(96, 900 / Math.max(1, n))), rowH = 19, left = 56, top = 28;
  const width = left + n * colW + 8, height = top + k * rowH + 8;
  const x = (t) => left + t * colW + colW / 2, y = (r) => top + r * rowH + rowH / 2;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, sans-serif" font-size="11">`];
  labels.forEach((l, r) => parts.push(`<text x="${left - 6}" y="${y(r) + 3}" text-anchor="end" fill="#556">${escapeHtml(l)}</text>`));
  tokens.forEach((w, t) => {
    parts.push(`<text x="${x(t)}" y="14" text-anchor="middle" font-size="12.5" font-weight="600">${escapeHtml(w.length > 10 ? `${w.slice(0, 9)}…` : w)}</text>`);
    const col = emissions[t], hi = Math.max(...col), lo = Math.min(...col);
    col.forEach((e, r) => {
      const v = hi > lo ? (e - lo) / (hi - lo) : 0;
      const shade = Math.round(250 - 150 * v ** 2);
      parts.push(`<circle cx="${x(t)}" cy="${y(r)}" r="6" fill="rgb(${shade},${shade},${Math.min(255, shade + 12)})" stroke="#ccd" stroke-width=".5"><title>${escapeHtml(tokens[t])} as ${escapeHtml(labels[r])}: emission ${e.toFixed(2)}</title></circle>`);
    });
  });
  const line = (path, colour, widthPx, dash, offset) => {
    if (!path) return;
    const pts = path.map((r, t) => `${x(t) + offset},${y(r) + offset}`).join(' ');
    parts.push(`<polyline points="${pts}" fill="none" stroke="${colour}" stroke-width="${widthPx}" ${dash ? `stroke-dasharray="${dash}"` : ''} stroke-linejoin="round" opacity=".9"/>`);
    path.forEach((r, t) => parts.push(`<circle cx="${x(t) + offset}" cy="${y(r) + offset}" r="${widthPx + 1.5}" fill="${colour}" opacity=".9"/>`));
  };
  if (reference) reference.forEach((r, t) => parts.push(`<circle cx="${x(t)}" cy="${y(r)}" r="8.5" fill="none" stroke="#222" stroke-width="1.3" stroke-dasharray="2 2"/>`));
  line(augmented, '#e07a1f', 2, '5 3', 3);
  line(best, '#2f5fd0', 2.5, null, 0);
  parts.push('</svg>');
  return parts.join('');
}
