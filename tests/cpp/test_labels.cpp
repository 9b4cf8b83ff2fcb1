// The one check that training labels hold two classes or more (core/labels.hpp), for integer labels and tags.
#include <catch2/catch.hpp>

#include <string_view>

#include "core/labels.hpp"

using namespace argmax;

TEST_CASE("require_two_classes: one class is refused, naming it, unless allowed; two pass") {
  const int32_t three[] = {3, 3, 3}, two[] = {3, 3, 4};
  REQUIRE_THROWS_WITH(require_two_classes(three, 3, "y", "label", false),
                      "y: every training label is 3; a model of a single class always predicts it (set "
                      "allowSingleClass: true, or the CLI's --allow-single-class, to train one anyway)");
  REQUIRE_THROWS_WITH(require_two_classes(three, 3, "y", "label", false, "a reduction needs two classes or more"),
                      "y: every training label is 3; a reduction needs two classes or more");
  CHECK_NOTHROW(require_two_classes(three, 3, "y", "label", true));
  CHECK_NOTHROW(require_two_classes(two, 3, "y", "label", false));
  CHECK_NOTHROW(require_two_classes(three, 0, "y", "label", false));  // no labels: the shape checks speak
  const std::string_view tags[] = {"NOUN", "NOUN"}, mixed[] = {"NOUN", "VERB"};
  REQUIRE_THROWS_WITH(require_two_classes(tags, 2, "tags", "tag", false),
                      Catch::StartsWith("tags: every training tag is 'NOUN'; a model of a single class"));
  CHECK_NOTHROW(require_two_classes(mixed, 2, "tags", "tag", false));
}
