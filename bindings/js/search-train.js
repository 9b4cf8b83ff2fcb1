// argmax/search-train: what argmax/search has, and training its re-ranker: SearchRanker#fit from judgments or
// clicks, am.clicks.positionBias and am.clicks.simulate (argmax/search links no trainer, for pages that search
// with a trained ranker). The CLI and the search TrainingWorker use it.
//   import { init } from 'argmax/search-train';  const am = await init();
import createArgmaxSearchTrain from '../../dist/argmax-search-train.mjs';
import { library } from './api/library.js';
import * as search from './api/search.js';
import * as searchRanker from './api/search-ranker.js';

export const init = library(createArgmaxSearchTrain, new URL('../../dist/argmax-search-train.wasm', import.meta.url),
  [search, searchRanker], 'argmax/search-train');
