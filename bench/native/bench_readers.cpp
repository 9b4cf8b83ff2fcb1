// Reader throughput of the native build: the file is loaded into memory first, then parsed RUNS times;
// prints {"bytes": …, "seconds": best run, "rows": …} as one JSON line (rows: examples or sentences).
//   bench_readers libsvm|conllu FILE [RUNS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "io/conll.hpp"
#include "io/libsvm.hpp"

using namespace argmax;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: bench_readers libsvm|conllu FILE [RUNS]\n");
    return 2;
  }
  const std::string format = argv[1];
  std::ifstream in(argv[2], std::ios::binary);
  if (!in || (format != "libsvm" && format != "conllu")) {
    std::fprintf(stderr, "cannot read '%s' as %s\n", argv[2], argv[1]);
    return 2;
  }
  std::ostringstream s;
  s << in.rdbuf();
  const std::string text = s.str();
  const int runs = argc > 3 ? std::max(1, std::atoi(argv[3])) : 5;

  double best = 1e300;
  size_t rows = 0;
  for (int run = 0; run < runs; ++run) {
    const auto t0 = std::chrono::steady_clock::now();
    rows = format == "libsvm" ? read_libsvm(text).labels.size() : read_conllu(text).lengths.size();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::printf("{\"bytes\": %zu, \"seconds\": %.6f, \"rows\": %zu}\n", text.size(), best, rows);
  return 0;
}
