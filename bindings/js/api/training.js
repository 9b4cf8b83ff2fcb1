// How a fit ended. Models keep the core's report as `training` = { converged, iterations, gap, tolerance,
// measure, warning? } (warning only when the solver stopped before its tolerance, at maxIter or by
// onProgress, or when the model is known to be poor). onProgress hears about it too: one last call, after the last epoch, with the same fields
// and final: true.

// Wraps onProgress to remember the last report; finish(handle) reads the model's report (or takes `training`, a
// report that came with the model's bytes from a worker) and makes the last call.
export function trainingProgress(onProgress) {
  let last = null;
  const forward = typeof onProgress === 'function';
  return {
    onProgress: forward ? (p) => { last = p; return onProgress(p); } : onProgress,
    finish(handle, training = handle.training()) {
      if (forward) {
        const epoch = last ?? { epoch: training.iterations, objective: NaN, trainingError: NaN };
        onProgress({ ...epoch, ...training, final: true });
      }
      return training;
    },
  };
}

// The error of a fit in an entry whose module links no trainers (argmax/tagger, argmax/search), naming the
// entries that train.
export function noTraining(entry, what) {
  return entry === 'argmax/search'
    ? new Error(`${what} is not in argmax/search, which searches and re-ranks with a trained SearchRanker: import 'argmax/search-train' to train`)
    : new Error(`${what} is not in ${entry}, which only tags: import 'argmax/sequence' (or 'argmax') to train`);
}
