// Types of argmax/search: the search task's API on its own wasm module.
import type { SearchApi } from './types/search.js';
import type { SearchRankerApi } from './types/search-ranker.js';
import type { Argmax, InitOptions } from './index.js';

export type * from './index.js';
export type * from './types/search-ranker.js';

/** What init() of argmax/search returns: the search index, its learned re-ranker, the click helpers, and load(). */
export interface ArgmaxSearch extends SearchApi, SearchRankerApi, Pick<Argmax, 'load' | 'modelKind' | 'memoryUsage'> {}

/** Loads the search module (Node 20 or a browser) and returns its API. */
export declare function init(options?: InitOptions): Promise<ArgmaxSearch>;
