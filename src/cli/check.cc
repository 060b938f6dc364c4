// `rulekit check PATH...`: diagnostics for rule files and card code of every dialect in the
// registry. Which dialect reads a path is decided by its content (src/registry/detect.h) or by
// --dialect; the dialect's checker does the rest.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "registry/check_report.h"
#include "registry/detect.h"
#include "registry/registry.h"
#include "text/source.h"

namespace rk::cli {
namespace {

using registry::CheckReport;
using registry::Detected;
using registry::Format;

struct CheckOptions {
  std::vector<std::string> paths;
  std::string dialect = "auto";
  bool json = false;
};

// A path of a text format, and whether it was found in a folder (then it is checked only when
// its content reads as that format).
struct TextFile {
  const Format* format;
  std::string path;
  bool from_folder;
};

void collect(const Format* format, const std::string& path, std::vector<TextFile>& files) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (it->is_regular_file() && it->path().extension() == ".txt") found.push_back(it->path().string());
    }
    std::sort(found.begin(), found.end());
    for (std::string& f : found) files.push_back({format, std::move(f), true});
  } else {
    files.push_back({format, path, false});
  }
}

// Text files: named ones are read as their format; those found in a folder only when their
// content reads as it (a folder of game data also holds prompts, change logs and notes).
void check_text_files(const std::vector<TextFile>& files, CheckReport& t) {
  for (const TextFile& f : files) {
    std::string text;
    if (!text::read_file(f.path, text)) {
      t.cannot_read(f.path);
      continue;
    }
    if (f.from_folder) {
      if (const Detected d = registry::detect_text(f.path, text); d.format != f.format) {
        t.skip(f.path, d);
        continue;
      }
    }
    f.format->check_text(f.path, std::move(text), t);
  }
}

std::string summary_line(const CheckReport& t) {
  std::string line = t.cards > 0 ? fmt::format("checked {} cards: {} errors, {} warnings", t.cards, t.errors, t.warnings)
                                 : fmt::format("checked {} files: {} errors, {} warnings", t.files, t.errors, t.warnings);
  if (t.skipped > 0) line += fmt::format("; {} files skipped (no rules or card scripts in them)", t.skipped);
  return line;
}

// `--json`: exactly one document on standard output, so `jq` and `json.loads` read it whole:
// {"diagnostics": [...], "problems": [...], "not_executable": {...}, "summary": {...}}.
void print_json(const CheckReport& t) {
  nlohmann::json doc;
  doc["diagnostics"] = nlohmann::json::parse("[" + t.json_items + "]");
  doc["problems"] = t.problems;
  doc["not_executable"] = t.unexecuted;
  if (t.engine.scripts > 0) {
    doc["engine"] = {{"scripts", t.engine.scripts}, {"compiled", t.engine.compiled}, {"missing", t.engine.missing}};
  }
  doc["notes"] = t.notes;
  doc["summary"] = {{"files", t.files},   {"cards", t.cards},
                    {"errors", t.errors}, {"warnings", t.warnings}, {"skipped", t.skipped},
                    {"text", summary_line(t)}};
  std::cout << doc.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

void print_text_summary(const CheckReport& t) {
  if (!t.unexecuted.empty()) {
    // A dialect without an engine: say which keywords were read but cannot run.
    std::vector<std::pair<size_t, std::string>> byfreq;
    for (const auto& [k, n] : t.unexecuted) byfreq.emplace_back(n, k);
    std::sort(byfreq.rbegin(), byfreq.rend());
    std::cout << "keywords parsed but not yet executable (no engine for this dialect), by frequency:\n";
    constexpr size_t kShown = 60;
    for (size_t i = 0; i < byfreq.size() && i < kShown; ++i) {
      std::cout << fmt::format("  {:>6}  {}\n", byfreq[i].first, byfreq[i].second);
    }
    if (byfreq.size() > kShown) std::cout << fmt::format("  ... and {} more keywords\n", byfreq.size() - kShown);
  }
  if (t.engine.scripts > 0) {
    std::cout << fmt::format("{}: {} of {} card scripts run in the engine ({}){}\n", t.engine.name,
                             t.engine.compiled, t.engine.scripts, t.engine.how,
                             t.engine.missing.empty() ? "" : "; parts not run yet, by scripts using them:");
    // Most frequent first; a whole Wagic database has hundreds of rare parts (wagic coverage lists them).
    std::vector<std::pair<size_t, std::string>> byfreq;
    for (const auto& [part, n] : t.engine.missing) byfreq.emplace_back(n, part);
    std::stable_sort(byfreq.begin(), byfreq.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    constexpr size_t kShownParts = 30;
    for (size_t i = 0; i < byfreq.size() && i < kShownParts; ++i) {
      std::cout << fmt::format("  {:>6}  {} (not run yet)\n", byfreq[i].first, byfreq[i].second);
    }
    if (byfreq.size() > kShownParts) std::cout << fmt::format("  ... and {} more parts\n", byfreq.size() - kShownParts);
  }
  std::cout << summary_line(t) << "\n";
}

// The format --dialect names for a path; the fallback dialect's files when that dialect cannot
// read it.
const Format* forced_format(const std::string& dialect, const std::string& p) {
  const registry::Dialect* d = registry::find_dialect(dialect);
  const Format* f = d ? d->forced(p) : nullptr;
  return f ? f : registry::fallback_dialect().fallback->folder;
}

// What to read a path as: --dialect, or its content. Notes say what was decided when it is a
// guess; nullptr: nothing to check in it.
const Format* choose_format(const CheckOptions& o, const std::string& p, CheckReport& t) {
  if (o.dialect != "auto") return forced_format(o.dialect, p);
  const Detected d = registry::detect_path(p);
  std::error_code ec;
  if (!d.format && !d.sure && !std::filesystem::is_directory(p, ec)) {
    // Named on the command line: the user asked for it, so it is read, with a word of warning.
    const registry::Dialect& f = registry::fallback_dialect();
    t.note(p, fmt::format("this does not look like a rule file ({}); read as {} because it was named "
                          "(--dialect chooses another language)", d.why, f.title));
    return f.fallback->folder;
  }
  if (!d.format) {
    t.skip(p, d);
  } else if (!d.sure) {
    t.note(p, fmt::format("read as {}: {}", d.what, d.why));
  }
  return d.format;
}

int run_check(const CheckOptions& o) {
  CheckReport t;
  t.json = o.json;
  std::vector<TextFile> text_files;  // checked last, together
  for (const std::string& p : o.paths) {
    const Format* f = choose_format(o, p, t);
    if (!f) continue;
    if (f->check_text) {
      collect(f, p, text_files);
    } else {
      f->check_path(p, t);
    }
  }
  check_text_files(text_files, t);
  if (o.json) {
    print_json(t);
  } else {
    print_text_summary(t);
  }
  return t.errors > 0 ? 1 : 0;
}

// "(Rule Game, RuleScript, VCK, Wagic)", the readable paths, and the --dialect values.
struct Listing {
  std::string titles, reads;
  std::vector<std::string> names{"auto"};
};

Listing listing() {
  Listing l;
  for (const registry::Game& g : registry::games()) {
    const registry::Dialect& d = *g.dialect;
    l.titles += (l.titles.empty() ? "" : ", ") + std::string(d.title);
    l.reads += (l.reads.empty() ? "" : ", ") + std::string(d.reads);
    l.names.emplace_back(d.name);
    l.names.insert(l.names.end(), d.aliases.begin(), d.aliases.end());
  }
  return l;
}

}  // namespace

void add_check(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<CheckOptions>();
  const Listing l = listing();
  CLI::App* cmd = app.add_subcommand("check", fmt::format("Check card and rule files ({}) and print diagnostics", l.titles));
  cmd->add_option("paths", opt->paths, "Files or folders: " + l.reads)->required();
  cmd->add_option("--dialect", opt->dialect,
                  registry::dialect_names() + " (default: detect from the file or folder)")
      ->check(CLI::IsMember(l.names));
  cmd->add_flag("--json", opt->json, "One JSON document on standard output: diagnostics, file problems and the summary");
  cmd->callback([opt, &exit_code] { exit_code = run_check(*opt); });
}

}  // namespace rk::cli
