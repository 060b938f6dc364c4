// How the Captive Game Server reads its command line and its control files, with the original's
// rules and messages: "name=value" options (ParseConfig), ranges such as "2:5", trial-list and
// modifier CSV files (CsvData) and the parameter set of one row (ParaSet).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rk::rulegame {

// The original's command-line options: "name=value" anywhere (or "name=" followed by the value
// as the next argument); values of digits only are numbers, "d.d" decimals, the rest text. An
// option read with the wrong kind is ignored with the original's warning on `warn`.
class CaptiveOptions {
 public:
  // Takes the options out of argv and returns the remaining (positional) arguments.
  std::vector<std::string> enrich(const std::vector<std::string>& argv);

  bool has(const std::string& name) const { return values_.count(name) > 0; }
  std::optional<std::string> text(const std::string& name, std::ostream& warn) const;
  int64_t number(const std::string& name, int64_t def, std::ostream& warn) const;
  bool flag(const std::string& name) const;  // Boolean.parseBoolean of a text value
  // The raw text of an option, whatever its kind (for enumerations such as output=).
  std::optional<std::string> raw(const std::string& name) const;

 private:
  enum class Kind { kText, kLong, kDouble };
  struct Value {
    Kind kind;
    std::string text;
  };
  std::map<std::string, Value> values_;
};

struct Range {
  int lo = 0, hi = 0;
};

// "n" or "n1:n2" as the original reads the numbers of pieces, shapes and colors. On failure
// returns false with the original's message in `why`.
bool parse_count_range(const std::string& s, Range& r, std::string& why);

// Java's Integer.parseInt, with its NumberFormatException message on failure.
bool java_parse_int(const std::string& s, int32_t& out, std::string& why);

// One CSV file as the original reads trial lists and modifiers: lines trimmed, blank and "#"
// lines skipped, fields split on commas with double quotes. The first row kept is the header.
bool read_csv_rows(const std::string& text, std::vector<std::vector<std::string>>& rows, std::string& why);

// One parameter set (a trial-list row): typed values by column name, plus shapes, colors and
// the "images" column, which the original keeps apart.
// Java's String.trim(): every char <= ' ' at both ends.
std::string java_trim(std::string_view s);

struct ParaSet {
  enum class Kind { kBool, kInt, kDouble, kText };
  struct Value {
    Kind kind;
    std::string text;
    int32_t i = 0;
    bool b = false;
  };
  std::map<std::string, Value> values;
  std::optional<std::vector<std::string>> shapes, colors;  // upper-cased names; "dir/*" kept
  std::string images;                                       // the "images" column, or ""

  // Builds from a header and a row; false with the original's message on a bad row.
  bool read(const std::vector<std::string>& header, const std::vector<std::string>& row, std::string& why);
  const Value* get(const std::string& key) const;
  // getInt: the value must be an integer ("Parameter set has no variable named X" otherwise).
  bool get_int(const std::string& key, int& out, std::string& why) const;
  std::optional<std::string> get_string(const std::string& key) const;
  // getBoolean(key, false); false with a message when the value is not a boolean.
  bool get_bool(const std::string& key, bool& out, std::string& why) const;
  // A modifier's typed values replace or add to these (shapes, colors and images stay).
  void modify_by(const ParaSet& m);
};

// Parses a semicolon-separated shape or color list as the original (names upper-cased, "dir/*"
// kept for the caller to expand); nullopt with `why` on an invalid name.
std::optional<std::vector<std::string>> parse_name_list(const std::string& val, bool shapes, std::string& why);

}  // namespace rk::rulegame
