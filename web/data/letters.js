// Letter images for the handwriting chain model, made here: each lowercase letter is drawn with the browser's
// fonts at random weights, slants, rotations and pen widths, cropped to its ink and resampled to 16×8 pixels
// (like the classic OCR letters), and words from a small list become sequences of those images.
import { seededRandom } from '../lib/draw.js';

export const ROWS = 16, COLS = 8, PIXELS = ROWS * COLS;
export const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

// Common English words: their letter bigrams are what the chain's transitions learn.
export const WORDS = `the and that have for not with you this but his from they say her she will one all would there
their what out about who get which when make can like time just him know take people into year your good some
could them see other than then now look only come its over think also back after use two how our work first well
way even new want because any these give day most find here thing many tell very where much great little world
still own hand old life same never last long head might place while home house part word play small lone found every
near food line land light water world read write name door back read hope learn seven eight again black green white
brown night today table chair music phone river horse mouse cheese bread apple lemon paper pencil window garden
letter sister mother father brother family friend school teacher money number story train plane boat ocean beach
quiet quick quiz queen jump joke juice zero zoo zebra dozen lazy fox box wax six next text exit yes yellow yard
sky sea tree stone fire wind rain snow cloud sun moon star dream sleep smile laugh dance sing song voice sound`.split(/\s+/);

const FONTS = ['serif', 'sans-serif', 'monospace'];

// One distorted rendering of a letter, as a Float32Array of 16×8 ink values in [0, 1].
export function renderLetter(letter, rand, scratch = makeScratch()) {
  const { canvas, ctx } = scratch;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const size = 40 + 14 * rand();
  const weight = rand() < 0.5 ? 'normal' : 'bold';
  const italic = rand() < 0.3 ? 'italic ' : '';
  ctx.font = `${italic}${weight} ${size.toFixed(0)}px ${FONTS[Math.floor(rand() * FONTS.length)]}`;
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((rand() - 0.5) * 0.35);
  ctx.transform(1, 0, (rand() - 0.5) * 0.5, 1, 0, 0);   // shear: slanted handwriting
  ctx.scale(0.8 + 0.4 * rand(), 0.85 + 0.3 * rand());
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#000';
  ctx.strokeStyle = '#000';
  ctx.lineWidth = 0.5 + 3 * rand();   // pen width
  ctx.lineJoin = 'round';
  ctx.fillText(letter, 0, 0);
  ctx.strokeText(letter, 0, 0);
  return toGrid(ctx.getImageData(0, 0, canvas.width, canvas.height));
}

export function makeScratch() {
  const canvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(96, 96) : Object.assign(document.createElement('canvas'), { width: 96, height: 96 });
  return { canvas, ctx: canvas.getContext('2d', { willReadFrequently: true }) };
}

// Ink (dark pixels) of an image cropped to its bounding box and area-averaged onto 16×8 cells.
// The same function reads the user's drawing, so drawn and rendered letters are normalised alike.
export function toGrid(image) {
  const { width, height, data } = image;
  const ink = new Float32Array(width * height);
  let x0 = width, x1 = -1, y0 = height, y1 = -1;
  for (let y = 0; y < height; ++y) {
    for (let x = 0; x < width; ++x) {
      const o = 4 * (y * width + x);
      // transparent pixels are paper; otherwise ink = darkness
      const value = data[o + 3] === 0 ? 0 : 1 - (data[o] + data[o + 1] + data[o + 2]) / 765;
      ink[y * width + x] = value;
      if (value > 0.3) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y); }
    }
  }
  const grid = new Float32Array(PIXELS);
  if (x1 < 0) return grid;   // blank
  // keep thin letters (i, l) thin: widen the box to at least half its height, centred
  let w = x1 - x0 + 1, h = y1 - y0 + 1;
  if (w < h / 2) { const extra = h / 2 - w; x0 -= extra / 2; w = h / 2; }
  for (let r = 0; r < ROWS; ++r) {
    for (let c = 0; c < COLS; ++c) {
      const ya = y0 + (r * h) / ROWS, yb = y0 + ((r + 1) * h) / ROWS, xa = x0 + (c * w) / COLS, xb = x0 + ((c + 1) * w) / COLS;
      let sum = 0, n = 0;
      for (let y = Math.floor(ya); y < Math.ceil(yb); ++y) {
        for (let x = Math.floor(xa); x < Math.ceil(xb); ++x) {
          n += 1;
          if (x >= 0 && x < width && y >= 0 && y < height) sum += ink[y * width + x];
        }
      }
      grid[r * COLS + c] = n ? Math.min(1, (1.25 * sum) / n) : 0;
    }
  }
  return grid;
}

// A bank of `variants` renderings per letter: Map letter → Float32Array[]. Asynchronous: it yields to the page
// after each letter so that drawing hundreds of images never freezes it.
export async function letterBank(variants = 24, seed = 17) {
  const rand = seededRandom(seed), scratch = makeScratch(), bank = new Map();
  for (const letter of LETTERS) {
    bank.set(letter, Array.from({ length: variants }, () => renderLetter(letter, rand, scratch)));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return bank;
}

// count words drawn from the list, each letter a random image from the bank:
// { images: Float32Array[] per word (letters × 128), letters: string[][] }.
export function wordSequences(bank, count = 1200, seed = 23, words = WORDS) {
  const rand = seededRandom(seed), sequences = [];
  for (let i = 0; i < count; ++i) {
    const word = words[Math.floor(rand() * words.length)];
    const images = [...word].map((ch) => { const v = bank.get(ch); return v[Math.floor(rand() * v.length)]; });
    sequences.push({ word, images, letters: [...word] });
  }
  return sequences;
}
