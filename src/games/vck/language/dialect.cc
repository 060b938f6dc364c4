#include "games/vck/language/dialect.h"

#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "games/vck/language/effect.h"
#include "games/vck/language/table_sources.h"
#include "games/vck/language/tables.h"
#include "games/vck/language/vocabulary.h"
#include "registry/check_report.h"
#include "text/diagnostic.h"
#include "text/source.h"

namespace rk::vck {
namespace {

namespace fs = std::filesystem;
using registry::CheckReport;
using registry::Detected;

// An effect string that parses compiles to the program the verb table runs (every verb and
// passive of the tables has its entry: `rulekit vck coverage` lists what ran in games).
void count_effect(bool parsed, CheckReport& t) {
  t.engine.name = "VCK effect strings";
  t.engine.how = "rulekit vck play; `rulekit vck coverage` says which ran in games";
  ++t.engine.scripts;
  t.engine.compiled += parsed ? 1 : 0;
}

// One effect string: parsed and its words checked; diagnostics into `diags` (spans in `text`).
void check_one(const std::string& text, text::Diagnostics& diags, CheckReport& t) {
  EffectSet set;
  Effect e;
  ++t.cards;
  const bool parsed = parse_effect(text, set, diags, e);
  if (parsed) check_vocabulary(text, e, diags);
  count_effect(parsed, t);
}

// The cells of one file, each checked alone, its diagnostics moved to where it stands in the file.
void check_cells(const std::string& path, std::string text, const std::vector<EffectCell>& cells, CheckReport& t) {
  text::SourceFile file(path, std::move(text));
  text::Diagnostics diags(&file, 1000);
  for (const EffectCell& c : cells) {
    text::Diagnostics own(nullptr);
    check_one(c.effect.value, own, t);
    for (text::Diagnostic d : own.items()) {
      d.span = c.effect.to_file(d.span);
      d.hint += fmt::format("{}in {} ({}) of row {}", d.hint.empty() ? "" : "; ", c.card, c.column, c.row);
      diags.add(std::move(d));
    }
  }
  t.report(diags);
  ++t.files;
}

// One JSON table: which table it is comes from its rows (load_table_file reports a bad file).
void check_json_table(const std::string& p, CheckReport& t) {
  std::vector<CardEffect> effects;
  std::vector<std::string> problems;
  const bool ok = load_table_file(p, effects, problems);
  for (const std::string& m : problems) t.problem(m);
  std::string text;
  if (!ok || effects.empty() || !text::read_file(p, text)) {
    ++t.files;
    return;
  }
  std::vector<EffectCell> cells = json_table_cells(text, effects.front().table);
  check_cells(p, std::move(text), cells, t);
}

void check_folder(const std::string& dir, CheckReport& t) {
  for (const auto& [table, columns] : effect_columns()) {
    const std::string path = (fs::path(dir) / (table + ".json")).string();
    std::error_code ec;
    if (fs::exists(path, ec)) check_json_table(path, t);  // a database may lack a table
  }
}

void check_table(const std::string& p, CheckReport& t) { check_json_table(p, t); }

// vckonline's sql/seed/*.sql: the effect cells of its INSERTs.
void check_sql(const std::string& p, CheckReport& t) {
  std::string text;
  if (!text::read_file(p, text)) {
    t.cannot_read(p);
    return;
  }
  std::vector<EffectCell> cells = sql_seed_cells(text);
  check_cells(p, std::move(text), cells, t);
}

// A plain text file: one effect string per line. Diagnostics point into the file: each line is
// parsed alone and its spans shifted.
void check_lines(const std::string& p, CheckReport& t) {
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
    check_one(l, line_diags, t);
    for (text::Diagnostic d : line_diags.items()) {
      d.span.begin += base;
      d.span.end += base;
      diags.add(std::move(d));
    }
  }
  t.report(diags);
  ++t.files;
}

// The human text beside an effect column, when the table has one (special_payout_on_turn_text).
std::string card_text(const std::string& path, size_t row, const std::string& column) {
  std::string text;
  if (!text::read_file(path, text)) return "";
  const nlohmann::json rows = nlohmann::json::parse(text, nullptr, false);
  if (!rows.is_array() || row >= rows.size() || !rows[row].is_object()) return "";
  for (const std::string& key : {column + "_text", std::string("special_payout_text")}) {
    if (rows[row].contains(key) && rows[row][key].is_string() && !rows[row][key].get<std::string>().empty()) {
      return rows[row][key].get<std::string>();
    }
  }
  return "";
}

// One effect string of a card: as written, the card's text, the unified form and the tree.
void explain_effect(const std::string& card, const std::string& column, const std::string& effect,
                    const std::string& human) {
  text::SourceFile f(card, effect);
  text::Diagnostics d(&f);
  EffectSet set;
  Effect e;
  std::cout << fmt::format("\n{}: {}\n", column, effect);
  if (!human.empty()) std::cout << fmt::format("card text: {}\n", human);
  if (parse_effect(effect, set, d, e)) {
    std::string tree = dump(set, e);
    if (!tree.empty() && tree.back() != '\n') tree += '\n';
    std::cout << fmt::format("unified: {}\ntree:\n{}", print(set, e), tree);
  }
  std::cout << d.render();
}

// VCK cards: every effect string of the card's row.
bool explain_cards(const registry::ExplainQuery& q, bool folder) {
  std::vector<CardEffect> effects;
  std::vector<std::string> problems;
  if (folder) {
    load_tables(q.path, effects, problems);
  } else {
    load_table_file(q.path, effects, problems);
  }
  for (const std::string& p : problems) std::cerr << p << "\n";
  bool found = false;
  std::string shown;  // table/row of the card whose header was printed
  for (const CardEffect& c : effects) {
    q.names.push_back(c.card);
    if (!registry::same_name(c.card, q.name)) continue;
    found = true;
    const std::string file = folder ? (fs::path(q.path) / (c.table + ".json")).string() : q.path;
    const std::string where = fmt::format("{}[{}]", file, c.row);
    if (shown != where) {
      std::cout << fmt::format("{}{}, VCK card ({}) from {}\n", shown.empty() ? "" : "\n", c.card, c.table, where);
      shown = where;
    }
    explain_effect(c.card, c.column, c.text, card_text(file, c.row, c.column));
  }
  return found;
}

// vckonline's SQL seed: every effect cell of the card's rows, as the seed writes them.
bool explain_sql(const registry::ExplainQuery& q) {
  std::string text;
  if (!text::read_file(q.path, text)) {
    std::cerr << q.path << ": cannot be read\n";
    return false;
  }
  bool found = false;
  std::string shown;
  for (const EffectCell& c : sql_seed_cells(text)) {
    q.names.push_back(c.card);
    if (!registry::same_name(c.card, q.name)) continue;
    found = true;
    const std::string where = fmt::format("{} ({} row {})", q.path, c.table, c.row);
    if (shown != where) {
      std::cout << fmt::format("{}{}, VCK card ({}) from {}\n", shown.empty() ? "" : "\n", c.card, c.table, where);
      shown = where;
    }
    explain_effect(c.card, c.column, c.effect.value, c.printed);
  }
  return found;
}

bool explain_folder(const registry::ExplainQuery& q) { return explain_cards(q, true); }
bool explain_table(const registry::ExplainQuery& q) { return explain_cards(q, false); }

const registry::Format kFolder{"vck-folder", &check_folder, nullptr, &explain_folder};
const registry::Format kTable{"vck-table", &check_table, nullptr, &explain_table};
const registry::Format kLines{"vck-lines", &check_lines, nullptr, nullptr};
const registry::Format kSql{"vck-sql", &check_sql, nullptr, &explain_sql};

// vckonline's seed files, by their INSERTs into a card table.
bool detect_marks(std::string_view text, Detected& out) {
  if (!looks_like_sql_seed(text)) return false;
  out = {&kSql, "VCK card rows (SQL seed)", "INSERT INTO a card table"};
  return true;
}

bool detect_folder(const std::string& path, Detected& out) {
  if (!is_table_folder(path)) return false;
  out = {&kFolder, "the VCK card tables", "citizens.json and domains.json"};
  return true;
}

bool detect_json(const nlohmann::json& j, Detected& out) {
  const std::string table = table_of_rows(j);
  if (table.empty()) return false;
  out = {&kTable, fmt::format("a VCK card table ({})", table), fmt::format("its rows have an id_{} column", table)};
  return true;
}

bool detect_broken_json(std::string_view text, Detected& out) {
  for (const auto& [table, columns] : effect_columns()) {
    if (text.find("\"id_" + table + "\"") != std::string_view::npos) {
      out = {&kTable, fmt::format("a VCK card table ({})", table), fmt::format("an id_{} key (the JSON is broken)", table),
             false};
      return true;
    }
  }
  return false;
}

// --dialect vck: the tables, one table, or a file of effect strings; another folder is read as
// the fallback's.
const registry::Format* forced(const std::string& p) {
  std::error_code ec;
  if (fs::is_directory(p, ec)) return is_table_folder(p) ? &kFolder : nullptr;
  const std::string ext = fs::path(p).extension().string();
  return ext == ".json" ? &kTable : ext == ".sql" ? &kSql : &kLines;
}

const registry::Format* const kFormats[] = {&kFolder, &kTable, &kLines, &kSql};
constexpr std::string_view kAliases[] = {"valeria"};

}  // namespace

const registry::Dialect kDialect{
    .name = "vck",
    .aliases = kAliases,
    .title = "VCK",
    .reads = "the VCK tables or one table",
    .folder_mark = "VCK tables",
    .formats = kFormats,
    .detect = {.folder = &detect_folder, .marks = &detect_marks, .json = &detect_json, .broken_json = &detect_broken_json},
    .forced = &forced,
};

}  // namespace rk::vck
