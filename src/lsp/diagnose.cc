#include "lsp/diagnose.h"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <regex>
#include <sstream>

#include "registry/check_report.h"
#include "registry/detect.h"

namespace rk::lsp {
namespace {

// The checkers write their reports through the CheckReport (JSON mode); anything one would print
// to standard output is caught here, as standard output is the protocol's channel.
class QuietCout {
 public:
  QuietCout() : old_(std::cout.rdbuf(sink_.rdbuf())) {}
  ~QuietCout() { std::cout.rdbuf(old_); }
  QuietCout(const QuietCout&) = delete;
  QuietCout& operator=(const QuietCout&) = delete;

 private:
  std::ostringstream sink_;
  std::streambuf* old_;
};

int severity_of(const std::string& s) { return s == "error" ? 1 : s == "warning" ? 2 : 3; }

Finding from_item(const LineIndex& d, const nlohmann::json& j) {
  Finding f;
  f.severity = severity_of(j.value("severity", "error"));
  f.code = j.value("code", "");
  f.message = j.value("message", "");
  f.hint = j.value("hint", "");
  if (j.contains("line") && j["line"].is_number_integer()) {
    f.start = d.from_line_col(j["line"].get<int>(), j.value("column", 1));
    f.end = d.from_line_col(j.value("end_line", j["line"].get<int>()), j.value("end_column", j.value("column", 1)));
    if (f.end.line < f.start.line || (f.end.line == f.start.line && f.end.character < f.start.character)) f.end = f.start;
  }
  f.replacement = suggestion_of(f.hint);
  return f;
}

// A file-level problem: "path:line:col: error[CODE]: message ..." or "path: error[CODE]: message".
Finding from_problem(const Document& d, const std::string& p) {
  static const std::regex with_pos(R"(^.*?:([0-9]+):([0-9]+): (error|warning)\[([A-Z0-9]+)\]: ([^\n]*))");
  static const std::regex without(R"(^.*?: (error|warning)\[([A-Z0-9]+)\]: ([^\n]*))");
  Finding f;
  std::smatch m;
  if (std::regex_search(p, m, with_pos)) {
    f.start = from_line_col(d.text, std::stoi(m[1]), std::stoi(m[2]));
    f.end = f.start;
    ++f.end.character;
    f.severity = severity_of(m[3]);
    f.code = m[4];
    f.message = m[5];
  } else if (std::regex_search(p, m, without)) {
    f.severity = severity_of(m[1]);
    f.code = m[2];
    f.message = m[3];
  } else {
    f.message = p;
  }
  return f;
}

// What to check for a file: the file, or the database it belongs to. A Wagic set's _cards.dat
// names its cards' primitives, so it is checked with its database (the sets/ folder holding it and
// sets/primitives); the document then shows its own diagnostics of that check.
std::string database_of(const std::string& path, const std::string& dialect) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path p(path);
  const fs::path sets = p.parent_path().parent_path();
  if (dialect == "wagic" && p.filename() == "_cards.dat" && fs::is_directory(sets / "primitives", ec)) return sets.string();
  return path;
}

}  // namespace

std::string suggestion_of(const std::string& hint) {
  static const std::regex mean(R"(did you mean (`([^`]+)`|'([^']+)'|([^ ?]+))\?)");
  std::smatch m;
  if (!std::regex_search(hint, m, mean)) return "";
  for (int k = 2; k <= 4; ++k) {
    if (m[k].matched) return m[k];
  }
  return "";
}

Checked diagnose(const Document& d) {
  Checked out;
  std::error_code ec;
  // A URI naming a folder would check everything in it at each keystroke: only files are read.
  if (d.path.empty() || std::filesystem::is_directory(d.path, ec)) return out;
  const registry::Detected det = registry::detect_path(d.path);
  if (!det.format) return out;
  out.format = std::string(det.format->id);
  if (det.dialect) out.dialect = std::string(det.dialect->name);
  registry::CheckReport t;
  t.json = true;
  {
    QuietCout quiet;
    if (det.format->check_text) {
      det.format->check_text(d.path, d.text, t);
    } else if (det.format->check_path) {
      det.format->check_path(database_of(d.path, out.dialect), t);
    }
  }
  const nlohmann::json items = nlohmann::json::parse("[" + t.json_items + "]", nullptr, false);
  const LineIndex lines(d.text);
  if (items.is_array()) {
    for (const nlohmann::json& list : items) {
      for (const nlohmann::json& j : list.is_array() ? list : nlohmann::json::array({list})) {
        if (!j.is_object()) continue;
        // A database's other files have their own diagnostics; this document shows its own.
        if (j.contains("file") && j["file"].is_string() && j["file"].get<std::string>() != d.path) continue;
        out.findings.push_back(from_item(lines, j));
      }
    }
  }
  for (const std::string& p : t.problems) out.findings.push_back(from_problem(d, p));
  for (Finding& f : out.findings) {
    nlohmann::json j = to_json(f);
    j.erase("range");
    f.json_tail = j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).substr(1);  // without its '{'
  }
  return out;
}

void append_json(const Finding& f, std::string& out) {
  out += fmt::format(R"({{"range":{{"start":{{"line":{},"character":{}}},"end":{{"line":{},"character":{}}}}},)", f.start.line,
                     f.start.character, f.end.line, f.end.character);
  out += f.json_tail.empty() ? std::string("\"severity\":1}") : f.json_tail;
}

nlohmann::json to_json(const Finding& f) {
  nlohmann::json j = {{"range", range_json(f.start, f.end)},
                      {"severity", f.severity},
                      {"source", "rulekit"},
                      {"message", f.hint.empty() ? f.message : f.message + "\nhint: " + f.hint}};
  if (!f.code.empty()) j["code"] = f.code;
  if (!f.replacement.empty()) j["data"] = {{"replacement", f.replacement}};
  return j;
}

}  // namespace rk::lsp
