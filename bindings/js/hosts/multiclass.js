// A worker of argmax/multiclass: serves training requests with that entry's module (parallel/worker-host.js).
import { init } from '../multiclass.js';
import { serve } from '../parallel/worker-host.js';

serve(init);
