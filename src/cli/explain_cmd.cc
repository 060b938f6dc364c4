// `rulekit explain NAME PATH...`: the parsed structure of one card, found by name in any file or
// folder whose dialect has cards (the registry's; the path's format is detected by content).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "registry/detect.h"
#include "registry/registry.h"
#include "text/source.h"
#include "text/suggest.h"

namespace rk::cli {
namespace {

struct ExplainOptions {
  std::string name;
  std::vector<std::string> paths;
};

bool explain_path(const ExplainOptions& o, const std::string& p, std::vector<std::string>& names) {
  const registry::Detected d = registry::detect_path(p);
  if (!d.format || !d.format->explain) {
    std::cerr << fmt::format("rulekit explain: {} holds no cards: {} ({})\n", p, d.what, d.why);
    return false;
  }
  return d.format->explain(registry::ExplainQuery{o.name, p, d, names});
}

int run_explain(const ExplainOptions& o) {
  bool found = false;
  std::vector<std::string> names;  // every card name seen while looking, for "did you mean"
  for (const std::string& p : o.paths) {
    std::error_code ec;
    if (!std::filesystem::exists(p, ec)) {
      std::cerr << fmt::format("rulekit explain: {}: {}\n", p, text::read_failure(p));
      continue;
    }
    found |= explain_path(o, p, names);
  }
  if (!found) {
    std::vector<std::string_view> views(names.begin(), names.end());
    const std::string_view near = text::closest_ignoring_case(o.name, views.data(), views.size());
    std::cerr << fmt::format("rulekit explain: no card named \"{}\" in {}{}\n", o.name, fmt::join(o.paths, ", "),
                             near.empty() ? "" : fmt::format("; did you mean \"{}\"?", near));
    return 1;
  }
  return 0;
}

// "RuleScript, VCK or Wagic" and where each finds its cards: the dialects that have cards.
std::pair<std::string, std::string> card_dialects() {
  std::vector<std::string_view> titles, reads;
  for (const registry::Game& g : registry::games()) {
    if (!g.dialect->has_cards) continue;
    titles.push_back(g.dialect->title);
    reads.push_back(g.dialect->reads);
  }
  std::string t;
  for (size_t i = 0; i < titles.size(); ++i) {
    t += fmt::format("{}{}", i == 0 ? "" : i + 1 == titles.size() ? " or " : ", ", titles[i]);
  }
  return {t, fmt::format("{}", fmt::join(reads, ", "))};
}

}  // namespace

void add_explain(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<ExplainOptions>();
  const auto [titles, reads] = card_dialects();
  CLI::App* cmd = app.add_subcommand("explain", fmt::format("Print the parsed structure of one card ({})", titles));
  cmd->add_option("name", opt->name, "Card name (any case) or CFC card GUID")->required();
  cmd->add_option("paths", opt->paths, "Where to look: " + reads)->required();
  cmd->callback([opt, &exit_code] { exit_code = run_explain(*opt); });
}

}  // namespace rk::cli
