// Types of the CommonJS entry (index.cjs): the same init() and API as the ES module.
import type { Argmax, InitOptions } from './index.js';

export type * from './index.js';
/** Loads the wasm module (Node 20 or a browser) and returns the API. */
export declare function init(options?: InitOptions): Promise<Argmax>;
/** Loads the search module on the first call and returns its API. */
export declare function initSearch(options?: InitOptions): Promise<import('./search.js').ArgmaxSearch>;
