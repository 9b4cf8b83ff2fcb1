// A ranking data set: queries, each a group of candidate documents (feature rows) with a graded
// relevance per document (0, 1, 2, … for LETOR; ±1 for bipartite ranking). The documents of
// query q are the contiguous rows [offsets[q], offsets[q+1]) of one Rows view.
#pragma once
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/rows.hpp"

namespace argmax {

struct QuerySet {
  Rows features;                    // every document, query after query (dense or CSR)
  const float* relevance = nullptr;  // one value per row; larger = more relevant
  std::vector<int32_t> offsets{0};  // queries()+1 boundaries into the rows

  int queries() const { return int(offsets.size()) - 1; }
  int32_t begin(int q) const { return offsets[q]; }
  int32_t size(int q) const { return offsets[q + 1] - offsets[q]; }

  // Throws InputError naming the first problem (shapes, offsets, non-finite values). A query may have
  // no documents: evaluation counts it as a query without a relevant document (metrics/ranking_metrics.hpp).
  void validate() const {
    require(!offsets.empty() && offsets.front() == 0, "query offsets must start at 0");
    require(offsets.back() == features.rows(), "query offsets end at ", offsets.back(), " but there are ",
            features.rows(), " documents");
    for (int q = 0; q < queries(); ++q) require(size(q) >= 0, "query offsets decrease at query ", q);
    require(relevance != nullptr || features.rows() == 0, "relevance is missing");
    for (int32_t i = 0; i < features.rows(); ++i)
      require(std::isfinite(relevance[i]), "document ", i, " has a non-finite relevance");
    features.validate("ranking features");
  }
  // validate(), and every query has a document (a learner has nothing to rank in an empty one).
  void validate_for_training() const {
    validate();
    for (int q = 0; q < queries(); ++q) require(size(q) >= 1, "query ", q, " has no documents");
  }
};

// A QuerySet that owns its memory (file readers, tests, benchmarks).
struct OwnedQueries {
  OwnedRows features;
  std::vector<float> relevance;
  std::vector<int32_t> offsets{0};
  std::vector<std::string> qids;  // the file's query ids, when read from a file

  int queries() const { return int(offsets.size()) - 1; }
  QuerySet view() const {
    QuerySet s;
    s.features = features.view();
    s.relevance = relevance.data();
    s.offsets = offsets;
    return s;
  }
};

}  // namespace argmax
