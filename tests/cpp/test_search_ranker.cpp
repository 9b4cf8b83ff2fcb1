// Learned re-ranking: a collection where the first stage prefers keyword-stuffed documents and the judgments
// prefer popular ones (a numeric field, which BM25 does not read); the ranker learns that from judgments and
// from simulated clicks, saves and loads.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "search/search_ranker.hpp"

using namespace argmax;

namespace {

const std::vector<std::string> kWords = {"wing", "flow", "shock", "heat", "plate", "drag", "lift", "wave"};

// For each word w: two popular documents that mention w once (relevant, grade 2), and three with w in the
// title and many times in the body (not relevant, popularity 0), which BM25 puts first.
SearchIndex stuffed_index(std::vector<SearchRanker::Judged>* judged) {
  SearchIndex index({"title", "body"}, {"popularity"}, {{"scorer", "bm25"}});
  int n = 0;
  for (const std::string& w : kWords) {
    SearchRanker::Judged j;
    j.text = w;
    for (int r = 0; r < 2; ++r) {
      const std::string id = "t" + std::to_string(n++), title = "study " + std::to_string(r);
      const std::string body = "a report on the " + w + " with some other filler words about experiments";
      index.add({id, {title, body}, {1.0 + r}});
      j.ids.push_back(id);
      j.grades.push_back(2);
    }
    for (int r = 0; r < 3; ++r) {
      const std::string id = "s" + std::to_string(n++), title = w + " notes " + std::to_string(r);
      std::string body;
      for (int t = 0; t < 6 + r; ++t) body += w + " ";
      index.add({id, {title, body}, {0.0}});
    }
    judged->push_back(j);
  }
  return index;
}

// NDCG@3 with linear gain of a result list against a query's grades (ideal: the two popular documents).
double ndcg3(const SearchIndex& index, const std::vector<Hit>& hits) {
  double dcg = 0;
  for (size_t i = 0; i < std::min<size_t>(3, hits.size()); ++i)
    if (index.id(hits[i].doc)[0] == 't') dcg += 2 / std::log2(double(i) + 2);
  return dcg / (2 / std::log2(2.0) + 2 / std::log2(3.0));
}

}  // namespace

TEST_CASE("the ranker learns what the first stage misses, from judgments", "[search][ranker]") {
  std::vector<SearchRanker::Judged> judged;
  SearchIndex index = stuffed_index(&judged);
  double first = 0, learned = 0;
  const SearchRanker model = SearchRanker::train(index, judged, {{"seed", "3"}});
  for (const auto& q : judged) {
    first += ndcg3(index, index.search(q.text, 10)) / double(judged.size());
    learned += ndcg3(index, model.search(index, q.text, 10)) / double(judged.size());
  }
  CHECK(first == 0);      // the stuffed documents come first
  CHECK(learned == 1);   // every query: both popular documents on top
  const std::vector<Hit> hits = model.search(index, "wing", 10);
  REQUIRE(hits.size() == 5);
  for (size_t i = 1; i < hits.size(); ++i) CHECK(hits[i - 1].score >= hits[i].score);
  CHECK(model.search(index, "", 10).empty());
  CHECK(model.search(index, "wing", 0).empty());
}

TEST_CASE("below the depth, the first stage's order follows the re-ranked documents", "[search][ranker]") {
  std::vector<SearchRanker::Judged> judged;
  SearchIndex index = stuffed_index(&judged);
  const SearchRanker model = SearchRanker::train(index, judged, {{"depth", "4"}, {"seed", "3"}});
  const std::vector<Hit> first = index.search("wing", 10), hits = model.search(index, "wing", 10);
  REQUIRE(hits.size() == 5);
  REQUIRE(first.size() == 5);
  CHECK(index.id(hits[0].doc)[0] == 't');  // the one popular document within the depth comes first
  CHECK(hits[4].doc == first[4].doc);      // the other stays where the first stage put it
  CHECK(hits[3].score > hits[4].score);
}

TEST_CASE("trained from simulated clicks with propensities by EM, the ranker ranks popular documents first",
          "[search][ranker][clicks]") {
  std::vector<SearchRanker::Judged> judged;
  SearchIndex index = stuffed_index(&judged);
  // The logged lists: the first stage's, shown with randomisation in a fifth of the sessions.
  std::vector<std::string> queries, ids;
  JudgedLists lists;
  for (const auto& q : judged) {
    queries.push_back(q.text);
    for (const Hit& h : index.search(q.text, 10)) {
      const std::string& id = index.id(h.doc);
      lists.documents.push_back(int32_t(ids.size()));
      ids.push_back(id);
      lists.grades.push_back(id[0] == 't' ? 2.0f : 0.0f);
    }
    lists.offsets.push_back(int32_t(lists.documents.size()));
  }
  ClickSimulation sim;
  sim.sessions = 400;
  sim.shuffled = 0.2;
  const ClickLog log = simulate_clicks(lists, sim);
  std::vector<double> propensity;
  const SearchRanker ips = SearchRanker::train_from_clicks(index, queries, {}, ids, log, {{"seed", "3"}}, {}, &propensity);
  REQUIRE(propensity.size() == 5);
  CHECK(propensity[4] == Approx(0.2).margin(0.06));
  double learned = 0;
  for (const auto& q : judged) learned += ndcg3(index, ips.search(index, q.text, 10)) / double(judged.size());
  CHECK(learned == 1);
  std::vector<double> none;
  SearchRanker::train_from_clicks(index, queries, {}, ids, log, {{"clicks", "naive"}}, {}, &none);
  CHECK(none.empty());
  CHECK_THROWS_WITH(SearchRanker::train_from_clicks(index, {"wing"}, {}, ids, log, {}, {}),
                    Catch::Contains("names query 1 of 1"));
}

TEST_CASE("a search ranker saves to bytes and loads to the same results; bad bytes and indexes are refused",
          "[search][ranker]") {
  std::vector<SearchRanker::Judged> judged;
  SearchIndex index = stuffed_index(&judged);
  const SearchRanker model = SearchRanker::train(index, judged, {{"measure", "kendall"}, {"depth", "20"}});
  const std::vector<uint8_t> bytes = model.to_bytes();
  const SearchRanker again = SearchRanker::from_bytes(bytes.data(), bytes.size());
  CHECK(again.feature_names() == model.feature_names());
  CHECK(again.settings() == model.settings());
  for (const auto& q : judged) {
    const std::vector<Hit> a = model.search(index, q.text, 10), b = again.search(index, q.text, 10);
    REQUIRE(a.size() == b.size());
    for (size_t i = 0; i < a.size(); ++i) CHECK((a[i].doc == b[i].doc && a[i].score == b[i].score));
  }
  std::vector<uint8_t> corrupt = bytes;
  corrupt[corrupt.size() / 2] ^= 0x40;
  CHECK_THROWS_AS(SearchRanker::from_bytes(corrupt.data(), corrupt.size()), InputError);
  CHECK_THROWS_AS(SearchRanker::from_bytes(bytes.data(), bytes.size() - 3), InputError);
  SearchIndex other({"title"}, {}, {});
  other.add({"x", {"wing"}, {}});
  CHECK_THROWS_WITH(model.search(other, "wing", 10), Catch::Contains("trained on feature"));
  CHECK_THROWS_WITH(SearchRanker::train(index, judged, {{"depth", "0"}}), Catch::Contains("depth"));
  CHECK_THROWS_WITH(SearchRanker::train(index, {{"nothing matches", {}, {}}}, {}),
                    Catch::Contains("has a result in the index"));
  CHECK_THROWS_WITH(SearchRanker::train(index, {{"wing", {"t0"}, {-1}}}, {}), Catch::Contains("grade -1"));
}
