#include "games/mtg/language/dialect.h"

#include <fmt/format.h>

#include <cctype>
#include <filesystem>
#include <iostream>
#include <set>

#include "games/mtg/compiler/coverage.h"
#include "games/mtg/language/database.h"
#include "games/mtg/lua/card_scripts.h"
#include "registry/check_report.h"
#include "text/source.h"

namespace rk::mtg {
namespace {

using registry::CheckReport;
using registry::Detected;

// A database's files render their own diagnostics (a file may hold more than it shows).
void report_files(const Database& db, CheckReport& t) {
  for (const auto& f : db.files) {
    t.errors += f->diags->error_count();
    t.warnings += f->diags->warning_count();
    if (f->diags->items().empty()) continue;
    if (t.json) {
      t.rendered("", f->render_json());
      continue;
    }
    std::cout << f->render();
    if (f->diags->items().size() < f->diags->error_count() + f->diags->warning_count()) {
      std::cout << fmt::format("{}: note: {} more diagnostics not shown\n", f->path,
                               f->diags->error_count() + f->diags->warning_count() - f->diags->items().size());
    }
  }
}

// The words warned about as typos (WG01xx: "`destory` is not an ability ..."): the summary does not
// list them again among the parts the engine does not run yet, as if a feature were missing.
std::set<std::string> typo_words(const Database& db) {
  std::set<std::string> out;
  for (const auto& f : db.files) {
    for (const text::Diagnostic& d : f->diags->items()) {
      if (d.code.rfind("WG01", 0) != 0 || d.message.empty() || d.message[0] != '`') continue;
      const size_t close = d.message.find('`', 1);
      if (close != std::string::npos) out.insert(d.message.substr(1, close - 1));
    }
  }
  return out;
}

void check_wagic(const std::string& path, CheckReport& t) {
  Database db;
  std::string err;
  if (!load(path, db, err)) {
    t.problem(err);
    return;
  }
  // The cards rulekit plays with a script (cards/wagic-lua): what Wagic hard-codes runs for them.
  add_scripted_names(RULEKIT_SOURCE_DIR "/cards/wagic-lua", db);
  // One card file: a warning at each part the engine does not run yet (a whole database has
  // `rulekit wagic coverage` for that).
  if (std::filesystem::is_regular_file(path)) warn_parts_not_run(db);
  report_files(db, t);
  t.cards += db.cards.size();
  t.files += db.files.size();
  // The engine's view: primitives that compile completely, and the parts the others need
  // (the figures of `rulekit wagic coverage`).
  const Coverage c = measure_coverage(db);
  if (c.primitives == 0) return;
  t.engine.name = "Wagic card code";
  t.engine.how = "rulekit wagic test; `rulekit wagic coverage` for the full report";
  t.engine.scripts += c.primitives;
  t.engine.compiled += c.complete;
  const std::set<std::string> typos = typo_words(db);
  for (const auto& [k, n] : c.by_keyword) {
    if (!typos.count(k)) t.engine.missing[k] += n;
  }
}

bool explain_wagic(const registry::ExplainQuery& q) {
  Database db;
  std::string err;
  if (!load(q.path, db, err)) {
    std::cerr << err << "\n";
    return false;
  }
  bool found = false;
  for (const Card& c : db.cards) {
    const Card& e = db.effective(c);
    if (&e == &c) q.names.emplace_back(e.name);
    if (!registry::same_name(e.name, q.name) || &e != &c) continue;  // each primitive once
    found = true;
    std::cout << fmt::format("{}, Wagic card from {}\n\ncanonical:\n{}\nstructure:\n{}\ntree:\n{}", e.name,
                             db.files[e.file]->path, print_card(db, e), describe_card(db, e), dump_card(db, e));
    for (const Card& s : db.cards) {
      if (s.resolved >= 0 && &db.cards[static_cast<size_t>(s.resolved)] == &c) {
        std::cout << fmt::format("in set {} as id {} rarity {}\n", db.files[s.file]->path, s.id, s.rarity);
      }
    }
  }
  return found;
}

const registry::Format kWagic{"wagic", &check_wagic, nullptr, &explain_wagic};

// Cards written in Lua (docs/mtg/LUA.md): a card file, or a folder of them; each compiles and
// returns a table of handlers, or gives its LU diagnostic.
void check_wagic_lua(const std::string& path, CheckReport& t) {
  CardScripts scripts;
  std::vector<std::string> errors;
  size_t files = 1;
  if (std::filesystem::is_directory(path)) {
    scripts.load(path, errors);
    files = scripts.size() + errors.size();
  } else {
    std::string text, error;
    if (!text::read_file(path, text)) return t.cannot_read(path);
    if (!scripts.add(std::filesystem::path(path).stem().string(), path, std::move(text), error)) errors.push_back(error);
  }
  t.files += files;
  t.cards += scripts.size();
  for (const std::string& e : errors) {
    ++t.errors;
    t.rendered(e + "\n", "[" + nlohmann::json({{"severity", "error"}, {"message", e}}).dump() + "]");
  }
}

const registry::Format kWagicLua{"wagic-lua", &check_wagic_lua, nullptr, nullptr};

bool has_line(std::string_view text, std::string_view line) {
  for (std::string_view l : text::split_lines(text)) {
    while (!l.empty() && (l.back() == ' ' || l.back() == '\t')) l.remove_suffix(1);
    if (l == line) return true;
  }
  return false;
}

// Wagic's files known by a mark in their text, tried in order; the first that matches decides.
// Game-mode rules, test scenarios and deck lists hold no card code: they are skipped.
struct Mark {
  bool (*matches)(std::string_view text);
  const registry::Format* format;
  const char* what;
  const char* why;
};
const Mark kMarks[] = {
    {[](std::string_view t) { return has_line(t, "[card]"); }, &kWagic, "a Wagic card file", "a [card] line"},
    {[](std::string_view t) { return t.find("#AUTO_DEFINE") != std::string_view::npos; }, &kWagic, "Wagic macros",
     "#AUTO_DEFINE lines"},
    {[](std::string_view t) { return has_line(t, "[INIT]"); }, nullptr,
     "Wagic game-mode rules or a Wagic test scenario", "an [INIT] section; no card code"},
    {[](std::string_view t) { return t.rfind("#NAME:", 0) == 0; }, nullptr, "a Wagic deck list",
     "a #NAME: header and card ids"},
};

bool detect_marks(std::string_view text, Detected& out) {
  for (const Mark& m : kMarks) {
    if (!m.matches(text)) continue;
    out = {m.format, m.what, m.why};
    return true;
  }
  return false;
}

bool detect_folder(const std::string& path, Detected& out) {
  std::filesystem::path folder(path);
  if (folder.filename().empty()) folder = folder.parent_path();  // "cards/wagic-lua/"
  if (folder.filename() == "wagic-lua") {
    out = {&kWagicLua, "Wagic cards written in Lua", "the folder name wagic-lua"};
    return true;
  }
  if (!is_wagic_path(path)) return false;
  out = {&kWagic, "a Wagic database", "a primitives folder or _macros.txt"};
  return true;
}

bool detect_name(const std::string& path, Detected& out) {
  const std::filesystem::path p(path);
  if (p.extension() == ".lua") {
    out = {&kWagicLua, "Wagic cards written in Lua", "the name " + p.filename().string()};
    return true;
  }
  if (p.filename() != "_cards.dat") return false;
  out = {&kWagic, "a Wagic set", "the name _cards.dat"};
  return true;
}

const registry::Format* forced(const std::string&) { return &kWagic; }

const registry::Format* const kFormats[] = {&kWagic, &kWagicLua};
constexpr std::string_view kAliases[] = {"mtg"};

}  // namespace

const registry::Dialect kDialect{
    .name = "wagic",
    .aliases = kAliases,
    .title = "Wagic",
    .reads = "a Wagic sets/ or primitives folder or card file",
    .folder_mark = "Wagic primitives",
    .formats = kFormats,
    .detect = {.folder = &detect_folder, .file_name = &detect_name, .marks = &detect_marks},
    .forced = &forced,
};

}  // namespace rk::mtg
