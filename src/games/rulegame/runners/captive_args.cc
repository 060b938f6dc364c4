#include "games/rulegame/runners/captive_args.h"

#include <fmt/format.h>

#include <cctype>
#include <ostream>

namespace rk::rulegame {
namespace {

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// [0-9]*\.[0-9]+
bool is_decimal(std::string_view s) {
  const size_t dot = s.find('.');
  if (dot == std::string_view::npos) return false;
  return (dot == 0 || all_digits(s.substr(0, dot))) && all_digits(s.substr(dot + 1));
}


// [a-zA-Z_-][a-zA-Z_.0-9-]*
bool is_option_name(std::string_view s) {
  if (s.empty()) return false;
  const auto first = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '-'; };
  if (!first(s[0])) return false;
  for (char c : s.substr(1)) {
    if (!first(c) && c != '.' && !std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

bool has_line_break(std::string_view s) { return s.find_first_of("\n\r") != std::string_view::npos; }

// Java's String.split on one character: trailing empty strings are dropped.
std::vector<std::string> java_split(std::string_view s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t k = s.find(sep, start);
    out.emplace_back(s.substr(start, k == std::string_view::npos ? std::string_view::npos : k - start));
    if (k == std::string_view::npos) break;
    start = k + 1;
  }
  while (!out.empty() && out.back().empty()) out.pop_back();
  if (out.empty() && s.empty()) out.emplace_back();  // "".split(...) is [""]
  return out;
}

}  // namespace

// Java's String.trim(): every char <= ' ' at both ends.
std::string java_trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && static_cast<unsigned char>(s[b]) <= ' ') ++b;
  while (e > b && static_cast<unsigned char>(s[e - 1]) <= ' ') --e;
  return std::string(s.substr(b, e - b));
}

std::vector<std::string> CaptiveOptions::enrich(const std::vector<std::string>& argv) {
  std::vector<std::string> rest;
  for (size_t j = 0; j < argv.size(); ++j) {
    const std::string s = java_trim(argv[j]);
    const size_t eq = s.find('=');
    if (eq != std::string::npos && is_option_name(std::string_view(s).substr(0, eq))) {
      std::string name = s.substr(0, eq), text = s.substr(eq + 1);
      if (text.empty() && j + 1 < argv.size()) {
        text = argv[++j];  // "name= value"
      } else if (text.empty() || has_line_break(text)) {
        rest.push_back(s);
        continue;
      }
      Kind kind = Kind::kText;
      if (all_digits(text)) {
        kind = text.size() < 19 || (text.size() == 19 && text <= "9223372036854775807") ? Kind::kLong : Kind::kText;
      } else if (is_decimal(text)) {
        kind = Kind::kDouble;
      }
      values_[name] = {kind, text};
      continue;
    }
    rest.push_back(s);
  }
  return rest;
}

std::optional<std::string> CaptiveOptions::raw(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  return it->second.text;
}

std::optional<std::string> CaptiveOptions::text(const std::string& name, std::ostream& warn) const {
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  if (it->second.kind != Kind::kText) {
    warn << "Property `" << name << "' read from the config file should be a string, not a number! Ignoring.\n";
    return std::nullopt;
  }
  return it->second.text;
}

int64_t CaptiveOptions::number(const std::string& name, int64_t def, std::ostream& warn) const {
  auto it = values_.find(name);
  if (it == values_.end()) return def;
  if (it->second.kind == Kind::kText) {
    warn << "Property `" << name << "', value='" << it->second.text
         << "', read from the config file is not a number! Ignored.\n";
    return def;
  }
  if (it->second.kind == Kind::kDouble) return static_cast<int64_t>(std::stod(it->second.text));
  return std::stoll(it->second.text);
}

bool CaptiveOptions::flag(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end() || it->second.kind != Kind::kText) return false;
  std::string v = it->second.text;
  for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return v == "true";
}

bool java_parse_int(const std::string& s, int32_t& out, std::string& why) {
  size_t i = 0;
  bool neg = false;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    neg = s[0] == '-';
    i = 1;
  }
  int64_t v = 0;
  bool ok = i < s.size();
  for (; ok && i < s.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) ok = false;
    v = v * 10 + (s[i] - '0');
    if (v > int64_t{2147483648}) ok = false;
  }
  if (ok && !neg && v > 2147483647) ok = false;
  if (!ok) {
    why = fmt::format("For input string: \"{}\"", s);
    return false;
  }
  out = static_cast<int32_t>(neg ? -v : v);
  return true;
}

bool parse_count_range(const std::string& s, Range& r, std::string& why) {
  const std::vector<std::string> v = java_split(s, ':');
  if (v.size() == 1) {
    int32_t n;
    if (!java_parse_int(v[0], n, why)) return false;
    if (n < 0) {
      why = fmt::format("Illegal value ({}) for the number of properties", s);
      return false;
    }
    r = {n, n};
    return true;
  }
  if (v.size() == 2) {
    int32_t a, b;
    if (!java_parse_int(v[0], a, why) || !java_parse_int(v[1], b, why)) return false;
    if (a > b || a < 0 || (a == 0 && b > 0)) {
      why = "Illegal range: x";  // sic: the original prints the letter x
      return false;
    }
    r = {a, b};
    return true;
  }
  why = "Cannot parse range spec: " + s;
  return false;
}

bool read_csv_rows(const std::string& text, std::vector<std::vector<std::string>>& rows, std::string& why) {
  size_t start = 0;
  int errors = 0;
  while (start < text.size()) {
    size_t nl = text.find_first_of("\r\n", start);
    if (nl == std::string::npos) nl = text.size();
    const std::string s = java_trim(std::string_view(text).substr(start, nl - start));
    start = nl + (text.compare(nl, 2, "\r\n") == 0 ? 2 : 1);
    if (s.empty() || s[0] == '#') continue;
    std::vector<std::string> fields;
    std::string b;
    bool in_q = false, bad = false;
    for (size_t j = 0; j < s.size() && !bad; ++j) {
      const char c = s[j];
      if (c == '"') {
        if (b.empty() && !in_q) {
          in_q = true;
          continue;
        } else if (in_q && j + 1 < s.size() && s[j + 1] == '"') {
          ++j;
        } else if (in_q && (j + 1 == s.size() || s[j + 1] == ',')) {
          in_q = false;
          continue;
        } else {
          bad = true;
          break;
        }
      } else if (c == ',' && !in_q) {
        fields.push_back(java_trim(b));
        b.clear();
        continue;
      }
      b += c;
    }
    if (bad || in_q) {
      ++errors;
      continue;
    }
    fields.push_back(java_trim(b));
    rows.push_back(std::move(fields));
  }
  if (errors > 0) {
    why = fmt::format("{} errors found in input file", errors);
    return false;
  }
  return true;
}

namespace {

bool regular(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Letters, digits and '_', with '-' and '/' allowed between them.
bool good_name(const std::string& s) {
  if (s.empty()) return false;
  bool was_regular = false;
  for (size_t j = 0; j < s.size(); ++j) {
    const char c = s[j];
    const bool r = regular(c);
    if (!(r || ((c == '-' || c == '/') && was_regular && j + 1 < s.size()))) return false;
    was_regular = r;
  }
  return true;
}

}  // namespace

std::optional<std::vector<std::string>> parse_name_list(const std::string& val, bool shapes, std::string& why) {
  std::vector<std::string> out;
  for (const std::string& raw : java_split(java_trim(val), ';')) {
    std::string s = java_trim(raw);
    const bool dir = shapes && s.size() >= 2 && s.compare(s.size() - 2, 2, "/*") == 0;
    const std::string base = dir ? s.substr(0, s.size() - 2) : s;
    if (!good_name(base)) {
      why = dir ? fmt::format("Invalid shape subdirectory name '{}', in '{}'", base, s)
                : fmt::format("Invalid {} name '{}'", shapes ? "shape" : "color", s);
      return std::nullopt;
    }
    if (!dir) {
      for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    out.push_back(s);
  }
  return out;
}

bool ParaSet::read(const std::vector<std::string>& header, const std::vector<std::string>& row, std::string& why) {
  if (header.size() != row.size()) {
    why = "Column count mismatch";
    return false;
  }
  for (size_t k = 0; k < header.size(); ++k) {
    const std::string& key = header[k];
    const std::string& val = row[k];
    if (val.empty()) continue;
    if (key == "colors" || key == "shapes") {
      auto list = parse_name_list(val, key == "shapes", why);
      if (!list) return false;
      (key == "colors" ? colors : shapes) = std::move(*list);
      continue;
    }
    if (key == "images") {
      images = val;
      continue;
    }
    Value v{Kind::kText, java_trim(val)};
    std::string low = v.text;
    for (char& c : low) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (low == "true" || low == "false") {
      v.kind = Kind::kBool;
      v.b = low == "true";
    } else if (all_digits(low)) {
      if (!java_parse_int(low, v.i, why)) return false;
      v.kind = Kind::kInt;
    } else if (is_decimal(low)) {
      v.kind = Kind::kDouble;
    }
    values[key] = v;
  }
  return true;
}

const ParaSet::Value* ParaSet::get(const std::string& key) const {
  auto it = values.find(key);
  return it == values.end() ? nullptr : &it->second;
}

bool ParaSet::get_int(const std::string& key, int& out, std::string& why) const {
  const Value* v = get(key);
  if (v == nullptr) {
    why = "Parameter set has no variable named " + key;
    return false;
  }
  if (v->kind != Kind::kInt) {
    // The original's cast fails here (ClassCastException).
    why = fmt::format("the value of parameter {} ({}) is not an integer", key, v->text);
    return false;
  }
  out = v->i;
  return true;
}

std::optional<std::string> ParaSet::get_string(const std::string& key) const {
  const Value* v = get(key);
  if (v == nullptr || v->text.empty()) return std::nullopt;
  return v->text;
}

bool ParaSet::get_bool(const std::string& key, bool& out, std::string& why) const {
  const Value* v = get(key);
  if (v == nullptr) {
    out = false;
    return true;
  }
  if (v->kind != Kind::kBool) {
    why = fmt::format("Parameter set has not a boolean value ({}) for key={}", v->text, key);
    return false;
  }
  out = v->b;
  return true;
}

void ParaSet::modify_by(const ParaSet& m) {
  for (const auto& [k, v] : m.values) values[k] = v;
}

}  // namespace rk::rulegame
