#include "core/options.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "core/error.hpp"
#include "core/parse_number.hpp"

namespace argmax {
namespace {

const char* type_name(OptionType t) {
  switch (t) {
    case OptionType::Integer: return "integer";
    case OptionType::Real: return "number";
    case OptionType::Boolean: return "boolean";
    case OptionType::Choice: return "choice";
    case OptionType::IntegerList: return "integers";
    case OptionType::RealList: return "numbers";
    case OptionType::Text: return "text";
  }
  return "";
}


// "in [0, 1]", "≥ 1", "> 0"
std::string range_text(const OptionSpec& s) {
  if (s.max >= 1e300) return text(s.min_open ? "> " : "≥ ", s.min);
  return text("in ", s.min_open ? "(" : "[", s.min, ", ", s.max, "]");
}

// Short decimals skip strtod, whose long-double arithmetic wasm emulates in software and compiles on a module's
// first option parse; strtod reads the rest (" 1", hex, 17 digits) as before.
bool parse_number(const std::string& text, double& out) {
  if (text.empty()) return false;
  if (!parse_short_double(text.data(), text.data() + text.size(), out)) {
    char* end = nullptr;
    out = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) return false;
  }
  return std::isfinite(out);
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

Options Options::parse(const std::vector<OptionSpec>& specs, const OptionList& given,
                       const std::string& owner) {
  std::map<std::string, std::string> values;
  for (const auto& [key, value] : given) {
    bool known = false;
    for (const auto& s : specs) known |= s.name == key;
    if (!known) {
      for (const auto& r : renamed_options())
        if (r.old == key) fail("option '", key, "' was renamed in 0.2.0: use ", r.instead);
      std::vector<std::string> names;
      for (const auto& s : specs) names.push_back(s.name);
      fail("unknown option '", key, "' for ", owner, " (known: ", join(names, ", "), ")");
    }
    require(!values.count(key), "option '", key, "' given twice");
    values[key] = value;
  }
  Options options;
  for (const auto& [key, value] : values) options.given_.push_back(key);
  for (const auto& s : specs) {
    const std::string text = values.count(s.name) ? values[s.name] : s.default_value;
    options.entries_.emplace_back(s.name, text);
    if (s.type == OptionType::Choice) {
      bool ok = false;
      for (const auto& c : s.choices) ok |= c == text;
      if (!ok) refuse_renamed_value(s.name, text);
      require(ok, "option '", s.name, "' must be one of ", join(s.choices, ", "), "; got '", text, "'");
      options.texts_[s.name] = text;
      continue;
    }
    if (s.type == OptionType::Text) {
      options.texts_[s.name] = text;
      continue;
    }
    if (s.type == OptionType::IntegerList || s.type == OptionType::RealList) {
      const bool integers = s.type == OptionType::IntegerList;
      const char* what = integers ? "integers" : "numbers";
      std::vector<double> list;
      for (size_t p = 0; !text.empty();) {
        const size_t comma = text.find(',', p);
        const std::string item = text.substr(p, comma == std::string::npos ? std::string::npos : comma - p);
        double x = 0;
        require(parse_number(item, x) && (!integers || x == std::floor(x)), "option '", s.name,
                "' must be a comma-separated list of ", what, " (e.g. ", integers ? "1,4,7" : "2,0.5", "); got '",
                text, "'");
        require(s.min > s.max || (x >= s.min && x <= s.max), "option '", s.name, "' must hold ", what, " ",
                range_text(s), "; got ", item);
        list.push_back(x);
        if (comma == std::string::npos) break;
        p = comma + 1;
      }
      if (integers) options.lists_[s.name].assign(list.begin(), list.end());
      else options.real_lists_[s.name] = std::move(list);
      continue;
    }
    double x = 0;
    if (s.type == OptionType::Boolean) {
      require(text == "true" || text == "false" || text == "1" || text == "0", "option '", s.name,
              "' must be true or false; got '", text, "'");
      x = (text == "true" || text == "1") ? 1 : 0;
    } else {
      require(parse_number(text, x), "option '", s.name, "' must be a ", type_name(s.type), "; got '",
              text, "'");
      require(s.type != OptionType::Integer || x == std::floor(x), "option '", s.name,
              "' must be an integer; got '", text, "'");
      if (s.min <= s.max) {
        bool low = s.min_open ? x > s.min : x >= s.min;
        require(low && x <= s.max, "option '", s.name, "' must be ", range_text(s), "; got ", text);
      }
    }
    options.numbers_[s.name] = x;
  }
  return options;
}

double Options::real(const std::string& name) const {
  auto it = numbers_.find(name);
  if (it == numbers_.end()) throw std::logic_error("option not declared: " + name);
  return it->second;
}

const std::vector<int>& Options::integers(const std::string& name) const {
  auto it = lists_.find(name);
  if (it == lists_.end()) throw std::logic_error("option not declared: " + name);
  return it->second;
}

const std::vector<double>& Options::reals(const std::string& name) const {
  auto it = real_lists_.find(name);
  if (it == real_lists_.end()) throw std::logic_error("option not declared: " + name);
  return it->second;
}

const std::string& Options::choice(const std::string& name) const {
  auto it = texts_.find(name);
  if (it == texts_.end()) throw std::logic_error("option not declared: " + name);
  return it->second;
}

bool Options::given(const std::string& name) const {
  return std::find(given_.begin(), given_.end(), name) != given_.end();
}

bool Options::has(const std::string& name) const {
  return std::any_of(entries_.begin(), entries_.end(), [&name](const auto& kv) { return kv.first == name; });
}

OptionSpec integer_option(std::string name, std::string default_value, double min, double max, std::string help) {
  return {std::move(name), OptionType::Integer, std::move(default_value), min, max, false, std::move(help)};
}

OptionSpec real_option(std::string name, std::string default_value, double min, double max, std::string help) {
  return {std::move(name), OptionType::Real, std::move(default_value), min, max, false, std::move(help)};
}

OptionSpec positive_option(std::string name, std::string default_value, double max, std::string help) {
  return {std::move(name), OptionType::Real, std::move(default_value), 0, max, true, std::move(help)};
}

OptionSpec boolean_option(std::string name, std::string default_value, std::string help) {
  return {std::move(name), OptionType::Boolean, std::move(default_value), 0, -1, false, std::move(help)};
}

OptionSpec choice_option(std::string name, std::string default_value, std::vector<std::string> choices, std::string help) {
  return {std::move(name), OptionType::Choice, std::move(default_value), 0, -1, false, std::move(help), std::move(choices)};
}

OptionSpec integer_list_option(std::string name, std::string default_value, double min, double max, std::string help) {
  return {std::move(name), OptionType::IntegerList, std::move(default_value), min, max, false, std::move(help)};
}

OptionSpec real_list_option(std::string name, std::string default_value, double min, double max, std::string help) {
  return {std::move(name), OptionType::RealList, std::move(default_value), min, max, false, std::move(help)};
}

OptionSpec text_option(std::string name, std::string default_value, std::string help) {
  return {std::move(name), OptionType::Text, std::move(default_value), 0, -1, false, std::move(help)};
}

OptionSpec with_default(OptionSpec spec, const std::string& default_value, const std::string& why) {
  spec.default_value = default_value;
  spec.help += "; default " + default_value + " here: " + why;
  return spec;
}

void set_default(std::vector<OptionSpec>& specs, const std::string& name, const std::string& default_value,
                 const std::string& why) {
  for (OptionSpec& s : specs)
    if (s.name == name) {
      s = with_default(std::move(s), default_value, why);
      return;
    }
  throw std::logic_error("option not declared: " + name);
}

void append(std::vector<OptionSpec>& specs, std::vector<OptionSpec> more) {
  for (OptionSpec& s : more) specs.push_back(std::move(s));
}

const std::vector<RenamedOption>& renamed_options() {
  static const std::vector<RenamedOption> renames = [] {
    std::vector<RenamedOption> r = {
        {"algo", "", "'trainer' for the optimiser and 'loss' for the objective (Ranker: 'measure' for the task loss)"},
        {"solver", "", "'trainer' (lbfgs or sgd)"},
        {"iterations", "", "'maxIter'"},  // 0.1 taggers saved it beside max_iter: their loader picks one
        {"tol", "eps", ""},
    };
    for (const char* snake : {"max_iter", "rff_seed", "hash_bits", "min_count", "lexicon_min_count", "weight_bits",
                              "global_words", "max_depth", "min_leaf", "cv_folds", "code_size", "code_kernel",
                              "code_gamma", "code_C"}) {
      std::string camel;
      for (const char* c = snake; *c; ++c) camel += *c == '_' ? char(std::toupper(*++c)) : *c;
      r.push_back({snake, camel, ""});
    }
    for (auto& x : r)
      if (x.instead.empty()) x.instead = "'" + x.now + "'";
    return r;
  }();
  return renames;
}

const std::vector<RenamedValue>& renamed_values() {
  // The binary learners of 0.1 fused the model kind, the loss and the trainer in one name.
  static const std::vector<RenamedValue> values = {
      {"learner", "svm-dcd", "linear", {{"trainer", "dcd"}}},
      {"learner", "svm-kernel", "kernel", {{"trainer", "dcd"}, {"loss", "hinge"}}},
      {"learner", "svm-pegasos", "linear", {{"trainer", "pegasos"}, {"loss", "hinge"}}},
      {"learner", "logistic", "linear", {{"trainer", "newton"}, {"loss", "log"}}},
      {"learner", "perceptron", "linear", {{"trainer", "perceptron"}}},
  };
  return values;
}

std::string RenamedValue::instead() const {
  std::string out = option + " '" + now + "'";
  for (size_t i = 0; i < with.size(); ++i)
    out += (i == 0 ? " with " : " and ") + with[i].first + " '" + with[i].second + "'";
  return out;
}

const RenamedValue* renamed_value(const std::string& option, const std::string& old) {
  for (const auto& r : renamed_values())
    if (r.option == option && r.old == old) return &r;
  return nullptr;
}

void refuse_renamed_value(const std::string& option, const std::string& value) {
  if (const RenamedValue* r = renamed_value(option, value))
    fail(option, " '", value, "' was renamed in 0.2.0: use ", r->instead());
}

OptionList upgrade_option_names(OptionList saved) {
  for (auto& kv : saved)
    for (const auto& r : renamed_options())
      if (kv.first == r.old && !r.now.empty()) kv.first = r.now;
  return saved;
}

namespace {
// Each option added after a release, with its former value.
const char* const kAddedOptions[][2] = {{"startWords", "0"}, {"startPairs", "0"}, {"lexiconFolds", "1"}};
}  // namespace

bool at_former_value(const std::pair<std::string, std::string>& option) {
  for (const auto& added : kAddedOptions)
    if (option.first == added[0] && option.second == added[1]) return true;
  return false;
}

OptionList without_former_values(const OptionList& options) {
  OptionList kept;
  for (const auto& kv : options)
    if (!at_former_value(kv)) kept.push_back(kv);
  return kept;
}

OptionList with_former_values(OptionList saved, const std::vector<OptionSpec>& specs) {
  for (const auto& added : kAddedOptions) {
    bool declared = false, in_saved = false;
    for (const OptionSpec& s : specs) declared |= s.name == added[0];
    for (const auto& kv : saved) in_saved |= kv.first == added[0];
    if (declared && !in_saved) saved.emplace_back(added[0], added[1]);
  }
  return saved;
}

std::string join(const std::vector<std::string>& items, const char* sep) {
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) out += (i ? sep : "") + items[i];
  return out;
}

std::string describe(const std::vector<OptionSpec>& specs) {
  std::string out;
  for (const auto& s : specs) {
    out += text("  ", s.name, "=", s.type == OptionType::Choice ? join(s.choices, "|") : type_name(s.type),
                "  (default ", s.default_value.empty() ? "none" : s.default_value);
    if (s.type != OptionType::Choice && s.type != OptionType::Boolean && s.min <= s.max)
      out += text(", ", s.type == OptionType::IntegerList || s.type == OptionType::RealList ? "each " : "",
                  range_text(s));
    out += text(")  ", s.help, "\n");
  }
  return out;
}

std::string number_text(double x) {
  std::string shortest;
  for (int digits : {15, 17}) {
    shortest = text(with_digits(x, digits));
    double back = 0;
    if (parse_number(shortest, back) && back == x) break;
  }
  return shortest;
}

std::string schema_json(const std::vector<OptionSpec>& specs) {
  std::string out = "[";
  for (size_t i = 0; i < specs.size(); ++i) {
    const auto& s = specs[i];
    out += text(i ? "," : "", "{\"name\":", json_string(s.name), ",\"type\":", json_string(type_name(s.type)),
                ",\"default\":", json_string(s.default_value), ",\"help\":", json_string(s.help));
    if (s.min <= s.max && s.type != OptionType::Choice && s.type != OptionType::Boolean)
      out += text(",\"min\":", with_digits(s.min, 17), ",\"max\":", with_digits(s.max, 17), ",\"minOpen\":",
                  s.min_open ? "true" : "false");
    out += ",\"choices\":[";
    for (size_t c = 0; c < s.choices.size(); ++c) out += text(c ? "," : "", json_string(s.choices[c]));
    out += "]}";
  }
  return out + "]";
}

}  // namespace argmax
