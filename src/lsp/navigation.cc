#include "lsp/navigation.h"

#include <cctype>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "games/cfc/language/script_sources.h"
#include "games/vck/language/table_sources.h"
#include "lsp/card_strings.h"
#include "lsp/completion.h"
#include "registry/detect.h"
#include "text/embedded.h"
#include "text/source.h"

namespace rk::lsp {
namespace {

namespace fs = std::filesystem;

struct Line {
  size_t begin, end;  // without the terminator
};

// The line holding `offset`.
Line line_of(const std::string& t, size_t offset) {
  offset = std::min(offset, t.size());
  const size_t nl = offset == 0 ? std::string::npos : t.rfind('\n', offset - 1);
  const size_t b = nl == std::string::npos ? 0 : nl + 1;
  size_t e = t.find('\n', offset);
  if (e == std::string::npos) e = t.size();
  if (e > b && t[e - 1] == '\r') --e;
  return {b, e};
}

std::string trim(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\t')) s.pop_back();
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  return s.substr(i);
}

// Wagic [card] blocks: the block's range and its name= value.
struct WagicCard {
  size_t begin, end, name_begin, name_end;
  std::string name;
};
std::vector<WagicCard> wagic_cards(const std::string& t) {
  std::vector<WagicCard> out;
  WagicCard cur{};
  bool open = false;
  for (size_t at = 0; at < t.size();) {
    const Line l = line_of(t, at);
    const std::string s = trim(t.substr(l.begin, l.end - l.begin));
    if (s == "[card]") {
      cur = {l.begin, l.end, l.begin, l.begin, ""};
      open = true;
    } else if (open && s.rfind("name=", 0) == 0 && cur.name.empty()) {
      cur.name = trim(s.substr(5));
      cur.name_begin = t.find("name=", l.begin) + 5;
      cur.name_end = cur.name_begin + cur.name.size();
    } else if (open && s == "[/card]") {
      cur.end = l.end;
      out.push_back(cur);
      open = false;
    }
    at = l.end + 1;
    while (at < t.size() && at > 0 && t[at - 1] != '\n') ++at;
  }
  return out;
}

// Objects of a JSON list, each from its first to its last string field, with its "name".
struct JsonCard {
  size_t begin, end, name_begin, name_end;
  std::string name, guid;
};
std::vector<JsonCard> json_cards(const std::string& t) {
  std::vector<JsonCard> out;
  for (const text::JsonObjectStrings& o : text::json_list_object_strings(t)) {
    if (o.fields.empty()) continue;
    JsonCard c{o.fields.front().second.begin, o.fields.back().second.end, 0, 0, "", ""};
    for (const auto& [k, v] : o.fields) {
      c.begin = std::min<size_t>(c.begin, v.begin);
      c.end = std::max<size_t>(c.end, v.end);
      if (k == "name") {
        c.name = v.value;
        c.name_begin = v.begin + 1;
        c.name_end = v.end - 1;
      } else if (k == "guid") {
        c.guid = v.value;
      }
    }
    out.push_back(c);
  }
  return out;
}

// A folder above `from` (up to the file system's root) holding `rel`.
std::string find_above(fs::path from, const fs::path& rel) {
  std::error_code ec;
  for (int up = 0; up < 16 && !from.empty(); ++up) {
    if (fs::exists(from / rel, ec)) return (from / rel).string();
    if (from == from.parent_path()) break;
    from = from.parent_path();
  }
  return "";
}

// The first line "PREFIX NAME" (NAME followed by one of `stop`) of text, as a location.
bool find_defining_line(const std::string& path, const std::string& t, std::string_view prefix, const std::string& name,
                        std::string_view stop, std::vector<Location>& out) {
  for (size_t at = 0; at < t.size();) {
    const Line l = line_of(t, at);
    const std::string_view s(t.data() + l.begin, l.end - l.begin);
    const size_t lead = s.find_first_not_of(" \t");
    if (lead != std::string_view::npos && s.substr(lead, prefix.size()) == prefix) {
      size_t n = lead + prefix.size();
      while (n < s.size() && s[n] == ' ') ++n;
      if (s.substr(n, name.size()) == name &&
          (n + name.size() == s.size() || stop.find(s[n + name.size()]) != std::string_view::npos)) {
        out.push_back({path, l.begin + n, l.begin + n + name.size(), t});
        return true;
      }
    }
    at = l.end + 1;
    while (at < t.size() && t[at - 1] != '\n') ++at;
  }
  return false;
}

void wagic_definition(const Document& d, size_t offset, std::vector<Location>& out) {
  const Line l = line_of(d.text, offset);
  const std::string line = trim(d.text.substr(l.begin, l.end - l.begin));
  const auto each_file = [&](const auto& fn) {
    if (fn(d.path, d.text)) return;
    for (const std::string& f : wagic_database_files(d)) {
      if (f == d.path) continue;
      std::string t;
      if (text::read_file(f, t) && fn(f, t)) return;
    }
  };
  if (line.rfind("primitive=", 0) == 0) {
    const std::string name = trim(line.substr(10));
    each_file([&](const std::string& p, const std::string& t) { return find_defining_line(p, t, "name=", name, "\r", out); });
    return;
  }
  const WordAt w = word_at(d.text, offset);
  if (w.text.empty()) return;
  // A macro call _NAME_ (or the name without its underscores) goes to its #AUTO_DEFINE.
  each_file([&](const std::string& p, const std::string& t) {
    return find_defining_line(p, t, "#AUTO_DEFINE", w.text, " \t(\r", out);
  });
  if (!out.empty()) return;
  // A card's name goes to the Lua file that plays it (cards/wagic-lua/NAME.lua), when there is one.
  if (line.rfind("name=", 0) == 0) {
    const std::string name = trim(line.substr(5));
    for (const fs::path& root : {fs::path(d.path).parent_path(), fs::current_path()}) {
      const std::string lua = find_above(root, fs::path("cards/wagic-lua") / (name + ".lua"));
      std::string t;
      if (!lua.empty() && text::read_file(lua, t)) {
        out.push_back({lua, 0, 0, t});
        return;
      }
    }
  }
}

// A Lua card file's functions: `resolve = function (...)` fields and `[local] function f(...)`.
void lua_functions(const Document& d, std::vector<Symbol>& out) {
  for (size_t at = 0; at < d.text.size();) {
    const Line l = line_of(d.text, at);
    const std::string s = d.text.substr(l.begin, l.end - l.begin);
    at = l.end + 1;
    while (at < d.text.size() && d.text[at - 1] != '\n') ++at;
    size_t b = s.find_first_not_of(" \t");
    if (b == std::string::npos || s.compare(b, 2, "--") == 0) continue;
    if (s.compare(b, 6, "local ") == 0) b += 6;
    const bool declared = s.compare(b, 9, "function ") == 0;  // function f( rather than f = function
    if (declared) b += 9;
    size_t e = b;
    while (e < s.size() && (std::isalnum(static_cast<unsigned char>(s[e])) || s[e] == '_' || s[e] == '.')) ++e;
    if (e == b) continue;
    const std::string rest = trim(s.substr(e));
    const bool named = declared ? !rest.empty() && rest[0] == '('
                                : rest.rfind("=", 0) == 0 && trim(rest.substr(1)).rfind("function", 0) == 0;
    if (named) out.push_back({s.substr(b, e - b), "function", 12, l.begin, l.end, l.begin + b, l.begin + e});
  }
}

}  // namespace

std::vector<std::string> wagic_database_files(const Document& d) {
  std::vector<std::string> out;
  const std::string prims = find_above(fs::path(d.path).parent_path(), "sets/primitives");
  std::error_code ec;
  if (!prims.empty()) {
    for (const auto& e : fs::directory_iterator(prims, ec)) {
      if (e.path().extension() == ".txt") out.push_back(e.path().string());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string card_at(const Document& d, const std::string& format, size_t offset) {
  if (format == "wagic") {
    for (const WagicCard& c : wagic_cards(d.text)) {
      if (offset >= c.begin && offset <= c.end) return c.name;
    }
  } else if (format == "rulescript" || format == "vck-table") {
    for (const JsonCard& c : json_cards(d.text)) {
      if (offset >= c.begin && offset <= c.end) return c.name.empty() ? c.guid : c.name;
    }
  } else if (format == "cfc-card-rules-py" || format == "vck-sql") {
    for (const CardString& c : card_strings(d, format)) {
      if (offset >= c.begin && offset <= c.end) return c.card;
    }
  }
  return "";
}

std::string explain_card(const Document& d, const std::string& name) {
  const registry::Detected det = registry::detect_path(d.path);
  if (!det.format || !det.format->explain || name.empty()) return "";
  std::ostringstream text;
  std::streambuf* old_out = std::cout.rdbuf(text.rdbuf());
  std::ostringstream errors;
  std::streambuf* old_err = std::cerr.rdbuf(errors.rdbuf());
  std::vector<std::string> names;
  const bool found = det.format->explain(registry::ExplainQuery{name, d.path, det, names});
  std::cout.rdbuf(old_out);
  std::cerr.rdbuf(old_err);
  return found ? text.str() : "";
}

std::vector<Symbol> symbols(const Document& d, const std::string& format) {
  std::vector<Symbol> out;
  if (format == "wagic") {
    for (const WagicCard& c : wagic_cards(d.text)) out.push_back({c.name, "card", 5, c.begin, c.end, c.name_begin, c.name_end});
  } else if (format == "rulescript" || format == "vck-table") {
    for (const JsonCard& c : json_cards(d.text)) {
      const std::string n = c.name.empty() ? c.guid : c.name;
      out.push_back({n, "card", 5, c.begin, c.end, c.name_end > c.name_begin ? c.name_begin : c.begin,
                     c.name_end > c.name_begin ? c.name_end : c.begin});
    }
  } else if (format == "cfc-card-rules-py") {
    for (const cfc::EmbeddedScript& s : cfc::card_rules_py_scripts(d.text)) {
      out.push_back({s.name.empty() ? s.guid : s.name, s.guid, 5, s.rules.begin, s.rules.end, s.rules.begin, s.rules.begin});
    }
  } else if (format == "vck-sql") {
    for (const vck::EffectCell& c : vck::sql_seed_cells(d.text)) {
      out.push_back({c.card, c.column, 5, c.effect.begin, c.effect.end, c.effect.begin, c.effect.end});
    }
  } else if (format == "wagic-lua") {
    lua_functions(d, out);
  } else if (format == "rulegame-rules") {
    size_t rule = 0;
    for (size_t at = 0; at < d.text.size();) {
      const Line l = line_of(d.text, at);
      const std::string s = d.text.substr(l.begin, l.end - l.begin);
      const size_t lead = s.find_first_not_of(" \t");
      if (lead != std::string::npos && s[lead] != '#') {
        if (s.compare(lead, 5, "Order") == 0) {
          size_t n = lead + 5;
          while (n < s.size() && s[n] == ' ') ++n;
          const size_t eq = s.find('=', n);
          const std::string name = trim(s.substr(n, eq == std::string::npos ? std::string::npos : eq - n));
          out.push_back({name, "order", 12, l.begin, l.end, l.begin + n, l.begin + n + name.size()});
        } else {
          out.push_back({"rule line " + std::to_string(++rule), trim(s), 13, l.begin, l.end, l.begin + lead, l.end});
        }
      }
      at = l.end + 1;
      while (at < d.text.size() && d.text[at - 1] != '\n') ++at;
    }
  }
  return out;
}

std::vector<Location> definition(const Document& d, const std::string& dialect, size_t offset) {
  std::vector<Location> out;
  if (dialect == "wagic") {
    wagic_definition(d, offset, out);
  } else if (dialect == "rulegame") {
    const WordAt w = word_at(d.text, offset);
    if (!w.text.empty()) find_defining_line(d.path, d.text, "Order", w.text, " =", out);
  }
  return out;
}

}  // namespace rk::lsp
