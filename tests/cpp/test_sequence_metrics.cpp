// Sequence metrics on hand-computed cases (and conlleval's chunk rules).
#include <catch2/catch.hpp>

#include "core/error.hpp"
#include "metrics/sequence_metrics.hpp"

using namespace argmax;

TEST_CASE("token and sequence accuracy, per-tag scores and confusion", "[metrics][sequence]") {
  const TagSequences gold = {{"D", "N", "V"}, {"N", "V"}};
  const TagSequences pred = {{"D", "N", "V"}, {"V", "V"}};
  SequenceScores s = score_sequences(gold, pred);
  REQUIRE(s.tokens == 5);
  REQUIRE(s.token_accuracy == Approx(4.0 / 5));
  REQUIRE(s.sequence_accuracy == Approx(0.5));
  REQUIRE(s.tags == std::vector<std::string>{"D", "N", "V"});
  // N: gold 2, predicted 1, correct 1 → P = 1, R = 1/2, F1 = 2/3.  V: gold 2, predicted 3, correct 2.
  REQUIRE(s.per_tag[1].precision == Approx(1.0));
  REQUIRE(s.per_tag[1].recall == Approx(0.5));
  REQUIRE(s.per_tag[1].f1 == Approx(2.0 / 3));
  REQUIRE(s.per_tag[2].precision == Approx(2.0 / 3));
  REQUIRE(s.per_tag[2].recall == Approx(1.0));
  REQUIRE(s.confusion == std::vector<long>{1, 0, 0, 0, 1, 1, 0, 0, 2});
  REQUIRE_THROWS_AS(score_sequences(gold, {{"D"}, {"N", "V"}}), InputError);
}

TEST_CASE("chunks follow conlleval's rules", "[metrics][chunks]") {
  using C = std::vector<Chunk>;
  REQUIRE(chunks({"B-PER", "I-PER", "O", "B-LOC"}) == C{{0, 2, "PER"}, {3, 4, "LOC"}});
  REQUIRE(chunks({"I-PER", "I-PER", "I-LOC"}) == C{{0, 2, "PER"}, {2, 3, "LOC"}});  // IOB1-style starts
  REQUIRE(chunks({"B-PER", "B-PER"}) == C{{0, 1, "PER"}, {1, 2, "PER"}});
  REQUIRE(chunks({"O", "I-ORG", "O"}) == C{{1, 2, "ORG"}});
  REQUIRE(chunks({"S-PER", "B-LOC", "I-LOC", "E-LOC", "O"}) == C{{0, 1, "PER"}, {1, 4, "LOC"}});
  REQUIRE(chunks({"B-LOC", "E-LOC", "I-LOC"}) == C{{0, 2, "LOC"}, {2, 3, "LOC"}});
}

TEST_CASE("chunk precision, recall and F1", "[metrics][chunks]") {
  const TagSequences gold = {{"B-PER", "I-PER", "O", "B-LOC"}, {"B-ORG", "O"}};
  const TagSequences pred = {{"B-PER", "O", "O", "B-LOC"}, {"B-ORG", "B-ORG"}};
  // gold chunks: PER[0,2) LOC[3,4) ORG[0,1) = 3; predicted: PER[0,1) LOC ORG ORG[1,2) = 4; correct: LOC, ORG = 2.
  ChunkScores c = score_chunks(gold, pred);
  REQUIRE(c.gold == 3);
  REQUIRE(c.predicted == 4);
  REQUIRE(c.correct == 2);
  REQUIRE(c.precision == Approx(0.5));
  REQUIRE(c.recall == Approx(2.0 / 3));
  REQUIRE(c.f1 == Approx(2 * 0.5 * (2.0 / 3) / (0.5 + 2.0 / 3)));
  REQUIRE(c.per_type.size() == 3);
  REQUIRE(c.per_type[0].name == "LOC");
  REQUIRE(c.per_type[0].f1 == Approx(1.0));
  REQUIRE(c.per_type[2].name == "PER");
  REQUIRE(c.per_type[2].correct == 0);
}
