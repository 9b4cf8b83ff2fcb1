#include "boosting/adaboost_mh.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "boosting/stump_search.hpp"
#include "core/labels.hpp"
#include "core/out_of_line.hpp"
#include "trees/decision_tree.hpp"

namespace argmax {

const std::vector<OptionSpec>& adaboost_mh_options() {
  static const std::vector<OptionSpec> specs = {
      integer_option("rounds", "100", 1, 1e7, "boosting rounds T (fewer if a stump is perfect)"),
  };
  return specs;
}

AdaBoostMHConfig adaboost_mh_config_from(const Options& o) {
  AdaBoostMHConfig c;
  c.rounds = o.integer("rounds");
  return c;
}

double LabelStump::phi(const RowView& x) const { return feature_value(x, feature) > threshold ? 1.0 : -1.0; }

AdaBoostMH AdaBoostMH::train(const Rows& rows, const LabelMatrix& y, const AdaBoostMHConfig& config,
                             const ProgressFn& progress) {
  rows.validate();
  y.validate();
  require(y.rows == rows.rows(), "got labels for ", y.rows, " rows, but ", rows.rows(), " rows of features");
  require(rows.rows() > 0, "adaboost-mh: no training examples");
  require(config.rounds >= 1, "adaboost-mh: rounds must be >= 1");
  const int m = rows.rows(), k = y.labels;
  const int32_t d = rows.cols();
  AdaBoostMH model;
  model.labels_ = k, model.cols_ = d;
  model.class_labels_.resize(k);
  std::iota(model.class_labels_.begin(), model.class_labels_.end(), 0);

  // Columns, and each column's example order by value.
  std::vector<float> x(size_t(m) * d, 0.f);
  for (int i = 0; i < m; ++i) rows.row(i).for_each([&](int32_t j, float v) { x[size_t(j) * m + i] = v; });
  std::vector<std::vector<int32_t>> order(d, std::vector<int32_t>(m));
  for (int32_t j = 0; j < d; ++j) {
    std::iota(order[j].begin(), order[j].end(), 0);
    const float* col = &x[size_t(j) * m];
    std::stable_sort(order[j].begin(), order[j].end(), [&](int32_t a, int32_t b) { return col[a] < col[b]; });
  }

  std::vector<double> D(size_t(m) * k, 1.0 / (double(m) * k));
  std::vector<double> f(size_t(m) * k, 0.0);  // f(x_i, l) so far
  double z_product = 1;
  StumpChoice best;
  auto search = [&] { best = best_stump(x, order, D, y); };  // a call of its own: core/out_of_line.hpp
  for (int t = 1; t <= config.rounds; ++t) {
    out_of_line(search);
    double sum_d = 0;
    for (double v : D) sum_d += v;
    double epsilon = 0.5 * (sum_d - best.edge);  // Σ D = 1 up to rounding
    if (epsilon >= 0.5 - 1e-12) break;           // no stump beats chance
    const bool perfect = epsilon <= 1e-10;
    epsilon = std::max(epsilon, 1e-10);
    LabelStump h;
    h.feature = best.feature;
    h.threshold = float(best.threshold);
    h.vote.resize(k);
    for (int l = 0; l < k; ++l) h.vote[l] = best.r[l] >= 0 ? 1 : -1;
    h.alpha = 0.5 * std::log((1 - epsilon) / epsilon);
    BoostingRound r;
    r.epsilon = epsilon, r.alpha = h.alpha, r.z = 2 * std::sqrt(epsilon * (1 - epsilon));
    z_product *= r.z;
    r.z_product = z_product;
    // D_{t+1} = D_t exp(−α y h) / Z_t; renormalised by the actual sum, which equals Z_t up to rounding.
    const float* col = &x[size_t(h.feature) * m];
    double new_sum = 0;
    size_t wrong = 0;
    for (int i = 0; i < m; ++i) {
      const double phi = col[i] > h.threshold ? 1.0 : -1.0;
      for (int l = 0; l < k; ++l) {
        const size_t q = size_t(i) * k + l;
        const double hv = h.vote[l] * phi;
        D[q] *= std::exp(-h.alpha * y.at(i, l) * hv);
        new_sum += D[q];
        f[q] += h.alpha * hv;
        wrong += (f[q] > 0 ? 1 : -1) != y.at(i, l);
      }
    }
    for (double& v : D) v /= new_sum;
    r.hamming_loss = double(wrong) / (double(m) * k);
    model.stumps_.push_back(std::move(h));
    model.history_.push_back(r);
    if (progress) {
      Progress p;
      p.epoch = t, p.objective = r.z_product, p.training_error = r.hamming_loss;
      if (!progress(p)) break;
    }
    if (perfect) break;
  }
  return model;
}

void AdaBoostMH::scores(const RowView& x, double* f) const {
  std::fill(f, f + labels_, 0.0);
  for (const LabelStump& h : stumps_) {
    const double a = h.alpha * h.phi(x);
    for (int l = 0; l < labels_; ++l) f[l] += a * h.vote[l];
  }
}

int AdaBoostMH::predict_class(const RowView& x) const {
  std::vector<double> f(labels_);
  scores(x, f.data());
  return int(std::max_element(f.begin(), f.end()) - f.begin());  // first maximum: lowest label on ties
}

std::vector<int8_t> AdaBoostMH::predict_labels(const RowView& x) const {
  std::vector<double> f(labels_);
  scores(x, f.data());
  std::vector<int8_t> out(labels_);
  for (int l = 0; l < labels_; ++l) out[l] = f[l] > 0 ? 1 : -1;
  return out;
}

LabelMatrix AdaBoostMH::predict_labels(const Rows& rows) const {
  LabelMatrix out(rows.rows(), labels_);
  for (int32_t i = 0; i < rows.rows(); ++i) {
    const std::vector<int8_t> v = predict_labels(rows.row(i));
    std::copy(v.begin(), v.end(), out.y.begin() + size_t(i) * labels_);
  }
  return out;
}

std::vector<int32_t> AdaBoostMH::predict_classes(const Rows& rows) const {
  std::vector<int32_t> out(rows.rows());
  for (int32_t i = 0; i < rows.rows(); ++i) out[i] = predict_class(rows.row(i));
  return out;
}

void AdaBoostMH::set_class_labels(std::vector<int32_t> labels) {
  require(int(labels.size()) == labels_, "expected ", labels_, " class labels, got ", labels.size());
  std::vector<int32_t> sorted = labels;
  std::sort(sorted.begin(), sorted.end());
  require(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end(), "class labels must be distinct");
  class_labels_ = std::move(labels);
}

AdaBoostMH AdaBoostMH::train_on_labels(const Rows& rows, const int32_t* labels, const AdaBoostMHConfig& config,
                                       const ProgressFn& progress) {
  require(rows.rows() > 0, "training data is empty");
  const LabelIndex y = index_labels(labels, size_t(rows.rows()));  // one class: one constant stump predicts it
  AdaBoostMH m = train(rows, LabelMatrix::from_classes(y.index, int(y.labels.size())), config, progress);
  m.set_class_labels(y.labels);
  return m;
}

std::vector<uint8_t> AdaBoostMH::to_bytes() const {
  ByteWriter out("adaboost-mh");
  save_payload(out);
  return out.finish();
}

std::vector<uint8_t> AdaBoostMH::to_multilabel_bytes() const {
  ByteWriter out("multilabel");
  out.put_string("adaboost-mh");
  save_payload(out);
  return out.finish();
}

AdaBoostMH AdaBoostMH::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  if (in.kind() == "multilabel") {
    const std::string method = in.get_string();
    require(method == "adaboost-mh", "expected an adaboost-mh model, got a multilabel '", method, "' model");
  } else {
    require(in.kind() == "adaboost-mh", "these model bytes hold a '", in.kind(), "' model, not an adaboost-mh model");
  }
  AdaBoostMH model = load_payload(in, size);
  in.expect_end();
  return model;
}

void AdaBoostMH::save_payload(ByteWriter& out) const {
  out.put<int32_t>(labels_);
  out.put<int32_t>(cols_);
  out.put<uint64_t>(stumps_.size());
  for (const LabelStump& h : stumps_) {
    out.put<int32_t>(h.feature);
    out.put<float>(h.threshold);
    out.put<double>(h.alpha);
    out.put_vector(h.vote);
  }
  out.put_vector(class_labels_);
  out.put<uint64_t>(history_.size());
  for (const BoostingRound& r : history_) {
    out.put<double>(r.epsilon), out.put<double>(r.alpha), out.put<double>(r.z);
    out.put<double>(r.z_product), out.put<double>(r.hamming_loss);
  }
}

AdaBoostMH AdaBoostMH::load_payload(ByteReader& in, size_t size) {
  AdaBoostMH model;
  model.labels_ = in.get<int32_t>();
  model.cols_ = in.get<int32_t>();
  require(model.labels_ >= 1 && model.cols_ >= 0, "model bytes are corrupt (adaboost-mh shape)");
  checked_count<double>("adaboost-mh labels", {model.labels_});  // one score per label
  const uint64_t n = in.get<uint64_t>();
  require(n <= size, "model bytes are corrupt (", n, " stumps)");
  for (uint64_t t = 0; t < n; ++t) {
    LabelStump h;
    h.feature = in.get<int32_t>();
    h.threshold = in.get<float>();  // −∞ is the constant stump; NaN is refused below
    h.alpha = in.get_finite<double>("stump weight α");
    h.vote = in.get_vector<int8_t>();
    require(h.feature >= 0 && (h.feature < model.cols_ || model.cols_ == 0) && std::isfinite(h.alpha) &&
                h.vote.size() == size_t(model.labels_) && !std::isnan(h.threshold),
            "model bytes are corrupt (stump ", t, ")");
    for (int8_t v : h.vote) require(v == 1 || v == -1, "model bytes are corrupt (stump ", t, " vote)");
    model.stumps_.push_back(std::move(h));
  }
  model.set_class_labels(in.get_vector<int32_t>());
  const uint64_t r = in.get<uint64_t>();
  require(r <= size, "model bytes are corrupt (", r, " rounds)");
  for (uint64_t t = 0; t < r; ++t) {
    BoostingRound b;
    b.epsilon = in.get<double>(), b.alpha = in.get<double>(), b.z = in.get<double>();
    b.z_product = in.get<double>(), b.hamming_loss = in.get<double>();
    model.history_.push_back(b);
  }
  return model;
}

}  // namespace argmax
