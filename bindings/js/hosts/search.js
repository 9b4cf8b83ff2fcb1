// A worker of argmax/search-train: serves training requests (SearchRanker jobs) with that entry's module
// (parallel/worker-host.js).
import { init } from '../search-train.js';
import { serve } from '../parallel/worker-host.js';

serve(init);
