// The one boundary every argument of the JS API crosses: matrices, labels, label sets, sequences, offsets,
// queries, counts and option objects are checked and converted here, in JS, before anything is allocated in
// wasm. It is strict: an entry that is not a number, a non-integer where an integer is meant, an index, label
// or count past its limit, a size that 32 bits would wrap, a typed array whose values would be truncated or
// wrapped, all throw an Error naming the argument and the position (`X[3][1] is the string "1", not a
// number`). Nothing is coerced. What only the core knows (a model's width, which learners read NaN as a
// missing value, per-algorithm rules) is checked in C++ (bindings/common.hpp rows_at), which names the
// argument too. This file knows no wasm: wasm.js moves what it returns into the heap (Heap.matrix).

export const INT32_MAX = 2147483647;
const INT32_MIN = -2147483648;
const FLOAT32_MAX = 3.4028234663852886e38;

// The core's limits on sizes from input (src/core/sizes.hpp), read once from the module: { maxBufferBytes,
// maxLabels }.
let limits = null;
export function readLimits(M) {
  limits ??= M.inputLimits();
  return limits;
}
function limit(name) {
  if (!limits) throw new Error('argmax: input limits used before init()');
  return limits[name];
}

// A value as a message shows it: `the string "1"`, `null`, `an array`, `1.5`.
export function describe(v) {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'undefined': return 'undefined';
    case 'string': return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
    case 'boolean': return `the boolean ${v}`;
    case 'bigint': return `the bigint ${v}n`;
    case 'number': return Object.is(v, -0) ? '0' : String(v);
    case 'symbol': return 'a symbol';
    case 'function': return 'a function';
    default:
      if (Array.isArray(v)) return 'an array';
      if (ArrayBuffer.isView(v)) return `a ${v.constructor.name}`;
      return v.constructor && v.constructor !== Object ? `a ${v.constructor.name}` : 'an object';
  }
}

const isBigIntArray = (a) => (typeof BigInt64Array === 'function' && a instanceof BigInt64Array)
  || (typeof BigUint64Array === 'function' && a instanceof BigUint64Array);
// An array of numbers: a plain array (its entries checked one by one) or a numeric typed array.
const isNumericArray = (a) => Array.isArray(a) || (ArrayBuffer.isView(a) && !(a instanceof DataView) && !isBigIntArray(a));
const INTEGER_ARRAYS = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array];

// ---- option objects, flags and counts

// An options argument: undefined is {}; anything else must be a plain object (not null, an array, a string).
// keys: the names the caller reads, space-separated (as its destructuring lists them); any other key given a
// value is an error naming the known ones, as a constructor's unknown option is ({ worker: 2 } must not train
// on one thread).
export function optionsObject(value, name, keys) {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value) || ArrayBuffer.isView(value)) {
    throw new TypeError(`${name} must be an object, not ${describe(value)}`);
  }
  const known = keys?.split(' ');
  for (const key in value) {
    if (known && !known.includes(key) && value[key] !== undefined) throw new TypeError(`unknown option '${key}' in ${name} (known: ${known.join(', ')})`);
  }
  return value;
}

// A constructor's options: the one check every model class makes before reading them.
export const constructorOptions = (value, model) => optionsObject(value, `${model} options`);

export function booleanArg(value, name, fallback = false) {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new TypeError(`${name} must be true or false, not ${describe(value)}`);
  return value;
}

// An integer count or index in [min, max] (max at most 2^31 − 1: the core takes an int32).
export function integerArg(value, name, { min = 0, max = INT32_MAX } = {}) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be an integer, not ${describe(value)}`);
  if (!Number.isInteger(value)) throw new RangeError(`${name} must be an integer, not ${describe(value)}`);
  if (value < min || value > max) {
    if (max === INT32_MAX) throw new RangeError(value < min ? `${name} must be an integer ≥ ${min}; got ${value}` : `${name} is ${value}, past the limit of 2^31 − 1 (a 32-bit integer would wrap it)`);
    throw new RangeError(`${name} must be an integer in [${min}, ${max}]; got ${value}`);
  }
  return value;
}

// A number; positive: finite and > 0.
export function numberArg(value, name, { positive = false } = {}) {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, not ${describe(value)}`);
  if (positive && !(value > 0 && Number.isFinite(value))) throw new RangeError(`${name} must be a finite number > 0; got ${value}`);
  return value;
}

export function stringArg(value, name, choices) {
  if (typeof value !== 'string') throw new TypeError(`${name} must be a string, not ${describe(value)}`);
  if (choices && !choices.includes(value)) {
    const quoted = choices.map((c) => `'${c}'`);
    throw new TypeError(`${name} must be ${quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` : quoted[0]}; got ${JSON.stringify(value)}`);
  }
  return value;
}

// A reader's minCols option: the least number of columns of the matrix it returns.
export const minColsArg = (minCols) => integerArg(minCols, 'minCols');

// ---- numbers

// One entry of a numeric array: a number within float32's range when `float32` (what the core stores).
function checkNumber(v, at, { float32 = true, finite = false } = {}) {
  if (typeof v !== 'number') throw new TypeError(`${at} is ${describe(v)}, not a number`);
  if (Number.isFinite(v)) {
    if (float32 && (v > FLOAT32_MAX || v < -FLOAT32_MAX)) throw new RangeError(`${at} is ${v}, beyond the float32 range (±3.4e38)`);
  } else if (finite) {
    throw new RangeError(`${at} is ${v}, not a finite number`);
  }
}

// Numbers → a Float32Array (or Float64Array), checking every entry of a plain array (and of typed arrays
// that could hold what float32 cannot). finite: NaN and ±Infinity are refused too.
export function numberArray(a, name, { n, what = 'values', finite = false, type = Float32Array } = {}) {
  if (!isNumericArray(a)) throw new TypeError(`${name} must be an array of numbers, not ${describe(a)}`);
  if (n !== undefined && a.length !== n) throw new RangeError(`${name} has ${a.length} ${what}, expected ${n}`);
  if (a instanceof type && !finite) return a;
  const float32 = type === Float32Array;
  const trusted = INTEGER_ARRAYS.some((T) => a instanceof T) || (a instanceof Float32Array && !finite);
  const out = a instanceof type ? a : new type(a.length);
  const most = float32 ? FLOAT32_MAX : Number.MAX_VALUE;
  for (let i = 0; i < a.length; ++i) {
    const v = a[i];
    if (!trusted && (typeof v !== 'number' || !(v <= most && v >= -most))) checkNumber(v, `${name}[${i}]`, { float32, finite });
    out[i] = v;
  }
  return out;
}

// Integers → an Int32Array, refusing what would be truncated or wrapped: non-numbers, fractions, values
// outside [min, max] (by default int32's range).
export function int32Array(a, name, { n, what = 'values', min = INT32_MIN, max = INT32_MAX, kind = 'an integer' } = {}) {
  if (!isNumericArray(a)) throw new TypeError(`${name} must be an array of integers, not ${describe(a)}`);
  if (n !== undefined && a.length !== n) throw new RangeError(`${name} has ${a.length} ${what}, expected ${n}`);
  const copy = !(a instanceof Int32Array);
  const out = copy ? new Int32Array(a.length) : a;
  const narrow = min === INT32_MIN && max === INT32_MAX && INTEGER_ARRAYS.some((T) => a instanceof T);
  for (let i = 0; i < a.length; ++i) {
    const v = a[i];
    if (!narrow) {
      if (typeof v !== 'number' || !Number.isInteger(v)) throw new TypeError(`${name}[${i}] is ${describe(v)}, not ${kind}`);
      if (v < min || v > max) {
        throw new RangeError(`${name}[${i}] is ${v}, ${max === INT32_MAX && min === INT32_MIN ? 'beyond the 32-bit integer range' : `outside ${min}..${max}`}`);
      }
    }
    if (copy) out[i] = v;
  }
  return out;
}

// Offsets into `total` items (sequence starts, query offsets): integers from 0, never decreasing, ending at
// total; `count` parts when given.
export function offsetArray(a, name, total, { parts = 'parts', items = 'rows' } = {}) {
  const out = int32Array(a, name, { kind: 'an integer offset' });
  if (out.length === 0) throw new RangeError(`${name} is empty; it needs ${parts} + 1 offsets, from 0 to the number of ${items}`);
  if (out[0] !== 0) throw new RangeError(`${name}[0] is ${out[0]}, expected 0`);
  for (let i = 1; i < out.length; ++i) {
    if (out[i] < out[i - 1]) throw new RangeError(`${name}[${i}] is ${out[i]}, less than ${name}[${i - 1}] = ${out[i - 1]} (offsets never decrease)`);
  }
  if (out[out.length - 1] !== total) throw new RangeError(`${name} ends at ${out[out.length - 1]}, but there are ${total} ${items}`);
  return out;
}

// ---- matrices

// A feature matrix, checked and converted: { data: Float32Array, rows, cols } (dense, row-major) or
// { offsets: Int32Array, indices: Int32Array, values: Float32Array, rows, cols } (CSR). Accepts number[][]
// (rows of numbers or numeric typed arrays), { data, rows, cols } and { offsets, indices, values, cols }.
//   fit: the training set, which needs at least one row and one column.
//   finite: NaN and ±Infinity are refused here, by position (where X is one part of a bigger matrix and the
//           core's row numbers would not be the caller's); otherwise the core refuses them, except where a
//           learner reads NaN as a missing value.
//   emptyCols: the width of a dense matrix of no rows (number[][] of length 0 has none).
export function matrix(X, name = 'X', { fit = false, finite = false, emptyCols = 0 } = {}) {
  let m;
  if (X === undefined || X === null) throw new TypeError(`${name} is missing: expected number[][], {data, rows, cols} or CSR {offsets, indices, values, cols}, not ${describe(X)}`);
  if (Array.isArray(X)) m = denseRows(X, name, finite, emptyCols);
  else if (typeof X === 'object' && X.offsets !== undefined) m = csr(X, name, finite);
  else if (typeof X === 'object' && X.data !== undefined) m = denseData(X, name, finite);
  else throw new TypeError(`${name} must be number[][], {data, rows, cols} or CSR {offsets, indices, values, cols}, not ${describe(X)}`);
  if (fit && m.rows === 0) throw new RangeError(`${name} has no rows: training needs at least one`);
  if (fit && m.cols === 0) throw new RangeError(`${name} has no columns: training needs at least one feature`);
  return m;
}

function shapeArg(value, name) {
  if (value === undefined) throw new TypeError(`${name} is missing`);
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new TypeError(`${name} is ${describe(value)}, not an integer`);
  if (value < 0) throw new RangeError(`${name} is ${value}, expected ≥ 0`);
  if (value > INT32_MAX) throw new RangeError(`${name} is ${value}, past the limit of 2^31 − 1 (a 32-bit size would wrap it)`);
  return value;
}

function denseRows(X, name, finite, emptyCols) {
  if (X.length === 0) return { data: new Float32Array(0), rows: 0, cols: emptyCols };
  if (X.length > INT32_MAX) throw new RangeError(`${name} has ${X.length} rows, past the limit of 2^31 − 1`);
  const first = X[0];
  if (!isNumericArray(first)) throw new TypeError(`${name}[0] is ${describe(first)}, not a row (an array of numbers)`);
  const cols = first.length;
  const data = new Float32Array(X.length * cols);
  for (let i = 0; i < X.length; ++i) {
    const row = X[i];
    if (!isNumericArray(row)) throw new TypeError(`${name}[${i}] is ${describe(row)}, not a row (an array of numbers)`);
    if (row.length !== cols) throw new RangeError(`${name}[${i}] has ${row.length} features, expected ${cols} (as ${name}[0])`);
    const trusted = (row instanceof Float32Array && !finite) || INTEGER_ARRAYS.some((T) => row instanceof T);
    if (trusted) {
      data.set(row, i * cols);
      continue;
    }
    for (let j = 0, at = i * cols; j < cols; ++j) {
      const v = row[j];
      // the fast path: a number within float32's range (NaN and ±Infinity fail the comparison)
      if (typeof v !== 'number' || !(v <= FLOAT32_MAX && v >= -FLOAT32_MAX)) checkNumber(v, `${name}[${i}][${j}]`, { finite });
      data[at + j] = v;
    }
  }
  return { data, rows: X.length, cols };
}

function denseData(X, name, finite) {
  const rows = shapeArg(X.rows, `${name}.rows`), cols = shapeArg(X.cols, `${name}.cols`);
  if (!isNumericArray(X.data)) throw new TypeError(`${name}.data must be a Float32Array or number[], not ${describe(X.data)}`);
  if (X.data.length !== rows * cols) throw new RangeError(`${name}.data has ${X.data.length} values, expected rows × cols = ${rows * cols} (${rows} × ${cols})`);
  return { data: numberArray(X.data, `${name}.data`, { finite }), rows, cols };
}

function csr(X, name, finite) {
  const cols = shapeArg(X.cols, `${name}.cols`);
  for (const key of ['offsets', 'indices', 'values']) {
    if (!isNumericArray(X[key])) throw new TypeError(`${name}.${key} must be an array of numbers, not ${describe(X[key])}`);
  }
  const rows = X.offsets.length - 1;
  if (rows < 0) throw new RangeError(`${name}.offsets is empty; CSR offsets have rows + 1 entries, from 0 to the number of values`);
  if (rows > INT32_MAX) throw new RangeError(`${name} has ${rows} rows, past the limit of 2^31 − 1`);
  if (X.rows !== undefined && X.rows !== rows) throw new RangeError(`${name}.rows is ${describe(X.rows)}, but ${name}.offsets has ${X.offsets.length} entries (rows + 1)`);
  const offsets = int32Array(X.offsets, `${name}.offsets`, { kind: 'an integer offset', min: 0 });
  if (offsets[0] !== 0) throw new RangeError(`${name}: CSR offsets must start at 0 (${name}.offsets[0] is ${offsets[0]})`);
  for (let i = 0; i < rows; ++i) {
    if (offsets[i + 1] < offsets[i]) throw new RangeError(`${name}: CSR offsets decrease at row ${i}`);
  }
  const nnz = offsets[rows];
  if (X.indices.length !== nnz || X.values.length !== nnz) {
    throw new RangeError(`${name}: CSR offsets end at ${nnz} but there are ${X.indices.length} indices and ${X.values.length} values`);
  }
  const indices = int32Array(X.indices, `${name}.indices`, { kind: 'an integer column' });
  for (let r = 0; r < rows; ++r) {
    for (let p = offsets[r]; p < offsets[r + 1]; ++p) {
      const c = indices[p];
      if (c < 0 || c >= cols) {
        throw new RangeError(`${name}: row ${r} has column ${c}, ${cols ? `expected 0..${cols - 1}` : `but ${name}.cols is 0`}`);
      }
    }
  }
  return { offsets, indices, values: numberArray(X.values, `${name}.values`, { finite }), rows, cols };
}

// ---- labels

// Integer class labels → Int32Array; n: the rows they label.
// per: what the n labels are for, in messages.
export function labelArray(y, n, name = 'y', per = 'one per row of X') {
  if (!isNumericArray(y)) throw new TypeError(`${name} must be an array of integer labels, not ${describe(y)}`);
  if (n !== undefined && y.length !== n) throw new RangeError(`${name} has ${y.length} labels, expected ${n} (${per})`);
  return int32Array(y, name, { kind: 'an integer label' });
}

// Binary labels, +1 or −1 → Int32Array.
export function signArray(y, n, name = 'y') {
  const out = labelArray(y, n, name);
  out.forEach((l, i) => { if (l !== 1 && l !== -1) throw new RangeError(`${name}[${i}] is ${l}; binary labels must be +1 or -1`); });
  return out;
}

// Labels (number[]) or label sets (number[][], told apart by y[0]) → { labels } or { sets }.
export function labelsOrSets(y, n, name = 'y', { k } = {}) {
  const multi = Array.isArray(y) && y.length > 0 && isNumericArray(y[0]);
  if (multi) return { sets: labelSets(y, n, name, { k }) };
  if (k !== undefined) throw new TypeError(`the labels option is for label sets (multi-label ${name}); ${name} holds single labels`);
  return { labels: labelArray(y, n, name) };
}

// Label sets (number[][], labels 0 .. maxLabels − 1) → CSR { offsets, labels: Int32Array, k }. k: the
// number of labels (the `labels` option), else 1 + the largest; rows × k bytes must fit one buffer.
export function labelSets(sets, n, name = 'y', { k, kName = 'labels', per = 'one per row of X' } = {}) {
  const maxLabels = limit('maxLabels');
  if (k !== undefined) integerArg(k, kName, { min: 1, max: maxLabels });
  if (!Array.isArray(sets)) throw new TypeError(`${name} must be an array of label sets (number[][]), not ${describe(sets)}`);
  if (n !== undefined && sets.length !== n) throw new RangeError(`${name} has ${sets.length} label sets, expected ${n} (${per})`);
  const offsets = new Int32Array(sets.length + 1), flat = [];
  const most = k ?? maxLabels;
  let top = -1;
  sets.forEach((s, i) => {
    if (!isNumericArray(s)) throw new TypeError(`${name}[${i}] is ${describe(s)}, not a label set (an array of labels)`);
    for (let j = 0; j < s.length; ++j) {
      const l = s[j], at = `${name}[${i}][${j}]`;
      if (typeof l !== 'number' || !Number.isInteger(l)) throw new TypeError(`${at} is ${describe(l)}, not an integer label`);
      if (l < 0 || l >= most) {
        throw new RangeError(k === undefined ? `${at} is ${l}, outside the labels 0..${maxLabels - 1} (2^24 − 1) the core allows`
          : `${at} is ${l}, outside 0..${k - 1} (${kName}: ${k})`);
      }
      flat.push(l);
      if (l > top) top = l;
    }
    offsets[i + 1] = flat.length;
  });
  const labels = k ?? Math.max(top + 1, 1);
  if (sets.length * labels > limit('maxBufferBytes')) {
    throw new RangeError(`${name}: ${sets.length} rows × ${labels} labels exceed the limit of ${limit('maxBufferBytes')} bytes (1 GiB) for the label matrix`);
  }
  return { offsets, labels: Int32Array.from(flat), k: labels };
}

// A k×k cost matrix (row = truth, column = prediction) → Float32Array k·k.
export function costMatrix(cost, name = 'cost') {
  if (!Array.isArray(cost)) throw new TypeError(`${name} must be a k×k matrix given as number[][] (row = true label, column = prediction), not ${describe(cost)}`);
  const k = cost.length, flat = new Float32Array(k * k);
  cost.forEach((row, t) => {
    if (!isNumericArray(row)) throw new TypeError(`${name}[${t}] is ${describe(row)}, not a row of numbers`);
    if (row.length !== k) throw new RangeError(`${name}[${t}] has ${row.length} entries, expected ${k}`);
    for (let p = 0; p < k; ++p) {
      checkNumber(row[p], `${name}[${t}][${p}]`);
      flat[t * k + p] = row[p];
    }
  });
  return flat;
}

// An ECOC code (k×c of −1, 0, +1) → Int8Array and its columns.
export function codeMatrix(code, name = 'userCode') {
  if (!Array.isArray(code) || code.length === 0) throw new TypeError(`${name} must be a non-empty k×c matrix (number[][]) of -1, 0 and +1, one row per class in sorted label order; got ${describe(code)}`);
  if (!isNumericArray(code[0])) throw new TypeError(`${name}[0] is ${describe(code[0])}, not a row of -1, 0 and +1`);
  const c = code[0].length;
  if (c === 0) throw new RangeError(`${name}[0] is empty: a code needs at least one column`);
  const flat = new Int8Array(code.length * c);
  code.forEach((row, l) => {
    if (!isNumericArray(row)) throw new TypeError(`${name}[${l}] is ${describe(row)}, not a row of -1, 0 and +1`);
    if (row.length !== c) throw new RangeError(`${name}[${l}] has ${row.length} entries, expected ${c} (as ${name}[0])`);
    for (let j = 0; j < c; ++j) {
      const v = row[j];
      if (v !== -1 && v !== 0 && v !== 1) throw new RangeError(`${name}[${l}][${j}] is ${describe(v)}, expected -1, 0 or +1`);
      flat[l * c + j] = v;
    }
  });
  return { flat, columns: c };
}

// ---- texts

const utf8 = new TextEncoder();
// Texts (string[]) → { bytes: their UTF-8, one after another; offsets: Int32Array of count + 1 byte offsets; count }.
// A text must be a well-formed string: a lone surrogate is not text (TextEncoder would make it U+FFFD).
// single: texts is [one text], which `name` names.
export function texts(list, name, { single = false } = {}) {
  if (!Array.isArray(list)) throw new TypeError(`${name} must be an array of strings, not ${describe(list)}`);
  const parts = new Array(list.length), offsets = new Int32Array(list.length + 1);
  let total = 0;
  list.forEach((t, i) => {
    const at = single ? name : `${name}[${i}]`;
    if (typeof t !== 'string') throw new TypeError(`${at} is ${describe(t)}, not a string`);
    if (!t.isWellFormed()) throw notWellFormed(at, t);
    parts[i] = utf8.encode(t);
    total += parts[i].length;
    if (total > limit('maxBufferBytes')) throw new RangeError(`${name}: more than ${limit('maxBufferBytes')} bytes (1 GiB) of UTF-8 in one call`);
    offsets[i + 1] = total;
  });
  const bytes = new Uint8Array(total);
  parts.forEach((p, i) => bytes.set(p, offsets[i]));
  return { bytes, offsets, count: list.length };
}
// The error for a string `at` that is not well-formed (with /u, a surrogate pair is one code point, not Cs).
const notWellFormed = (at, t) => new RangeError(`${at} has a lone surrogate at index ${t.search(/\p{Cs}/u)}: it is not well-formed text`);

// Text labels: one non-empty string per text → { labels: packed texts }, or one array of them per text (label
// sets) → { labels: every label packed, sets: Int32Array of n + 1 offsets into them }.
export function textLabels(y, n, name = 'labels') {
  if (!Array.isArray(y)) throw new TypeError(`${name} must be an array of strings (one label per text) or of string arrays (label sets), not ${describe(y)}`);
  if (y.length !== n) throw new RangeError(`${name} has ${y.length} entries, expected ${n} (one per text)`);
  const label = (l, at) => {
    if (typeof l !== 'string') throw new TypeError(`${at} is ${describe(l)}, not a label (a string)`);
    if (l === '') throw new RangeError(`${at} is the empty string, not a label`);
    return l;
  };
  if (!y.some((l) => Array.isArray(l))) return { labels: texts(y.map((l, i) => label(l, `${name}[${i}]`)), name) };
  const flat = [], sets = new Int32Array(n + 1);
  y.forEach((set, i) => {
    if (!Array.isArray(set)) throw new TypeError(`${name}[${i}] is ${describe(set)}, not a label set (an array of strings): give every text a set, or every text one label`);
    set.forEach((l, j) => flat.push(label(l, `${name}[${i}][${j}]`)));
    sets[i + 1] = flat.length;
  });
  return { labels: texts(flat, name), sets };
}

// ---- sequences

// What joins the tokens, tags and words of many sequences into one string (io/conll.hpp's kWordSeparator).
export const SEP = '\x1f';

// Token sequences (string[][]) → one U+001F-joined string and their lengths (a single crossing into wasm).
// what: 'token' or 'tag', for messages; single: sequences is [one sequence], which `name` names.
export function tokenSequences(sequences, name, what = 'token', single = false) {
  if (!Array.isArray(sequences)) throw new TypeError(`${name} must be an array of sequences (string[][]), not ${describe(sequences)}`);
  const lengths = new Int32Array(sequences.length), parts = [];
  sequences.forEach((s, i) => {
    const at = single ? name : `${name}[${i}]`;
    if (!Array.isArray(s)) throw new TypeError(`${at} is ${describe(s)}, not a sequence (an array of strings)`);
    lengths[i] = s.length;
    for (let t = 0; t < s.length; ++t) {
      const token = s[t];
      if (typeof token !== 'string') throw new TypeError(`${at}[${t}] is ${describe(token)}, not a ${what} (a string)`);
      if (token.includes(SEP)) throw new RangeError(`${at}[${t}] contains the control character U+001F`);
      if (!token && what === 'tag') throw new RangeError(`${at}[${t}] is the empty string, not a tag`);
      // (Embind's UTF-8 would join a lone surrogate with the character after it: a token's, or the separator)
      if (!token.isWellFormed()) throw notWellFormed(`${at}[${t}]`, token);
      parts.push(token);
    }
  });
  return { text: parts.join(SEP), lengths };
}

// Token sequences packed already (parameter mixing packs them once on the calling thread), or to pack.
export const packedTokens = (sequences, name, what) => (typeof sequences?.text === 'string' && sequences.lengths instanceof Int32Array
  ? sequences : tokenSequences(sequences, name, what));

// Numeric sequences → { matrix, starts: Int32Array, count }. Accepts an array of sequences, each number[][]
// (positions × features) or {data, rows, cols}; or a whole corpus, {offsets, indices, values, cols, starts}
// (what io.readSvmhmm returns) or {data, rows, cols, starts}. Every value must be finite (no numeric tagger
// reads NaN as missing). emptyCols: the width when there are no positions at all; single: sequences is
// [one sequence], which `name` names.
export function numericSequences(sequences, name, { fit = false, emptyCols = 0, single = false } = {}) {
  if (sequences && typeof sequences === 'object' && !Array.isArray(sequences) && sequences.starts !== undefined) {
    const { starts, ...X } = sequences;
    const m = matrix(X, name, { fit, finite: true, emptyCols });
    const st = offsetArray(starts, `${name}.starts`, m.rows, { parts: 'sequences', items: 'positions' });
    return { matrix: m, starts: st, count: st.length - 1, name };
  }
  if (!Array.isArray(sequences)) throw new TypeError(`${name} must be an array of sequences (number[][] or {data, rows, cols} each), not ${describe(sequences)}`);
  const starts = new Int32Array(sequences.length + 1), parts = [];
  let cols, first;
  sequences.forEach((s, i) => {
    const at = single ? name : `${name}[${i}]`;
    if (!Array.isArray(s) && !(s && typeof s === 'object' && s.data !== undefined)) {
      throw new TypeError(`${at} is ${describe(s)}, not a sequence (number[][] or {data, rows, cols})`);
    }
    const m = matrix(s, at, { finite: true });
    if (m.rows > 0) {
      if (cols === undefined) cols = m.cols, first = i;
      else if (m.cols !== cols) throw new RangeError(`${at} has ${m.cols} features per position, expected ${cols} (as ${name}[${first}])`);
    }
    if (starts[i] + m.rows > INT32_MAX) throw new RangeError(`${name} has more than 2^31 − 1 positions`);
    starts[i + 1] = starts[i] + m.rows;
    parts.push(m.data);
  });
  const rows = starts[sequences.length];
  cols ??= emptyCols;
  const data = new Float32Array(rows * cols);
  let at = 0;
  for (const p of parts) data.set(p, at), (at += p.length);
  if (fit && rows === 0) throw new RangeError(`${name} has no positions: training needs at least one`);
  if (fit && cols === 0) throw new RangeError(`${name} has no features per position: training needs at least one`);
  return { matrix: { data, rows, cols }, starts, count: sequences.length, name };
}

// Two lists of sequence lengths that must agree: what(i, a, b) says how sequence i differs.
export function sameLengths(a, b, count, what) {
  if (a.length !== b.length) throw new RangeError(count(a.length, b.length));
  for (let i = 0; i < a.length; ++i) if (a[i] !== b[i]) throw new RangeError(what(i, a[i], b[i]));
}

// Tags (one sequence per input sequence, `lengths` long) → the model's tag ids (`labels`); an unknown tag is an
// error naming it. single: tags is one sequence, which `name` names.
// unknown: the id of a tag the model does not know (decode's reference), else such a tag is an error.
export function tagIds(labels, tags, lengths, name, single, { unknown } = {}) {
  const id = new Map(labels.map((l, i) => [l, i]));
  const seqs = single ? [tags] : tags;
  if (!Array.isArray(seqs)) throw new TypeError(`${name} must be an array of tag sequences (string[][]), not ${describe(tags)}`);
  if (seqs.length !== lengths.length) throw new RangeError(`${name} has ${seqs.length} tag sequences, expected ${lengths.length} (one per input sequence)`);
  const flat = [];
  seqs.forEach((s, i) => {
    const at = single ? name : `${name}[${i}]`;
    if (!Array.isArray(s)) throw new TypeError(`${at} is ${describe(s)}, not a tag sequence (an array of strings)`);
    if (s.length !== lengths[i]) throw new RangeError(`${at} has ${s.length} tags for ${lengths[i]} positions`);
    s.forEach((t, j) => {
      if (typeof t !== 'string') throw new TypeError(`${at}[${j}] is ${describe(t)}, not a tag (a string)`);
      if (!id.has(t) && unknown === undefined) throw new RangeError(`${at}[${j}] is the tag ${JSON.stringify(t)}, which the model does not know (known: ${labels.join(', ')})`);
      flat.push(id.get(t) ?? unknown);
    });
  });
  return Int32Array.from(flat);
}

// Forced tags for constrained decoding: per sequence, per position a tag of `labels` or null (free) → ids, −1
// where free. single: forced is one sequence's.
export function forcedTagIds(labels, forced, lengths, single) {
  const seqs = single ? [forced] : forced;
  if (!Array.isArray(seqs) || seqs.length !== lengths.length) throw new RangeError(`forced needs one array per sequence (${lengths.length}), not ${describe(forced)}`);
  const id = new Map(labels.map((l, i) => [l, i])), flat = [];
  seqs.forEach((s, i) => {
    const at = single ? 'forced' : `forced[${i}]`;
    if (!Array.isArray(s) || s.length !== lengths[i]) throw new RangeError(`${at} must have ${lengths[i]} entries (a tag or null), not ${describe(s)}${Array.isArray(s) ? ` of ${s.length}` : ''}`);
    s.forEach((t, j) => {
      if (t === null || t === undefined) flat.push(-1);
      else if (typeof t !== 'string') throw new TypeError(`${at}[${j}] is ${describe(t)}, not a tag (a string) or null`);
      else if (id.has(t)) flat.push(id.get(t));
      else throw new RangeError(`${at}[${j}]: unknown tag '${t}' (known: ${labels.join(', ')})`);
    });
  });
  return Int32Array.from(flat);
}

// ---- queries

// Relevance grades of many queries, for measures: [{ relevance }] or { relevance, queryOffsets } →
// { relevance: Float32Array, queryOffsets: Int32Array }.
export function relevanceQueries(qs, name = 'queries') {
  if (Array.isArray(qs)) {
    const rels = qs.map((q, i) => {
      if (!q || typeof q !== 'object' || Array.isArray(q)) throw new TypeError(`${name}[${i}] is ${describe(q)}, not a query { relevance }`);
      return numberArray(q.relevance, `${name}[${i}].relevance`, { finite: true });
    });
    const queryOffsets = new Int32Array(rels.length + 1);
    rels.forEach((r, i) => { queryOffsets[i + 1] = queryOffsets[i] + r.length; });
    const relevance = new Float32Array(queryOffsets[rels.length]);
    rels.forEach((r, i) => relevance.set(r, queryOffsets[i]));
    return { relevance, queryOffsets };
  }
  if (qs && typeof qs === 'object' && qs.queryOffsets !== undefined) {
    const relevance = numberArray(qs.relevance, `${name}.relevance`, { finite: true });
    return { relevance, queryOffsets: offsetArray(qs.queryOffsets, `${name}.queryOffsets`, relevance.length, { parts: 'queries', items: 'documents' }) };
  }
  throw new TypeError(`${name} must be [{ relevance }] or { relevance, queryOffsets }, not ${describe(qs)}`);
}

// Queries as the core wants them: one matrix of every document, relevance per document, query offsets.
// Accepts [{ features, relevance }] (features: number[][], {data, rows, cols} or CSR), what io.readLetor returns,
// or every document in one matrix with relevance and queryOffsets ({ data, rows, cols, relevance, queryOffsets }:
// what a fit on several workers sends each worker). Features and relevance must be finite.
export function queries(qs, name = 'queries', { fit = true } = {}) {
  if (qs && typeof qs === 'object' && !Array.isArray(qs) && qs.queryOffsets !== undefined) {
    const { offsets, indices, values, data, rows, cols, relevance, queryOffsets } = qs;
    const X = matrix(offsets !== undefined ? { offsets, indices, values, cols } : { data, rows, cols }, name, { fit, finite: true });
    return {
      X,
      relevance: numberArray(relevance, `${name}.relevance`, { n: X.rows, what: 'values (one per document)', finite: true }),
      queryOffsets: offsetArray(queryOffsets, `${name}.queryOffsets`, X.rows, { parts: 'queries', items: 'documents' }),
    };
  }
  if (!Array.isArray(qs)) throw new TypeError(`${name} must be an array of { features, relevance } or the result of io.readLetor, not ${describe(qs)}`);
  if (qs.length === 0) throw new RangeError(`${name} is empty`);
  const parts = qs.map((q, i) => {
    if (!q || typeof q !== 'object' || Array.isArray(q)) throw new TypeError(`${name}[${i}] is ${describe(q)}, not a query { features, relevance }`);
    const X = matrix(q.features, `${name}[${i}].features`, { finite: true });
    return { X, relevance: numberArray(q.relevance, `${name}[${i}].relevance`, { n: X.rows, what: 'values (one per document)', finite: true }) };
  });
  // One width for every query, so that each query's columns are checked against it.
  const cols = Math.max(...parts.map((p) => p.X.cols));
  parts.forEach((p, q) => {
    if (p.X.rows > 0 && p.X.cols !== cols) throw new RangeError(`${name}[${q}] has ${p.X.cols} features per document, expected ${cols}`);
  });
  const total = parts.reduce((s, p) => s + p.X.rows, 0);
  if (total > INT32_MAX) throw new RangeError(`${name} has more than 2^31 − 1 documents`);
  const relevance = new Float32Array(total), queryOffsets = new Int32Array(parts.length + 1);
  let at = 0;
  parts.forEach((p, q) => { relevance.set(p.relevance, at); at += p.X.rows; queryOffsets[q + 1] = at; });
  if (fit && total === 0) throw new RangeError(`${name} has no documents: training needs at least one`);
  if (fit && cols === 0) throw new RangeError(`${name} has no features: training needs at least one`);
  if (!parts.some((p) => p.X.offsets)) {
    const data = new Float32Array(total * cols);
    let row = 0;
    for (const p of parts) data.set(p.X.data, row * cols), (row += p.X.rows);
    return { X: { data, rows: total, cols }, relevance, queryOffsets };
  }
  const offsets = [0], indices = [], values = [];
  for (const p of parts) {
    if (p.X.offsets) {
      const base = indices.length;
      for (let i = 1; i <= p.X.rows; ++i) offsets.push(base + p.X.offsets[i]);
      for (let k = 0; k < p.X.indices.length; ++k) indices.push(p.X.indices[k]), values.push(p.X.values[k]);
      continue;
    }
    for (let i = 0; i < p.X.rows; ++i) {
      for (let j = 0; j < cols; ++j) {
        const v = p.X.data[i * cols + j];
        if (v !== 0) indices.push(j), values.push(v);
      }
      offsets.push(indices.length);
    }
  }
  if (indices.length > INT32_MAX) throw new RangeError(`${name} has more than 2^31 − 1 stored features`);
  return { X: { offsets: Int32Array.from(offsets), indices: Int32Array.from(indices), values: Float32Array.from(values), rows: total, cols }, relevance, queryOffsets };
}

// ---- the worker API

// A training job for TrainingWorker.train and parameter mixing: { model, options?, args?, fitOptions? }.
export function trainingSpec(spec) {
  if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) throw new TypeError(`the training job must be { model: 'Multiclass' | ..., options, args }, not ${describe(spec)}`);
  if (typeof spec.model !== 'string') throw new TypeError(`the training job's model must be the name of a model class such as 'Multiclass', not ${describe(spec.model)}`);
  const options = optionsObject(spec.options, "the training job's options");
  const fitOptions = optionsObject(spec.fitOptions, "the training job's fitOptions");
  if (spec.args !== undefined && !Array.isArray(spec.args)) throw new TypeError(`the training job's args must be an array (fit's arguments), not ${describe(spec.args)}`);
  return { model: spec.model, options, args: spec.args ?? [], fitOptions };
}

// ---- search documents

// A list of field names: an array of strings (the core refuses empty and repeated names).
export function fieldNames(value, name) {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array of field names, not ${describe(value)}`);
  value.forEach((v, i) => {
    if (typeof v !== 'string') throw new TypeError(`${name}[${i}] is ${describe(v)}, not a field name`);
    if (!v.isWellFormed()) throw new RangeError(`${name}[${i}] ${JSON.stringify(v)} has a lone surrogate`);
  });
  return value;
}

// A string as the core reads it: each lone surrogate made U+FFFD (a separator), as TextEncoder makes them in
// documents (Embind's own UTF-8 conversion would join a lone surrogate with the next character).
export function wellFormedText(value, name) {
  return stringArg(value, name).toWellFormed();
}

// A document id: a non-empty, well-formed string. where: the place named in an error, or a function that makes
// it (for a check made once per document, which should not build a message it does not need).
export function documentId(id, where) {
  if (typeof id === 'string' && id !== '' && id.isWellFormed()) return id;
  const at = typeof where === 'function' ? where() : where;
  if (typeof id !== 'string') throw new TypeError(`${at}: id is ${describe(id)}, not a string`);
  if (id === '') throw new RangeError(`${at}: id is empty`);
  throw new RangeError(`${at}: id ${JSON.stringify(id)} has a lone surrogate`);
}

// Documents for a search index: one { id, <text field>: string …, <numeric field>: finite number … } or an
// array of them, ids distinct; other properties are not read. Returns the array. (One plain loop, no string
// made per document: a page's first add runs it before V8 has optimised anything.)
export function searchDocuments(docs, textFields, numericFields, method) {
  const list = Array.isArray(docs) ? docs : [docs];
  const seen = new Set();
  let i = 0;
  const where = () => `${method}: document${Array.isArray(docs) ? ` ${i}` : ''}`;  // (one closure, not one a document)
  for (; i < list.length; ++i) {
    const doc = list[i];
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new TypeError(`${where()} is ${describe(doc)}, not an object { id, fields… }`);
    const id = documentId(doc.id, where);
    if (seen.has(id)) throw new RangeError(`${method}: the id '${id}' comes twice`);
    seen.add(id);
    for (const f of textFields) {
      if (typeof doc[f] === 'string') continue;
      if (!(f in doc)) throw new TypeError(`document '${id}': text field '${f}' is missing`);
      throw new TypeError(`document '${id}': text field '${f}' is ${describe(doc[f])}, not a string`);
    }
    for (const f of numericFields) {
      if (typeof doc[f] === 'number' && Number.isFinite(doc[f])) continue;
      if (!(f in doc)) throw new TypeError(`document '${id}': numeric field '${f}' is missing`);
      throw new TypeError(`document '${id}': numeric field '${f}' is ${describe(doc[f])}, not a finite number`);
    }
  }
  return list;
}
