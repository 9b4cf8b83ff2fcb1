// Embind glue for ranking: the Ranker (train, validate, score, rank, save/load) and its shard trainer, the LETOR
// reader and the ranking measures. Data arrives as pointers into wasm memory allocated by bindings/js/api/ranking.js.
#include <cmath>

#include "common.hpp"
#include "model_binding.hpp"
#include "training_report.hpp"
#include "io/letor.hpp"
#include "metrics/ranking_metrics.hpp"
#include "ranking/bipartite.hpp"
#include "ranking/ranker.hpp"
#include "ranking/ranker_shard_trainer.hpp"
#include "shard_binding.hpp"

namespace argmax::js {
namespace {

QuerySet queries_at(Rows features, uintptr_t relevance, uintptr_t query_offsets, int queries) {
  require(queries >= 0, "negative number of queries");
  QuerySet set;
  set.features = features;
  set.relevance = reinterpret_cast<const float*>(relevance);
  const int32_t* q = reinterpret_cast<const int32_t*>(query_offsets);
  set.offsets.assign(q, q + queries + 1);
  return set;
}

Ranker train(const MatrixArg& x, uintptr_t relevance, uintptr_t query_offsets, int queries, std::string options,
             val on_progress) {
  return Ranker::train(queries_at(rows_at(x), relevance, query_offsets, queries), option_lines(options),
                       progress_from(on_progress));
}

// Parameter mixing: one worker's shard of the queries (arguments as train takes them).
RankerShardTrainer* shard(const MatrixArg& x, uintptr_t relevance, uintptr_t query_offsets, int queries,
                          std::string options, int shards, int shard) {
  return new RankerShardTrainer(queries_at(rows_at(x), relevance, query_offsets, queries), option_lines(options),
                                shards, shard);
}

Ranker train_with_validation(const MatrixArg& t, uintptr_t t_relevance, uintptr_t t_queries, int t_count,
                             const MatrixArg& v, uintptr_t v_relevance, uintptr_t v_queries, int v_count,
                             std::string options, uintptr_t lambdas, int n_lambdas, int eval_k) {
  const double* l = reinterpret_cast<const double*>(lambdas);
  return Ranker::train_with_validation(queries_at(rows_at(t), t_relevance, t_queries, t_count),
                                       queries_at(input_rows(v, t.cols), v_relevance, v_queries, v_count), option_lines(options),
                                       std::vector<double>(l, l + std::max(n_lambdas, 0)), eval_k);
}

val score(const Ranker& m, const MatrixArg& x) {
  return typed_array("Float64Array", m.score(input_rows(x, m.cols())));
}
val rank(const Ranker& m, const MatrixArg& x) {
  return typed_array("Int32Array", m.rank(input_rows(x, m.cols())));
}
val weights(const Ranker& m) { return typed_array("Float32Array", m.weights()); }
int cols(const Ranker& m) { return m.cols(); }
std::string options(const Ranker& m) { return option_text(m.settings()); }

std::string schema() { return schema_json(Ranker::option_specs()); }
std::string help() { return describe(Ranker::option_specs()); }
void check_options(std::string options) { Ranker::check_options(option_lines(options)); }

// LETOR text → {relevance, labels (the same), qids (one per row), queryIds (one per query), queryOffsets,
//               offsets, indices, values, rows, cols, queries}
val letor_to_js(const OwnedQueries& d) {
  val out = val::object();
  val relevance = typed_array("Float32Array", d.relevance);
  out.set("relevance", relevance);
  out.set("labels", relevance);
  val per_row = val::array(), per_query = val::array();
  for (int q = 0; q < d.queries(); ++q) {
    per_query.call<void>("push", d.qids[q]);
    for (int32_t r = d.offsets[q]; r < d.offsets[q + 1]; ++r) per_row.call<void>("push", d.qids[q]);
  }
  out.set("qids", per_row);
  out.set("queryIds", per_query);
  out.set("queryOffsets", typed_array("Int32Array", d.offsets));
  set_sparse_rows(out, d.features);
  out.set("queries", d.queries());
  return out;
}
using LetorReader = JsReader<LetorParser, &letor_to_js>;
LetorReader open_letor(int min_cols) { return {ChunkedReader(LetorParser(min_cols))}; }

// One query's measure: name ∈ ndcg, precision, ap, tau, auc. NaN = skipped (common convention).
double measure(std::string name, uintptr_t scores, uintptr_t relevance, int r, int k, std::string convention) {
  require(r >= 0, "negative number of documents");
  const double* s = reinterpret_cast<const double*>(scores);
  const float* rel = reinterpret_cast<const float*>(relevance);
  for (int i = 0; i < r; ++i) require(std::isfinite(s[i]) && std::isfinite(rel[i]), "document ", i, " has a non-finite score or relevance");
  const EvalConvention c = parse_eval_convention(convention);
  if (name == "ndcg") return ndcg_at(s, rel, r, k, c);
  if (name == "precision") return precision_at(s, rel, r, k, c);
  if (name == "ap") return average_precision(s, rel, r, c);
  if (name == "tau") return kendall_tau_b(s, rel, r, c);
  if (name == "auc") return auc(s, rel, r, c);
  fail("unknown ranking measure '", name, "'");
}

// {cut, value}: the cut for the rule score > cut that maximises a thresholded measure (f1, fbeta, balanced).
val best_cut(std::string name, double beta, uintptr_t scores, uintptr_t labels, int r) {
  const BipartiteSpec spec{bipartite_measure_named(name), beta, 1};
  const BipartiteCut cut =
      bipartite_threshold(spec, reinterpret_cast<const double*>(scores), reinterpret_cast<const float*>(labels), r);
  val out = val::object();
  out.set("cut", cut.cut);
  out.set("value", cut.measure);
  return out;
}

// {ndcg: Float64Array (k = 1..maxK), precision, map, kendallTau, auc, queries, counted}
val report(uintptr_t scores, uintptr_t relevance, int rows, uintptr_t query_offsets, int queries, std::string convention,
           int max_k) {
  QuerySet set = queries_at(Rows::dense(nullptr, rows, 0), relevance, query_offsets, queries);
  set.validate();
  const double* s = reinterpret_cast<const double*>(scores);
  for (int i = 0; i < rows; ++i) require(std::isfinite(s[i]), "score ", i, " is not a finite number");
  const RankingReport r = evaluate_ranking(set, s, parse_eval_convention(convention), max_k);
  val out = val::object();
  out.set("ndcg", typed_array("Float64Array", r.ndcg));
  out.set("precision", typed_array("Float64Array", r.precision));
  out.set("map", r.map);
  out.set("kendallTau", r.kendall_tau);
  out.set("auc", r.auc);
  out.set("queries", r.queries);
  out.set("counted", r.counted);
  return out;
}

val training(const Ranker& m) { return training_report_to_js(m.training_report()); }

}  // namespace

EMSCRIPTEN_BINDINGS(argmax_ranking) {
  using namespace emscripten;
  bind_model<Ranker>("Ranker")
      .function("training", &Guard<&training>::call)
      .class_function("train", &Guard<&train>::call)
      .class_function("trainWithValidation", &Guard<&train_with_validation>::call)
      .function("score", &Guard<&score>::call)
      .function("rank", &Guard<&rank>::call)
      .function("weights", &Guard<&weights>::call)
      .function("cols", &Guard<&cols>::call)
      .function("options", &Guard<&options>::call);
  bind_shard<RankerShardTrainer>("RankerShard").class_function("make", &Guard<&shard>::call, allow_raw_pointers());
  function("rankingSchema", &Guard<&schema>::call);
  function("rankingHelp", &Guard<&help>::call);
  function("checkRankerOptions", &Guard<&check_options>::call);
  bind_reader<LetorReader, &open_letor>("LetorReader");
  function("rankingMeasure", &Guard<&measure>::call);
  function("rankingReport", &Guard<&report>::call);
  function("bestCut", &Guard<&best_cut>::call);
}

}  // namespace argmax::js
