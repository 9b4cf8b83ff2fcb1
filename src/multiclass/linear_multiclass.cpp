#include "multiclass/linear_multiclass.hpp"

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "io/bytes.hpp"
#include "io/quantized_weights.hpp"
#include "learn/l1_penalty.hpp"
#include "learn/trainer_options.hpp"
#include "metrics/cost_matrix.hpp"
#include "learn/feature_scaling.hpp"
#include "multiclass/crammer_singer.hpp"
#include "multiclass/multiclass_problem.hpp"

namespace argmax {
namespace {

constexpr double kHuge = 1e300;
const char* kKind = "linear-multiclass";

OptionSpec bias_option() {
  return real_option("bias", "1", 0, kHuge,
          "value of a constant bias feature appended to x, one weight per class (0 = none: every score is 0 at x = 0)");
}
OptionSpec features_option() {
  return choice_option("features", "multivector", {"multivector", "tfidf"},
          "Ψ: multivector (x in block y) or class-sensitive TF-IDF over word counts");
}

// The losses each trainer minimises here (the perceptron minimises its own, and takes no loss option).
std::vector<std::string> losses_of(const std::string& trainer) {
  if (trainer == "dcd") return {"hinge"};
  if (trainer == "cutting-plane" || trainer == "bcfw") return {"hinge", "slack"};
  if (trainer == "perceptron") return {};
  return {"hinge", "slack", "sum", "log", "softmax-margin"};
}

// Multiclass's table for one trainer: the trainer's options with this task's defaults, the loss, Ψ and the
// feature maps.
std::vector<OptionSpec> compose(const std::string& trainer) {
  std::vector<OptionSpec> specs = {trainer_option(LinearMulticlass::trainers(), "dcd",
                                                  "Crammer–Singer's multiclass SVM, exact and fast on most data")};
  if (!losses_of(trainer).empty()) specs.push_back(loss_option(losses_of(trainer), "hinge"));
  append(specs, trainer_options(trainer));
  if (trainer == "dcd") {
    set_default(specs, "maxIter", "100000", "LIBLINEAR's cap for Crammer–Singer, whose passes are cheap");
    specs.push_back(seed_option("example order"));
  } else {
    specs.push_back(features_option());
  }
  if (trainer == "sgd") {
    set_default(specs, "eta", "0", "0 = SSBD Cor. 17.2's step √(B²/(ρ²T)), ρ the data's largest ‖Ψ(x,y) − Ψ(x,y')‖");
    specs.push_back(positive_option("B", "10", kHuge, "eta = 0: the norm bound ‖w*‖ ≤ B of that step"));
  }
  if (is_online_trainer(trainer)) specs.push_back(l1_option());
  if (trainer == "perceptron") {
    set_default(specs, "epochs", "100", "the batch perceptron stops at the first pass without a mistake");
    set_default(specs, "average", "false", "the last iterate separates separable data (Novikoff's bound)");
  }
  specs.push_back(bias_option());
  specs.push_back(weight_bits_option());
  specs.push_back(FeatureScaling::option());
  append(specs, RandomFourierFeatures::option_specs());  // models saved before these options read the defaults
  return specs;
}

}  // namespace

const std::vector<std::string>& LinearMulticlass::trainers() {
  static const std::vector<std::string> names = {"dcd", "sgd", "pegasos", "perceptron", "cutting-plane", "bcfw"};
  return names;
}

namespace {

const TrainerTables& tables() {
  static const TrainerTables tables(LinearMulticlass::trainers(), compose, "Multiclass");
  return tables;
}

}  // namespace

const std::vector<OptionSpec>& LinearMulticlass::options_of(const std::string& trainer) { return tables().of(trainer); }

std::string LinearMulticlass::trainer_of(const OptionList& given) { return tables().chosen(given); }

LinearMulticlass::Training::Training(const Rows& input, const std::vector<int32_t>& raw_labels,
                                     const OptionList& given, const std::vector<float>& cost_rows)
    : options_(Options::parse(options_of(trainer_of(given)), given, "Multiclass")) {
  const std::string trainer = options_.choice("trainer");
  check_weight_bits(int(options_.integer("weightBits")));
  require(input.rows() > 0, "training data is empty");
  require(int64_t(raw_labels.size()) == input.rows(), "got ", raw_labels.size(), " labels for ", input.rows(), " rows");
  input.validate();

  if (options_.integer("rff") > 0) {
    model_.rff_ = RandomFourierFeatures::fit(options_, input);
    mapped_ = model_.rff_.map_rows(input);
  }
  // scale applies to what Ψ reads: the input (random features, in [-1, 1], are left as they are); TF-IDF reads
  // raw counts
  const bool tfidf = trainer != "dcd" && options_.choice("features") == "tfidf";
  const char* as_given = tfidf ? "the TF-IDF feature map takes raw word counts" : model_.rff_.as_given();
  scaled_ = std::make_unique<ScaledRows>(model_.rff_.dim() ? Rows::dense(mapped_.data(), input.rows(), model_.rff_.dim())
                                                            : input,
                                         FeatureScaling::kind_over(options_.choice("scale"), as_given));
  const Rows& rows = scaled_->rows;
  model_.trainer_ = trainer;
  model_.options_ = options_.entries();
  if (model_.rff_.dim())  // the γ used (chosen from the rows when the options said 0)
    for (auto& [name, value] : model_.options_)
      if (name == "gamma") value = number_text(model_.rff_.gamma());
  costs_ = label_costs(raw_labels, cost_rows);
  model_.labels_ = costs_.labels;
  const int k = costs_.cost.size();
  require(!tfidf || !model_.rff_.dim(), "the TF-IDF feature map reads word counts, not random features; leave rff at 0");
  const float bias = float(options_.real("bias"));
  model_.map_ = tfidf ? FeatureMap::tfidf(rows, costs_.index, k, bias) : FeatureMap::multivector(rows.cols(), k, bias);
}

LinearMulticlass::Training::~Training() = default;

const Rows& LinearMulticlass::Training::rows() const { return scaled_->rows; }

OnlineConfig LinearMulticlass::Training::online_config() const {
  const std::string& trainer = model_.trainer_;
  require(is_online_trainer(trainer), "trainer '", trainer, "' is not an online trainer (those are sgd, pegasos and perceptron)");
  OnlineConfig c = fitted_to(argmax::online_config(options_), rows().rows());  // T below is the steps taken
  if (trainer == "perceptron") c.stop_when_no_update = true;  // the batch perceptron (SSBD 17.2)
  if (trainer == "sgd" && c.eta == 0) {  // SSBD Cor. 17.2: T steps, ρ-Lipschitz loss, ‖w*‖ ≤ B  ⇒  η = √(B² / (ρ² T))
    const double rho = map().max_psi_distance(rows()) * (c.surrogate == Surrogate::SlackRescaled ? cost().max() : 1.0);
    const double T = double(c.epochs) * rows().rows();
    require(rho > 0, "all training rows are zero: nothing to learn");
    c.eta = std::sqrt(options_.real("B") * options_.real("B") / (rho * rho * T));
  }
  return c;
}

LinearMulticlass LinearMulticlass::Training::finish(std::vector<float> w, const TrainingReport& report) {
  model_.w_ = std::move(w);
  model_.report_ = report;
  model_.fold(scaled_->scaling);
  // what the bytes will hold, so that a model predicts the same before its save and after its load
  quantize_weights(model_.w_, int(options_.integer("weightBits")));
  return std::move(model_);
}

LinearMulticlass LinearMulticlass::train(const Rows& input, const std::vector<int32_t>& raw_labels,
                                         const OptionList& given, const std::vector<float>& cost_rows,
                                         const ProgressFn& progress) {
  Training t(input, raw_labels, given, cost_rows);
  TrainingReport report;
  std::vector<float> w = train_weights(t, progress, &report);
  return t.finish(std::move(w), report);
}

std::vector<float> LinearMulticlass::train_weights(const Training& t, const ProgressFn& progress,
                                                   TrainingReport* report) {
  const std::string& trainer = t.trainer();
  const Options& options = t.options();
  if (trainer == "dcd") {
    CrammerSingerConfig c;
    c.C = options.real("C"), c.eps = options.real("eps"), c.max_iterations = options.integer("maxIter");
    c.seed = options.seed();
    return train_crammer_singer(t.rows(), t.index(), t.map(), t.cost(), c, progress, report);
  }
  const MulticlassProblem problem(t.rows(), t.index(), t.map(), t.cost());
  if (is_exact_trainer(trainer)) return train_exact(problem, trainer, exact_config(options), progress, report);
  const double l1 = options.real("l1");
  if (l1 == 0) return train_online(problem, t.online_config(), progress);
  require(t.map().kind() == FeatureMap::Kind::Multivector,
          "l1 applies to the multivector feature map (features: 'multivector'), whose weights are per class");
  // The penalty covers the weights of example i's features in every class; the bias weights are left free.
  const Rows& rows = t.rows();
  const int k = t.map().classes();
  auto features_of = [&rows, k](int i, auto&& f) {
    rows.row(i).for_each([&](int32_t j, float) {
      for (int y = 0; y < k; ++y) f(size_t(j) * k + y);
    });
  };
  return train_online_l1(problem, t.online_config(), l1, features_of, progress);
}

void LinearMulticlass::fold(const FeatureScaling& scaling) {
  const int k = classes();
  const std::vector<double> offset = scaling.fold(w_, k);
  if (std::all_of(offset.begin(), offset.end(), [](double o) { return o == 0; })) return;
  if (map_.bias() == 0) {  // the shift needs a bias feature to live in
    map_ = FeatureMap::multivector(map_.cols(), k, 1.f);
    w_.resize(map_.dim(), 0.f);
  }
  for (int y = 0; y < k; ++y) w_[size_t(map_.cols()) * k + y] += float(offset[y] / map_.bias());
}

Rows LinearMulticlass::features(const Rows& rows, std::vector<float>& buffer) const {
  require(rows.is_sparse() || rows.cols() == cols(), "rows have ", rows.cols(), " features; the model expects ", cols());
  rows.validate();
  if (!rff_.dim()) return rows;
  buffer = rff_.map_rows(rows);
  return Rows::dense(buffer.data(), rows.rows(), rff_.dim());
}

void LinearMulticlass::scores(const Rows& input, float* out) const {
  std::vector<float> buffer;
  const Rows rows = features(input, buffer);
  const int k = classes();
  for (int32_t i = 0; i < rows.rows(); ++i) map_.scores(w_.data(), 1.f, rows.row(i), out + size_t(i) * k);
}

void LinearMulticlass::predict(const Rows& input, int32_t* out) const {
  std::vector<float> buffer;
  const Rows rows = features(input, buffer);
  std::vector<float> s(classes());
  for (int32_t i = 0; i < rows.rows(); ++i) {
    map_.scores(w_.data(), 1.f, rows.row(i), s.data());
    out[i] = labels_[argmax_index(s.data(), classes())];
  }
}

void LinearMulticlass::margins(const Rows& input, const int32_t* labels, float* out) const {
  std::vector<float> buffer;
  const Rows rows = features(input, buffer);
  const int k = classes();
  std::vector<float> s(k);
  for (int32_t i = 0; i < rows.rows(); ++i) {
    const int y = label_position(labels_, labels[i], i);
    map_.scores(w_.data(), 1.f, rows.row(i), s.data());
    out[i] = margin_of(s.data(), k, y);
  }
}

int LinearMulticlass::weight_bits() const {
  for (const auto& [name, value] : options_)
    if (name == "weightBits") return std::stoi(value);
  return 32;  // a model trained before the option
}

std::vector<uint8_t> LinearMulticlass::to_bytes() const {
  ByteWriter out(kKind);
  out.put_string(trainer_);
  out.put_options(options_);
  map_.save(out);
  out.put_vector(labels_);
  const int bits = weight_bits();
  if (bits == 32) out.put_vector(w_);  // dense floats, as models of 0.2 and before store them
  else put_weights(out, w_, bits);
  if (rff_.dim()) out.put<int32_t>(rff_.cols());  // the rest of the map is in the options
  return out.finish();
}

LinearMulticlass LinearMulticlass::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size, kKind);
  LinearMulticlass m;
  m.trainer_ = in.get_string();
  m.options_ = in.get_options();
  if (m.trainer_ == "cs") m.trainer_ = "dcd";  // models of 0.1 name the trainer as their algorithm
  if (std::none_of(m.options_.begin(), m.options_.end(), [](const auto& kv) { return kv.first == "trainer"; }))
    m.options_.insert(m.options_.begin(), {"trainer", m.trainer_});
  const Options options = Options::parse(options_of(m.trainer_), m.options_, "a saved model");  // before the arrays
  m.map_ = FeatureMap::load(in);
  m.labels_ = in.get_vector<int32_t>();
  if (options.integer("weightBits") == 32) {
    m.w_ = in.get_finite_vector<float>("weight");
  } else {
    int bits = 0;
    m.w_ = get_weights(in, m.map_.dim(), bits);
    require(bits == options.integer("weightBits"), "model bytes are corrupt (weights stored in ", bits,
            " bits, the options say ", options.integer("weightBits"), ")");
  }
  if (options.integer("rff") > 0) m.rff_ = RandomFourierFeatures::from_options(options, in.get<int32_t>());
  in.expect_end();
  require(m.labels_.size() == size_t(m.map_.classes()) && m.w_.size() == m.map_.dim(),
          "model bytes are corrupt (shapes do not match)");
  return m;
}

}  // namespace argmax
