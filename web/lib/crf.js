// The CRF's L2 penalty under whichever name this build's SequenceTagger declares for its L-BFGS trainer: c2
// (CRFsuite's convention, c2‖w‖² + Σ NLL, i.e. λ = 2·c2/m on the mean), l2 or lambda ((λ/2)‖w‖² + mean NLL).
import { am } from './runtime.js';

export function crfPenalty(lambda, sequences) {
  const names = new Set(am.SequenceTagger.options('lbfgs').map((o) => o.name));
  if (names.has('c2')) return { c2: (lambda * sequences) / 2 };
  if (names.has('l2')) return { l2: lambda };
  return { lambda };
}
