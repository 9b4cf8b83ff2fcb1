// A row of drawing cells (one letter each): pointer strokes with a round pen, cleared on demand, and read back
// as 16×8 ink grids by the same normalisation the rendered training letters get.
import { toGrid, makeScratch, renderLetter, PIXELS } from '../data/letters.js';
import { seededRandom } from './draw.js';

export const CELL_WIDTH = 64, CELL_HEIGHT = 128;

export class DrawingCells {
  constructor(container, count, onChange) {
    this.canvases = [];
    this.onChange = onChange;
    for (let i = 0; i < count; ++i) {
      const canvas = document.createElement('canvas');
      canvas.width = CELL_WIDTH;
      canvas.height = CELL_HEIGHT;
      canvas.setAttribute('aria-label', `letter cell ${i + 1}`);
      this.#wire(canvas);
      container.append(canvas);
      this.canvases.push(canvas);
    }
    this.clear();
  }

  #wire(canvas) {
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    let last = null;
    const at = (e) => {
      const r = canvas.getBoundingClientRect();
      return [(e.clientX - r.left) * (canvas.width / r.width), (e.clientY - r.top) * (canvas.height / r.height)];
    };
    canvas.addEventListener('pointerdown', (e) => {
      canvas.setPointerCapture(e.pointerId);
      last = at(e);
      this.#dot(ctx, last);
    });
    canvas.addEventListener('pointermove', (e) => {
      if (!last) return;
      const p = at(e);
      ctx.strokeStyle = '#111';
      ctx.lineWidth = 9;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.beginPath(); ctx.moveTo(...last); ctx.lineTo(...p); ctx.stroke();
      last = p;
    });
    const end = () => { if (last) { last = null; this.onChange?.(); } };
    canvas.addEventListener('pointerup', end);
    canvas.addEventListener('pointercancel', end);
  }

  #dot(ctx, [x, y]) {
    ctx.fillStyle = '#111';
    ctx.beginPath(); ctx.arc(x, y, 4.5, 0, 2 * Math.PI); ctx.fill();
  }

  clear() {
    for (const c of this.canvases) {
      const ctx = c.getContext('2d');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, c.width, c.height);
    }
  }

  // Writes a word into the cells in a distorted font (seeded); `blend` = { index, with } overlays a second
  // letter in one cell, making it ambiguous on purpose.
  write(word, seed = 5, blend = null) {
    this.clear();
    const rand = seededRandom(seed);
    [...word].slice(0, this.canvases.length).forEach((letter, i) => {
      const ctx = this.canvases[i].getContext('2d');
      paintGrid(ctx, renderLetter(letter, rand, makeScratch()), blend?.index === i ? renderLetter(blend.with, rand, makeScratch()) : null);
    });
    this.onChange?.();
  }

  // The cells with ink, left to right, as 16×8 grids; empty cells are skipped (and reported).
  read() {
    const grids = [], used = [];
    this.canvases.forEach((c, i) => {
      const grid = toGrid(c.getContext('2d').getImageData(0, 0, c.width, c.height));
      if (grid.some((v) => v > 0.2)) { grids.push(grid); used.push(i); }
    });
    return { grids, used };
  }
}

// Paints a 16×8 grid (optionally max-blended with another) scaled up into a cell, with a margin.
function paintGrid(ctx, grid, other) {
  const { width, height } = ctx.canvas;
  const mx = 8, my = 12, cw = (width - 2 * mx) / 8, ch = (height - 2 * my) / 16;
  for (let i = 0; i < PIXELS; ++i) {
    const v = other ? Math.max(grid[i], other[i]) * 0.8 + Math.min(grid[i], other[i]) * 0.2 : grid[i];
    if (v <= 0.05) continue;
    const shade = Math.round(255 * (1 - Math.min(1, v)));
    ctx.fillStyle = `rgb(${shade},${shade},${shade})`;
    ctx.fillRect(mx + (i % 8) * cw, my + Math.floor(i / 8) * ch, Math.ceil(cw), Math.ceil(ch));
  }
}
