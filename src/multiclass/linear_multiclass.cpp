#include "multiclass/linear_multiclass.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/error.hpp"
#include "io/bytes.hpp"
#include "multiclass/cost_matrix.hpp"
#include "learn/bcfw.hpp"
#include "learn/cutting_plane.hpp"
#include "learn/feature_scaling.hpp"
#include "multiclass/crammer_singer.hpp"
#include "multiclass/multiclass_problem.hpp"

namespace argmax {
namespace {

constexpr double kHuge = 1e300;
const char* kKind = "linear-multiclass";

OptionSpec seed_option() { return {"seed", OptionType::Integer, "1", 0, 4294967295.0, false, "random seed (example order)"}; }
OptionSpec bias_option() {
  return {"bias", OptionType::Real, "0", 0, kHuge, false, "value of a constant bias feature appended to x (0 = none)"};
}
OptionSpec epochs_option(const char* fallback) {
  return {"epochs", OptionType::Integer, fallback, 1, 1e6, false, "passes over the training data"};
}
OptionSpec loss_option() {
  return {"loss", OptionType::Choice, "hinge", 0, -1, false,
          "surrogate: generalized hinge (margin rescaling), slack rescaling, sum of hinges (Weston–Watkins), "
          "log loss (multinomial logistic regression), or softmax-margin (the cost matrix inside the log loss)",
          {"hinge", "slack", "sum", "log", "softmax-margin"}};
}
OptionSpec features_option() {
  return {"features", OptionType::Choice, "multivector", 0, -1, false,
          "Ψ: multivector (x in block y) or class-sensitive TF-IDF over word counts", {"multivector", "tfidf"}};
}

// Appended to every algorithm's table by options_of (models saved before these options existed read the defaults).
void add_random_features_options(std::vector<OptionSpec>& specs) {
  for (OptionSpec& s : RandomFourierFeatures::option_specs()) specs.push_back(std::move(s));
}

OptionSpec structured_loss_option() {
  return {"loss", OptionType::Choice, "hinge", 0, -1, false,
          "surrogate: generalized hinge (margin rescaling) or slack rescaling", {"hinge", "slack"}};
}
std::vector<OptionSpec> structured_options(const char* eps_help) {
  return {{"C", OptionType::Real, "1", 0, kHuge, true, "cost of slack: ½‖w‖² + C Σ_i ℓ_i (as cs)"},
          {"eps", OptionType::Real, "0.001", 0, kHuge, true, eps_help},
          {"max_iter", OptionType::Integer, "1000", 1, 1e9, false, "cap on rounds (cutting-plane) or passes (bcfw)"},
          structured_loss_option(), features_option(), bias_option(), FeatureScaling::option()};
}

const std::map<std::string, std::vector<OptionSpec>>& option_tables() {
  static const std::map<std::string, std::vector<OptionSpec>> tables = {
      {"cs",
       {{"C", OptionType::Real, "1", 0, kHuge, true, "cost of slack (LIBLINEAR's -c)"},
        {"eps", OptionType::Real, "0.1", 0, kHuge, true, "stopping tolerance on the dual (LIBLINEAR's -e)"},
        {"max_iter", OptionType::Integer, "100000", 1, 1e9, false, "cap on outer iterations (LIBLINEAR's)"},
        bias_option(), FeatureScaling::option(), seed_option()}},
      {"pegasos",
       {{"lambda", OptionType::Real, "0.0001", 0, kHuge, true, "regularisation λ in λ/2‖w‖² + mean loss"},
        epochs_option("20"), loss_option(), features_option(), bias_option(),
        {"average", OptionType::Boolean, "true", 0, -1, false, "output the average of the iterates"},
        FeatureScaling::option(), seed_option()}},
      {"sgd",
       {{"eta", OptionType::Real, "0", 0, kHuge, false, "step size; 0 = SSBD Cor. 17.2: η = √(B²/(ρ²T))"},
        {"B", OptionType::Real, "10", 0, kHuge, true, "norm bound ‖w*‖ ≤ B used by the default step size"},
        {"lambda", OptionType::Real, "0", 0, kHuge, false, "optional regularisation λ/2‖w‖² (0 = plain SGD)"},
        epochs_option("20"), loss_option(), features_option(), bias_option(), FeatureScaling::option(),
        seed_option()}},
      {"cutting-plane",
       structured_options("stop when the certified primal–dual gap is ≤ eps·C·m (mean constraint violation ≤ eps)")},
      {"bcfw",
       [] {
         auto specs = structured_options("stop when the certified primal–dual gap is ≤ eps·C·m");
         specs.push_back({"average", OptionType::Boolean, "true", 0, -1, false,
                          "output the weighted average of the iterates"});
         specs.push_back(seed_option());
         return specs;
       }()},
      {"perceptron",
       {epochs_option("100"), features_option(), bias_option(),
        {"average", OptionType::Boolean, "false", 0, -1, false, "output the average of the iterates"},
        FeatureScaling::option(), seed_option()}},
  };
  return tables;
}

Surrogate surrogate_named(const std::string& name) {
  if (name == "slack") return Surrogate::SlackRescaled;
  if (name == "sum") return Surrogate::SumOfHinges;
  if (name == "log") return Surrogate::LogLoss;
  if (name == "softmax-margin") return Surrogate::SoftmaxMargin;
  return Surrogate::MarginRescaled;
}

}  // namespace

const std::vector<std::string>& LinearMulticlass::algorithms() {
  static const std::vector<std::string> names = {"cs", "pegasos", "sgd", "perceptron", "cutting-plane", "bcfw"};
  return names;
}

const std::vector<OptionSpec>& LinearMulticlass::options_of(const std::string& algo) {
  static const auto tables = [] {
    auto declared = option_tables();
    for (auto& [name, specs] : declared) add_random_features_options(specs);
    return declared;
  }();
  auto it = tables.find(algo);
  require(it != tables.end(), "unknown multiclass algorithm '", algo, "' (known: cs, pegasos, sgd, perceptron, cutting-plane, bcfw)");
  return it->second;
}

LinearMulticlass::Training::Training(const Rows& input, const std::vector<int32_t>& raw_labels, const std::string& algo,
                                     const OptionList& given, const std::vector<float>& cost_rows)
    : options_(Options::parse(options_of(algo), given, "algorithm '" + algo + "'")) {
  require(input.rows() > 0, "training data is empty");
  require(int64_t(raw_labels.size()) == input.rows(), "got ", raw_labels.size(), " labels for ", input.rows(), " rows");
  input.validate();

  if (options_.integer("rff") > 0) {
    // Scaling belongs before the map, which cannot be folded into weights after it: auto is there already (γ
    // from the raw rows is γ from the rows divided by any common factor), a per-column scaling is refused.
    const std::string& scale = options_.choice("scale");
    require(scale == "auto" || scale == "none", "rff maps the features as given; leave scale at auto or none");
    model_.rff_ = RandomFourierFeatures::fit(options_, input);
    mapped_ = model_.rff_.map_rows(input);
  }
  // scale applies to what Ψ reads: the input (random features, in [-1, 1], are left as they are); TF-IDF reads
  // raw counts
  const bool tfidf = algo != "cs" && options_.choice("features") == "tfidf";
  const std::string scale = options_.choice("scale");
  require(!tfidf || scale == "auto" || scale == "none", "the TF-IDF feature map takes raw word counts; leave scale "
          "at auto or none");
  scaled_ = std::make_unique<ScaledRows>(model_.rff_.dim() ? Rows::dense(mapped_.data(), input.rows(), model_.rff_.dim())
                                                            : input,
                                         tfidf || model_.rff_.dim() ? "none" : scale);
  const Rows& rows = scaled_->rows;
  model_.algo_ = algo;
  model_.options_ = options_.entries();
  if (model_.rff_.dim())  // the γ used (chosen from the rows when the options said 0)
    for (auto& [name, value] : model_.options_)
      if (name == "gamma") value = number_text(model_.rff_.gamma());
  costs_ = label_costs(raw_labels, cost_rows);
  model_.labels_ = costs_.labels;
  const int k = costs_.cost.size();
  require(!tfidf || !model_.rff_.dim(), "the TF-IDF feature map reads word counts, not random features; leave rff at 0");
  model_.map_ = tfidf ? FeatureMap::tfidf(rows, costs_.index, k)
                      : FeatureMap::multivector(rows.cols(), k, float(options_.real("bias")));
  require(!tfidf || options_.real("bias") == 0, "the TF-IDF feature map has no bias feature; leave bias at 0");
}

LinearMulticlass::Training::~Training() = default;

const Rows& LinearMulticlass::Training::rows() const { return scaled_->rows; }

OnlineConfig LinearMulticlass::Training::online_config() const {
  const std::string& algo = model_.algo_;
  require(algo == "sgd" || algo == "pegasos" || algo == "perceptron", "algorithm '", algo,
          "' is not an online trainer (those are sgd, pegasos and perceptron)");
  OnlineConfig c;
  c.epochs = options_.integer("epochs");
  c.seed = uint64_t(options_.real("seed"));
  if (algo == "pegasos") {
    c.step_size = StepSize::Pegasos;
    c.lambda = options_.real("lambda");
    c.average = options_.flag("average");
    c.surrogate = surrogate_named(options_.choice("loss"));
  } else if (algo == "sgd") {
    c.surrogate = surrogate_named(options_.choice("loss"));
    c.average = true;
    c.lambda = options_.real("lambda");
    c.eta = options_.real("eta");
    if (c.eta == 0) {  // SSBD Cor. 17.2: T steps, ρ-Lipschitz loss, ‖w*‖ ≤ B  ⇒  η = √(B² / (ρ² T))
      const double rho = map().max_psi_distance(rows()) * (c.surrogate == Surrogate::SlackRescaled ? cost().max() : 1.0);
      const double T = double(c.epochs) * rows().rows();
      require(rho > 0, "all training rows are zero: nothing to learn");
      c.eta = std::sqrt(options_.real("B") * options_.real("B") / (rho * rho * T));
    }
  } else {  // perceptron
    c.eta = 1.0;
    c.average = options_.flag("average");
    c.surrogate = Surrogate::Perceptron;
    c.stop_when_no_update = true;
  }
  return c;
}

LinearMulticlass LinearMulticlass::Training::finish(std::vector<float> w, const TrainingReport& report) {
  model_.w_ = std::move(w);
  model_.report_ = report;
  model_.fold(scaled_->scaling);
  return std::move(model_);
}

LinearMulticlass LinearMulticlass::train(const Rows& input, const std::vector<int32_t>& raw_labels,
                                         const std::string& algo, const OptionList& given,
                                         const std::vector<float>& cost_rows, const ProgressFn& progress) {
  Training t(input, raw_labels, algo, given, cost_rows);
  TrainingReport report;
  std::vector<float> w = train_weights(t, progress, &report);
  return t.finish(std::move(w), report);
}

std::vector<float> LinearMulticlass::train_weights(const Training& t, const ProgressFn& progress,
                                                   TrainingReport* report) {
  const std::string& algo = t.algo();
  const Options& options = t.options();
  if (algo == "cs") {
    CrammerSingerConfig c;
    c.C = options.real("C"), c.eps = options.real("eps"), c.max_iterations = options.integer("max_iter");
    c.seed = uint64_t(options.real("seed"));
    return train_crammer_singer(t.rows(), t.index(), t.map(), t.cost(), c, progress, report);
  }
  const MulticlassProblem problem(t.rows(), t.index(), t.map(), t.cost());
  if (algo == "cutting-plane" || algo == "bcfw") {
    StructuredSvmConfig c;
    c.C = options.real("C"), c.eps = options.real("eps"), c.max_iterations = options.integer("max_iter");
    c.surrogate = surrogate_named(options.choice("loss"));
    if (algo == "cutting-plane") return train_cutting_plane(problem, c, progress, report);
    c.average = options.flag("average"), c.seed = uint64_t(options.real("seed"));
    return train_bcfw(problem, c, progress, report);
  }
  return train_online(problem, t.online_config(), progress);
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

std::vector<uint8_t> LinearMulticlass::save() const {
  ByteWriter out(kKind);
  out.put_string(algo_);
  out.put_options(options_);
  map_.save(out);
  out.put_vector(labels_);
  out.put_vector(w_);
  if (rff_.dim()) out.put<int32_t>(rff_.cols());  // the rest of the map is in the options
  return out.finish();
}

LinearMulticlass LinearMulticlass::load(const uint8_t* data, size_t size) {
  ByteReader in(data, size, kKind);
  LinearMulticlass m;
  m.algo_ = in.get_string();
  m.options_ = in.get_options();
  m.map_ = FeatureMap::load(in);
  m.labels_ = in.get_vector<int32_t>();
  m.w_ = in.get_vector<float>();
  const Options options = Options::parse(options_of(m.algo_), m.options_, "a saved model");
  if (options.integer("rff") > 0) m.rff_ = RandomFourierFeatures::from_options(options, in.get<int32_t>());
  in.expect_end();
  require(m.labels_.size() == size_t(m.map_.classes()) && m.w_.size() == m.map_.dim(),
          "model bytes are corrupt (shapes do not match)");
  for (float v : m.w_) require(std::isfinite(v), "model bytes are corrupt (non-finite weight)");
  return m;
}

}  // namespace argmax
