// The whole content of a file, for the benchmark drivers (which read LIBSVM text with the library's reader).
#pragma once
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(std::string("cannot read ") + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
