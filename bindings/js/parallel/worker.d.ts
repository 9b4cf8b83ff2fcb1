// Types of argmax/worker: training in a Web Worker (browsers) or a worker_threads Worker (Node).
import type { Progress } from '../index.js';

/** Model constructors of the API that train with fit(); any other name on the API object (or a dotted path) works too. */
export type ModelName = 'Multiclass' | 'Reduction' | 'DecisionTree' | 'AdaBoostMH' | 'BinaryRelevance' | 'BinaryClassifier'
  | 'SequenceTagger' | 'DenseSequenceTagger' | 'Ranker' | (string & {});

export interface TrainingSpec {
  /** a model constructor of the API, e.g. 'Multiclass' or 'SequenceTagger' */
  model: ModelName;
  /** the constructor's options */
  options?: Record<string, unknown>;
  /** the arguments of fit() before its options object, e.g. [X, y]; they are copied to the worker */
  args?: unknown[];
  /** fit() options besides onProgress */
  fitOptions?: Record<string, unknown>;
}

export interface TrainingResult {
  /** the trained model: am.load(bytes) gives it back on any thread */
  bytes: Uint8Array;
  /** the model's kind, as am.modelKind(bytes) */
  kind: string;
  /** true when stop() (or onProgress returning false) ended training early */
  stopped: boolean;
  /** the last progress report, if any */
  progress: Progress | null;
  epochs: number;
  milliseconds: number;
}

export interface TrainingJob extends Promise<TrainingResult> {
  /** ends training after the current epoch and resolves with the model so far (needs SharedArrayBuffer; else cancel()) */
  stop(): void;
  /** terminates the work now; the promise rejects with an AbortError */
  cancel(): void;
  readonly id: number;
}

export interface TrainOptions {
  /** called once per epoch, on the calling thread; return false to stop */
  onProgress?: (p: Progress) => boolean | void;
  /** aborting it cancels the job */
  signal?: AbortSignal;
  /** buffers of the args to move to the worker rather than copy (they are detached here) */
  transfer?: ArrayBuffer[];
}

export interface TrainingWorkerOptions {
  /** the .wasm bytes, so the worker does not fetch them again */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** where the worker fetches argmax.wasm from (browsers) */
  wasmUrl?: string | URL;
  /**
   * Train taggers (SequenceTagger, DenseSequenceTagger) and Multiclass models (online trainers) on this many threads (1 to 8) by
   * parameter mixing, and taggers with trainer 'lbfgs' by exact parallel gradients (the same model bytes for any
   * number of workers): each job starts its own workers and ends them when it settles; stop() takes effect after
   * the current round or iteration, with or without SharedArrayBuffer.
   */
  workers?: number;
}

/** A worker thread with its own argmax instance, reused across jobs (one at a time; later jobs queue). */
export declare class TrainingWorker {
  constructor(options?: TrainingWorkerOptions);
  /** whether stop() ends training gracefully here (SharedArrayBuffer available: Node, or a crossOriginIsolated page) */
  static readonly gracefulStop: boolean;
  /** starts the worker and loads the wasm in it (train() does this by itself) */
  ready(): Promise<void>;
  train(spec: TrainingSpec, options?: TrainOptions): TrainingJob;
  /** ends the worker; running and queued jobs reject */
  terminate(): void;
}

/** One job in a fresh worker that ends with it. */
export declare function trainInWorker(spec: TrainingSpec, options?: TrainOptions & TrainingWorkerOptions): TrainingJob;

/** The error a cancelled job rejects with (name 'AbortError'). */
export declare class TrainingCancelled extends Error {}
