// Types of argmax/sequence: the sequence task's API on its own wasm module.
import type { SequenceApi } from './types/sequence.js';
import type { Argmax, InitOptions } from './index.js';

export type * from './index.js';

/** What init() of argmax/sequence returns: the sequence task's classes, readers and metrics, load() of its models. */
export interface ArgmaxSequence extends SequenceApi, Pick<Argmax, 'load' | 'modelKind' | 'memoryUsage'> {}

/** Loads the sequence module (Node 20 or a browser) and returns its API. */
export declare function init(options?: InitOptions): Promise<ArgmaxSequence>;
