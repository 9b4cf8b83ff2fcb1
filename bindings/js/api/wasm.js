// Moving data between JS and the wasm heap, and the lifetime of objects that own wasm memory.
// Inputs, checked and converted by inputs.js first, are copied into the heap once per call (no per-element
// Embind calls); outputs are copied out, because a heap view becomes empty when memory grows.

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
  // A matrix checked by inputs.js (matrix, numericSequences, queries) as the C++ side wants it
  // (bindings/common.hpp MatrixArg): {offsets, indices, values, rows, cols, name}, offsets = 0 for dense.
  matrix(m, name = 'X') {
    return m.offsets
      ? { offsets: this.i32(m.offsets), indices: this.i32(m.indices), values: this.f32(m.values), rows: m.rows, cols: m.cols, name }
      : { offsets: 0, indices: 0, values: this.f32(m.data), rows: m.rows, cols: m.cols, name };
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

// For a method that writes `width` values per row of a matrix checked by inputs.js: allocates it and the
// output, calls fill(matrixArg, out, heap), and returns the values as an Int32Array ('i32') or a Float32Array
// ('f32'). No rows give an empty answer without a call into wasm.
export function perRow(M, m, width, type, fill) {
  if (m.rows === 0) return type === 'i32' ? new Int32Array(0) : new Float32Array(0);
  return withHeap(M, (heap) => {
    const args = heap.matrix(m), n = args.rows * width, out = heap.alloc(n * 4);
    fill(args, out, heap);
    return type === 'i32' ? heap.readI32(out, n) : heap.readF32(out, n);
  });
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
