// Types of argmax/text: text classification on its own wasm module.
import type { TextApi } from './types/text.js';
import type { LanguageIdentifierApi } from './types/language-identifier.js';
import type { Argmax, InitOptions } from './index.js';

export type * from './index.js';

/** What init() of argmax/text returns: TextClassifier, the shipped language identifier and load() of its models. */
export interface ArgmaxText extends TextApi, LanguageIdentifierApi, Pick<Argmax, 'load' | 'modelKind' | 'memoryUsage'> {}

/** Loads the text module (Node 20 or a browser) and returns its API. */
export declare function init(options?: InitOptions): Promise<ArgmaxText>;
