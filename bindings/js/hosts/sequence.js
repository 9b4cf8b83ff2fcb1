// A worker of argmax/sequence: serves training requests with that entry's module (parallel/worker-host.js).
import { init } from '../sequence.js';
import { serve } from '../parallel/worker-host.js';

serve(init);
