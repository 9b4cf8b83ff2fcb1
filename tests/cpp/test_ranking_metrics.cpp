// LETOR evaluation measures on hand-computed queries (both conventions), and the LETOR reader.
#include <catch2/catch.hpp>

#include <cmath>

#include "io/letor.hpp"
#include "metrics/ranking_metrics.hpp"

using namespace argmax;

TEST_CASE("NDCG, P@k, MAP by hand under both conventions", "[ranking]") {
  // ranked order: relevance 0, 2, 1 (gains 0, 3, 1)
  const double s[] = {3, 2, 1};
  const float rel[] = {0, 2, 1};
  const auto C = EvalConvention::Common, L = EvalConvention::Letor4;
  const double l3 = std::log2(3.0);
  CHECK(ndcg_at(s, rel, 3, 1, C) == 0);
  CHECK(ndcg_at(s, rel, 3, 2, C) == Approx((3 / l3) / (3 + 1 / l3)));
  CHECK(ndcg_at(s, rel, 3, 3, C) == Approx((3 / l3 + 0.5) / (3 + 1 / l3)));
  CHECK(ndcg_at(s, rel, 3, 10, C) == Approx((3 / l3 + 0.5) / (3 + 1 / l3)));  // truncated at 3 documents
  CHECK(ndcg_at(s, rel, 3, 2, L) == Approx(3.0 / 4.0));                       // ranks 1, 2 undiscounted
  CHECK(ndcg_at(s, rel, 3, 3, L) == Approx((3 + 1 / l3) / 4.0));
  CHECK(ndcg_at(s, rel, 3, 4, L) == 0);  // fewer documents than k
  CHECK(average_precision(s, rel, 3, C) == Approx((0.5 + 2.0 / 3) / 2));
  CHECK(precision_at(s, rel, 3, 1, C) == 0);
  CHECK(precision_at(s, rel, 3, 2, L) == Approx(0.5));
  CHECK(precision_at(s, rel, 3, 5, L) == Approx(0.4));
  CHECK(precision_at(s, rel, 3, 5, C) == Approx(2.0 / 3));
}

TEST_CASE("queries without a relevant document: 0 under LETOR 4.0, skipped under common", "[ranking]") {
  const double s[] = {1, 2};
  const float none[] = {0, 0};
  CHECK(ndcg_at(s, none, 2, 1, EvalConvention::Letor4) == 0);
  CHECK(average_precision(s, none, 2, EvalConvention::Letor4) == 0);
  CHECK(std::isnan(ndcg_at(s, none, 2, 1, EvalConvention::Common)));
  CHECK(std::isnan(average_precision(s, none, 2, EvalConvention::Common)));

  // Two queries: a perfect one and one with no relevant document.
  OwnedQueries data;
  data.features.cols = 1;
  for (int i = 0; i < 4; ++i) data.features.offsets.push_back(0);
  data.relevance = {1, 0, 0, 0};
  data.offsets = {0, 2, 4};
  const double scores[] = {5, 1, 3, 4};
  const RankingReport common = evaluate_ranking(data.view(), scores, EvalConvention::Common);
  const RankingReport letor = evaluate_ranking(data.view(), scores, EvalConvention::Letor4);
  CHECK(common.counted == 1);
  CHECK(letor.counted == 2);
  CHECK(common.ndcg[0] == Approx(1.0));
  CHECK(letor.ndcg[0] == Approx(0.5));
  CHECK(common.map == Approx(1.0));
  CHECK(letor.map == Approx(0.5));
  CHECK(common.ndcg[9] == Approx(1.0));
  CHECK(letor.ndcg[9] == 0);  // both queries have fewer than 10 documents
}

TEST_CASE("a query with no documents is a query without a relevant document", "[ranking]") {
  const double* none = nullptr;
  const float* no_rel = nullptr;
  for (auto c : {EvalConvention::Common, EvalConvention::Letor4}) {
    const bool letor = c == EvalConvention::Letor4;
    for (double v : {ndcg_at(none, no_rel, 0, 3, c), precision_at(none, no_rel, 0, 3, c),
                     average_precision(none, no_rel, 0, c), kendall_tau_b(none, no_rel, 0, c), auc(none, no_rel, 0, c)})
      CHECK((letor ? v == 0 : std::isnan(v)));
  }
  // A perfect query (relevant document first), then an empty one: the report averages the same values.
  OwnedQueries data;
  data.features.cols = 1;
  for (int i = 0; i < 2; ++i) data.features.offsets.push_back(0);
  data.relevance = {1, 0};
  data.offsets = {0, 2, 2};
  const double scores[] = {5, 1};
  data.view().validate();
  CHECK_THROWS_WITH(data.view().validate_for_training(), Catch::Contains("query 1 has no documents"));
  const RankingReport common = evaluate_ranking(data.view(), scores, EvalConvention::Common);
  const RankingReport letor = evaluate_ranking(data.view(), scores, EvalConvention::Letor4);
  CHECK(common.queries == 2);
  CHECK(common.counted == 1);
  CHECK(common.map == 1.0);
  CHECK(common.ndcg[0] == 1.0);
  CHECK(common.kendall_tau == 1.0);
  CHECK(common.auc == 1.0);
  CHECK(letor.counted == 2);
  CHECK(letor.map == 0.5);
  CHECK(letor.ndcg[0] == 0.5);
  CHECK(letor.precision[0] == 0.5);
  CHECK(letor.kendall_tau == 0.5);
  CHECK(letor.auc == 0.5);
  data.offsets = {0, 2, 1, 2};  // decreasing offsets are still refused
  CHECK_THROWS_WITH(data.view().validate(), Catch::Contains("decrease"));
}

TEST_CASE("ties in scores keep the input order", "[ranking]") {
  const double s[] = {1, 1};
  const float rel[] = {0, 1};
  CHECK(ndcg_at(s, rel, 2, 1, EvalConvention::Common) == 0);
  const float rel2[] = {1, 0};
  CHECK(ndcg_at(s, rel2, 2, 1, EvalConvention::Common) == 1);
}

TEST_CASE("Kendall tau-b and AUC by hand", "[ranking]") {
  const double s[] = {3, 2, 1};
  const float rel[] = {0, 2, 1};
  CHECK(kendall_tau_b(s, rel, 3, EvalConvention::Common) == Approx(-1.0 / 3));
  CHECK(auc(s, rel, 3, EvalConvention::Common) == 0);
  const double tied[] = {1, 1, 2};
  const float rel2[] = {0, 1, 1};
  CHECK(kendall_tau_b(tied, rel2, 3, EvalConvention::Common) == Approx(0.5));
  CHECK(auc(tied, rel2, 3, EvalConvention::Common) == Approx(0.75));
  const float flat[] = {1, 1, 1};
  CHECK(std::isnan(auc(s, flat, 3, EvalConvention::Common)));
  CHECK(auc(s, flat, 3, EvalConvention::Letor4) == 0);
  CHECK(std::isnan(kendall_tau_b(s, flat, 3, EvalConvention::Common)));
}

TEST_CASE("LETOR reader: groups, sparse features, comments", "[ranking]") {
  const std::string text =
      "# header comment\n"
      "2 qid:10 1:0.5 3:1 #docid = A\n"
      "0 qid:10 2:0.25\n"
      "\n"
      "1 qid:7 1:1 4:0 # trailing\n";
  const OwnedQueries q = read_letor(text);
  REQUIRE(q.queries() == 2);
  CHECK(q.offsets == std::vector<int32_t>{0, 2, 3});
  CHECK(q.qids == std::vector<std::string>{"10", "7"});
  CHECK(q.relevance == std::vector<float>{2, 0, 1});
  CHECK(q.features.cols == 4);
  CHECK(q.features.offsets == std::vector<int32_t>{0, 2, 3, 4});
  CHECK(q.features.indices == std::vector<int32_t>{0, 2, 1, 0});
  CHECK(q.features.values == std::vector<float>{0.5f, 1, 0.25f, 1});
  CHECK(read_letor("1 qid:1 1:1\n", 46).features.cols == 46);
  q.view().validate();
}

TEST_CASE("LETOR reader: errors name the line", "[ranking]") {
  auto message = [](const std::string& text) {
    try {
      read_letor(text);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message("1 qid:1 1:1\nx qid:1 1:1\n").find("line 2: relevance 'x'") != std::string::npos);
  CHECK(message("1 1:1\n").find("line 1: expected 'qid:<id>'") != std::string::npos);
  // The idx:val part is the LIBSVM reader's (one parser, one wording).
  CHECK(message("1 qid:1 0:1\n").find("line 1: feature index 0 (indices start at 1)") != std::string::npos);
  CHECK(message("1 qid:1 3:1 2:1\n").find("line 1: feature index 2 after 3 (indices must increase)") !=
        std::string::npos);
  CHECK(message("1 qid:1 3:abc\n").find("line 1: bad value in '3:abc'") != std::string::npos);
  CHECK(message("1 qid:1 3\n").find("line 1: expected index:value, got '3'") != std::string::npos);
  CHECK(message("1 qid:1 1:1\n1 qid:2 1:1\n1 qid:1 1:1\n").find("line 3: query 1 appears again") !=
        std::string::npos);
}
