// Types of argmax/ranking: the ranking task's API on its own wasm module.
import type { RankingApi } from './types/ranking.js';
import type { Argmax, InitOptions } from './index.js';

export type * from './index.js';

/** What init() of argmax/ranking returns: the ranking task's classes, readers and metrics, load() of its models. */
export interface ArgmaxRanking extends RankingApi, Pick<Argmax, 'load' | 'modelKind' | 'memoryUsage'> {}

/** Loads the ranking module (Node 20 or a browser) and returns its API. */
export declare function init(options?: InitOptions): Promise<ArgmaxRanking>;
