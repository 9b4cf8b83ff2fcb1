// The picture of a chain model for one sentence: its emission scores (tagger.emissions), the Viterbi path and the
// loss-augmented path against a reference (tagger.decode), drawn as a trellis (SVG).
import { escapeHtml } from './draw.js';

// SVG trellis: columns = tokens, rows = labels; node shade = emission score within its column; the best path,
// the loss-augmented path and the reference (label indices per token) drawn over it.
// emissions: what tagger.emissions(tokens) returns, {labels, data (tokens × labels), rows, cols}.
export function trellisSvg(tokens, { labels, data }, { best, augmented, reference }) {
  const k = labels.length, n = tokens.length;
  const colW = Math.max(60, Math.min(96, 900 / Math.max(1, n))), rowH = 19, left = 56, top = 28;
  const width = left + n * colW + 8, height = top + k * rowH + 8;
  const x = (t) => left + t * colW + colW / 2, y = (r) => top + r * rowH + rowH / 2;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, sans-serif" font-size="11">`];
  labels.forEach((l, r) => parts.push(`<text x="${left - 6}" y="${y(r) + 3}" text-anchor="end" fill="#556">${escapeHtml(l)}</text>`));
  tokens.forEach((w, t) => {
    parts.push(`<text x="${x(t)}" y="14" text-anchor="middle" font-size="12.5" font-weight="600">${escapeHtml(w.length > 10 ? `${w.slice(0, 9)}…` : w)}</text>`);
    const col = Array.from(data.subarray(t * k, (t + 1) * k)), hi = Math.max(...col), lo = Math.min(...col);
    col.forEach((e, r) => {
      const v = hi > lo ? (e - lo) / (hi - lo) : 0;
      const shade = Math.round(250 - 150 * v ** 2);
      parts.push(`<circle cx="${x(t)}" cy="${y(r)}" r="6" fill="rgb(${shade},${shade},${Math.min(255, shade + 12)})" stroke="#ccd" stroke-width=".5"><title>${escapeHtml(tokens[t])} as ${escapeHtml(labels[r])}: emission ${e.toFixed(2)}</title></circle>`);
    });
  });
  const line = (path, colour, widthPx, dash, offset) => {
    if (!path) return;
    path = Array.from(path);
    const pts = path.map((r, t) => `${x(t) + offset},${y(r) + offset}`).join(' ');
    parts.push(`<polyline points="${pts}" fill="none" stroke="${colour}" stroke-width="${widthPx}" ${dash ? `stroke-dasharray="${dash}"` : ''} stroke-linejoin="round" opacity=".9"/>`);
    path.forEach((r, t) => parts.push(`<circle cx="${x(t) + offset}" cy="${y(r) + offset}" r="${widthPx + 1.5}" fill="${colour}" opacity=".9"/>`));
  };
  if (reference) reference.forEach((r, t) => r >= 0 && parts.push(`<circle cx="${x(t)}" cy="${y(r)}" r="8.5" fill="none" stroke="#222" stroke-width="1.3" stroke-dasharray="2 2"/>`));
  line(augmented, '#e07a1f', 2, '5 3', 3);
  line(best, '#2f5fd0', 2.5, null, 0);
  parts.push('</svg>');
  return parts.join('');
}
