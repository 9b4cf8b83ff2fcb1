// Options are declared once, as a table of OptionSpec; validation, the CLI's --help, the JS
// schema and the saved model header all come from that table (as in CRFsuite's parameter tables).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace argmax {

// IntegerList: comma-separated integers ("1,4,7"; "" is the empty list), each within [min, max]; RealList the
// same with real numbers ("2,0.5"); Text: any text of one line (a template list, a word list).
enum class OptionType { Integer, Real, Boolean, Choice, IntegerList, RealList, Text };

// One row of a table. Tables are written with the builders below, which name what each row holds.
struct OptionSpec {
  std::string name;
  OptionType type;
  std::string default_value;  // as text ("default" in JS)
  double min = 0, max = 0;  // allowed range for numbers (ignored when min > max)
  bool min_open = false;  // min itself excluded (e.g. C > 0)
  std::string help;
  std::vector<std::string> choices = {};  // for Choice
};

OptionSpec integer_option(std::string name, std::string default_value, double min, double max, std::string help);
OptionSpec real_option(std::string name, std::string default_value, double min, double max, std::string help);
// A real number in (0, max]: 0 itself is excluded (C > 0).
OptionSpec positive_option(std::string name, std::string default_value, double max, std::string help);
OptionSpec boolean_option(std::string name, std::string default_value, std::string help);
OptionSpec choice_option(std::string name, std::string default_value, std::vector<std::string> choices, std::string help);
OptionSpec integer_list_option(std::string name, std::string default_value, double min, double max, std::string help);
OptionSpec real_list_option(std::string name, std::string default_value, double min, double max, std::string help);
OptionSpec text_option(std::string name, std::string default_value, std::string help);

using OptionList = std::vector<std::pair<std::string, std::string>>;  // key=value as given

// The same option with another default, for a task whose data call for it; `why` joins the help, so every
// default that differs between tasks says why.
OptionSpec with_default(OptionSpec spec, const std::string& default_value, const std::string& why);
// A table with the default of `name` replaced as with_default (the option must be in it).
void set_default(std::vector<OptionSpec>& specs, const std::string& name, const std::string& default_value,
                 const std::string& why);
// Appends `more` to `specs` (a table is the composition of its task's, its loss's and its trainer's options).
void append(std::vector<OptionSpec>& specs, std::vector<OptionSpec> more);

// An option name of 0.1 that 0.2 replaced: giving it is an error that names its replacement, never a silent
// alias. `now` is the new name of a plain rename; empty where the option split (algo → trainer and loss).
struct RenamedOption {
  std::string old, now, instead;  // instead: what to write, for the error message
};
const std::vector<RenamedOption>& renamed_options();
// A value of 0.1 that 0.2 replaced, with the options that now say the rest: learner 'logistic' is learner
// 'linear' with trainer 'newton' and loss 'log'. Giving it is an error that names the replacement.
struct RenamedValue {
  std::string option, old, now;
  OptionList with;
  std::string instead() const;  // "learner 'linear' with trainer 'newton' and loss 'log'"
};
const std::vector<RenamedValue>& renamed_values();
const RenamedValue* renamed_value(const std::string& option, const std::string& old);  // null if none
// "learner 'svm-dcd' was renamed in 0.2.0: use learner 'linear' with trainer 'dcd'" (InputError), for a
// renamed value; returns otherwise.
void refuse_renamed_value(const std::string& option, const std::string& value);
// Saved models of 0.1 name their options the old way: their plain renames (max_iter → maxIter) read under
// the new names. Values that changed meaning (algo) are upgraded by each model kind's loader.
OptionList upgrade_option_names(OptionList saved);
// Options added after a release have a former value: the one under which a model saved before the option works
// as it did (the text vectorizer's startWords 0, the tagger's lexiconFolds 1). At that value an option is left
// out of the saved bytes, so that such a model, loaded and saved again, keeps its bytes.
bool at_former_value(const std::pair<std::string, std::string>& option);
// The options as saved: those at_former_value left out.
OptionList without_former_values(const OptionList& options);
// A saved model's options, with each added option of `specs` that they lack set to its former value.
OptionList with_former_values(OptionList saved, const std::vector<OptionSpec>& specs);


class Options {
 public:
  // Checks every given key against the table (unknown names, types, ranges) and fills defaults.
  // Throws InputError with a message naming the option.
  static Options parse(const std::vector<OptionSpec>& specs, const OptionList& given,
                       const std::string& owner);

  double real(const std::string& name) const;
  int integer(const std::string& name) const { return int(real(name)); }
  bool flag(const std::string& name) const { return real(name) != 0; }
  const std::string& choice(const std::string& name) const;
  const std::string& text(const std::string& name) const { return choice(name); }
  const std::vector<int>& integers(const std::string& name) const;
  const std::vector<double>& reals(const std::string& name) const;
  // A seed (integers up to 2^32 − 1 do not fit an int).
  uint64_t seed(const std::string& name = "seed") const { return uint64_t(real(name)); }
  // Whether the caller gave this option (rather than its default).
  bool given(const std::string& name) const;
  // Whether the table declares this option.
  bool has(const std::string& name) const;

  // All values as text, in table order (for saving and reporting).
  const OptionList& entries() const { return entries_; }

 private:
  OptionList entries_;
  std::map<std::string, double> numbers_;
  std::map<std::string, std::string> texts_;
  std::map<std::string, std::vector<int>> lists_;
  std::map<std::string, std::vector<double>> real_lists_;
  std::vector<std::string> given_;
};

// The items with sep between them ("a, b, c").
std::string join(const std::vector<std::string>& items, const char* sep = ", ");

// One line per option: "  name  type  (default …, range …)  help".
std::string describe(const std::vector<OptionSpec>& specs);

// A number as option text, exact: the shorter of 15 and 17 significant digits that reads back as the same double.
std::string number_text(double x);
// A JSON array of {name,type,default,min,max,help,choices} for the JS API and its types.
std::string schema_json(const std::vector<OptionSpec>& specs);

}  // namespace argmax
