// argmax/ranking: the Ranker alone (NDCG, Kendall's τ and bipartite surrogates, the LETOR reader, the ranking
// metrics), on a wasm module linked from the ranking bindings only.
//   import { init } from 'argmax/ranking';  const am = await init();
import createArgmaxRanking from '../../dist/argmax-ranking.mjs';
import { library } from './api/library.js';
import * as ranking from './api/ranking.js';

// Models that train on several threads do so on workers that load this entry again (hosts/ranking.js).
const host = (Worker) => new Worker(new URL('./hosts/ranking.js', import.meta.url), { type: 'module' });

export const init = library(createArgmaxRanking, new URL('../../dist/argmax-ranking.wasm', import.meta.url),
  [ranking], 'argmax/ranking', host);
