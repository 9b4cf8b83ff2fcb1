#pragma once
#include <functional>
#include <string>

namespace argmax {

// Reported after every epoch; the callback returns false to stop training early.
struct Progress {
  int epoch = 0;
  double objective = 0;       // the trainer's objective (see each trainer)
  double training_error = 0;  // mean task loss Δ(h_w(x_i), y_i) seen during the epoch
};
using ProgressFn = std::function<bool(const Progress&)>;

// How an iterative solver ended. Trainers that run a fixed number of epochs have no stopping rule
// (measure empty) and always count as converged.
struct TrainingReport {
  bool converged = true;   // met its stopping rule; false when it stopped at the cap or was stopped
  int iterations = 0;      // outer iterations (passes, Newton steps, cutting-plane rounds) taken
  int cap = 0;             // the iteration cap (max_iter)
  double gap = 0;          // the final value of the stopping quantity …
  double tolerance = 0;    // … and the value it had to reach
  std::string measure;     // what gap is: "dual gap", "KKT violation", "relative gradient norm", …
  std::string hint;        // what to try when the cap is hit
  bool stopped_by_callback = false;
  std::string caution;     // what is known to be poor about the model, whatever the solver did (empty: nothing)

  // Calls the progress callback, when there is one, with what fill(Progress&) reports (computed only then);
  // true when it asks to stop, which is recorded.
  template <class Fill>
  bool stop_requested(const ProgressFn& progress, Fill fill) {
    if (!progress) return false;
    Progress p;
    fill(p);
    stopped_by_callback = !progress(p);
    return stopped_by_callback;
  }

  // One line, empty when converged without a caution: "stopped at max_iter=1000 with KKT violation 0.53
  // (tolerance 0.1); …", then the caution.
  std::string warning() const;
};

}  // namespace argmax
