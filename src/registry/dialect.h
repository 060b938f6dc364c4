// What a game's languages tell the generic tools: how to recognise their files (detection), how to
// check them (diagnostics) and how to explain one card. A game implements this in its own folder
// (src/games/<game>/dialect.cc) and is listed once in src/registry/registry.cc; `rulekit check`,
// `rulekit explain`, the help text and the content detection only iterate that list.
// This header names no game.
#pragma once

#include <algorithm>
#include <cctype>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace rk::registry {

struct CheckReport;
struct Dialect;
struct Detected;

// What `explain` was asked, and where the names seen go (for "did you mean" when none matches).
struct ExplainQuery {
  const std::string& name;  // the card's name (any case) or another id the dialect knows
  const std::string& path;
  const Detected& detected;
  std::vector<std::string>& names;
};

// Card names as `explain` matches them: equal ignoring ASCII case.
inline bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

// One kind of file or folder a dialect reads (a folder of tables, one table, a set file ...).
struct Format {
  std::string_view id;  // stable, for tools and tests: "vck-table", "rulegame-board"
  // Checks the path: diagnostics and counts into the report. Set for formats read whole.
  void (*check_path)(const std::string& path, CheckReport& report) = nullptr;
  // Set instead for plain text files: `check` reads them (and, for a folder, finds its *.txt
  // files, keeping those whose content detects as this format) and checks them after every
  // other path.
  void (*check_text)(const std::string& path, std::string text, CheckReport& report) = nullptr;
  // Prints the cards named query.name; false when there is none. nullptr: the format holds no
  // cards (explain says so, with what the path was detected as).
  bool (*explain)(const ExplainQuery& query) = nullptr;
};

// What a path holds, decided by its content (the name only as a tie-breaker). Each answer says
// why, so a user can see what was decided.
struct Detected {
  const Format* format = nullptr;    // nullptr: nothing to check in it (data, prose, images)
  std::string what;                  // "a VCK card table (citizens)", "prose, not a rule file" ...
  std::string why;                   // the evidence: "its rows have an id_citizens column"
  bool sure = true;                  // false: a guess worth a note
  const Dialect* dialect = nullptr;  // filled in by the registry: whose hook answered
};

// The marks of a dialect's files, asked in this order by src/registry/detect.cc (for each stage,
// every dialect in registry order, the fallback dialect last). A hook that recognises the input
// fills `out` and returns true; an answer with format nullptr is a known file with nothing to
// check (a deck list, a game definition), reported as skipped.
struct Detector {
  bool (*folder)(const std::string& path, Detected& out) = nullptr;
  bool (*file_name)(const std::string& path, Detected& out) = nullptr;  // a name that is the mark
  bool (*marks)(std::string_view text, Detected& out) = nullptr;        // a line or token in the text
  bool (*json)(const nlohmann::json& doc, Detected& out) = nullptr;     // the shape of a JSON document
  bool (*broken_json)(std::string_view text, Detected& out) = nullptr;  // keys of JSON that does not parse
  bool (*xml)(std::string_view root, std::string_view text, Detected& out) = nullptr;  // by root element
};

// The language of plain text that no other dialect claims. Exactly one dialect has it (Rule Game:
// its rule files have no mark but their shape).
struct Fallback {
  Detected (*text)(const std::string& path, std::string_view text) = nullptr;  // always answers
  const Format* folder = nullptr;    // a folder no dialect claims: its text files, each by content
  const Format* unreadable = nullptr;  // a file that cannot be read: `check` reports why
};

struct Dialect {
  std::string_view name;                   // what --dialect takes: "rulescript"
  std::span<const std::string_view> aliases;  // also accepted: "cfc"
  std::string_view title;                  // in messages and help: "RuleScript"
  std::string_view reads;                  // in help: "a CFC folder or rules.json"
  std::string_view folder_mark;            // what claims a folder, for the fallback's note: "CFC rules.json"
  std::span<const Format* const> formats;  // every format it reads (for tests and listings)
  bool has_cards = true;                   // `explain` finds cards in its files
  Detector detect;
  // --dialect NAME on this path: the format to read it as; nullptr to read it as the fallback
  // dialect's files.
  const Format* (*forced)(const std::string& path) = nullptr;
  const Fallback* fallback = nullptr;
};

}  // namespace rk::registry
