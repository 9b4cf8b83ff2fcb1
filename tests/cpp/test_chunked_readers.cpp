// Every reader fed in chunks gives exactly what it gives for the whole text, wherever the chunks are cut
// (inside a number, a UTF-8 sequence, a "\r\n", a comment), and its errors name the same line and byte offset.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "io/conll.hpp"
#include "io/letor.hpp"
#include "io/libsvm.hpp"
#include "io/multilabel.hpp"
#include "io/svmhmm.hpp"
#include "reader_results.hpp"

using namespace argmax;

namespace {

// Every single cut, every pair of cuts, and one byte at a time read as the whole text does.
template <class Parser>
void check_every_cut(const Parser& parser, const std::string& text) {
  const std::string whole = read_cut(parser, text, {});
  INFO(text);
  for (size_t i = 0; i <= text.size(); ++i) {
    REQUIRE(read_cut(parser, text, {i}) == whole);
    for (size_t j = i; j <= text.size(); ++j) REQUIRE(read_cut(parser, text, {i, j}) == whole);
  }
  std::vector<size_t> bytes;
  for (size_t i = 1; i < text.size(); ++i) bytes.push_back(i);
  REQUIRE(read_cut(parser, text, bytes) == whole);
}

}  // namespace

TEST_CASE("chunked readers: a line cut anywhere reads as when whole", "[io][chunks]") {
  check_every_cut(LibsvmParser(), "# head\n+1 1:0.5 3:2.25e-1\r\n-3 2:1e-1   # c\n\n7\n1.0 4:-1");
  check_every_cut(LibsvmParser(5), "2 1:1 12:0.125\n");
  check_every_cut(MultilabelParser(), "2,0 1:0.5 3:-1\n\n# c\n 2:4\n5 1:1 # t\n1,1 4:2\n");
  check_every_cut(LetorParser(), "2 qid:1 1:0.5 2:1 # d1\n0 qid:1 1:0.25\n1 qid:7 2:3\n");
  check_every_cut(SvmhmmParser(), "A qid:1 1:1\nB qid:1 2:0.5\r\nA qid:2 1:1 2:1 # x\n");
  check_every_cut(ConlluParser(),
                  "# s\n1\tNa\xC3\xAFve\tn\tADJ\t_\t_\t0\tr\t_\t_\n2-3\tab\t_\t_\t_\t_\t_\t_\t_\t_\n"
                  "2\t\xE2\x80\x9Cok\tok\tX\t_\t_\t1\td\t_\t_\r\n\n1\tZ\xC3\xBCrich\tz\tPROPN\t_\t_\t0\tr\t_\t_");
  check_every_cut(ConlluParser("xpos"), "1\ta\ta\tX\tXX\t_\t0\tr\t_\t_\n");
  check_every_cut(ColumnsParser(), "-DOCSTART- -X- O\n\nEU NNP B-ORG\nrejects VBZ O\n\n\nZ\xC3\xBCrich NNP B-LOC\n");
}

TEST_CASE("chunked readers: errors name the line and its byte offset wherever the text is cut", "[io][chunks]") {
  // The results are the same at every cut (check_every_cut); here is what they are.
  const std::string text = "1 1:1\n2 3:1 2:1\n";
  REQUIRE(read_cut(LibsvmParser(), text, {9}) ==
          "error: line 2: feature index 2 after 3 (indices must increase) (the line starts at byte offset 6)");
  check_every_cut(LibsvmParser(), text);
  check_every_cut(LibsvmParser(), "1 1:1\n# c\nx 1:1\n");
  check_every_cut(MultilabelParser(), "0 1:1\n1,,2 1:1\n");
  check_every_cut(LetorParser(), "1 qid:1 1:1\n1 qid:2 1:1\n1 qid:1 1:1\n");
  check_every_cut(SvmhmmParser(), "A qid:1 1:1\nB 1:1\n");
  const std::string latin1 = "# c\n1\tna\xEFve\tn\tADJ\t_\t_\t0\tr\t_\t_\n";
  REQUIRE(read_cut(ConlluParser(), latin1, {7}) ==
          "error: line 2: invalid UTF-8 at byte offset 8 (the file must be UTF-8 encoded) (the line starts at byte "
          "offset 4)");
  check_every_cut(ConlluParser(), latin1);
  check_every_cut(ColumnsParser(), "a B\n\nb\xC3 O\n");
}

TEST_CASE("LineSplitter: numbers, offsets and bytes of every line", "[io][chunks]") {
  std::vector<std::string> seen;
  LineSplitter lines;
  const auto f = [&](const Line& l) {
    seen.push_back(std::to_string(l.number) + "@" + std::to_string(l.offset) + ":" + std::string(l.b, l.e));
  };
  for (const char* chunk : {"ab", "c\r", "\n\nd", "", "e\r\nf"}) lines.feed(chunk, f);
  lines.finish(f);
  REQUIRE(seen == std::vector<std::string>{"1@0:abc", "2@5:", "3@6:de", "4@10:f"});
}
