#include "multiclass/kernel_multiclass.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "io/bytes.hpp"
#include "learn/trainer_options.hpp"
#include "metrics/cost_matrix.hpp"
#include "multiclass/kernel_crammer_singer.hpp"
#include "multiclass/multiclass_problem.hpp"

namespace argmax {
namespace {

const char* kKind = "kernel-multiclass";

}  // namespace

const std::vector<OptionSpec>& KernelMulticlass::options_table() {
  static const std::vector<OptionSpec> table = [] {
    std::vector<OptionSpec> t = {trainer_option({"dcd"}, "dcd", "the kernel SVM's one solver"),
                                 loss_option({"hinge"}, "hinge")};
    append(t, trainer_options("dcd"));
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

  KernelCrammerSingerConfig c;
  c.C = options.real("C"), c.eps = options.real("eps"), c.max_iterations = options.integer("maxIter");
  c.cache_mb = options.real("cache"), c.seed = options.seed();
  const auto solution =
      train_kernel_crammer_singer(scaled.rows, indexed.index, model.kernel_, indexed.cost, c, progress, &model.report_);

  model.sv_ = SupportVectors::of(scaled.rows, solution.alpha.data(), model.classes());
  return model;
}

std::vector<float> KernelMulticlass::score_matrix(const Rows& rows) const {
  require(rows.is_sparse() || rows.cols() == cols(), "rows have ", rows.cols(), " features; the model expects ", cols());
  rows.validate();
  const OwnedRows scaled = scaling_.identity() ? OwnedRows{} : scaling_.apply(rows);
  const std::vector<double> s = sv_.scores(kernel_, scaling_.identity() ? rows : scaled.view());
  return std::vector<float>(s.begin(), s.end());
}

void KernelMulticlass::scores(const Rows& rows, float* out) const {
  const std::vector<float> s = score_matrix(rows);
  std::copy(s.begin(), s.end(), out);
}

void KernelMulticlass::predict(const Rows& rows, int32_t* out) const {
  const std::vector<float> s = score_matrix(rows);
  for (int32_t i = 0; i < rows.rows(); ++i) out[i] = labels_[argmax_index(&s[size_t(i) * classes()], classes())];
}

void KernelMulticlass::margins(const Rows& rows, const int32_t* labels, float* out) const {
  const std::vector<float> s = score_matrix(rows);
  const int k = classes();
  for (int32_t i = 0; i < rows.rows(); ++i) out[i] = margin_of(&s[size_t(i) * k], k, label_position(labels_, labels[i], i));
}

std::vector<uint8_t> KernelMulticlass::to_bytes() const {
  ByteWriter out(kKind);
  out.put_options(options_);
  out.put<int32_t>(cols());
  out.put_vector(labels_);
  sv_.save(out);
  if (!scaling_.identity()) scaling_.save(out);  // a trailing section: models without it read as unscaled
  return out.finish();
}

KernelMulticlass KernelMulticlass::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size, kKind);
  KernelMulticlass m;
  m.options_ = in.get_options();
  m.kernel_ = Kernel::from_options(Options::parse(options_table(), m.options_, "a saved kernel multiclass SVM"));
  const int32_t cols = in.get<int32_t>();
  m.labels_ = in.get_vector<int32_t>();
  require(!m.labels_.empty(), "model bytes are corrupt (shapes do not match)");
  m.sv_ = SupportVectors::load(in, cols, m.classes());
  if (!in.at_end()) m.scaling_ = FeatureScaling::load(in, cols);
  in.expect_end();
  // Models saved before the scale option existed were trained on the rows as given: their options say so.
  if (std::none_of(m.options_.begin(), m.options_.end(), [](const auto& kv) { return kv.first == "scale"; }))
    m.options_.emplace_back("scale", "none");
  return m;
}

}  // namespace argmax
