// The features of a (query, document) pair, in the LETOR tradition (Qin et al. 2010), declared once: name,
// formula and help. Per text field F they are named "F.<name>"; the document's own follow; each numeric field
// is a feature under its own name.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "search/query.hpp"

namespace argmax {

class SearchIndex;

struct FeatureSpec {
  const char* name;
  bool per_field;      // one per text field, or one per document
  const char* formula;
  const char* help;
};

const std::vector<FeatureSpec>& search_feature_table();

// The column names: the per-field features of each text field, the document's, then the numeric fields.
std::vector<std::string> search_feature_names(const std::vector<std::string>& text_fields,
                                              const std::vector<std::string>& numeric_fields);

// One row per document (slots of the index), row-major.
std::vector<double> search_features(SearchIndex& index, const Query& query, const std::vector<uint32_t>& docs);

}  // namespace argmax
