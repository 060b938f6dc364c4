// `rulekit check PATH...`: diagnostics for rule files.
#include <fmt/format.h>

#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "games/rulegame/rules.h"
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

int run_check(const CheckOptions& o) {
  std::vector<std::string> files;
  for (const std::string& p : o.paths) collect(p, files);
  size_t errors = 0, warnings = 0;
  std::string json_items;
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
    errors += diags.error_count();
    warnings += diags.warning_count();
    if (o.json) {
      std::string j = diags.render_json();
      if (j.size() > 2) {
        if (!json_items.empty()) json_items += ",";
        json_items += j.substr(1, j.size() - 2);
      }
    } else {
      std::cout << diags.render();
    }
  }
  if (o.json) std::cout << "[" << json_items << "]\n";
  std::cout << fmt::format("checked {} files: {} errors, {} warnings\n", files.size(), errors, warnings);
  return errors > 0 ? 1 : 0;
}

}  // namespace

void add_check(CLI::App& app, int& exit_code) {
  auto opt = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand("check", "Check rule files and print diagnostics");
  cmd->add_option("paths", opt->paths, "Files or folders")->required();
  cmd->add_option("--dialect", opt->dialect, "rulegame (default: detect)")
      ->check(CLI::IsMember({"auto", "rulegame"}));
  cmd->add_flag("--json", opt->json, "Diagnostics as JSON");
  cmd->callback([opt, &exit_code] { exit_code = run_check(*opt); });
}

}  // namespace rk::cli
