// A worker of argmax/ranking: serves training requests with that entry's module (parallel/worker-host.js).
import { init } from '../ranking.js';
import { serve } from '../parallel/worker-host.js';

serve(init);
