// argmax/search: the search index (documents with text and numeric fields, BM25F search with phrases, the features
// of (query, document) pairs) and its learned re-ranker (SearchRanker: loaded, it re-ranks), on a wasm module
// linked from the search bindings only, without the re-ranker's trainers: SearchRanker#fit and am.clicks are
// errors that name argmax/search-train, which trains.
//   import { init } from 'argmax/search';  const am = await init();
import createArgmaxSearch from '../../dist/argmax-search.mjs';
import { library } from './api/library.js';
import * as search from './api/search.js';
import * as searchRanker from './api/search-ranker.js';

export const init = library(createArgmaxSearch, new URL('../../dist/argmax-search.wasm', import.meta.url),
  [search, searchRanker], 'argmax/search');
