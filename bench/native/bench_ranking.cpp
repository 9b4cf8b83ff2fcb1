// LETOR MQ2008 benchmark for the ranking module, plus oracle timings.
//
//   bench_ranking [data_dir] [setup ...]     (run from the repository root; data_dir defaults to
//                                             ../shared/data/letor-mq2008; skips cleanly when absent)
// A setup is chosen by its first option's value: a measure (ndcg, kendall, balanced, f1, fbeta, precision@k,
// recall@k), or squared for the pointwise ridge baseline (loss=squared; 0.1 called it algo=pointwise).
//
// For each setup (a measure, or loss squared) and each of the 5 folds: pick lambda and the number of epochs by NDCG@10 on vali.txt
// (Ranker::train_with_validation), retrain with the chosen settings on train.txt (timed), and evaluate on
// test.txt. Prints the fold averages of NDCG@1/3/5/10 and MAP under both conventions (common and the
// official LETOR 4.0 script's), then the per-query time of the oracles for r = 10, 100, 1000.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "io/letor.hpp"
#include "metrics/ranking_metrics.hpp"
#include "ranking/bipartite.hpp"
#include "ranking/kendall_hinge.hpp"
#include "ranking/ndcg_oracle.hpp"
#include "ranking/ranker.hpp"

using namespace argmax;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  out = buffer.str();
  return true;
}

struct Fold {
  OwnedQueries train, valid, test;
};

struct Setup {
  std::string name;
  OptionList options;
  std::vector<double> lambdas;
};

// Settings found on the validation folds (see docs/benchmarks.md).
std::vector<Setup> setups() {
  const std::vector<double> sgd_lambdas = {0, 1e-4, 1e-3, 1e-2};
  const OptionList sgd = {{"trainer", "sgd"}, {"epochs", "30"}};
  auto with = [&sgd](OptionList extra) {
    extra.insert(extra.end(), sgd.begin(), sgd.end());
    return extra;
  };
  return {
      {"ndcg", with({{"measure", "ndcg"}, {"eta", "0.1"}}), sgd_lambdas},
      // An approximate Gaussian-kernel ranker (random Fourier features of the 46 features, each in [0, 1]).
      {"ndcg, rff D=1000 gamma=0.1", with({{"measure", "ndcg"}, {"eta", "0.1"}, {"rff", "1000"}, {"gamma", "0.1"}}), sgd_lambdas},
      {"ndcg, rff D=1000 gamma=0.3", with({{"measure", "ndcg"}, {"eta", "0.1"}, {"rff", "1000"}, {"gamma", "0.3"}}), sgd_lambdas},
      {"ndcg, rff D=1000 gamma=1", with({{"measure", "ndcg"}, {"eta", "0.1"}, {"rff", "1000"}, {"gamma", "1"}}), sgd_lambdas},
      {"ndcg, gain 2^rel-1", with({{"measure", "ndcg"}, {"eta", "0.1"}, {"gain", "exp2"}}), sgd_lambdas},
      {"ndcg, SSBD positions", with({{"measure", "ndcg"}, {"eta", "0.01"}, {"psi", "positions"}}), sgd_lambdas},
      {"kendall", with({{"measure", "kendall"}, {"eta", "1"}}), sgd_lambdas},
      {"balanced", with({{"measure", "balanced"}, {"eta", "0.1"}}), sgd_lambdas},
      {"f1", with({{"measure", "f1"}, {"eta", "0.1"}}), sgd_lambdas},
      {"fbeta (beta=2)", with({{"measure", "fbeta"}, {"beta", "2"}, {"eta", "0.1"}}), sgd_lambdas},
      {"precision@k (k=5)", with({{"measure", "precision@k"}, {"k", "5"}, {"eta", "0.1"}}), sgd_lambdas},
      {"recall@k (k=5)", with({{"measure", "recall@k"}, {"k", "5"}, {"eta", "0.1"}}), sgd_lambdas},
      {"pointwise (ridge)", {{"loss", "squared"}}, {1e-6, 1e-4, 1e-3, 1e-2, 1e-1, 1}},
  };
}

template <class F>
double time_per_call(F&& f, double min_seconds = 0.2) {
  int calls = 0;
  const auto t0 = Clock::now();
  do {
    f();
    ++calls;
  } while (seconds_since(t0) < min_seconds);
  return seconds_since(t0) / calls;
}

void oracle_timings() {
  std::printf("\n| oracle (k = 10) | r = 10 | r = 100 | r = 1000 |\n|---|---|---|---|\n");
  Rng rng(1);
  std::map<std::string, std::vector<double>> rows;
  for (int r : {10, 100, 1000}) {
    std::vector<double> s(r), beta(r);
    std::vector<float> y(r);
    std::vector<int8_t> sign(r);
    for (int i = 0; i < r; ++i) {
      s[i] = rng.uniform();
      const uint32_t u = rng.below(100);
      y[i] = u < 64 ? 0.f : u < 90 ? 1.f : 2.f;  // MQ2008's grade frequencies
      beta[i] = (std::exp2(y[i]) - 1) / 10;
      sign[i] = y[i] > 0 ? 1 : -1;
    }
    rows["NDCG fast exact"].push_back(time_per_call([&] { ndcg_argmax_fast(s.data(), beta.data(), r, 10); }));
    rows["NDCG Hungarian O(r^3)"].push_back(
        time_per_call([&] { ndcg_argmax_hungarian(s.data(), beta.data(), r, 10); }, r >= 1000 ? 0.0 : 0.2));
    rows["Kendall hinge O(r log r)"].push_back(time_per_call([&] { kendall_hinge(s.data(), y.data(), r); }));
    rows["Kendall hinge O(r^2)"].push_back(time_per_call([&] { kendall_hinge_quadratic(s.data(), y.data(), r); }));
    const BipartiteSpec f1{BipartiteMeasure::F1, 1, 10};
    rows["bipartite F1 argmax"].push_back(time_per_call([&] { bipartite_argmax(f1, s.data(), sign.data(), r); }));
  }
  for (const auto& [name, t] : rows)
    std::printf("| %s | %.1f µs | %.1f µs | %.1f µs |\n", name.c_str(), t[0] * 1e6, t[1] * 1e6, t[2] * 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "../shared/data/letor-mq2008";
  std::vector<std::string> only;
  for (int a = 2; a < argc; ++a) only.push_back(argv[a]);

  std::vector<Fold> folds;
  for (int f = 1; f <= 5; ++f) {
    std::string train, valid, test;
    const std::string base = dir + "/Fold" + std::to_string(f) + "/";
    if (!read_file(base + "train.txt", train) || !read_file(base + "vali.txt", valid) ||
        !read_file(base + "test.txt", test)) {
      std::printf("bench_ranking: %s not found, skipping the LETOR benchmark\n", (base + "train.txt").c_str());
      folds.clear();
      break;
    }
    Fold fold{read_letor(train, 46), read_letor(valid, 46), read_letor(test, 46)};
    folds.push_back(std::move(fold));
  }
  if (!folds.empty()) {
    std::printf("LETOR MQ2008, 5 folds: lambda and epochs picked by NDCG@10 on vali, test averaged over folds\n\n");
    std::printf("| measure | NDCG@1 | NDCG@3 | NDCG@5 | NDCG@10 | MAP | LETOR4 NDCG@1 | @3 | @5 | @10 | LETOR4 MAP | "
                "train s/fold | select s/fold |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const Setup& setup : setups()) {
      if (!only.empty() && std::find(only.begin(), only.end(), setup.options[0].second) == only.end()) continue;
      double common[5] = {0}, letor[5] = {0}, train_s = 0, select_s = 0;
      std::string chosen;
      for (const Fold& fold : folds) {
        auto t0 = Clock::now();
        const Ranker selected =
            Ranker::train_with_validation(fold.train.view(), fold.valid.view(), setup.options, setup.lambdas);
        select_s += seconds_since(t0);
        chosen += " λ=" + selected.setting("lambda") + ",e=" + selected.setting("epochs");
        t0 = Clock::now();
        const Ranker model = Ranker::train(fold.train.view(), selected.settings());
        train_s += seconds_since(t0);
        const std::vector<double> s = model.score(fold.test.features.view());
        const RankingReport c = evaluate_ranking(fold.test.view(), s.data(), EvalConvention::Common);
        const RankingReport l = evaluate_ranking(fold.test.view(), s.data(), EvalConvention::Letor4);
        const int ks[4] = {1, 3, 5, 10};
        for (int j = 0; j < 4; ++j) common[j] += c.ndcg[ks[j] - 1], letor[j] += l.ndcg[ks[j] - 1];
        common[4] += c.map, letor[4] += l.map;
      }
      const double n = double(folds.size());
      std::printf("| %s | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %.3f | %.2f |\n",
                  setup.name.c_str(), common[0] / n, common[1] / n, common[2] / n, common[3] / n, common[4] / n,
                  letor[0] / n, letor[1] / n, letor[2] / n, letor[3] / n, letor[4] / n, train_s / n, select_s / n);
      std::fprintf(stderr, "%s chosen:%s\n", setup.name.c_str(), chosen.c_str());
      std::fflush(stdout);
    }
  }
  oracle_timings();
  return 0;
}
