// `rulekit check PATH...`: diagnostics for rule files.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <iostream>

#include "cli/commands.h"
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

void collect(const std::string& path, std::vector<std::string>& files) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (it->is_regular_file() && it->path().extension() == ".txt") found.push_back(it->path().string());
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  } else {
    files.push_back(path);
  }
}

struct Totals {
  size_t files = 0, cards = 0, errors = 0, warnings = 0;
  std::string json_items;
  std::map<std::string, size_t> unexecuted;  // keyword -> uses, for dialects without an engine yet
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
  std::string err;
  if (!vck::load_tables(dir, effects, err)) {
    std::cerr << err << "\n";
    ++t.errors;
    return false;
  }
  for (const vck::CardEffect& c : effects) {
    check_vck_effect(o, fmt::format("{}/{}.json[{}] {} ({})", dir, c.table, c.row, c.card, c.column), c.text, t);
  }
  return true;
}

int run_check(const CheckOptions& o) {
  Totals t;
  std::vector<std::string> files;
  for (const std::string& p : o.paths) {
    if (o.dialect != "rulegame" && std::filesystem::is_directory(p) && vck::is_table_folder(p)) {
      check_vck_folder(o, p, t);
      continue;
    }
    if (o.dialect == "vck" && !std::filesystem::is_directory(p)) {
      // A plain text file: one effect string per line.
      std::string text;
      if (!text::read_file(p, text)) {
        ++t.errors;
        std::cerr << fmt::format("{}: error[RK0001]: cannot read the file\n", p);
        continue;
      }
      // Diagnostics point into the file: each line is parsed alone and its spans shifted.
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
      continue;
    }
    collect(p, files);
  }
  size_t& errors = t.errors;
  size_t& warnings = t.warnings;
  std::string& json_items = t.json_items;
  for (const std::string& f : files) {
    std::string text;
    if (!text::read_file(f, text)) {
      ++errors;
      std::cerr << fmt::format("{}: error[RK0001]: cannot read the file\n", f);
      continue;
    }
    text::SourceFile file(f, std::move(text));
    text::Diagnostics diags(&file);
    rulegame::RuleSet rules;
    rulegame::parse_rules(file, diags, rules);
    report(o, diags, t);
  }
  t.files += files.size();
  if (o.json) std::cout << "[" << json_items << "]\n";
  if (!t.unexecuted.empty() && !o.json) {
    // No engine runs these dialects yet: say which keywords were read but cannot run.
    std::vector<std::pair<size_t, std::string>> byfreq;
    for (const auto& [k, n] : t.unexecuted) byfreq.emplace_back(n, k);
    std::sort(byfreq.rbegin(), byfreq.rend());
    std::cout << "keywords parsed but not yet executable (no engine for this dialect yet), by frequency:\n";
    for (const auto& [n, k] : byfreq) std::cout << fmt::format("  {:>5}  {}\n", n, k);
  }
  if (t.cards > 0) {
    std::cout << fmt::format("checked {} cards: {} errors, {} warnings\n", t.cards, errors, warnings);
  } else {
    std::cout << fmt::format("checked {} files: {} errors, {} warnings\n", t.files, errors, warnings);
  }
  return errors > 0 ? 1 : 0;
}

}  // namespace

void add_check(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand("check", "Check rule files and print diagnostics");
  cmd->add_option("paths", opt->paths, "Files or folders")->required();
  cmd->add_option("--dialect", opt->dialect, "rulegame or vck (default: detect from the file or folder)")
      ->check(CLI::IsMember({"auto", "rulegame", "vck"}));
  cmd->add_flag("--json", opt->json, "Diagnostics as JSON");
  cmd->callback([opt, &exit_code] { exit_code = run_check(*opt); });
}

}  // namespace rk::cli
