// Random Fourier features for sequences and rankers: a learner with rff = D must be the learner trained on the
// explicitly mapped features z(x) (mapped here by hand with the same map), save and load its map, and refuse
// bad settings.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "core/rng.hpp"
#include "learn/random_fourier_features.hpp"
#include "ranking/ranker.hpp"
#include "point_sequences.hpp"
#include "sequence/sequence_trainer.hpp"

using namespace argmax;

namespace {

// Sequences of 2-D points labelled by the ring they lie on (radius 0, 1 or 2 plus noise): no linear function
// of the point separates the middle ring.
PointSequences rings(uint64_t seed, int sequences) {
  return point_sequences(seed, sequences, [](Rng& rng, float& x, float& y) {
    const int ring = int(rng.below(3));
    const double r = ring + 0.3 * rng.uniform(), a = 6.283185307179586 * rng.uniform();
    x = float(r * std::cos(a)), y = float(r * std::sin(a));
    return std::string(1, char('a' + ring));
  });
}

bool mentions(const std::vector<uint8_t>& bytes, const std::string& text) {
  return std::search(bytes.begin(), bytes.end(), text.begin(), text.end()) != bytes.end();
}

}  // namespace

TEST_CASE("a numeric tagger on random features is the tagger trained on the mapped features", "[rff][sequence]") {
  const PointSequences data = rings(7, 150);
  const RandomFourierFeatures map(2, 200, 1.0, 5);
  const std::vector<float> z = map.map_rows(data.rows());
  const Rows mapped = Rows::dense(z.data(), data.rows().rows(), 200);
  for (const OptionList& options : {OptionList{{"trainer", "perceptron"}, {"epochs", "5"}},
                                    OptionList{{"trainer", "lbfgs"}, {"loss", "log"}, {"maxIter", "30"}}}) {
    INFO(options[0].second);
    OptionList with_rff = options;
    with_rff.insert(with_rff.end(), {{"rff", "200"}, {"gamma", "1"}, {"rffSeed", "5"}});
    const SequenceModel on_rff = train_numeric_tagger(data.rows(), data.starts, data.tags, with_rff);
    OptionList as_given = options;  // rff reads its features as they are; the default scale would not
    as_given.push_back({"scale", "none"});
    const SequenceModel by_hand = train_numeric_tagger(mapped, data.starts, data.tags, as_given);
    REQUIRE(on_rff.feature_rows() == 201);  // D + bias
    CHECK(on_rff.numeric_columns == 2);
    CHECK(on_rff.weights == by_hand.weights);
    const std::vector<uint8_t> bytes = on_rff.to_bytes();
    const SequenceModel again = SequenceModel::from_bytes(bytes.data(), bytes.size());
    CHECK(again.weights == on_rff.weights);
    CHECK(again.to_bytes() == bytes);
    SequenceBatch a, b;
    on_rff.featurize(data.rows(), data.starts, a);
    again.featurize(data.rows(), data.starts, b);
    CHECK(a.values == b.values);
    CHECK(on_rff.decode(a) == again.decode(b));
    // A model without random features records none of their options (its bytes are those it always had).
    CHECK_FALSE(mentions(by_hand.to_bytes(), "rff"));
    CHECK(mentions(bytes, "rffSeed"));
  }
  // What the map buys: the middle ring is out of reach of a linear chain.
  const PointSequences test = rings(8, 150);
  const OptionList perceptron{{"epochs", "10"}};
  OptionList with_rff = perceptron;
  with_rff.insert(with_rff.end(), {{"rff", "300"}, {"gamma", "1"}});
  CHECK(tag_accuracy(train_numeric_tagger(data.rows(), data.starts, data.tags, with_rff), test) > 0.9);
  CHECK(tag_accuracy(train_numeric_tagger(data.rows(), data.starts, data.tags, perceptron), test) < 0.8);
}

TEST_CASE("random features for taggers: bad settings are clear errors", "[rff][sequence]") {
  const PointSequences data = rings(9, 10);
  CHECK_THROWS_WITH(train_numeric_tagger(data.rows(), data.starts, data.tags, {{"rff", "10"}, {"gamma", "-1"}}),
                    Catch::Contains("'gamma' must be ≥ 0"));
  CHECK_THROWS_WITH(train_numeric_tagger(data.rows(), data.starts, data.tags, {{"rff", "-3"}}), Catch::Contains("'rff'"));
  CHECK_THROWS_WITH(train_numeric_tagger(data.rows(), data.starts, data.tags, {{"rff", "10"}, {"scale", "standard"}}),
                    Catch::Contains("leave scale at auto or none"));
  const std::vector<float> none;
  const Rows no_columns = Rows::dense(none.data(), int32_t(data.starts.back()), 0);
  CHECK_THROWS_WITH(train_numeric_tagger(no_columns, data.starts, data.tags, {{"rff", "10"}}),
                    Catch::Contains("rff maps numeric columns, and the positions have none"));
  CHECK_THROWS_WITH(train_tagger({{"a", "b"}}, {{"x", "y"}}, {{"rff", "10"}}), Catch::Contains("a token tagger has none"));
  const SequenceModel plain = train_numeric_tagger(data.rows(), data.starts, data.tags, {{"epochs", "1"}});
  CHECK_THROWS_WITH(train_numeric_tagger(data.rows(), data.starts, data.tags, {{"rff", "10"}}, {}, &plain),
                    Catch::Contains("a warm start keeps the model's random features"));
}

TEST_CASE("a ranker on random features is the ranker trained on the mapped features", "[rff][ranking]") {
  Rng rng(11);
  OwnedQueries data;
  data.features = OwnedRows::dense(3);
  for (int q = 0; q < 40; ++q) {  // relevance peaks in the middle of the cube: not a linear order
    const int r = 4 + int(rng.below(8));
    for (int d = 0; d < r; ++d) {
      double dist = 0;
      for (int j = 0; j < 3; ++j) {
        const float x = float(rng.uniform());
        data.features.values.push_back(x);
        dist += (x - 0.5) * (x - 0.5);
      }
      data.relevance.push_back(dist < 0.08 ? 2.f : dist < 0.2 ? 1.f : 0.f);
    }
    data.offsets.push_back(data.offsets.back() + r);
  }
  const QuerySet raw = data.view();
  const RandomFourierFeatures map(3, 100, 2.0, 3);
  const std::vector<float> z = map.map_rows(raw.features);
  QuerySet mapped = raw;
  mapped.features = Rows::dense(z.data(), raw.features.rows(), 100);
  const OptionList rff{{"rff", "100"}, {"gamma", "2"}, {"rffSeed", "3"}};
  for (const OptionList& objective : {OptionList{{"measure", "ndcg"}}, OptionList{{"measure", "kendall"}},
                                      OptionList{{"loss", "squared"}}}) {
    INFO(objective[0].second);
    OptionList options = objective;
    if (objective[0].second == "ndcg") options.emplace_back("epochs", "5");  // sgd's; kendall's cutting plane has none
    OptionList with_rff = options;
    with_rff.insert(with_rff.end(), rff.begin(), rff.end());
    const Ranker on_rff = Ranker::train(raw, with_rff), by_hand = Ranker::train(mapped, options);
    CHECK(on_rff.cols() == 3);
    CHECK(on_rff.weights() == by_hand.weights());
    CHECK(on_rff.score(raw.features) == by_hand.score(mapped.features));
    const std::vector<uint8_t> bytes = on_rff.to_bytes();
    const Ranker again = Ranker::from_bytes(bytes.data(), bytes.size());
    CHECK(again.score(raw.features) == on_rff.score(raw.features));
    CHECK(again.to_bytes() == bytes);
    CHECK_FALSE(mentions(by_hand.to_bytes(), "rff"));
  }
  // Validation maps the training and validation sets with the same map.
  const Ranker validated = Ranker::train_with_validation(raw, raw, rff, {0.001, 0.1}, 5);
  const Ranker validated_by_hand = Ranker::train_with_validation(mapped, mapped, {}, {0.001, 0.1}, 5);
  CHECK(validated.weights() == validated_by_hand.weights());
  CHECK(validated.score(raw.features) == validated_by_hand.score(mapped.features));
  CHECK_THROWS_WITH(Ranker::train(raw, {{"rff", "10"}, {"scale", "minmax"}}), Catch::Contains("leave scale at auto or none"));
  CHECK_THROWS_WITH(Ranker::train(raw, {{"rff", "10"}, {"gamma", "-1"}}), Catch::Contains("'gamma' must be ≥ 0"));
  QuerySet featureless = raw;
  featureless.features = Rows::dense(z.data(), raw.features.rows(), 0);
  CHECK_THROWS_WITH(Ranker::train(featureless, {{"rff", "10"}}), Catch::Contains("rff maps the documents' features, and they have none"));
}
