// A worker of argmax: serves training requests with the full library's module (parallel/worker-host.js).
import { init } from '../index.js';
import { serve } from '../parallel/worker-host.js';

serve(init);
