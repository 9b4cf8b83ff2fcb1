// Moving data between JS and the wasm heap, and the lifetime of objects that own wasm memory.
// Inputs are copied into the heap once per call (no per-element Embind calls); outputs are copied out,
// because a heap view becomes empty when memory grows.

const registry = new FinalizationRegistry((handle) => {
  try { handle.delete(); } catch { /* already gone */ }
});

// Base of every JS object that holds a C++ object: dispose() frees it; the registry is a safety net.
export class Owned {
  #handle;
  constructor(handle) {
    this.#handle = handle ?? null;
    if (handle) registry.register(this, handle, this);
  }
  get handle() {
    if (!this.#handle) throw new Error(`${this.constructor.name} is not trained, loaded or has been disposed`);
    return this.#handle;
  }
  get ready() { return this.#handle !== null; }
  replaceHandle(handle) {
    this.dispose();
    this.#handle = handle;
    registry.register(this, handle, this);
  }
  dispose() {
    if (!this.#handle) return;
    registry.unregister(this);
    this.#handle.delete();
    this.#handle = null;
  }
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() { this.dispose(); }
  // The model's bytes; am.load turns them back into a model.
  save() { return this.handle.save(); }
  // A model of this class (built with `options`) around a handle from wasm: what am.load returns.
  static fromHandle(handle, options) {
    const model = new this(options);
    model.replaceHandle(handle);
    return model;
  }
}

// Makes every Embind function throw the error its C++ call left pending (see Guard in bindings/common.hpp).
// C++ never throws into JS: an exception crossing wasm frames would leak their stack and the exception
// object on every error. Embind marks its functions with argCount (or numArguments); its classes are the
// functions whose prototype has isAliasOf.
export function guardCalls(M) {
  const takeError = M.takeError;
  const isBound = (fn) => typeof fn === 'function' && (fn.argCount ?? fn.numArguments) !== undefined && fn !== takeError;
  const guard = (fn) => {
    const guarded = function (...args) {
      const result = fn.apply(this, args);
      const error = takeError();
      if (error === null) return result;
      if (typeof result?.isAliasOf === 'function') result.delete();  // the empty object a failed call returns
      throw error;
    };
    Object.defineProperty(guarded, 'name', { value: fn.name });
    return guarded;
  };
  const guardOwn = (target) => {
    for (const key of Object.getOwnPropertyNames(target)) {
      if (key !== 'prototype' && isBound(target[key])) target[key] = guard(target[key]);
    }
  };
  guardOwn(M);
  for (const key of Object.getOwnPropertyNames(M)) {
    const value = M[key];
    if (typeof value === 'function' && typeof value.prototype?.isAliasOf === 'function') {
      guardOwn(value);
      guardOwn(value.prototype);
    }
  }
}

// A scope of heap allocations freed together.
export class Heap {
  constructor(M) { this.M = M; this.pointers = []; }
  alloc(bytes) {
    const p = this.M._malloc(Math.max(bytes, 4));
    if (!p) throw new RangeError(`out of wasm memory allocating ${bytes} bytes`);
    this.pointers.push(p);
    return p;
  }
  f32(array) {
    const p = this.alloc(array.length * 4);
    this.M.HEAPF32.set(array, p >> 2);
    return p;
  }
  i32(array) {
    const p = this.alloc(array.length * 4);
    this.M.HEAP32.set(array, p >> 2);
    return p;
  }
  f64(array) {
    const p = this.alloc(array.length * 8);
    this.M.HEAPF64.set(array, p >> 3);
    return p;
  }
  u8(array) {
    const p = this.alloc(array.length);
    this.M.HEAPU8.set(array, p);
    return p;
  }
  readF32(p, n) { return this.M.HEAPF32.slice(p >> 2, (p >> 2) + n); }
  readI32(p, n) { return this.M.HEAP32.slice(p >> 2, (p >> 2) + n); }
  free() {
    for (const p of this.pointers) this.M._free(p);
    this.pointers = [];
  }
}

// Runs fn(heap) and frees what it allocated, whatever happens.
export function withHeap(M, fn) {
  const heap = new Heap(M);
  try { return fn(heap); } finally { heap.free(); }
}

const isArrayLike = (a) => Array.isArray(a) || ArrayBuffer.isView(a);

// number[][] as {data, rows, cols} (row-major Float32Array): one array to copy, to wasm or to a worker.
export function denseRows(X, name = 'X') {
  if (X.length === 0) return { data: new Float32Array(0), rows: 0, cols: 0 };
  const cols = X[0]?.length;
  if (!isArrayLike(X[0])) throw new TypeError(`${name} must be an array of rows (number[][]), {data, rows, cols} or CSR {offsets, indices, values, cols}`);
  const data = new Float32Array(X.length * cols);
  X.forEach((row, i) => {
    if (!isArrayLike(row) || row.length !== cols) throw new RangeError(`${name}: row ${i} has ${row?.length ?? 'no'} features, expected ${cols}`);
    data.set(row, i * cols);
  });
  checkNumbers(X, data, name);
  return { data, rows: X.length, cols };
}

// A feature matrix as the C++ side wants it (bindings/common.hpp MatrixArg): {offsets, indices, values, rows, cols,
// name}, offsets = 0 for dense. Accepts number[][] (dense rows), {data, rows, cols} (dense row-major) or
// {offsets, indices, values, cols} (CSR). Only what C++ cannot see is checked here: the arrays, their lengths and
// that their numbers are numbers; the contents (CSR offsets, columns, finite values) are checked once, in C++,
// where the view is made (bindings/common.hpp rows_at).
export function matrixArgs(heap, X, name = 'X') {
  if (X == null) throw new TypeError(`${name} is missing`);
  const args = (offsets, indices, values, rows, cols) => ({ offsets, indices, values, rows, cols, name });
  if (Array.isArray(X)) {
    const { data, rows, cols } = denseRows(X, name);
    return args(0, 0, heap.f32(data), rows, cols);
  }
  if (X.offsets !== undefined) {
    const { offsets, indices, values, cols } = X, rows = csrRows(X, name);
    return args(heap.i32(int32Array(offsets, `${name}.offsets`)), heap.i32(int32Array(indices, `${name}.indices`)),
      heap.f32(values), rows, cols);
  }
  if (X.data !== undefined) {
    const { data, rows, cols } = X;
    if (!isArrayLike(data)) throw new TypeError(`${name}.data must be a Float32Array or number[]`);
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0) throw new TypeError(`${name}: rows and cols must be integers ≥ 0`);
    if (data.length !== rows * cols) throw new RangeError(`${name}: data has ${data.length} values, expected rows × cols = ${rows * cols}`);
    return args(0, 0, heap.f32(data), rows, cols);
  }
  throw new TypeError(`${name} must be number[][], {data, rows, cols} or CSR {offsets, indices, values, cols}`);
}

// The number of rows of a CSR matrix, after checking what JS has to: the arrays and their lengths (offsets
// from 0 to the number of values); the rest is checked in C++.
export function csrRows({ offsets, indices, values, cols }, name) {
  if (!isArrayLike(offsets) || !isArrayLike(indices) || !isArrayLike(values)) throw new TypeError(`${name}: CSR needs offsets, indices and values arrays`);
  if (!Number.isInteger(cols) || cols < 0) throw new TypeError(`${name}: CSR needs an integer cols ≥ 0`);
  const rows = offsets.length - 1;
  if (rows < 0) throw new RangeError(`${name}: CSR offsets must have rows + 1 entries`);
  if (offsets[0] !== 0) throw new RangeError(`${name}: CSR offsets must start at 0`);
  const nnz = offsets[rows];
  if (indices.length !== values.length || nnz !== indices.length) throw new RangeError(`${name}: CSR offsets end at ${nnz} but there are ${indices.length} indices and ${values.length} values`);
  return rows;
}

function checkNumbers(X, data, name) {
  // Float32Array turns non-numbers into NaN silently; name the culprit instead (the core rejects NaN).
  for (let i = 0; i < data.length; ++i) {
    if (Number.isNaN(data[i])) {
      const cols = X[0].length, r = Math.floor(i / cols), c = i % cols;
      if (typeof X[r][c] !== 'number') throw new TypeError(`${name}: row ${r} column ${c} is ${typeof X[r][c]}, expected a number`);
    }
  }
}

// For a method that writes `width` values per row of X: allocates X and the output, calls
// fill(matrixArgs, out, heap), and returns the values as an Int32Array ('i32') or a Float32Array ('f32').
export function perRow(M, X, width, type, fill) {
  return withHeap(M, (heap) => {
    const args = matrixArgs(heap, X), n = args.rows * width, out = heap.alloc(n * 4);
    fill(args, out, heap);
    return type === 'i32' ? heap.readI32(out, n) : heap.readF32(out, n);
  });
}

export function rowCount(X) {
  if (Array.isArray(X)) return X.length;
  if (X?.offsets !== undefined) return X.offsets.length - 1;
  return X?.rows ?? 0;
}

// Integers → Int32Array, refusing anything that would be truncated or wrapped.
function int32Array(a, name, what = 'integer') {
  if (a instanceof Int32Array) return a;
  const out = new Int32Array(a.length);
  for (let i = 0; i < a.length; ++i) {
    const v = a[i];
    if (!Number.isInteger(v) || v < -2147483648 || v > 2147483647) throw new TypeError(`${name}[${i}] is ${v}, expected a 32-bit ${what}`);
    out[i] = v;
  }
  return out;
}

// Integer labels → Int32Array.
export function labelArray(y, n, name = 'y') {
  if (!isArrayLike(y)) throw new TypeError(`${name} must be an array of integer labels`);
  if (n !== undefined && y.length !== n) throw new RangeError(`${name} has ${y.length} labels for ${n} rows`);
  return int32Array(y, name, 'integer label');
}

// Text readers take a file as a string, its bytes (a Uint8Array, e.g. a Buffer; never decoded in JS), an
// iterable of Uint8Array chunks (read at once: a file read piece by piece), or an async iterable or
// ReadableStream of chunks (then they return a Promise). Each piece of at most PIECE bytes crosses into wasm
// once and is parsed there; the reader (Reader.open(...args), bindings/common.hpp JsReader) keeps the parsed
// rows, never the text, so memory stays bounded by the result. convert shapes the result for the API.
const PIECE = 8 << 20;
const utf8 = new TextEncoder();
export function readText(M, Reader, args, source, name, convert = (result) => result) {
  if (typeof source === 'string') source = utf8.encode(source);
  const sync = source instanceof Uint8Array ? [source]
    : typeof source?.[Symbol.iterator] === 'function' && !ArrayBuffer.isView(source) ? source : null;
  const stream = sync ? null : source?.[Symbol.asyncIterator] ? source : typeof source?.getReader === 'function' ? streamChunks(source) : null;
  if (!sync && !stream) throw new TypeError(`${name} expects the file contents as a string, a Uint8Array, or an iterable, async iterable or ReadableStream of Uint8Array chunks`);
  const reader = Reader.open(...args);
  if (sync) {
    try {
      let index = 0;
      for (const chunk of sync) feedChunk(M, reader, chunk, index++, name);
      return convert(reader.finish());
    } finally { reader.delete(); }
  }
  return (async () => {
    try {
      let index = 0;
      for await (const chunk of stream) feedChunk(M, reader, chunk, index++, name);
      return convert(reader.finish());
    } finally { reader.delete(); }
  })();
}

function feedChunk(M, reader, chunk, index, name) {
  if (!(chunk instanceof Uint8Array)) throw new TypeError(`${name}: chunk ${index} is ${chunk === null ? 'null' : typeof chunk}, expected a Uint8Array`);
  for (let at = 0; at < chunk.length; at += PIECE) {
    const piece = chunk.subarray(at, at + PIECE);
    withHeap(M, (heap) => reader.feed(heap.u8(piece), piece.length));
  }
}

// A ReadableStream without async iteration (older browsers) read as an async iterable.
async function* streamChunks(stream) {
  const reader = stream.getReader();
  try {
    for (let r = await reader.read(); !r.done; r = await reader.read()) yield r.value;
  } finally { reader.releaseLock(); }
}

// A reader's minCols option: the least number of columns of the matrix it returns.
export function minColsArg(minCols) {
  if (!Number.isInteger(minCols) || minCols < 0 || minCols > 2147483647) throw new RangeError(`minCols must be an integer ≥ 0; got ${minCols}`);
  return minCols;
}

// Wraps a user progress callback for C++: exceptions are kept and rethrown after training stops.
export function progressBridge(onProgress) {
  const state = { error: undefined };
  if (onProgress === undefined || onProgress === null) return { callback: undefined, rethrow() {} };
  if (typeof onProgress !== 'function') throw new TypeError('onProgress must be a function');
  return {
    callback: (epoch, objective, trainingError) => {
      try {
        return onProgress({ epoch, objective, trainingError }) !== false;
      } catch (e) {
        state.error = e;
        return false;
      }
    },
    rethrow() { if (state.error !== undefined) throw state.error; },
  };
}

export function bytesArg(bytes) {
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  if (bytes instanceof Uint8Array) return bytes;
  if (ArrayBuffer.isView(bytes)) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  throw new TypeError('model bytes must be a Uint8Array or ArrayBuffer');
}
