// A worker of argmax/search: serves training requests (SearchRanker jobs) with that entry's module
// (parallel/worker-host.js).
import { init } from '../search.js';
import { serve } from '../parallel/worker-host.js';

serve(init);
