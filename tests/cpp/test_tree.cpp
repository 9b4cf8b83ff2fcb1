// CART: impurities by hand, the split each criterion prefers, categorical questions, the NaN rule,
// weakest-link pruning against brute force over all prunings, and the cross-validated choice.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <set>

#include "binary/binary_learners.hpp"
#include "core/rng.hpp"
#include "trees/decision_tree.hpp"

using namespace argmax;

TEST_CASE("impurities of hand-computed nodes") {
  const double w[3] = {2, 1, 1};  // p = (1/2, 1/4, 1/4)
  CHECK(impurity(Impurity::Misclassification, w, 3) == Approx(0.5));
  CHECK(impurity(Impurity::Entropy, w, 3) == Approx(1.5));  // ½·1 + ¼·2 + ¼·2 bits
  CHECK(impurity(Impurity::Gini, w, 3) == Approx(0.625));   // 1 − (¼ + 1/16 + 1/16)
  const double pure[2] = {0, 5};
  for (Impurity f : {Impurity::Misclassification, Impurity::Entropy, Impurity::Gini}) CHECK(impurity(f, pure, 2) == 0);
  const double even[2] = {3, 3};
  CHECK(impurity(Impurity::Entropy, even, 2) == Approx(1.0));
  CHECK(impurity(Impurity::Gini, even, 2) == Approx(0.5));
}

TEST_CASE("Gini and entropy prefer the split with a pure child; misclassification is indifferent") {
  // Parent (4, 4). Feature 0 splits (3,1)|(1,3); feature 1 splits (2,4)|(2,0). Both leave 2 errors,
  // so misclassification gains tie (the first feature wins); Gini: 0.5 − 0.375 = 0.125 vs
  // 0.5 − ¾·(4/9) = 0.1667; entropy: 1 − 0.811 = 0.189 vs 1 − ¾·0.918 = 0.311. Both pick feature 1.
  std::vector<float> x;
  std::vector<int32_t> y;
  auto add = [&](float a, float b, int label, int times) {
    for (int t = 0; t < times; ++t) x.push_back(a), x.push_back(b), y.push_back(label);
  };
  add(0, 0, 0, 2), add(0, 1, 0, 1), add(1, 1, 0, 1);  // class 0: x0 (0,0,0,1), x1 (0,0,1,1)
  add(1, 0, 1, 3), add(0, 0, 1, 1);                   // class 1: x0 (1,1,1,0), x1 (0,0,0,0)
  // feature 0: x0=0 → (3,1), x0=1 → (1,3).  feature 1: x1=0 → (2,4), x1=1 → (2,0).
  const Rows rows = Rows::dense(x.data(), 8, 2);
  TreeConfig c;
  c.max_depth = 1;
  c.criterion = Impurity::Gini;
  CHECK(DecisionTree::train(rows, y, 2, c).node(0).feature == 1);
  c.criterion = Impurity::Entropy;
  CHECK(DecisionTree::train(rows, y, 2, c).node(0).feature == 1);
  c.criterion = Impurity::Misclassification;
  CHECK(DecisionTree::train(rows, y, 2, c).node(0).feature == 0);
}

TEST_CASE("a fully grown tree fits distinct training points exactly") {
  Rng rng(2);
  std::vector<float> x;
  std::vector<int32_t> y;
  for (int i = 0; i < 200; ++i) {
    x.push_back(float(rng.uniform())), x.push_back(float(rng.uniform()));
    y.push_back(int(rng.below(4)));
  }
  const Rows rows = Rows::dense(x.data(), 200, 2);
  for (Impurity f : {Impurity::Entropy, Impurity::Gini}) {
    TreeConfig c;
    c.criterion = f;
    const DecisionTree t = DecisionTree::train(rows, y, 4, c);
    for (int i = 0; i < 200; ++i) CHECK(t.predict(rows.row(i)) == y[i]);
  }
}

TEST_CASE("categorical questions isolate a middle category that one threshold cannot") {
  std::vector<float> x;
  std::vector<int32_t> y;
  for (int i = 0; i < 30; ++i) x.push_back(float(i % 3 + 1)), y.push_back(i % 3 == 1 ? 1 : 0);  // class 1 iff x = 2
  const Rows rows = Rows::dense(x.data(), 30, 1);
  TreeConfig c;
  c.max_depth = 1;
  c.criterion = Impurity::Gini;
  auto errors = [&](const DecisionTree& t) {
    int e = 0;
    for (int i = 0; i < 30; ++i) e += t.predict(rows.row(i)) != y[i];
    return e;
  };
  CHECK(errors(DecisionTree::train(rows, y, 2, c)) > 0);
  c.categorical = {0};
  const DecisionTree t = DecisionTree::train(rows, y, 2, c);
  CHECK(errors(t) == 0);
  CHECK(t.node(0).categorical == 1);
  CHECK(t.node(0).threshold == 2.f);
}

TEST_CASE("missing values follow the heavier child, in training and in prediction") {
  // x ≤ 0.5 → class 0 (6 rows), x > 0.5 → class 1 (3 rows); two NaN rows of class 0.
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> x = {0.1f, 0.2f, 0.3f, 0.35f, 0.4f, 0.45f, 0.8f, 0.9f, 1.0f, nan, nan};
  std::vector<int32_t> y = {0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0};
  const Rows rows = Rows::dense(x.data(), 11, 1);
  TreeConfig c;
  c.max_depth = 1;
  const DecisionTree t = DecisionTree::train(rows, y, 2, c);
  REQUIRE(t.node(0).feature == 0);
  CHECK(t.node(0).missing_yes == 1);                  // the "yes" child (x ≤ θ) is heavier: 6 > 3
  CHECK(t.node(t.node(0).yes).weight == Approx(8));   // 6 known + 2 missing
  const float q = nan;
  CHECK(t.predict(Rows::dense(&q, 1, 1).row(0)) == 0);
  std::vector<float> bad = {1.f, std::numeric_limits<float>::infinity()};
  std::vector<int32_t> yb = {0, 1};
  CHECK_THROWS_AS(DecisionTree::train(Rows::dense(bad.data(), 2, 1), yb, 2, c), InputError);
}

namespace {

// Minimum of Σ_{leaves} risk + λ·|leaves| over every pruning of the subtree at t (brute force).
// Returns every achievable (risk, leaves) pair.
std::vector<std::pair<double, int>> prunings(const DecisionTree& tree, int t) {
  const TreeNode& n = tree.node(t);
  std::vector<std::pair<double, int>> out = {{n.risk, 1}};
  if (n.feature < 0) return out;
  for (auto a : prunings(tree, n.yes))
    for (auto b : prunings(tree, n.no)) out.push_back({a.first + b.first, a.second + b.second});
  return out;
}

std::set<int> reachable(const DecisionTree& tree, double lambda) {
  std::set<int> s;
  std::function<void(int)> go = [&](int t) {
    s.insert(t);
    const TreeNode& n = tree.node(t);
    if (n.feature >= 0 && n.prune_alpha > lambda) go(n.yes), go(n.no);
  };
  go(0);
  return s;
}

}  // namespace

TEST_CASE("weakest-link pruning: a nested sequence, each member optimal for its lambda (brute force)") {
  Rng rng(4);
  std::vector<float> x;
  std::vector<int32_t> y;
  const int m = 60;
  for (int i = 0; i < m; ++i) {
    const float a = float(rng.uniform());
    x.push_back(a);
    y.push_back((a > 0.5) != (rng.uniform() < 0.25) ? 1 : 0);  // a threshold with 25% label noise
  }
  const Rows rows = Rows::dense(x.data(), m, 1);
  TreeConfig c;
  c.max_depth = 5;  // keeps the brute force small
  DecisionTree t = DecisionTree::train(rows, y, 2, c);
  const std::vector<double> alphas = t.compute_pruning();
  REQUIRE(alphas.size() >= 3);
  CHECK(t.leaves_at(alphas.back()) == 1);
  const auto all = prunings(t, 0);
  for (size_t i = 0; i < alphas.size(); ++i) {
    if (i > 0) {
      CHECK(alphas[i] > alphas[i - 1]);
      CHECK(t.leaves_at(alphas[i]) < t.leaves_at(alphas[i - 1]));
      const auto inner = reachable(t, alphas[i]), outer = reachable(t, alphas[i - 1]);
      for (int node : inner) CHECK(outer.count(node) == 1);  // nested
    }
    // T(λ) minimises G_λ at the λ of the sequence and midway to the next one.
    for (double lambda : {alphas[i], i + 1 < alphas.size() ? 0.5 * (alphas[i] + alphas[i + 1]) : alphas[i] + 1}) {
      double best = 1e300;
      for (auto [risk, leaves] : all) best = std::min(best, risk + lambda * leaves);
      double mine = 0;
      int leaves = 0;
      for (int node : reachable(t, lambda)) {
        const TreeNode& n = t.node(node);
        if (n.feature < 0 || n.prune_alpha <= lambda) mine += n.risk, ++leaves;
      }
      mine += lambda * leaves;
      CHECK(mine == Approx(best).margin(1e-9));
    }
  }
  // One walk down finds the leaf of every T(λ), at the λ_i themselves (ties of λ and prune_alpha) and between.
  std::vector<double> lambdas;
  for (size_t i = 0; i < alphas.size(); ++i) {
    lambdas.push_back(alphas[i]);
    lambdas.push_back(i + 1 < alphas.size() ? 0.5 * (alphas[i] + alphas[i + 1]) : alphas[i] + 1);
  }
  std::reverse(lambdas.begin(), lambdas.end());  // any order
  for (int i = 0; i < m; ++i) {
    const std::vector<int> leaves = t.leaves_along_path(rows.row(i), lambdas);
    for (size_t l = 0; l < lambdas.size(); ++l) CHECK(leaves[l] == t.leaf_of(rows.row(i), lambdas[l]));
  }
  // The compacted copy predicts like T(λ).
  const DecisionTree small = t.pruned(alphas[1]);
  CHECK(small.leaves() == t.leaves_at(alphas[1]));
  for (int i = 0; i < m; ++i) CHECK(small.predict(rows.row(i)) == t.predict(rows.row(i), alphas[1]));
}

TEST_CASE("cross-validated pruning picks the lambda of least CV error and beats the full tree on noise") {
  Rng rng(8);
  auto make = [&](int m, std::vector<float>& x, std::vector<int32_t>& y) {
    for (int i = 0; i < m; ++i) {
      const float a = float(rng.uniform()), b = float(rng.uniform());
      x.push_back(a), x.push_back(b);
      y.push_back((a > 0.4) != (rng.uniform() < 0.2) ? 1 : 0);  // one threshold, 20% flipped labels
    }
  };
  std::vector<float> xtr, xte;
  std::vector<int32_t> ytr, yte;
  make(400, xtr, ytr), make(2000, xte, yte);
  const Rows tr = Rows::dense(xtr.data(), 400, 2), te = Rows::dense(xte.data(), 2000, 2);
  TreeConfig c;
  const DecisionTree full = DecisionTree::train(tr, ytr, 2, c);
  c.prune = true;
  PruningReport report;
  const DecisionTree pruned = DecisionTree::train(tr, ytr, 2, c, {}, {}, &report);
  REQUIRE(!report.lambdas.empty());
  size_t best = 0;
  for (size_t i = 0; i < report.cv_error.size(); ++i)
    if (report.cv_error[i] <= report.cv_error[best]) best = i;
  CHECK(report.chosen == report.lambdas[best]);
  CHECK(pruned.leaves() == report.leaves[best]);
  CHECK(pruned.leaves() < full.leaves() / 5);
  auto test_error = [&](const DecisionTree& t) {
    int e = 0;
    for (int i = 0; i < 2000; ++i) e += t.predict(te.row(i)) != yte[i];
    return e / 2000.0;
  };
  CHECK(test_error(pruned) < test_error(full));
  CHECK(test_error(pruned) < 0.25);  // the Bayes error is 0.2
}

TEST_CASE("trees round-trip through bytes and reject corrupt ones") {
  std::vector<float> x = {0, 1, 2, 3, 4, 5};
  std::vector<int32_t> y = {0, 0, 1, 1, 2, 2};
  const Rows rows = Rows::dense(x.data(), 6, 1);
  DecisionTree t = DecisionTree::train(rows, y, 3, TreeConfig{});
  t.set_class_labels({5, 6, 8});
  auto bytes = t.to_bytes();
  const DecisionTree u = DecisionTree::from_bytes(bytes.data(), bytes.size());
  CHECK(u.class_labels() == std::vector<int32_t>{5, 6, 8});
  for (int i = 0; i < 6; ++i) CHECK(u.predict(rows.row(i)) == y[i]);
  bytes[bytes.size() / 2] ^= 0x40;
  CHECK_THROWS_AS(DecisionTree::from_bytes(bytes.data(), bytes.size()), InputError);
  CHECK_THROWS_AS(DecisionTree::train(rows, {0, 0, 1, 1, 2, 3}, 3, TreeConfig{}), InputError);
}

namespace {

// A small data set with repeated values (ties), NaN (missing) and optionally non-unit weights (some 0).
struct SmallData {
  int m, n, k;
  std::vector<float> x;  // row-major m×n
  std::vector<int32_t> y;
  std::vector<double> w;  // empty: all 1
  float at(int i, int j) const { return x[size_t(i) * n + j]; }
  double weight(int i) const { return w.empty() ? 1.0 : w[i]; }
};

SmallData small_data(Rng& rng, bool weighted) {
  SmallData d{40 + int(rng.below(20)), 4, 3, {}, {}, {}};
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (int i = 0; i < d.m; ++i) {
    for (int j = 0; j < d.n; ++j) d.x.push_back(rng.uniform() < 0.15 ? nan : float(rng.below(6)) - 2.f);
    d.y.push_back(int32_t(rng.below(3)));
    if (weighted) d.w.push_back(rng.uniform() < 0.1 ? 0.0 : 0.2 + 1.8 * rng.uniform());
  }
  return d;
}

// One question, as the set of known values answering yes: numeric x ≤ value, categorical x == value.
struct Question {
  int32_t feature;
  float value;
  double gain;
};

// Gain of a question at a node, straight from the definition (FML 9.3.3, scaled by the known fraction),
// or −1 when a side would hold fewer than min_leaf known examples.
double brute_gain(const SmallData& d, const std::vector<int>& node, Impurity f, int32_t j, float value,
                  bool categorical, int min_leaf) {
  std::vector<double> yes(d.k, 0.0), no(d.k, 0.0), known(d.k, 0.0);
  double total = 0;
  int n_yes = 0, n_no = 0;
  for (int i : node) {
    total += d.weight(i);
    const float v = d.at(i, j);
    if (std::isnan(v)) continue;
    known[d.y[i]] += d.weight(i);
    const bool answer = categorical ? v == value : v <= value;
    (answer ? yes : no)[d.y[i]] += d.weight(i);
    ++(answer ? n_yes : n_no);
  }
  if (n_yes < min_leaf || n_no < min_leaf) return -1;
  double wy = 0, wn = 0;
  for (int l = 0; l < d.k; ++l) wy += yes[l], wn += no[l];
  const double wk = wy + wn;
  if (wk <= 0) return 0;
  const double children = (wy * impurity(f, yes.data(), d.k) + wn * impurity(f, no.data(), d.k)) / wk;
  return (impurity(f, known.data(), d.k) - children) * wk / total;
}

// Every question at a node: for each feature, each distinct known value but the largest (numeric: "x ≤
// value"), or each distinct known value (categorical: "x == value").
std::vector<Question> all_questions(const SmallData& d, const std::vector<int>& node, Impurity f,
                                    const std::vector<int32_t>& categorical, int min_leaf) {
  std::vector<Question> out;
  for (int32_t j = 0; j < d.n; ++j) {
    const bool cat = std::count(categorical.begin(), categorical.end(), j) > 0;
    std::set<float> values;
    for (int i : node)
      if (!std::isnan(d.at(i, j))) values.insert(d.at(i, j));
    if (values.size() < 2) continue;
    for (auto v = values.begin(); v != values.end(); ++v) {
      if (!cat && std::next(v) == values.end()) break;
      const double g = brute_gain(d, node, f, j, *v, cat, min_leaf);
      if (g >= 0) out.push_back({j, *v, g});
    }
  }
  return out;
}

// The node's question as (feature, the largest known value at the node answering yes).
Question asked(const SmallData& d, const std::vector<int>& node, const TreeNode& t) {
  Question q{t.feature, -std::numeric_limits<float>::infinity(), 0};
  for (int i : node) {
    const float v = d.at(i, t.feature);
    if (!std::isnan(v) && (t.categorical ? v == t.threshold : v <= t.threshold)) q.value = std::max(q.value, v);
  }
  return q;
}

// Walks the tree with the training examples; at every node checks its weight, and that its question (or
// being a leaf) agrees with brute force: the asked question's gain is the largest, and when no other
// question comes within 1e-9 of it, it is that one. Returns how many nodes had several tied best questions.
int check_against_brute_force(const DecisionTree& t, const SmallData& d, const TreeConfig& c) {
  int tied_nodes = 0;
  std::function<void(int, const std::vector<int>&, int)> visit = [&](int id, const std::vector<int>& node, int depth) {
    const TreeNode& n = t.node(id);
    double total = 0;
    for (int i : node) total += d.weight(i);
    CHECK(n.weight == Approx(total).margin(1e-9));
    const std::vector<Question> questions = all_questions(d, node, c.criterion, c.categorical, c.min_leaf);
    double best = 0;
    for (const Question& q : questions) best = std::max(best, q.gain);
    const bool may_split = n.risk > 1e-12 && (c.max_depth == 0 || depth < c.max_depth) &&
                           int(node.size()) >= 2 * c.min_leaf && total > 0;
    if (n.feature < 0) {
      if (may_split) CHECK(best <= 1e-9);  // no question decreases the impurity
      return;
    }
    REQUIRE(may_split);
    const Question q = asked(d, node, n);
    const double g = brute_gain(d, node, c.criterion, q.feature, q.value, n.categorical, c.min_leaf);
    CHECK(g == Approx(best).margin(1e-9));
    int tied = 0;
    for (const Question& other : questions) tied += other.gain > best - 1e-9;
    if (tied == 1) {
      for (const Question& other : questions)
        if (other.gain > best - 1e-9) CHECK((other.feature == q.feature && other.value == q.value));
    }
    tied_nodes += tied > 1;
    // Children: known values by the question, missing ones to the heavier known side (ties: yes).
    std::vector<int> yes, no, missing;
    double w_yes = 0, w_no = 0;
    for (int i : node) {
      const float v = d.at(i, n.feature);
      if (std::isnan(v)) missing.push_back(i);
      else if (n.categorical ? v == n.threshold : v <= n.threshold) yes.push_back(i), w_yes += d.weight(i);
      else no.push_back(i), w_no += d.weight(i);
    }
    CHECK(bool(n.missing_yes) == (w_yes >= w_no));
    for (int i : missing) (n.missing_yes ? yes : no).push_back(i);
    visit(n.yes, yes, depth + 1);
    visit(n.no, no, depth + 1);
  };
  std::vector<int> all(d.m);
  for (int i = 0; i < d.m; ++i) all[i] = i;
  visit(0, all, 0);
  return tied_nodes;
}

}  // namespace

TEST_CASE("the O(1) impurity sweep asks the brute-force best question at every node (weights, NaN)") {
  Rng rng(11);
  int tied_nodes = 0;
  for (int trial = 0; trial < 12; ++trial) {
    for (bool weighted : {false, true}) {
      const SmallData d = small_data(rng, weighted);
      const Rows rows = Rows::dense(d.x.data(), d.m, d.n);
      for (Impurity f : {Impurity::Gini, Impurity::Entropy, Impurity::Misclassification}) {
        for (int min_leaf : {1, 3}) {
          TreeConfig c;
          c.criterion = f, c.min_leaf = min_leaf, c.max_depth = 5, c.seed = uint64_t(trial);
          if (trial % 3 == 2) c.categorical = {1};
          INFO("trial " << trial << " weighted " << weighted << " " << impurity_name(f) << " min_leaf " << min_leaf);
          tied_nodes += check_against_brute_force(DecisionTree::train(rows, d.y, d.k, c, d.w), d, c);
        }
      }
    }
  }
  CHECK(tied_nodes > 0);  // the data do have exact ties, so the tie rule was exercised
}

TEST_CASE("the seed changes the question only among exactly tied ones") {
  // Features 0 and 1 are the same column; feature 2 is a weaker one. Every tree asks about feature 0 or 1
  // at the root, with the same threshold, and all trees predict alike; the seed picks which copy.
  Rng rng(5);
  const int m = 80;
  std::vector<float> x;
  std::vector<int32_t> y;
  for (int i = 0; i < m; ++i) {
    const float a = float(rng.below(10)), b = float(rng.below(10));
    const int label = (a >= 5) != (rng.uniform() < 0.1) ? 1 : 0;
    x.push_back(a), x.push_back(a), x.push_back(label ? b + 3 : b);
    y.push_back(label);
  }
  const Rows rows = Rows::dense(x.data(), m, 3);
  for (Impurity f : {Impurity::Gini, Impurity::Entropy}) {
    std::set<int32_t> roots;
    std::vector<int> first_predictions;
    for (uint64_t seed = 0; seed < 8; ++seed) {
      TreeConfig c;
      c.criterion = f, c.seed = seed;
      const DecisionTree t = DecisionTree::train(rows, y, 2, c);
      roots.insert(t.node(0).feature);
      CHECK(t.node(0).threshold == 4.5f);
      std::vector<int> p;
      for (int i = 0; i < m; ++i) p.push_back(t.predict(rows.row(i)));
      if (seed == 0) first_predictions = p;
      CHECK(p == first_predictions);
    }
    CHECK(roots == std::set<int32_t>{0, 1});
  }
  // Break the tie (feature 1 misplaces one example): every seed now asks about feature 0.
  const int moved = [&] {
    for (int i = 0; i < m; ++i)
      if (x[size_t(i) * 3] == 5.f) return i;
    return -1;
  }();
  REQUIRE(moved >= 0);
  x[size_t(moved) * 3 + 1] = 4.f;
  for (uint64_t seed = 0; seed < 8; ++seed) {
    TreeConfig c;
    c.seed = seed, c.max_depth = 1;
    CHECK(DecisionTree::train(rows, y, 2, c).node(0).feature == 0);
  }
}

TEST_CASE("the cross-validation errors are the held-out errors of each fold's tree at each lambda") {
  // Folds as documented in DecisionTree::train: a shuffle of the rows by Rng(seed), fold f = positions ≡ f.
  Rng rng(21);
  const int m = 150;
  std::vector<float> x;
  std::vector<int32_t> y;
  std::vector<double> w;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  for (int i = 0; i < m; ++i) {
    const float a = float(rng.uniform()), b = rng.uniform() < 0.1 ? nan : float(rng.uniform());
    x.push_back(a), x.push_back(b);
    y.push_back(((a > 0.5) != (b > 0.3)) != (rng.uniform() < 0.2) ? 1 : 0);
    w.push_back(0.5 + rng.uniform());
  }
  const Rows rows = Rows::dense(x.data(), m, 2);
  TreeConfig c;
  c.prune = true, c.cv_folds = 4, c.seed = 3;
  PruningReport report;
  DecisionTree::train(rows, y, 2, c, w, {}, &report);
  REQUIRE(report.lambdas.size() >= 3);
  std::vector<int32_t> order(m);
  for (int i = 0; i < m; ++i) order[i] = i;
  Rng folds(c.seed);
  folds.shuffle(order);
  std::vector<double> errors(report.lambdas.size(), 0.0);
  double held_weight = 0;
  TreeConfig grow = c;
  grow.prune = false;
  for (int f = 0; f < c.cv_folds; ++f) {
    std::vector<int32_t> fit, held;
    for (int p = 0; p < m; ++p) (p % c.cv_folds == f ? held : fit).push_back(order[p]);
    DecisionTree t = DecisionTree::train(rows, y, 2, grow, w, fit);
    t.compute_pruning();
    for (int32_t r : held) {
      held_weight += w[r];
      for (size_t l = 0; l < errors.size(); ++l)
        if (t.predict(rows.row(r), report.lambdas[l]) != y[r]) errors[l] += w[r];
    }
  }
  for (size_t l = 0; l < errors.size(); ++l) CHECK(report.cv_error[l] == Approx(errors[l] / held_weight).margin(1e-12));
  std::set<double> distinct(errors.begin(), errors.end());
  CHECK(distinct.size() >= 3);  // the errors do depend on lambda
}

TEST_CASE("portable_log2 agrees with log2 to the last bits and is exact at powers of two") {
  for (int e = -60; e <= 60; ++e) CHECK(portable_log2(std::ldexp(1.0, e)) == double(e));
  Rng rng(3);
  for (int i = 0; i < 20000; ++i) {
    const double x = std::ldexp(0.5 + rng.uniform(), int(rng.below(80)) - 40);
    const double want = std::log2(x);
    CHECK(std::abs(portable_log2(x) - want) <= 4e-16 * std::max(1.0, std::abs(want)));
  }
  CHECK(portable_log2(3.0) == Approx(1.5849625007211562).epsilon(1e-15));  // log₂ 3 from tables
}

TEST_CASE("the categorical option is a checked comma-separated list, for trees and the binary tree learner") {
  auto parse = [](const std::string& text) {
    return tree_config_from(Options::parse(tree_options(), {{"categorical", text}}, "tree")).categorical;
  };
  CHECK(parse("1,4,7") == std::vector<int32_t>{1, 4, 7});
  CHECK(parse("3") == std::vector<int32_t>{3});
  CHECK(parse("").empty());
  CHECK(tree_config_from(Options::parse(tree_options(), {}, "tree")).categorical.empty());
  for (const char* bad : {"1,,4", "1,x", "1,", ",1", "1.5", "-1", "a"})
    CHECK_THROWS_WITH(parse(bad), Catch::Contains("option 'categorical'"));
  // Class 1 iff x = 2 among x in {1, 2, 3}: one threshold errs, one categorical question does not.
  std::vector<float> x;
  std::vector<int8_t> y;
  for (int i = 0; i < 30; ++i) x.push_back(float(i % 3 + 1)), y.push_back(i % 3 == 1 ? 1 : -1);
  const Rows rows = Rows::dense(x.data(), 30, 1);
  auto errors = [&](const OptionList& options) {
    const auto model = make_binary_trainer("tree", options)(BinarySample::all(rows, y), 1);
    int e = 0;
    for (int i = 0; i < 30; ++i) e += (model->score(rows.row(i)) > 0 ? 1 : -1) != y[i];
    return e;
  };
  CHECK(errors({{"maxDepth", "1"}}) > 0);
  CHECK(errors({{"maxDepth", "1"}, {"categorical", "0"}}) == 0);
}
