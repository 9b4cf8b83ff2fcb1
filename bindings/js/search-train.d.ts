// Types of argmax/search-train: argmax/search's API, on a module that also trains the re-ranker.
import type { ArgmaxSearch } from './search.js';
import type { InitOptions } from './index.js';

export type * from './search.js';

/** Loads the search module that trains (Node 20 or a browser) and returns its API. */
export declare function init(options?: InitOptions): Promise<ArgmaxSearch>;
