// `rulekit check PATH...`: diagnostics for rule files.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/detect.h"
#include "games/cfc/card_data.h"
#include "games/cfc/rulescript.h"
#include "games/cfc/script.h"
#include "games/mtg/coverage.h"
#include "games/mtg/database.h"
#include "games/rulegame/board.h"
#include "games/rulegame/rules.h"
#include "games/vck/effect.h"
#include "games/vck/tables.h"
#include "text/diagnostic.h"
#include "text/source.h"

namespace rk::cli {
namespace {

struct CheckOptions {
  std::vector<std::string> paths;
  std::string dialect = "auto";
  bool json = false;
};

void collect(const std::string& path, std::vector<std::pair<std::string, bool>>& files) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (it->is_regular_file() && it->path().extension() == ".txt") found.push_back(it->path().string());
    }
    std::sort(found.begin(), found.end());
    for (std::string& f : found) files.emplace_back(std::move(f), true);
  } else {
    files.emplace_back(path, false);
  }
}

struct Totals {
  bool json = false;
  size_t files = 0, cards = 0, errors = 0, warnings = 0;
  std::string json_items;
  std::map<std::string, size_t> unexecuted;  // keyword -> uses, for dialects without an engine yet
  // CFC RuleScript runs in the engine (rulekit cfc play): how many scripts compile for it, and what
  // the others need (part -> scripts).
  size_t scripts = 0, scripts_compiled = 0;
  std::map<std::string, size_t> script_missing;
  std::vector<std::string> problems;         // file-level errors without a position (JSON mode)

  // A problem with a whole file (it cannot be read, a table is malformed): an error, on standard
  // error as text, or inside the one JSON document.
  void problem(const std::string& message) {
    ++errors;
    if (json) {
      problems.push_back(message);
    } else {
      std::cerr << message << "\n";
    }
  }
  std::vector<nlohmann::json> notes;  // skipped files and guesses (JSON mode)
  size_t skipped = 0;

  // A file with nothing to check (prose, data, images): named in a note, not an error.
  void skip(const std::string& path, const Detected& d) {
    ++skipped;
    if (json) {
      notes.push_back({{"file", path}, {"skipped", true}, {"kind", d.what}, {"why", d.why}});
    } else {
      std::cout << fmt::format("{}: note: skipped, {} ({})\n", path, d.what, d.why);
    }
  }
  void note(const std::string& path, const std::string& message) {
    if (json) {
      notes.push_back({{"file", path}, {"skipped", false}, {"note", message}});
    } else {
      std::cout << fmt::format("{}: note: {}\n", path, message);
    }
  }
  void cannot_read(const std::string& path) {
    problem(fmt::format("{}: error[RK0001]: cannot read the file: {}", path, text::read_failure(path)));
  }
};

void report(const CheckOptions& o, const text::Diagnostics& diags, Totals& t) {
  t.errors += diags.error_count();
  t.warnings += diags.warning_count();
  if (o.json) {
    std::string j = diags.render_json();
    if (j.size() > 2) {
      if (!t.json_items.empty()) t.json_items += ",";
      t.json_items += j.substr(1, j.size() - 2);
    }
  } else {
    std::cout << diags.render();
  }
}

// One VCK effect string, named after its card.
void check_vck_effect(const CheckOptions& o, const std::string& name, const std::string& effect_text,
                      Totals& t) {
  text::SourceFile file(name, effect_text);
  text::Diagnostics diags(&file);
  vck::EffectSet set;
  vck::Effect e;
  ++t.cards;
  if (vck::parse_effect(effect_text, set, diags, e)) {
    std::vector<std::string> verbs;
    vck::collect_verbs(e, verbs);
    for (const std::string& v : verbs) ++t.unexecuted[v];
  }
  report(o, diags, t);
}

bool check_vck_folder(const CheckOptions& o, const std::string& dir, Totals& t) {
  std::vector<vck::CardEffect> effects;
  std::vector<std::string> problems;
  vck::load_tables(dir, effects, problems);
  for (const std::string& p : problems) t.problem(p);
  for (const vck::CardEffect& c : effects) {
    check_vck_effect(o, fmt::format("{}/{}.json[{}] {} ({})", dir, c.table, c.row, c.card, c.column), c.text, t);
  }
  return true;
}

// One card's RuleScript, reported against a source named after the card.
void check_rulescript_text(const CheckOptions& o, const std::string& name, const std::string& rules, Totals& t) {
  text::SourceFile file(name, rules);
  text::Diagnostics diags(&file);
  cfc::Rules r;
  ++t.cards;
  cfc::parse_rules(rules, diags, r);
  if (!diags.has_errors()) {
    const cfc::CScript compiled = cfc::compile_script(r);
    ++t.scripts;
    t.scripts_compiled += compiled.compiled ? 1 : 0;
    for (const std::string& m : compiled.missing) ++t.script_missing[m];
  }
  report(o, diags, t);
}

// A CFC folder (rules.json + o8g/Sets) or a rules.json file: every script, each named after its card.
bool check_rulescript_json(const CheckOptions& o, const std::string& json_path, Totals& t) {
  std::vector<cfc::Script> scripts;
  std::string err;
  std::vector<std::string> problems;
  if (!cfc::load_rules_json(json_path, scripts, err, &problems)) {
    t.problem(err);
    return false;
  }
  for (const std::string& p : problems) t.problem(p);
  for (const cfc::Script& s : scripts) {
    check_rulescript_text(o, fmt::format("{}[{}] {} ({})", json_path, s.index, s.name, s.guid), s.rules, t);
  }
  ++t.files;
  return true;
}

void check_cfc_folder(const CheckOptions& o, const std::string& dir, Totals& t) {
  std::vector<cfc::CardData> cards;
  for (const std::string& f : cfc::set_files(dir)) {
    std::string err;
    std::vector<std::string> problems;
    if (!cfc::load_set_xml(f, cards, err, &problems)) {
      t.problem(err);
    }
    for (const std::string& p : problems) t.problem(p);
  }
  check_rulescript_json(o, (std::filesystem::path(dir) / "rules.json").string(), t);
}

void check_wagic(const CheckOptions& o, const std::string& path, Totals& t) {
  mtg::Database db;
  std::string err;
  if (!mtg::load(path, db, err)) {
    t.problem(err);
    return;
  }
  // One card file: a warning at each part the engine does not run yet (a whole database has
  // `rulekit wagic coverage` for that).
  if (std::filesystem::is_regular_file(path)) mtg::warn_parts_not_run(db);
  for (const auto& f : db.files) {
    t.errors += f->diags->error_count();
    t.warnings += f->diags->warning_count();
    if (f->diags->items().empty()) continue;
    if (o.json) {
      const std::string j = f->render_json();
      if (j.size() > 2) {
        if (!t.json_items.empty()) t.json_items += ",";
        t.json_items += j.substr(1, j.size() - 2);
      }
    } else {
      std::cout << f->render();
      if (f->diags->items().size() < f->diags->error_count() + f->diags->warning_count()) {
        std::cout << fmt::format("{}: note: {} more diagnostics not shown\n", f->path,
                                 f->diags->error_count() + f->diags->warning_count() - f->diags->items().size());
      }
    }
  }
  t.cards += db.cards.size();
  t.files += db.files.size();
  std::vector<std::string_view> words;
  for (const mtg::Field& f : db.fields) {
    if (f.tree != mtg::kNoTree) mtg::collect_ability_keywords(db.ast, f.tree, words);
  }
  for (std::string_view w : words) {
    std::string l(w);
    for (char& c : l) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    ++t.unexecuted[l];
  }
}

std::string summary_line(const Totals& t) {
  std::string line = t.cards > 0 ? fmt::format("checked {} cards: {} errors, {} warnings", t.cards, t.errors, t.warnings)
                                 : fmt::format("checked {} files: {} errors, {} warnings", t.files, t.errors, t.warnings);
  if (t.skipped > 0) line += fmt::format("; {} files skipped (no rules or card scripts in them)", t.skipped);
  return line;
}

// `--json`: exactly one document on standard output, so `jq` and `json.loads` read it whole:
// {"diagnostics": [...], "problems": [...], "not_executable": {...}, "summary": {...}}.
void print_json(const Totals& t) {
  nlohmann::json doc;
  doc["diagnostics"] = nlohmann::json::parse("[" + t.json_items + "]");
  doc["problems"] = t.problems;
  doc["not_executable"] = t.unexecuted;
  if (t.scripts > 0) {
    doc["engine"] = {{"scripts", t.scripts}, {"compiled", t.scripts_compiled}, {"missing", t.script_missing}};
  }
  doc["notes"] = t.notes;
  doc["summary"] = {{"files", t.files},   {"cards", t.cards},
                    {"errors", t.errors}, {"warnings", t.warnings}, {"skipped", t.skipped},
                    {"text", summary_line(t)}};
  std::cout << doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

// A plain text file in VCK: one effect string per line. Diagnostics point into the file: each
// line is parsed alone and its spans shifted.
void check_vck_lines(const CheckOptions& o, const std::string& p, Totals& t) {
  std::string text;
  if (!text::read_file(p, text)) {
    t.cannot_read(p);
    return;
  }
  text::SourceFile file(p, text);
  text::Diagnostics diags(&file);
  size_t start = 0;
  while (start < text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string::npos) nl = text.size();
    std::string l = text.substr(start, nl - start);
    const uint32_t base = static_cast<uint32_t>(start);
    start = nl + 1;
    if (!l.empty() && l.back() == '\r') l.pop_back();
    if (l.find_first_not_of(" \t") == std::string::npos || l[0] == '#') continue;
    text::Diagnostics line_diags(nullptr);
    vck::EffectSet set;
    vck::Effect e;
    ++t.cards;
    if (vck::parse_effect(l, set, line_diags, e)) {
      std::vector<std::string> verbs;
      vck::collect_verbs(e, verbs);
      for (const std::string& v : verbs) ++t.unexecuted[v];
    }
    for (text::Diagnostic d : line_diags.items()) {
      d.span.begin += base;
      d.span.end += base;
      diags.add(std::move(d));
    }
  }
  report(o, diags, t);
  ++t.files;
}

void check_vck_table(const CheckOptions& o, const std::string& p, Totals& t) {
  std::vector<vck::CardEffect> effects;
  std::vector<std::string> problems;
  vck::load_table_file(p, effects, problems);
  for (const std::string& m : problems) t.problem(m);
  for (const vck::CardEffect& c : effects) {
    check_vck_effect(o, fmt::format("{}[{}] {} ({})", p, c.row, c.card, c.column), c.text, t);
  }
  ++t.files;
}

void check_cfc_set(const std::string& p, Totals& t) {
  std::vector<cfc::CardData> cards;
  std::string err;
  std::vector<std::string> problems;
  if (!cfc::load_set_xml(p, cards, err, &problems)) t.problem(err);
  for (const std::string& m : problems) t.problem(m);
  t.cards += cards.size();
  ++t.files;
}

void check_board(const std::string& p, Totals& t) {
  std::string text, err;
  rulegame::Board board;
  if (!text::read_file(p, text)) {
    t.cannot_read(p);
  } else if (!rulegame::parse_board_json(text, board, err)) {
    t.problem(fmt::format("{}: error[RK0002]: not a valid board: {}", p, err));
  }
  ++t.files;
}

void check_rulescript_path(const CheckOptions& o, const std::string& p, Totals& t) {
  std::error_code ec;
  if (std::filesystem::is_directory(p, ec)) {
    check_cfc_folder(o, p, t);
  } else if (std::filesystem::path(p).extension() == ".json") {
    check_rulescript_json(o, p, t);
  } else {
    // A plain text file holding one card's RuleScript properties.
    std::string text;
    if (!text::read_file(p, text)) {
      t.cannot_read(p);
      return;
    }
    check_rulescript_text(o, p, text, t);
    ++t.files;
  }
}

// Rule Game files: named ones are read as rules; those found in a folder only when their content
// reads like rules (a folder of game data also holds prompts, change logs and notes).
void check_rule_files(const CheckOptions& o, const std::vector<std::pair<std::string, bool>>& files, Totals& t) {
  for (const auto& [f, from_folder] : files) {
    std::string text;
    if (!text::read_file(f, text)) {
      t.cannot_read(f);
      continue;
    }
    if (from_folder) {
      if (const Detected d = detect_text(f, text); d.reader != Reader::kRuleGame) {
        t.skip(f, d);
        continue;
      }
    }
    text::SourceFile file(f, std::move(text));
    text::Diagnostics diags(&file);
    rulegame::RuleSet rules;
    rulegame::parse_rules(file, diags, rules);
    report(o, diags, t);
    ++t.files;
  }
}

// The reader --dialect names, for a file or folder.
Reader forced_reader(const std::string& dialect, const std::string& p) {
  std::error_code ec;
  const bool dir = std::filesystem::is_directory(p, ec);
  if (dialect == "wagic") return Reader::kWagic;
  if (dialect == "rulescript") return Reader::kRuleScript;
  if (dialect == "vck" && dir) return vck::is_table_folder(p) ? Reader::kVckFolder : Reader::kRuleGame;
  if (dialect == "vck") return std::filesystem::path(p).extension() == ".json" ? Reader::kVckTable : Reader::kSkip;
  return Reader::kRuleGame;
}

// What to read a path as: --dialect, or its content. Notes say what was decided when it is a guess.
Reader choose_reader(const CheckOptions& o, const std::string& p, Totals& t) {
  if (o.dialect != "auto") return forced_reader(o.dialect, p);
  Detected d = detect_path(p);
  std::error_code ec;
  if (d.reader == Reader::kSkip && !d.sure && !std::filesystem::is_directory(p, ec)) {
    // Named on the command line: the user asked for it, so it is read, with a word of warning.
    t.note(p, fmt::format("this does not look like a rule file ({}); read as Rule Game because it was named "
                          "(--dialect chooses another language)", d.why));
    return Reader::kRuleGame;
  }
  if (d.reader == Reader::kSkip) {
    t.skip(p, d);
  } else if (!d.sure) {
    t.note(p, fmt::format("read as {}: {}", d.what, d.why));
  }
  return d.reader;
}

int run_check(const CheckOptions& o) {
  Totals t;
  t.json = o.json;
  std::vector<std::pair<std::string, bool>> rule_files;  // path, found in a folder
  for (const std::string& p : o.paths) {
    Reader r = choose_reader(o, p, t);
    // --dialect vck on a plain file: one effect string per line.
    if (r == Reader::kSkip && o.dialect == "vck") {
      check_vck_lines(o, p, t);
      continue;
    }
    switch (r) {
      case Reader::kSkip: break;
      case Reader::kWagic: check_wagic(o, p, t); break;
      case Reader::kRuleScript: check_rulescript_path(o, p, t); break;
      case Reader::kVckFolder: check_vck_folder(o, p, t); break;
      case Reader::kVckTable: check_vck_table(o, p, t); break;
      case Reader::kCfcSet: check_cfc_set(p, t); break;
      case Reader::kRuleGameBoard: check_board(p, t); break;
      case Reader::kRuleGame: collect(p, rule_files); break;
    }
  }
  check_rule_files(o, rule_files, t);
  if (o.json) {
    print_json(t);
    return t.errors > 0 ? 1 : 0;
  }
  if (!t.unexecuted.empty()) {
    // No engine runs these dialects yet: say which keywords were read but cannot run.
    std::vector<std::pair<size_t, std::string>> byfreq;
    for (const auto& [k, n] : t.unexecuted) byfreq.emplace_back(n, k);
    std::sort(byfreq.rbegin(), byfreq.rend());
    std::cout << "keywords parsed but not yet executable (no engine for this dialect yet), by frequency:\n";
    constexpr size_t kShown = 60;
    for (size_t i = 0; i < byfreq.size() && i < kShown; ++i) {
      std::cout << fmt::format("  {:>6}  {}\n", byfreq[i].first, byfreq[i].second);
    }
    if (byfreq.size() > kShown) std::cout << fmt::format("  ... and {} more keywords\n", byfreq.size() - kShown);
  }
  if (t.scripts > 0) {
    std::cout << fmt::format("RuleScript: {} of {} card scripts run in the engine (rulekit cfc play){}\n",
                             t.scripts_compiled, t.scripts,
                             t.script_missing.empty() ? "" : "; parts not run yet, by scripts using them:");
    for (const auto& [part, n] : t.script_missing) std::cout << fmt::format("  {:>6}  {} (not run yet)\n", n, part);
  }
  std::cout << summary_line(t) << "\n";
  return t.errors > 0 ? 1 : 0;
}

}  // namespace

void add_check(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand("check", "Check card and rule files (Wagic, RuleScript, VCK, Rule Game) and print diagnostics");
  cmd->add_option("paths", opt->paths, "Files or folders: a Wagic sets/ or primitives folder, a CFC folder or rules.json, VCK tables, Rule Game rule files")->required();
  cmd->add_option("--dialect", opt->dialect,
                  "wagic, rulescript, vck or rulegame (default: detect from the file or folder)")
      ->check(CLI::IsMember({"auto", "rulegame", "vck", "rulescript", "wagic"}));
  cmd->add_flag("--json", opt->json, "One JSON document on standard output: diagnostics, file problems and the summary");
  cmd->callback([opt, &exit_code] { exit_code = run_check(*opt); });
}

}  // namespace rk::cli
