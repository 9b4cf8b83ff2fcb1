// Types of argmax/multiclass: the multiclass and multi-label API on its own wasm module.
import type { ReductionsApi } from './types/reductions.js';
import type { Argmax, InitOptions } from './index.js';

export type * from './index.js';

/** What init() of argmax/multiclass returns: Multiclass, the reductions, trees and boosting, their readers and
 * metrics, load() of their models. */
export interface ArgmaxMulticlass extends Omit<ReductionsApi, 'io' | 'metrics'>,
  Pick<Argmax, 'Multiclass' | 'load' | 'modelKind' | 'memoryUsage'> {
  metrics: Pick<Argmax['metrics'], 'classification' | 'averageCost' | 'marginLoss'> & ReductionsApi['metrics'];
  io: Pick<Argmax['io'], 'readLibsvm'> & ReductionsApi['io'];
}

/** Loads the multiclass module (Node 20 or a browser) and returns its API. */
export declare function init(options?: InitOptions): Promise<ArgmaxMulticlass>;
