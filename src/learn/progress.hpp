#pragma once
#include <functional>

namespace argmax {

// Reported after every epoch; the callback returns false to stop training early.
struct Progress {
  int epoch = 0;
  double objective = 0;       // the trainer's objective (see each trainer)
  double training_error = 0;  // mean task loss Δ(h_w(x_i), y_i) seen during the epoch
};
using ProgressFn = std::function<bool(const Progress&)>;

}  // namespace argmax
