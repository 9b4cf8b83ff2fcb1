#include "multiclass/kernel_multiclass.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "binary/binary_model.hpp"
#include "binary/kernel_svm.hpp"
#include "core/error.hpp"
#include "io/bytes.hpp"
#include "learn/trainer_options.hpp"
#include "metrics/cost_matrix.hpp"
#include "multiclass/kernel_crammer_singer.hpp"
#include "multiclass/multiclass_problem.hpp"

namespace argmax {
namespace {

const char* kKind = "kernel-multiclass";
// The layout of an all-pairs model since format version 4: its labels ascending, and the class order beside them.
// In version 3 the labels themselves were in the machines' order (ascending, then first seen).
constexpr uint32_t kClassOrderVersion = 4;

// All-pairs: y, z, c, o are places in the class order; the machines (y, z), y < z, in order; a support vector of
// class c keeps the coefficient of its machine against class o ≠ c at slot o (o < c) or o − 1 (o > c).
int pair_index(int y, int z, int k) { return y * k - y * (y + 1) / 2 + (z - y - 1); }
int slot_of(int own, int other) { return other < own ? other : other - 1; }
int slots_of(int k) { return std::max(1, k - 1); }

// The class order of a model whose ties go to the lowest label.
std::vector<int32_t> ascending_order(int k) {
  std::vector<int32_t> order(static_cast<size_t>(k));
  std::iota(order.begin(), order.end(), 0);
  return order;
}
// Whether `order` holds each of 0..k−1 once.
bool is_order_of(const std::vector<int32_t>& order, int k) {
  std::vector<uint8_t> seen(size_t(k), 0);
  for (int32_t c : order)
    if (c < 0 || c >= k || seen[size_t(c)]++) return false;
  return order.size() == size_t(k);
}

}  // namespace

const std::vector<OptionSpec>& KernelMulticlass::options_table() {
  static const std::vector<OptionSpec> table = [] {
    std::vector<OptionSpec> t;  // rows moved in one by one (Kernel::option_specs says why)
    t.push_back(trainer_option({"dcd"}, "dcd", "the kernel SVM's one solver"));
    t.push_back(loss_option({"hinge"}, "hinge"));
    t.push_back(choice_option("decomposition", "all-pairs", {"all-pairs", "crammer-singer"},
                              "all-pairs (LIBSVM's one-vs-one: an SVM per pair of classes) or "
                              "crammer-singer (one joint problem; reads a cost matrix). At C = 1, γ = 1/d all-pairs "
                              "predicts as svm-train in less than its time, crammer-singer takes up to 13× (docs/bench-defaults.md)"));
    append(t, trainer_options("dcd"));
    set_default(t, "eps", "0.001", "LIBSVM's -e: all-pairs then predicts as svm-train (crammer-singer: 1.6–2.2× the time of 0.1 on letter)");
    append(t, Kernel::option_specs());
    t.push_back(FeatureScaling::option());
    t.push_back(seed_option("example order"));
    return t;
  }();
  return table;
}

KernelMulticlass KernelMulticlass::train(const Rows& rows, const std::vector<int32_t>& raw_labels,
                                         const OptionList& given, const std::vector<float>& cost_rows,
                                         const ProgressFn& progress) {
  const Options options = Options::parse(options_table(), given, "the kernel multiclass SVM");
  require(rows.rows() > 0, "training data is empty");
  require(int64_t(raw_labels.size()) == rows.rows(), "got ", raw_labels.size(), " labels for ", rows.rows(), " rows");
  rows.validate();
  KernelMulticlass model;
  // scaling first, then the kernel and its γ on the scaled rows
  const ScaledRows scaled(rows, options.choice("scale"));
  model.scaling_ = scaled.scaling;
  model.kernel_ = Kernel::from_options(options).fitted(scaled.rows);
  model.options_ = options.entries();
  for (auto& [name, value] : model.options_)
    if (name == "gamma") value = number_text(model.kernel_.gamma);
  LabelCosts indexed = label_costs(raw_labels, cost_rows);
  model.labels_ = std::move(indexed.labels);
  model.all_pairs_ = options.choice("decomposition") == "all-pairs";
  if (model.all_pairs_) {
    require(cost_rows.empty(), "a cost matrix is read by decomposition 'crammer-singer'; all-pairs votes under 0-1 loss");
    // LIBSVM's order, the classes as first seen in the rows: the machines are svm-train's, and a tie of votes
    // goes to the class seen first, as in svm-predict. The rows' classes become places in that order.
    std::vector<int32_t> place(model.labels_.size(), -1);
    for (int32_t& c : indexed.index) {
      if (place[size_t(c)] < 0) place[size_t(c)] = int32_t(model.order_.size()), model.order_.push_back(c);
      c = place[size_t(c)];
    }
    model.train_all_pairs(scaled.rows, indexed.index, options, progress);
    return model;
  }
  model.order_ = ascending_order(model.classes());

  KernelCrammerSingerConfig c;
  c.C = options.real("C"), c.eps = options.real("eps"), c.max_iterations = options.integer("maxIter");
  c.cache_mb = options.real("cache"), c.seed = options.seed();
  const auto solution =
      train_kernel_crammer_singer(scaled.rows, indexed.index, model.kernel_, indexed.cost, c, progress, &model.report_);

  model.sv_ = SupportVectors::of(scaled.rows, solution.alpha.data(), model.classes());
  return model;
}

void KernelMulticlass::train_all_pairs(const Rows& rows, const std::vector<int32_t>& index, const Options& options,
                                       const ProgressFn& progress) {
  const int k = classes(), slots = slots_of(k);
  KernelSvmConfig c;
  c.kernel = kernel_, c.C = options.real("C"), c.tol = options.real("eps");
  c.max_iterations = options.integer("maxIter"), c.cache_mb = options.real("cache");
  std::vector<double> a(size_t(rows.rows()) * size_t(slots), 0.0);
  std::vector<TrainingReport> reports;
  for (int y = 0; y < k; ++y)
    for (int z = y + 1; z < k; ++z) {
      BinarySample sample;  // the rows of classes y (+1) and z (−1), in their order
      sample.rows = rows;
      for (int32_t i = 0; i < rows.rows(); ++i)
        if (index[size_t(i)] == y || index[size_t(i)] == z)
          sample.index.push_back(i), sample.label.push_back(index[size_t(i)] == y ? 1 : -1);
      const KernelSvm svm = solve_kernel_svm(sample, c);
      for (int t = 0; t < sample.size(); ++t) {
        const int own = sample.label[size_t(t)] > 0 ? y : z;
        a[size_t(sample.index[size_t(t)]) * size_t(slots) + size_t(slot_of(own, y + z - own))] =
            svm.alpha[size_t(t)] * sample.label[size_t(t)];
      }
      pair_constant_.push_back(float(svm.model->intercept()));
      reports.push_back(svm.model->report);
      if (progress) {
        Progress p;
        p.epoch = int(reports.size()), p.objective = svm.model->report.gap;
        p.training_error = std::numeric_limits<double>::quiet_NaN();
        require(progress(p), "training stopped by the progress callback");
      }
    }
  sv_ = SupportVectors::of(rows, a.data(), slots);
  for (int32_t i = 0; i < rows.rows(); ++i)  // (SupportVectors::of keeps the rows with a nonzero coefficient, in order)
    if (std::any_of(&a[size_t(i) * slots], &a[size_t(i + 1) * slots], [](double v) { return v != 0; }))
      sv_class_.push_back(index[size_t(i)]);
  report_ = combined_report(reports);
}

std::vector<float> KernelMulticlass::votes(const Rows& rows) const {
  const int k = classes(), slots = slots_of(k), machines = k * (k - 1) / 2, n = sv_.count();
  const std::vector<float>& coef = sv_.coefficients();
  std::vector<float> out(size_t(rows.rows()) * size_t(k), 0.f);
  std::vector<double> K, f;  // a batch's kernel values, and its b × machines decision values f_yz(x)
  for (int32_t first = 0, b; (b = sv_.kernel_block(kernel_, rows, first, K)) > 0; first += b) {
    f.resize(size_t(b) * size_t(machines));
    for (int32_t i = 0; i < b; ++i) std::copy(pair_constant_.begin(), pair_constant_.end(), &f[size_t(i) * machines]);
    for (int s = 0; s < n; ++s) {
      const int own = sv_class_[size_t(s)];
      const double* column = &K[size_t(s) * size_t(b)];
      for (int other = 0; other < k; ++other) {
        if (other == own) continue;
        const double a = coef[size_t(s) * slots + size_t(slot_of(own, other))];
        if (a == 0) continue;
        const int p = pair_index(std::min(own, other), std::max(own, other), k);
        for (int32_t i = 0; i < b; ++i) f[size_t(i) * machines + size_t(p)] += a * column[i];
      }
    }
    for (int32_t i = 0; i < b; ++i) {
      float* v = &out[size_t(first + i) * size_t(k)];
      for (int y = 0, p = 0; y < k; ++y)
        for (int z = y + 1; z < k; ++z, ++p) v[order_[size_t(f[size_t(i) * machines + size_t(p)] > 0 ? y : z)]] += 1;
    }
  }
  return out;
}

std::vector<float> KernelMulticlass::score_matrix(const Rows& rows) const {
  require(rows.is_sparse() || rows.cols() == cols(), "rows have ", rows.cols(), " features; the model expects ", cols());
  rows.validate();
  const OwnedRows scaled = scaling_.identity() ? OwnedRows{} : scaling_.apply(rows);
  const Rows x = scaling_.identity() ? rows : scaled.view();
  if (all_pairs_) return votes(x);
  const std::vector<double> s = sv_.scores(kernel_, x);
  return std::vector<float>(s.begin(), s.end());
}

void KernelMulticlass::scores(const Rows& rows, float* out) const {
  const std::vector<float> s = score_matrix(rows);
  std::copy(s.begin(), s.end(), out);
}

void KernelMulticlass::predict(const Rows& rows, int32_t* out) const {
  const std::vector<float> s = score_matrix(rows);
  for (int32_t i = 0; i < rows.rows(); ++i) {
    const float* row = &s[size_t(i) * classes()];
    int32_t best = order_[0];  // the highest score, the first in the class order among equals
    for (int32_t c : order_)
      if (row[c] > row[best]) best = c;
    out[i] = labels_[size_t(best)];
  }
}

void KernelMulticlass::margins(const Rows& rows, const int32_t* labels, float* out) const {
  const std::vector<float> s = score_matrix(rows);
  const int k = classes();
  for (int32_t i = 0; i < rows.rows(); ++i) out[i] = margin_of(&s[size_t(i) * k], k, label_position(labels_, labels[i], i));
}

std::vector<uint8_t> KernelMulticlass::to_bytes() const {
  ByteWriter out(kKind, all_pairs_ ? kClassOrderVersion : kFormatVersion);
  out.put_options(options_);
  out.put<int32_t>(cols());
  out.put_vector(labels_);
  sv_.save(out);
  if (all_pairs_) out.put_vector(sv_class_), out.put_vector(pair_constant_), out.put_vector(order_);
  if (!scaling_.identity()) scaling_.save(out);  // a trailing section: models without it read as unscaled
  return out.finish();
}

KernelMulticlass KernelMulticlass::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size, kKind);
  KernelMulticlass m;
  m.options_ = in.get_options();
  // Models saved before the decomposition option existed were trained by the Crammer–Singer: their options say so.
  if (std::none_of(m.options_.begin(), m.options_.end(), [](const auto& kv) { return kv.first == "decomposition"; }))
    m.options_.emplace_back("decomposition", "crammer-singer");
  const Options options = Options::parse(options_table(), m.options_, "a saved kernel multiclass SVM");
  m.kernel_ = Kernel::from_options(options);
  m.all_pairs_ = options.choice("decomposition") == "all-pairs";
  const int32_t cols = in.get<int32_t>();
  m.labels_ = in.get_vector<int32_t>();
  const char* corrupt = "model bytes are corrupt (shapes do not match)";
  require(!m.labels_.empty(), corrupt);
  const int k = m.classes();
  m.sv_ = SupportVectors::load(in, cols, m.all_pairs_ ? slots_of(k) : k);
  if (m.all_pairs_) {
    m.sv_class_ = in.get_vector<int32_t>();
    m.pair_constant_ = in.get_finite_vector<float>("machine constant");
    require(m.sv_class_.size() == size_t(m.sv_.count()) && m.pair_constant_.size() == size_t(k) * size_t(k - 1) / 2, corrupt);
    for (int32_t c : m.sv_class_) require(c >= 0 && c < k, corrupt);
  }
  if (!m.all_pairs_) {
    m.order_ = ascending_order(k);
  } else if (in.version() >= kClassOrderVersion) {
    m.order_ = in.get_vector<int32_t>();
  } else {  // version 3: the labels themselves in the class order; each place's label's rank, then sorted
    m.order_.assign(size_t(k), 0);  // (k ≤ a few thousand here: the bytes hold k(k − 1)/2 machine constants)
    for (int32_t a = 0; a < k; ++a)
      for (int32_t b = 0; b < k; ++b) m.order_[size_t(a)] += m.labels_[size_t(b)] < m.labels_[size_t(a)];
    std::sort(m.labels_.begin(), m.labels_.end());
  }
  for (int c = 1; c < k; ++c)
    require(m.labels_[size_t(c - 1)] < m.labels_[size_t(c)], "model bytes are corrupt (labels not ascending and distinct)");
  require(is_order_of(m.order_, k), "model bytes are corrupt (class order)");
  if (!in.at_end()) m.scaling_ = FeatureScaling::load(in, cols);
  in.expect_end();
  // Models saved before the scale option existed were trained on the rows as given: their options say so.
  if (std::none_of(m.options_.begin(), m.options_.end(), [](const auto& kv) { return kv.first == "scale"; }))
    m.options_.emplace_back("scale", "none");
  return m;
}

}  // namespace argmax
