// The CRF's L2 penalty λ of the mean form, (λ/2)‖w‖² + mean NLL, as the L-BFGS trainer's c2 (CRFsuite's sum
// form, c2‖w‖² + Σ NLL, so λ = 2·c2/m over m sequences).
export function crfPenalty(lambda, sequences) {
  return { c2: (lambda * sequences) / 2 };
}
