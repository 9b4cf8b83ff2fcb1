#include "reductions/reduction.hpp"

#include <algorithm>

#include "binary/linear_model.hpp"
#include "core/labels.hpp"
#include "learn/feature_scaling.hpp"
#include "learn/kernels/kernel_width.hpp"

namespace argmax {

const std::vector<OptionSpec>& reduction_options() {
  static const std::vector<OptionSpec> specs = [] {
    std::vector<OptionSpec> own;  // rows moved in one by one (Kernel::option_specs says why)
    own.push_back(choice_option("reduction", "ova", {"ova", "allpairs", "ecoc"}, "how classes become binary problems"));
    own.push_back(choice_option("learner", "linear", binary_learner_names(),
                                "binary base learner (its trainer, loss and options in learnerOptions)"));
    own.push_back(choice_option("code", "dense", {"ova", "ovo", "dense", "sparse", "exhaustive", "user"}, "ECOC code matrix"));
    own.push_back(integer_option("codeSize", "0", 0, 100000, "columns of a random code (0: 10 log2 k dense, 15 log2 k sparse)"));
    own.push_back(choice_option(
        "decoding", "auto", {"auto", "argmax", "signed-vote", "majority-vote", "hamming", "hinge", "logistic", "exponential", "learned"},
        "auto: argmax (ova), signed-vote (allpairs), hamming (ecoc)"));
    own.push_back(choice_option("codeKernel", "linear", {"linear", "rbf"}, "decoding=learned: the kernel K(f(x), M_l) of the learned code"));
    own.push_back(positive_option("codeGamma", "1", 1e300, "decoding=learned: γ of the rbf code kernel"));
    own.push_back(positive_option("codeC", "1", 1e300, "decoding=learned: C of the code's multiclass SVM"));
    // the binary learners may see random features z(x) instead of x
    for (OptionSpec& s : RandomFourierFeatures::option_specs()) own.push_back(std::move(s));
    own.push_back(integer_option("seed", "1", 0, 4294967295.0, "random code and the learners' example order"));
    own.push_back(FeatureScaling::option());
    return own;
  }();
  return specs;
}

ReductionConfig reduction_config_from(const Options& o) {
  ReductionConfig c;
  c.reduction = o.choice("reduction");
  c.learner = o.choice("learner");
  c.code = o.choice("code");
  c.code_size = o.integer("codeSize");
  c.decoding = o.choice("decoding");
  c.seed = o.seed();
  c.scale = o.choice("scale");
  c.learned.kernel = o.choice("codeKernel");
  c.learned.gamma = o.real("codeGamma");
  c.learned.C = o.real("codeC");
  c.learned.seed = c.seed;
  c.rff = o.integer("rff");
  c.rff_gamma = o.real("gamma");
  c.rff_seed = o.seed("rffSeed");
  return c;
}

CodeMatrix make_code(const ReductionConfig& config, int k) {
  require(k >= 2, "a reduction needs at least 2 classes; got ", k);
  if (config.reduction == "ova") return CodeMatrix::one_vs_all(k);
  if (config.reduction == "allpairs") return CodeMatrix::one_vs_one(k);
  require(config.reduction == "ecoc", "unknown reduction '", config.reduction, "' (known: ova, allpairs, ecoc)");
  const std::string& c = config.code;
  if (c == "ova") return CodeMatrix::one_vs_all(k);
  if (c == "ovo") return CodeMatrix::one_vs_one(k);
  if (c == "exhaustive") return CodeMatrix::exhaustive(k);
  if (c == "user") {
    require(config.user_code_columns > 0, "code=user needs a code matrix (k rows of entries -1, 0, +1)");
    require(config.user_code.size() == size_t(k) * config.user_code_columns, "the user code has ",
            config.user_code.size(), " entries; expected ", k, " classes × ", config.user_code_columns, " columns");
    return CodeMatrix(k, config.user_code_columns, config.user_code);
  }
  require(c == "dense" || c == "sparse", "unknown code '", c, "' (known: ova, ovo, dense, sparse, exhaustive, user)");
  const bool sparse = c == "sparse";
  const int columns = config.code_size > 0 ? config.code_size : default_code_length(k, sparse);
  Rng rng(config.seed ^ 0x5EED0C0DEull);
  return sparse ? CodeMatrix::sparse_random(k, columns, rng) : CodeMatrix::dense_random(k, columns, rng);
}

namespace {
void check_class_labels(const std::vector<int32_t>& labels, int k) {
  require(int(labels.size()) == k, "expected ", k, " class labels, got ", labels.size());
  std::vector<int32_t> sorted = labels;
  std::sort(sorted.begin(), sorted.end());
  require(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end(), "class labels must be distinct");
}
}  // namespace

void ReductionModel::set_class_labels(std::vector<int32_t> labels) {
  check_class_labels(labels, classes());
  class_labels_ = std::move(labels);
}

void ReductionModel::set_decoding(Decoding d) {
  require(d != Decoding::Argmax || code_.columns() == code_.classes(),
          "argmax decoding needs the one-vs-all code");
  require(d != Decoding::Learned || learned_, "learned decoding needs a model trained with decoding=learned");
  decoding_ = d;
}

ReductionModel ReductionModel::train(const Rows& input, const std::vector<int32_t>& labels, int k,
                                     const ReductionConfig& config, const BinaryTrainer& custom,
                                     const ProgressFn& progress) {
  require(int(labels.size()) == input.rows(), "got ", labels.size(), " labels for ", input.rows(), " rows");
  require(input.rows() > 0, "no training examples");
  for (int32_t i = 0; i < input.rows(); ++i)
    require(labels[i] >= 0 && labels[i] < k, "row ", i, " has label ", labels[i], ", expected 0..", k - 1);
  ReductionModel model;
  std::vector<float> mapped;
  if (config.rff > 0) {
    // as LinearMulticlass: scaling would come after the map; auto's is in γ's rule, another is refused
    require(config.scale == "auto" || config.scale == "none", "rff maps the features as given; leave scale at auto or none");
    const double gamma = config.rff_gamma == 0 ? gamma_from_data(input) : config.rff_gamma;  // 0: from the rows
    model.rff_ = RandomFourierFeatures(input.cols(), config.rff, gamma, config.rff_seed);
    mapped = model.rff_.map_rows(input);
  }
  const Rows rows = model.rff_.dim() ? Rows::dense(mapped.data(), input.rows(), model.rff_.dim()) : input;
  model.reduction_ = config.reduction;
  model.code_ = make_code(config, k);
  const std::string rule = config.decoding != "auto" ? config.decoding
                           : config.reduction == "ova"      ? "argmax"
                           : config.reduction == "allpairs" ? "signed-vote"
                                                            : "hamming";
  const Decoding decoding = decoding_from_name(rule);
  model.class_labels_.resize(k);
  for (int l = 0; l < k; ++l) model.class_labels_[l] = l;
  const BinaryTrainer trainer = custom ? custom : make_binary_trainer(config.learner, config.learner_options);
  model.learner_ = custom ? "custom" : config.learner;
  const ScaledRows scaled(rows, model.rff_.dim() ? "none" : scaling_for_learner(model.learner_, config.scale));
  const int c = model.code_.columns();
  for (int j = 0; j < c; ++j) {
    BinarySample s;
    s.rows = scaled.rows;
    for (int32_t i = 0; i < rows.rows(); ++i) {
      const int8_t m = model.code_.at(labels[i], j);
      if (m != 0) s.index.push_back(i), s.label.push_back(m);
    }
    require(!s.index.empty(), "code column ", j, " has no training examples (its classes are absent)");
    model.models_.push_back(unscaled(trainer(s, config.seed + uint64_t(j)), scaled.scaling));
    if (progress) {
      Progress p;
      p.epoch = j + 1;
      if (!progress(p)) fail("training stopped by the progress callback after ", j + 1, " of ", c, " binary problems");
    }
  }
  if (decoding == Decoding::Learned) {
    std::vector<float> f(size_t(rows.rows()) * c);
    model.confidences(input, f.data());
    model.learned_ = std::make_shared<const LearnedCode>(
        LearnedCode::train(Rows::dense(f.data(), rows.rows(), c), labels, k, config.learned));
  }
  model.set_decoding(decoding);
  return model;
}

namespace {
constexpr int32_t kBlock = 256;  // rows scored at once: kernel products batch, and memory stays bounded
}  // namespace

void ReductionModel::confidences(const Rows& rows, float* f) const {
  const int c = columns();
  const int32_t d = rff_.dim();
  std::vector<float> z, column(size_t(std::min(rows.rows(), kBlock)));
  for (int32_t a = 0; a < rows.rows(); a += kBlock) {
    const int32_t n = std::min(kBlock, rows.rows() - a);
    Rows block = rows.slice(a, a + n);
    if (d) {
      z.resize(size_t(n) * d);
      for (int32_t i = 0; i < n; ++i) rff_.map(block.row(i), &z[size_t(i) * d]);
      block = Rows::dense(z.data(), n, d);
    }
    for (int j = 0; j < c; ++j) {
      models_[j]->scores(block, column.data());
      for (int32_t i = 0; i < n; ++i) f[size_t(a + i) * c + j] = column[i];
    }
  }
}

void ReductionModel::confidences(const RowView& x, float* f) const {
  const int32_t offsets[2] = {0, x.size};
  confidences(Rows::of_row(x, cols(), offsets), f);
}

int ReductionModel::decode_confidences(const float* f) const {
  if (decoding_ != Decoding::Learned) return decode(code_, decoding_, f);
  std::vector<float> scores(classes());
  learned_->scores(f, columns(), scores.data());
  return int(std::max_element(scores.begin(), scores.end()) - scores.begin());  // ties: the lowest class
}

int ReductionModel::predict(const RowView& x) const {
  std::vector<float> f(models_.size());
  confidences(x, f.data());
  return decode_confidences(f.data());
}

std::vector<int32_t> ReductionModel::predict(const Rows& rows) const {
  std::vector<int32_t> out(rows.rows());
  const int c = columns();
  std::vector<float> f(size_t(std::min(rows.rows(), kBlock)) * c);
  for (int32_t a = 0; a < rows.rows(); a += kBlock) {
    const int32_t n = std::min(kBlock, rows.rows() - a);
    confidences(rows.slice(a, a + n), f.data());
    for (int32_t i = 0; i < n; ++i) out[size_t(a + i)] = decode_confidences(&f[size_t(i) * c]);
  }
  return out;
}

ReductionModel ReductionModel::train_on_labels(const Rows& rows, const int32_t* labels, const ReductionConfig& config,
                                              const ProgressFn& progress) {
  require(rows.rows() > 0, "training data is empty");
  const LabelIndex y = index_labels(labels, size_t(rows.rows()));  // one class: make_code refuses it
  ReductionModel model = train(rows, y.index, int(y.labels.size()), config, {}, progress);
  model.set_class_labels(y.labels);
  return model;
}

std::vector<int32_t> ReductionModel::predict_labels(const Rows& rows) const {
  std::vector<int32_t> out = predict(rows);
  for (int32_t& c : out) c = class_labels_[size_t(c)];
  return out;
}

std::vector<uint8_t> ReductionModel::to_bytes() const {
  ByteWriter out("reduction", format_version_of(models_));
  out.put_string(reduction_);
  out.put_string(learner_);
  out.put_string(decoding_name(decoding_));
  out.put<int32_t>(code_.classes());
  out.put<int32_t>(code_.columns());
  out.put_vector(code_.entries());
  out.put_vector(class_labels_);
  for (const auto& m : models_) save_binary_model(*m, out);
  if (decoding_ == Decoding::Learned) learned_->save(out);
  if (rff_.dim()) rff_.save(out);  // last and optional: models saved before random features end above
  return out.finish();
}

ReductionModel ReductionModel::from_bytes(const uint8_t* data, size_t size) {
  ByteReader in(data, size, "reduction");
  ReductionModel model;
  model.reduction_ = in.get_string();
  model.learner_ = upgraded_learner_name(in.get_string());
  require(model.reduction_ == "ova" || model.reduction_ == "allpairs" || model.reduction_ == "ecoc",
          "model bytes are corrupt (unknown reduction '", model.reduction_, "')");
  const std::string rule = in.get_string();
  const int32_t k = in.get<int32_t>(), c = in.get<int32_t>();
  require(k >= 2 && c >= 1, "model bytes are corrupt (code shape ", k, "×", c, ")");
  model.code_ = CodeMatrix(k, c, in.get_vector<int8_t>());
  const Decoding decoding = decoding_from_name(rule);
  model.set_class_labels(in.get_vector<int32_t>());
  for (int j = 0; j < c; ++j) model.models_.push_back(load_binary_model(in));
  if (decoding == Decoding::Learned) model.learned_ = std::make_shared<const LearnedCode>(LearnedCode::load(in));
  model.set_decoding(decoding);
  if (!in.at_end()) model.rff_ = RandomFourierFeatures::load(in);
  in.expect_end();
  return model;
}

}  // namespace argmax
