#include "io/bytes.hpp"

#include "core/hash.hpp"

namespace argmax {
namespace {

constexpr char kMagic[8] = {'A', 'R', 'G', 'M', 'A', 'X', '\0', '\x1a'};

}  // namespace

ByteWriter::ByteWriter(const std::string& kind, uint32_t version) : version_(version) {
  bytes_.assign(kMagic, kMagic + 8);
  put<uint32_t>(version);
  put_string(kind);
}

void ByteWriter::put_string(const std::string& s) {
  put<uint32_t>(uint32_t(s.size()));
  bytes_.insert(bytes_.end(), s.begin(), s.end());
}

void ByteWriter::put_strings(const std::vector<std::string>& v) {
  put<uint64_t>(v.size());
  for (const auto& s : v) put_string(s);
}

void ByteWriter::put_options(const OptionList& options) {
  std::vector<std::string> flat;
  for (const auto& [key, value] : options) flat.push_back(key), flat.push_back(value);
  put_strings(flat);
}

std::vector<uint8_t> ByteWriter::finish() {
  put<uint64_t>(fnv1a(bytes_.data(), bytes_.size()));
  return std::move(bytes_);
}

ByteReader::ByteReader(const uint8_t* data, size_t size) : pos_(data), end_(data + size) {
  require(size >= 8 + 4 + 4 + 8 && std::memcmp(data, kMagic, 8) == 0,
          "not an argmax model (bad magic bytes or too short)");
  uint64_t stored;
  std::memcpy(&stored, end_ - 8, 8);
  end_ -= 8;
  require(fnv1a(data, size - 8) == stored, "model bytes are corrupt or truncated (checksum mismatch)");
  pos_ += 8;
  version_ = get<uint32_t>();
  require(version_ >= kFormatVersion && version_ <= kNewestFormatVersion, "model format version ", version_,
          " is not supported (this build reads ", kFormatVersion, " to ", kNewestFormatVersion, ")");
  kind_ = get_string();
}

ByteReader::ByteReader(const uint8_t* data, size_t size, const std::string& kind) : ByteReader(data, size) {
  require(kind_ == kind, "these model bytes hold a '", kind_, "' model, not a ", kind, " model");
}

void ByteReader::take(void* out, size_t n) {
  require(n <= size_t(end_ - pos_), "model bytes are truncated or corrupt (read past the end)");
  if (n > 0) std::memcpy(out, pos_, n);  // an empty vector's data() may be null
  pos_ += n;
}

std::string ByteReader::get_string() {
  uint32_t n = get<uint32_t>();
  require(n <= size_t(end_ - pos_), "model bytes are truncated or corrupt (string past the end)");
  std::string s(reinterpret_cast<const char*>(pos_), n);
  pos_ += n;
  return s;
}

std::vector<std::string> ByteReader::get_strings() {
  uint64_t n = get<uint64_t>();
  require(n <= size_t(end_ - pos_) / 4, "model bytes are truncated or corrupt (string list past the end)");
  std::vector<std::string> v(checked_count<std::string>("model bytes: string list", {int64_t(n)}));
  for (auto& s : v) s = get_string();
  return v;
}

OptionList ByteReader::get_options() {
  const std::vector<std::string> flat = get_strings();
  require(flat.size() % 2 == 0, "model bytes are corrupt (options)");
  OptionList options;
  for (size_t i = 0; i < flat.size(); i += 2) options.emplace_back(flat[i], flat[i + 1]);
  return upgrade_option_names(std::move(options));  // models saved by 0.1 read under 0.2's names
}

void ByteReader::expect_end() const {
  require(pos_ == end_, "model bytes have ", end_ - pos_, " unexpected trailing bytes");
}

std::string model_kind(const uint8_t* data, size_t size) { return ByteReader(data, size).kind(); }

}  // namespace argmax
