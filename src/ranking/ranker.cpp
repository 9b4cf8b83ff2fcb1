#include "ranking/ranker.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>

#include "core/error.hpp"
#include "io/bytes.hpp"
#include "learn/feature_scaling.hpp"
#include "learn/online.hpp"
#include "learn/trainer_options.hpp"
#include "metrics/ranking_metrics.hpp"
#include "core/permutation.hpp"
#include "ranking/pointwise.hpp"
#include "ranking/ranking_problem.hpp"

namespace argmax {

const std::vector<OptionSpec>& Ranker::option_specs() {
  static const std::vector<OptionSpec> all = [] {
    std::vector<OptionSpec> specs = {
        choice_option("measure", "ndcg", {"ndcg", "kendall", "f1", "fbeta", "precision@k", "recall@k", "balanced"},
         "the task loss Δ the ranker is trained and judged by: ndcg, kendall (pairs in order), or a bipartite "
         "measure of the whole set: f1, fbeta, precision@k, recall@k, balanced (accuracy)"),
        loss_option({"hinge", "squared"}, "hinge"),
        integer_option("k", "10", 1, 100000, "NDCG truncation k; k of precision@k and recall@k"),
        positive_option("beta", "1", 1000, "beta of the F-beta measure"),
        trainer_option({"auto", "sgd", "pegasos", "perceptron", "cutting-plane", "bcfw"}, "auto",
                       "cutting-plane for kendall (RankSVM's solver) and the bipartite measures (SVMperf's), sgd for "
                       "ndcg; for ndcg with tied grades and precision@k / recall@k the exact trainers solve again "
                       "with the order of tied documents taken from their last solution until the objective stops "
                       "falling (CCCP); loss squared is solved in closed form"),
    };
    // The trainers' own options, each declared once (learn/trainer_options.cpp); the first declaration of a
    // name serves the trainers that share it.
    for (const char* trainer : {"sgd", "pegasos", "perceptron", "cutting-plane", "bcfw"})
      for (OptionSpec& o : trainer_options(trainer))
        if (std::none_of(specs.begin(), specs.end(), [&o](const OptionSpec& s) { return s.name == o.name; }))
          specs.push_back(std::move(o));
    for (OptionSpec& s : specs)
      if (s.name == "C") s.min_open = false;  // 0 asks for the default below, which the data decide
    set_default(specs, "C", "0", "0 = SVMlight's default, the mean number of documents per query over the mean "
                "squared norm of a document's features (with psi=normalized, each document weighs as in a linear "
                "SVM with C = 1 / mean ‖x‖²)");
    set_default(specs, "lambda", "0.0001", "loss squared: the ridge weight λ‖w‖²; sgd keeps a little "
                "regularisation because a query's NDCG step has no margin to stop it");
    set_default(specs, "eta", "0.1", "(the perceptron steps by eta too)");
    append(specs, {
        choice_option("gain", "linear", {"linear", "exp2"},
         "NDCG surrogate gain: linear (rel, SSBD) or exp2 (2^rel - 1, as the LETOR measure)"),
        choice_option("psi", "normalized", {"positions", "normalized"},
         "NDCG and bipartite feature map: positions (SSBD: sum_i v_i x_i) or normalized (divided by the query size)"),
        choice_option("oracle", "fast", {"fast", "hungarian"},
         "NDCG argmax: fast (exact, top-k candidates) or hungarian (O(r^3))"),
        choice_option("init", "zero", {"zero", "pointwise"},
         "starting weights: zero, or pointwise (the ridge regression fit with lambda 0.01, then refined)"),
        real_option("relevant", "0", -1e9, 1e9,
         "bipartite: a document is positive when its relevance is above this"),
        choice_option("threshold", "measure", {"measure", "surrogate"},
         "f1, fbeta, balanced: measure = the intercept is moved to the cut that maximises the measure on the "
         "training set; surrogate = the intercept the structured hinge learned (SVMperf's model), which minimises "
         "a bound on the loss, not the loss"),
    });
    append(specs, RandomFourierFeatures::option_specs());
    specs.push_back(FeatureScaling::option());
    return specs;
  }();
  return all;
}

Ranker::Ranker(std::vector<float> weights, OptionList settings, double intercept)
    : weights_(std::move(weights)), settings_(std::move(settings)), intercept_(intercept) {}

std::string Ranker::setting(const std::string& name) const {
  for (const auto& [key, value] : settings_)
    if (key == name) return value;
  return "";
}

struct Ranker::Training::Plan {
  RankingProblemConfig problem;
  std::string trainer;         // auto resolved
  OnlineConfig online;         // sgd, pegasos, perceptron
  StructuredSvmConfig exact;   // cutting-plane, bcfw
  bool is_exact() const { return trainer == "cutting-plane" || trainer == "bcfw"; }
};

namespace {

Ranker::Training::Plan plan_training(const Options& options) {
  Ranker::Training::Plan plan;
  RankingProblemConfig& config = plan.problem;
  const std::string measure = options.choice("measure");
  config.k = options.integer("k");
  config.exp_gain = options.choice("gain") == "exp2";
  config.normalized_psi = options.choice("psi") == "normalized";
  config.hungarian = options.choice("oracle") == "hungarian";
  config.relevant_above = float(options.real("relevant"));
  config.bipartite.k = options.integer("k");
  config.bipartite.beta = options.real("beta");
  if (measure == "ndcg") config.objective = RankingObjective::Ndcg;
  else if (measure == "kendall") config.objective = RankingObjective::Kendall;
  else {
    config.objective = RankingObjective::Bipartite;
    config.bipartite.measure = bipartite_measure_named(measure);
  }
  plan.trainer = options.choice("trainer");
  if (plan.trainer == "auto") plan.trainer = config.objective == RankingObjective::Ndcg ? "sgd" : "cutting-plane";
  plan.exact = exact_config(options);
  plan.exact.average = options.flag("average"), plan.exact.seed = options.seed();
  OnlineConfig& online = plan.online;
  const std::string& trainer = plan.trainer;
  online.epochs = options.integer("epochs");
  online.min_steps = min_default_steps(options);  // one step per query: few queries are few steps
  online.average = options.flag("average");
  online.seed = options.seed();
  online.eta = options.real("eta");
  require(online.eta > 0, "eta = 0 (the automatic step) is computed by Multiclass only; give a ranker a positive step");
  online.lambda = options.real("lambda");
  if (trainer == "pegasos") {
    online.step_size = StepSize::Pegasos;
  } else if (trainer == "perceptron") {
    online.surrogate = Surrogate::Perceptron;
    online.lambda = 0;
  }
  return plan;
}

void require_learnable(const RankingProblem& problem, RankingObjective objective) {
  require(problem.size() > 0, "no query can be learned from: ",
          objective == RankingObjective::Ndcg      ? "every query lacks a relevant document"
          : objective == RankingObjective::Kendall ? "every query has a single relevance grade"
                                                   : "every query lacks a positive or a negative document");
}

std::vector<float> initial_weights(const RankingProblem& problem, const QuerySet& data, const Options& options) {
  if (options.choice("init") != "pointwise") return {};
  std::vector<float> w = fit_ridge_regression(data, 0.01);
  w.resize(problem.dim(), 0.f);
  return w;
}

// Bipartite measures of a thresholded prediction (not the top-k ones) have a cut to fit.
bool has_cut(const RankingProblemConfig& config) {
  const BipartiteMeasure m = config.bipartite.measure;
  return config.objective == RankingObjective::Bipartite && m != BipartiteMeasure::PrecisionAtK &&
         m != BipartiteMeasure::RecallAtK;
}

// The cut of the training scores at which the rule score > cut gives the best mean measure over the queries.
BipartiteCut best_cut(const RankingProblemConfig& config, const QuerySet& data, const std::vector<double>& scores) {
  std::vector<int8_t> y(scores.size());
  std::vector<int32_t> query(scores.size());
  for (int q = 0; q < data.queries(); ++q)
    for (int32_t i = data.begin(q); i < data.begin(q + 1); ++i)
      y[size_t(i)] = data.relevance[i] > config.relevant_above ? 1 : -1, query[size_t(i)] = q;
  return bipartite_best_cut(config.bipartite, scores.data(), y.data(), query.data(), data.queries(),
                            int32_t(scores.size()));
}

// A rule the whole-set hinge's model should beat on its own training set: the difference of the class means,
// with its best cut. Where the classes overlap, the hinge's exact optimum can rank worse than that (letter G
// against the rest: training F1 0.09 against 0.21; docs/benchmarks.md, "Every class against the rest"); the
// caution says so rather than leave the model silently poor. Empty when the model does better.
std::string overlap_caution(const RankingProblemConfig& config, const QuerySet& data, double fitted,
                            const std::string& measure) {
  const Rows& x = data.features;
  std::vector<float> positive(size_t(x.cols()), 0.f), negative(size_t(x.cols()), 0.f);
  int32_t P = 0;
  for (int32_t i = 0; i < x.rows(); ++i) {
    const bool is_positive = data.relevance[i] > config.relevant_above;
    x.row(i).axpy(1.f, (is_positive ? positive : negative).data());
    P += is_positive;
  }
  if (P == 0 || P == x.rows()) return "";
  std::vector<float> difference(positive.size());
  for (size_t j = 0; j < difference.size(); ++j)
    difference[j] = positive[j] / float(P) - negative[j] / float(x.rows() - P);
  std::vector<double> scores(size_t(x.rows()));
  for (int32_t i = 0; i < x.rows(); ++i) scores[size_t(i)] = x.row(i).dot(difference.data());
  const double means = best_cut(config, data, scores).measure;
  if (fitted >= means) return "";
  return text("the model separates its training set worse than the difference of the class means (training ", measure,
              " ", with_digits(fitted, 3), " against ", with_digits(means, 3), " at their best cuts): the classes "
              "overlap, where the whole-set hinge ranks poorly; a per-example learner with a fitted cut does better "
              "(docs/benchmarks.md)");
}

// Records the averaged weights at the start of every epoch after the first (= the model after each epoch).
struct EpochSnapshots {
  const RankingProblem& inner;
  mutable long long calls = 0;
  mutable std::vector<std::vector<float>> after_epoch;
  int size() const { return inner.size(); }
  size_t dim() const { return inner.dim(); }
  StepResult step(TrainedWeights& w, int i, Surrogate s, float eta) const {
    if (calls > 0 && calls % inner.size() == 0) after_epoch.push_back(w.average());
    ++calls;
    return inner.step(w, i, s, eta);
  }
};

double mean_ndcg(const std::vector<float>& w, const QuerySet& valid, int32_t k) {
  const Ranker model(w, {});
  const std::vector<double> s = model.score(valid.features);
  return evaluate_ranking(valid, s.data(), EvalConvention::Common, k).ndcg[k - 1];
}

OptionList with(OptionList list, const std::string& key, const std::string& value) {
  for (auto& [k, v] : list)
    if (k == key) {
      v = value;
      return list;
    }
  list.emplace_back(key, value);
  return list;
}

// The intercept travels with the settings (saved as one more key=value entry, absent when 0), as do the
// input columns of the random features (absent without them).
const char* kIntercept = "intercept";
const char* kRffColumns = "rff_columns";

// The map the options ask for over the documents' `cols` features.
RandomFourierFeatures random_features(const Options& options, const Rows& features) {
  require(options.integer("rff") == 0 || features.cols() > 0, "rff maps the documents' features, and they have none");
  return RandomFourierFeatures::fit(options, features);  // γ = 0: from the training documents
}

// The documents of `data` seen through the map: rows of z(x), held in `buffer` (data itself without a map).
QuerySet mapped(const QuerySet& data, const RandomFourierFeatures& rff, std::vector<float>& buffer) {
  if (!rff.dim()) return data;
  buffer = rff.map_rows(data.features);
  QuerySet out = data;
  out.features = Rows::dense(buffer.data(), data.features.rows(), rff.dim());
  return out;
}

// SVMlight's default C, 1 / the mean ‖x‖² (the bias coordinate included), per document: the same
// regularisation whatever the features' scale (on usps, ‖x‖² ≈ 55, a C of one per document overfits);
// times the mean documents per query, since psi=normalized divides each query's Ψ by its size.
double default_C(const QuerySet& data, bool bias) {
  const int32_t m = data.features.rows();
  double total = 0;
  for (int32_t i = 0; i < m; ++i) total += data.features.row(i).squared_norm() + (bias ? 1.0 : 0.0);
  const double per_query = double(m) / data.queries();
  return total > 0 ? per_query * m / total : per_query;
}

// The exact solvers need fixed targets, but π(y) among tied grades and y* of precision@k / recall@k are
// choices made at the scores (ranking_problem.hpp). Fixed once, in index order or at their mean, they made
// w = 0 the optimum of one 1,000-document group (letter A against the rest, NDCG@10), as it is whenever the
// target's Ψ lies in the hull of the Ψ of orders with Δ = 1, which documents far outnumbering features allow.
// So the choices are made at a starting ranker, the Kendall pairwise SVM (its hinge has none), the convex
// problem is solved to its certified gap, the choices are made again at its solution, and so on while the
// objective falls by more than the gap tolerance (CCCP, Yu & Joachims 2009): each round lowers the objective
// SGD descends. On one big group whose classes overlap that objective's optimum itself ranks poorly
// (docs/benchmarks.md): SGD stays ndcg's default.
std::vector<float> train_with_targets(const QuerySet& data, const Ranker::Training::Plan& plan, RankingProblem& problem,
                               StructuredSvmConfig config, const ProgressFn& progress, TrainingReport& report) {
  constexpr int kMaxTargetRounds = 20;
  if (config.C == 0) config.C = default_C(data, problem.has_bias());
  if (!problem.has_latent_targets()) return train_exact(problem, plan.trainer, config, progress, &report);
  RankingProblemConfig pairwise = plan.problem;
  pairwise.objective = RankingObjective::Kendall;
  const RankingProblem start(data, pairwise, Surrogate::MarginRescaled);
  int rounds = 0;
  const ProgressFn counted = progress ? ProgressFn([&](const Progress& p) {  // epochs count on across solves
    Progress q = p;
    q.epoch += rounds;
    return progress(q);
  }) : ProgressFn();
  std::vector<float> w(problem.dim(), 0.f);
  if (start.size() > 0) {  // the starting ranker's solve reports progress and can be stopped like the others
    StructuredSvmConfig c = config;
    c.C = default_C(data, false);
    const std::vector<float> w0 = train_exact(start, "cutting-plane", c, counted, &report);
    std::copy(w0.begin(), w0.end(), w.begin());
    rounds += report.iterations;
    if (report.stopped_by_callback) return w;
  }
  SparseAccumulator psi(problem.dim());
  auto objective = [&](const std::vector<float>& v) {
    double norm = 0;
    for (float x : v) norm += double(x) * x;
    return 0.5 * norm + config.C * hinge_sum(problem, v.data(), Surrogate::MarginRescaled, psi);
  };
  const double tolerance = config.eps * config.C * problem.size();
  problem.fix_targets(w.data());
  double current = objective(w);
  for (int round = 1;; ++round) {
    w = train_exact(problem, plan.trainer, config, counted, &report);  // targets fixed at the last w
    rounds += report.iterations;
    if (report.stopped_by_callback || !problem.fix_targets(w.data())) break;
    const double value = objective(w), decrease = current - value;  // value ≤ the solved problem's objective
    current = value;
    if (decrease <= tolerance) break;
    if (round == kMaxTargetRounds) {
      report.converged = false;
      report.measure = "objective decrease between target rounds";
      report.gap = decrease / (config.C * problem.size());
      report.cap = kMaxTargetRounds;
      report.hint = "the order of tied documents kept changing; raise eps";
      break;
    }
  }
  report.iterations = rounds;
  return w;
}

}  // namespace

Options Ranker::parse_options(const OptionList& given, bool tuning) {
  const Options o = Options::parse(option_specs(), given, "Ranker");
  std::string trainer = o.choice("trainer");
  if (trainer == "auto") trainer = tuning || o.choice("measure") == "ndcg" ? "sgd" : "cutting-plane";
  const bool squared = o.choice("loss") == "squared";
  std::vector<std::string> reads;
  if (squared) reads.push_back("lambda");  // its ridge weight
  else
    for (const OptionSpec& s : trainer_options(trainer)) reads.push_back(s.name);
  // A model's saved options list every option at its value, so only a value away from its default counts.
  const auto changed = [&o](const std::string& name) {
    for (const OptionSpec& s : option_specs())
      if (s.name == name) {
        const double default_number = s.type == OptionType::Boolean ? double(s.default_value == "true" || s.default_value == "1")
                                                              : std::strtod(s.default_value.c_str(), nullptr);
        return o.given(name) && o.real(name) != default_number;
      }
    return false;
  };
  for (const char* t : {"sgd", "pegasos", "perceptron", "cutting-plane", "bcfw"})
    for (const OptionSpec& s : trainer_options(t))
      if (changed(s.name) && std::find(reads.begin(), reads.end(), s.name) == reads.end())
        fail("option '", s.name, "' is not read by ", squared ? std::string("the squared loss") : "trainer '" + trainer + "'",
             o.choice("trainer") == "auto" ? tuning ? " (trainer auto, when validation tunes it)"
                                                    : " (trainer auto for measure '" + o.choice("measure") + "')" : "",
             "; its options are ", join(reads));
  return o;
}

void Ranker::check_options(const OptionList& given) {
  std::exception_ptr plain;
  try {
    parse_options(given, false);
    return;
  } catch (const InputError&) {
    plain = std::current_exception();
  }
  try {
    parse_options(given, true);  // a fit with validation may read them
  } catch (const InputError&) {
    std::rethrow_exception(plain);
  }
}

Ranker::Training::Training(const QuerySet& raw_data, const OptionList& given)
    : options_(parse_options(given)) {
  raw_data.validate_for_training();
  require(raw_data.queries() > 0, "ranking needs at least one query");
  rff_ = random_features(options_, raw_data.features);
  const QuerySet input = mapped(raw_data, rff_, mapped_);
  scaled_ = std::make_unique<ScaledRows>(input.features,
                                         FeatureScaling::kind_over(options_.choice("scale"), rff_.as_given()));
  data_ = input;
  data_.features = scaled_->rows;
  if (options_.choice("loss") == "squared") return;
  plan_ = std::make_unique<Plan>(plan_training(options_));
  problem_ = std::make_unique<RankingProblem>(data_, plan_->problem, plan_->online.surrogate);
  require_learnable(*problem_, plan_->problem.objective);
}

Ranker::Training::~Training() = default;

const RankingProblem& Ranker::Training::problem() const {
  require(problem_ != nullptr, "the pointwise baseline has no ranking problem");
  return *problem_;
}

OnlineConfig Ranker::Training::online_config() const {
  if (plan_ && !plan_->is_exact()) return plan_->online;
  const std::string given = !plan_ ? "loss 'squared'"
                            : options_.choice("trainer") == "auto"
                                ? "trainer auto (cutting-plane for measure '" + options_.choice("measure") + "')"
                                : "trainer '" + plan_->trainer + "'";
  fail("training on several workers needs an online trainer (trainer sgd, pegasos or perceptron), not ", given);
}

std::vector<float> Ranker::Training::start() const { return initial_weights(problem(), data_, options_); }

std::vector<float> Ranker::Training::fit(const ProgressFn& progress, TrainingReport* report) {
  if (!plan_) return fit_ridge_regression(data_, options_.real("lambda"));
  if (!plan_->is_exact()) return train_online(*problem_, plan_->online, progress, start());
  require(options_.choice("init") == "zero", "trainer '", plan_->trainer, "' starts from zero; leave init at zero");
  TrainingReport ignored;
  return train_with_targets(data_, *plan_, *problem_, plan_->exact, progress, report ? *report : ignored);
}

Ranker Ranker::Training::finish(std::vector<float> w, const TrainingReport& report) {
  Ranker model;
  if (!plan_) {
    model = Ranker(std::move(w), options_.entries());
  } else {
    const size_t cols = size_t(data_.features.cols());
    const double intercept = problem_->has_bias() ? double(w[cols]) : 0.0;
    w.resize(cols);  // the bias coordinate becomes the intercept
    model = Ranker(std::move(w), options_.entries(), intercept);
    model.report_ = report;
    if (has_cut(plan_->problem)) {
      const BipartiteCut fitted = best_cut(plan_->problem, data_, model.score(data_.features));
      if (options_.choice("threshold") == "measure") model.intercept_ -= fitted.cut;
      model.report_.caution = overlap_caution(plan_->problem, data_, fitted.measure, options_.choice("measure"));
    }
  }
  model.intercept_ += scaled_->scaling.fold(model.weights_, 1)[0];
  model.use_random_features(std::move(rff_));
  return model;
}

Ranker Ranker::train(const QuerySet& data, const OptionList& options, const ProgressFn& progress) {
  Training t(data, options);
  TrainingReport report;
  std::vector<float> w = t.fit(progress, &report);
  return t.finish(std::move(w), report);
}

Ranker Ranker::train_with_validation(const QuerySet& raw_train, const QuerySet& raw_valid, const OptionList& given,
                                     const std::vector<double>& lambdas, int32_t eval_k, std::vector<Trial>* trials) {
  const Options options = parse_options(given, true);
  require(!lambdas.empty(), "validation needs at least one lambda");
  require(eval_k >= 1, "validation NDCG@k needs k ≥ 1");
  raw_train.validate_for_training();
  raw_valid.validate_for_training();
  require(raw_train.queries() > 0 && raw_valid.queries() > 0, "training and validation sets need queries");
  const RandomFourierFeatures rff = random_features(options, raw_train.features);
  std::vector<float> train_z, valid_z;
  const QuerySet mapped_train = mapped(raw_train, rff, train_z), mapped_valid = mapped(raw_valid, rff, valid_z);
  // both sets scaled by the statistics of the training set, the chosen weights folded back
  const ScaledRows scaled(mapped_train.features, FeatureScaling::kind_over(options.choice("scale"), rff.as_given()));
  const FeatureScaling& scaling = scaled.scaling;
  const OwnedRows valid_storage = scaling.identity() ? OwnedRows{} : scaling.apply(mapped_valid.features);
  QuerySet train = mapped_train, valid = mapped_valid;
  train.features = scaled.rows;
  if (!scaling.identity()) valid.features = valid_storage.view();
  const bool pointwise = options.choice("loss") == "squared";
  // validation tunes the online trainers: trainer=auto means sgd here, and the chosen options say so
  const OptionList online_entries =
      options.choice("trainer") == "auto" ? with(options.entries(), "trainer", "sgd") : options.entries();
  Trial best{0, 0, -1};
  std::vector<float> best_w;
  for (double lambda : lambdas) {
    require(lambda >= 0 && std::isfinite(lambda), "lambda must be a finite number ≥ 0; got ", lambda);
    const Options run = Options::parse(option_specs(), with(online_entries, "lambda", number_text(lambda)), "ranking");
    std::vector<std::vector<float>> models;
    if (pointwise) {
      models.push_back(fit_ridge_regression(train, lambda));
    } else {
      const Training::Plan plan = plan_training(run);
      require(!plan.is_exact(), "validation picks lambda and epochs of the online trainers; use trainer=sgd, pegasos "
              "or perceptron");
      const RankingProblem problem(train, plan.problem, plan.online.surrogate);
      require_learnable(problem, plan.problem.objective);
      EpochSnapshots snapshots{problem, 0, {}};
      std::vector<float> last = train_online(snapshots, plan.online, {}, initial_weights(problem, train, run));
      models = std::move(snapshots.after_epoch);
      models.push_back(std::move(last));
      for (auto& m : models) m.resize(size_t(train.features.cols()));
    }
    for (size_t e = 0; e < models.size(); ++e) {
      const Trial t{lambda, pointwise ? options.integer("epochs") : int(e + 1), mean_ndcg(models[e], valid, eval_k)};
      if (trials) trials->push_back(t);
      if (t.ndcg > best.ndcg) best = t, best_w = models[e];
    }
  }
  OptionList settings = with(online_entries, "lambda", number_text(best.lambda));
  settings = with(settings, "epochs", std::to_string(best.epochs));
  const double intercept = scaling.fold(best_w, 1)[0];
  Ranker model(std::move(best_w), settings, intercept);
  model.use_random_features(rff);
  return model;
}

std::vector<double> Ranker::score(const Rows& rows) const {
  std::vector<double> s(rows.rows(), 0.0);
  const int32_t n = int32_t(weights_.size());
  std::vector<float> z(rff_.dim());
  for (int32_t i = 0; i < rows.rows(); ++i) {
    double sum = 0;
    if (rff_.dim()) rff_.map(rows.row(i), z.data());
    (rff_.dim() ? RowView{nullptr, z.data(), rff_.dim()} : rows.row(i)).for_each([&](int32_t j, float x) {
      if (j < n) sum += double(weights_[j]) * x;
    });
    s[i] = sum + intercept_;
  }
  return s;
}

std::vector<int32_t> Ranker::rank(const Rows& rows) const {
  const std::vector<double> s = score(rows);
  return order_best_first(s.data(), int32_t(s.size()));
}

// The random-feature settings are those of the map, and only with one (so rankers without it keep their bytes).
void Ranker::use_random_features(RandomFourierFeatures rff) {
  rff_ = std::move(rff);
  OptionList settings;
  for (auto& kv : settings_)
    if (!RandomFourierFeatures::is_option(kv.first)) settings.push_back(std::move(kv));
  for (auto& kv : rff_.option_entries()) settings.push_back(std::move(kv));
  settings_ = std::move(settings);
}

std::vector<uint8_t> Ranker::to_bytes() const {
  ByteWriter out("ranking");
  OptionList settings = settings_;
  if (rff_.dim()) settings.emplace_back(kRffColumns, std::to_string(rff_.cols()));
  if (intercept_ != 0) settings.emplace_back(kIntercept, number_text(intercept_));
  out.put_options(settings);
  out.put_vector(weights_);
  return out.finish();
}

namespace {
// Models of 0.1 name the measure as their algorithm (pointwise: the squared loss) and save epochs 0 for "automatic".
OptionList upgrade_settings(OptionList saved) {
  OptionList out;
  for (const auto& [key, value] : saved) {
    if (key == "algo") {
      out.emplace_back(value == "pointwise" ? "loss" : "measure", value == "pointwise" ? "squared" : value);
    } else if (key != "epochs" || value != "0") {
      out.emplace_back(key, value);
    }
  }
  return out;
}
}  // namespace

Ranker Ranker::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size, "ranking");
  OptionList settings = upgrade_settings(in.get_options());
  // Takes the number saved under `key` out of the settings (fallback when absent).
  auto take = [&settings](const char* key, double fallback) {
    for (auto it = settings.begin(); it != settings.end(); ++it)
      if (it->first == key) {
        char* end = nullptr;
        const double x = std::strtod(it->second.c_str(), &end);
        require(end && *end == '\0' && std::isfinite(x), "ranking model is corrupt (bad ", key, ")");
        settings.erase(it);
        return x;
      }
    return fallback;
  };
  const double intercept = take(kIntercept, 0);
  const double rff_columns = take(kRffColumns, -1);
  const Options options = Options::parse(option_specs(), settings, "ranking model");  // must still make sense
  std::vector<float> weights = in.get_finite_vector<float>("weight");  // after the options are trusted
  in.expect_end();
  Ranker model(std::move(weights), std::move(settings), intercept);
  if (options.integer("rff") > 0) {
    require(rff_columns >= 0 && rff_columns <= 2147483647.0, "ranking model is corrupt (random features without columns)");
    model.use_random_features(RandomFourierFeatures::from_options(options, int32_t(rff_columns)));
    require(model.weights_.size() == size_t(model.rff_.dim()), "ranking model is corrupt (", model.weights_.size(),
            " weights for ", model.rff_.dim(), " random features)");
  }
  return model;
}

}  // namespace argmax
